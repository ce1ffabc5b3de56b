// SPDX-License-Identifier: MIT
#pragma once
// Plain structs mirroring the Sith engine's .mat materials, version 0x32 (research/containers.md, "Sith",
// "Models"; layout from smlu/blender-sith sith/material/mat.py and JKBoBoFett/MAT16 Mat16_Format.md):
//
//   header      "MAT " u32 version, u32 type (0 colours, 2 textures), s32 record count, s32 cel count,
//               then the colour format: 14 u32 (76 bytes in all)
//   records     type 0: 24 bytes each {s32 type, s32 colour index, 4 x u32};
//               type 2: 40 bytes each, the same 24 and {3 x u32, s32 cel index}
//   cels        type 2 only, `cel count` of them: {s32 width, s32 height, s32 transparent, u32, s32
//               transparent colour index, s32 levels} (24 bytes), then each mip level's texels, level i
//               (width >> i) x (height >> i) pixels of bits_per_pixel / 8 bytes, rows top to bottom
//
// Every field is kept as stored, so that a file is written back byte for byte.
#include <array>
#include <cstdint>
#include <vector>

namespace bonebridge::sith {

enum class MatType : std::uint32_t { Colors = 0, Textures = 2 };
enum class MatColorMode : std::uint32_t { Indexed = 0, Rgb = 1, Rgba = 2 };

// How a pixel's bits hold its channels: a channel is (pixel >> shift) & ((1 << bits) - 1). `expand` is the
// left shift an 8-bit converter applied (MAT16 says the game ignores it and the channel fields).
struct MatChannel {
  std::uint32_t bits = 0;
  std::uint32_t shift = 0;
  std::uint32_t expand = 0;
};

struct MatColorFormat {
  std::uint32_t color_mode = 0;  // MatColorMode
  std::uint32_t bits_per_pixel = 0;
  // Stored as red, green and blue bits, then their shifts, then their expands; then alpha's three.
  MatChannel red, green, blue, alpha;
};

struct MatHeader {
  std::uint32_t version = 0x32;
  std::uint32_t type = 0;  // MatType
  std::int32_t record_count = 0;
  std::int32_t cel_count = 0;
  MatColorFormat format;
};

struct MatRecord {
  std::int32_t type = 0;         // 0 colour, 8 texture
  std::int32_t color_index = 0;  // a colour record's colour: an index into the .cmp palette
  std::array<std::uint32_t, 4> unknown{};
  // Texture records (header type 2) only.
  std::array<std::uint32_t, 3> texture_unknown{};
  std::int32_t cel_index = 0;
};

struct MatCel {
  std::int32_t width = 0;
  std::int32_t height = 0;
  std::int32_t transparent = 0;  // non-zero: 8-bit texels of `transparent_color` are holes
  std::uint32_t unknown = 0;
  std::int32_t transparent_color = 0;
  std::int32_t levels = 0;
  std::vector<std::vector<std::uint8_t>> mip_levels;  // each level's texels as stored, largest first
};

namespace material {
struct Document {
  MatHeader header;
  std::vector<MatRecord> records;
  std::vector<MatCel> cels;
  std::vector<std::uint8_t> trailing;  // bytes after the last cel, kept as found
};
}  // namespace material

}  // namespace bonebridge::sith
