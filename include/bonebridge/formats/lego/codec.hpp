#pragma once
// Reading and writing `.ani` bytes. The reader accepts every file the game's loader accepts (magic 0x11),
// checks every count and string against the bytes left before allocating, and limits the node tree's depth
// (the game itself checks nothing). The writer is its exact inverse: write(read(bytes)) == bytes.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/formats/lego/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lego {

inline constexpr const char* kFormatName = "LEGO Island .ani";
// Deeper trees are refused: real files nest about 6 levels, and recursion depth must stay bounded.
inline constexpr std::size_t kMaxTreeDepth = 256;

Result<Document> read(std::span<const std::uint8_t> bytes);

// Writes the header, actors, duration, camera block (when `camera` has a value), node tree and trailing
// bytes. The header's camera flag is written as stored when it agrees with `camera`, otherwise as 1 or 0.
// Fields the file cannot hold (see `writable`) are truncated; check with `writable` first.
std::vector<std::uint8_t> write(const Document& document);

// Why `document` cannot be written faithfully: key times >= 2^24, more than 65535 keys in a channel,
// empty actor names (the game cannot use them), a tree deeper than kMaxTreeDepth. Empty when writable.
std::vector<std::string> writable(const Document& document);

}  // namespace bonebridge::lego
