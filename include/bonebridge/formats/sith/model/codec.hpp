// SPDX-License-Identifier: MIT
#pragma once
// Reading and writing the hierarchy and meshes of the Sith engine's .3do models (research/sith-key.md §3),
// through the same line reader as .key; what only a game would reject is kept as a ReaderNote.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "bonebridge/formats/sith/model/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::sith {

inline constexpr std::string_view kModelFormat = "Sith .3do";

namespace model {
Result<Document> read(std::span<const std::uint8_t> bytes);
Result<Document> read(std::string_view text);
// The source text, with HIERARCHYDEF rows rewritten in place where the hierarchy was edited. Meshes and the
// other sections cannot be edited (an edited mesh, or a node added or removed, is an error).
Result<std::vector<std::uint8_t>> write(const Document& file);
}  // namespace model
// Field-by-field equality, floats compared by value (any NaN equals any NaN).
bool same_content(const ModelContent& a, const ModelContent& b);

}  // namespace bonebridge::sith
