// SPDX-License-Identifier: MIT
#pragma once
// Reading and writing `.ani` bytes. The reader accepts every file the game's loader accepts (magic 0x11),
// checks every count and string against the bytes left before allocating, and limits the node tree's depth
// (the game itself checks nothing). The writer is its exact inverse: write(read(bytes)) == bytes.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bonebridge/formats/lego/ani/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lego {

inline constexpr const char* kFormatName = "LEGO Island .ani";
// Deeper trees are refused: real files nest about 6 levels, and recursion depth must stay bounded.
inline constexpr std::size_t kMaxTreeDepth = 256;

namespace ani {
Result<Document> read(std::span<const std::uint8_t> bytes);

// Writes the header, actors, duration, camera block (when `camera` has a value), node tree and trailing
// bytes. The header's camera flag is written as stored when it agrees with `camera`, otherwise as 1 or 0.
// Fields the file cannot hold (see `writable`) are truncated; check with `writable` first.
std::vector<std::uint8_t> write(const Document& document);

// Why `document` cannot be written faithfully: key times >= 2^24, more than 65535 keys in a channel,
// empty actor names (the game cannot use them), a tree deeper than kMaxTreeDepth. Empty when writable.
std::vector<std::string> writable(const Document& document);
}  // namespace ani

// Names in the file are 8-bit strings of the game's Windows code page, not UTF-8. They are decoded byte for
// byte as Latin-1 (ASCII names, all that is known, are unchanged), which is lossless and always valid UTF-8.
std::string name_to_utf8(std::string_view name);
// The inverse; std::nullopt when the text holds a character beyond U+00FF (or is not valid UTF-8).
std::optional<std::string> name_from_utf8(std::string_view text);

}  // namespace bonebridge::lego
