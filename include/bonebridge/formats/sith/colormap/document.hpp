// SPDX-License-Identifier: MIT
#pragma once
// Plain structs mirroring the Sith engine's .cmp colour maps, version 0x1E (research/containers.md, "Sith",
// "Models"; layout from smlu/blender-sith sith/material/cmp.py and JKBoBoFett/MAT16 CMPHeaders.pas):
//
//   header        "CMP " u32 version, u32 has-transparency flag, 52 bytes unknown (64 bytes in all)
//   palette       256 x {u8 red, u8 green, u8 blue}
//   light levels  64 tables of 256 palette indices (16384 bytes)
//   transparency  256 tables of 256 palette indices (65536 bytes), only when the flag is non-zero
//
// The tables are kept as raw bytes (nothing here draws with them); bytes after them are kept as found.
#include <array>
#include <cstdint>
#include <vector>

namespace bonebridge::sith {

namespace colormap {
struct Document {
  std::uint32_t version = 0x1E;
  std::uint32_t has_transparency = 0;
  std::array<std::uint8_t, 52> unknown{};
  std::array<std::array<std::uint8_t, 3>, 256> palette{};
  std::vector<std::uint8_t> light_levels;  // 64 x 256
  std::vector<std::uint8_t> transparency;  // 256 x 256, or empty when has_transparency is 0
  std::vector<std::uint8_t> trailing;
};
}  // namespace colormap

}  // namespace bonebridge::sith
