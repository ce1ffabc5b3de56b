// SPDX-License-Identifier: MIT
#pragma once
// Reading and writing .mat materials byte for byte (material/document.hpp has the layout).
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "bonebridge/formats/sith/material/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::sith {

inline constexpr std::string_view kMatFormat = "Sith .mat";
inline constexpr std::uint32_t kMatVersion = 0x32;
inline constexpr std::size_t kMatHeaderBytes = 76;
inline constexpr std::size_t kMatColorRecordBytes = 24;
inline constexpr std::size_t kMatTextureRecordBytes = 40;
inline constexpr std::size_t kMatCelHeaderBytes = 24;

namespace material {
Result<Document> read(std::span<const std::uint8_t> bytes);
// Errors when the counts in the header disagree with the records and cels held, or a level's texel count
// with its cel's size.
Result<std::vector<std::uint8_t>> write(const Document& file);
}  // namespace material

// The bytes of level `level` of a cel `width` x `height` at `bits_per_pixel`; 0 when a side vanishes.
std::uint64_t mat_level_bytes(std::int32_t width, std::int32_t height, std::int32_t level,
                              std::uint32_t bits_per_pixel);

}  // namespace bonebridge::sith
