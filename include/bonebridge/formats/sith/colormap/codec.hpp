// SPDX-License-Identifier: MIT
#pragma once
// Reading and writing .cmp colour maps byte for byte (colormap/document.hpp has the layout).
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "bonebridge/formats/sith/colormap/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::sith {

inline constexpr std::string_view kCmpFormat = "Sith .cmp";
inline constexpr std::uint32_t kCmpVersion = 0x1E;
inline constexpr std::size_t kCmpHeaderBytes = 64;
inline constexpr std::size_t kCmpLightLevelBytes = 64 * 256;
inline constexpr std::size_t kCmpTransparencyBytes = 256 * 256;

namespace colormap {
Result<Document> read(std::span<const std::uint8_t> bytes);
// Errors when a table's size is not the layout's.
Result<std::vector<std::uint8_t>> write(const Document& file);
}  // namespace colormap

}  // namespace bonebridge::sith
