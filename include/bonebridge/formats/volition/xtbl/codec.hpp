// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bonebridge/formats/volition/xtbl/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::volition {

inline constexpr const char* kXtblFormat = "Volition .xtbl";

// Elements nested deeper than this are refused (RFG's tables nest 9 deep): the tree is walked recursively.
inline constexpr std::size_t kXtblMaxDepth = 64;

// Reads a table; XML that is not well formed is an error at the byte offset where the parser stopped.
namespace xtbl {
Result<Document> read(std::span<const std::uint8_t> bytes);
// The bytes as read: tables are never edited, so an unchanged document writes back to identical bytes.
std::vector<std::uint8_t> write(const Document& document);
}  // namespace xtbl

// The first child element named `name` (case-sensitive, as the game's tables spell them), or nullptr.
const XtblElement* xtbl_child(const XtblElement& element, std::string_view name);
// The text of the element at `path` below `element` ("Model/Filename"), or "" when there is none.
std::string xtbl_text(const XtblElement& element, std::string_view path);
// The 1-based line of a byte offset in the document's bytes, for messages.
std::uint64_t xtbl_line(const xtbl::Document& document, std::uint64_t offset);

// Text as valid UTF-8: valid sequences kept, every other byte as \xNN (some tables hold Latin-1 bytes, e.g.
// credits.xtbl's names).
std::string xtbl_utf8(std::string_view text);

}  // namespace bonebridge::volition
