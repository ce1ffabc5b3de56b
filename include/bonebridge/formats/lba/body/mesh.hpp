// SPDX-License-Identifier: MIT
#pragma once
// The body's drawing data as core meshes, as the iso renderer draws it (P_OB_ISO.ASM AffObjetIso): polygons
// fanned into triangles, lines as segments, spheres as small closed meshes. Every vertex is rigidly bound to
// the group that owns its point and coloured with the palette entry the game fills it with at the rest pose.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/core/scene.hpp"
#include "bonebridge/formats/lba/body/document.hpp"
#include "bonebridge/formats/lba/variant.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lba {

using Rgb = std::array<std::uint8_t, 3>;
using Palette = std::array<Rgb, 256>;

// A 768-byte RGB palette (LBA1: RESS.HQR entry 0). When no component exceeds 63 the values are VGA DAC levels
// and are scaled to 0..255.
Result<Palette> read_palette(std::span<const std::uint8_t> bytes);

// For bodies converted without a palette: 16 ramps of 16 entries (the layout of the game's palette), one hue
// per ramp, brightness rising along it. It shows which parts share a colour, not the game's colours.
Palette placeholder_palette();

// SetLightVector(896, 950, 0): the light the game sets for its menus (GAMEMENU.C); scenes set their own.
struct Light {
  int alpha = 896;
  int beta = 950;
};

// The palette index each polygon corner is filled with: the colour's low byte, plus the lit intensity of the
// face normal (materials 7-8) or of the corner's normal (9 and up), wrapped to a byte.
std::vector<std::vector<int>> polygon_palette_indices(const body::Document& body,
                                                      const std::vector<int>& intensities);

// An LBA2 texture page (RESS.HQR entry 6): 256 rows of 256 palette indices, top row first.
inline constexpr std::size_t kTexturePageBytes = 256 * 256;
using TexturePage = std::vector<std::uint8_t>;
Result<TexturePage> read_texture_page(std::span<const std::uint8_t> bytes);

// The body's drawing as core meshes and the materials and images they use, with notes on what is drawn
// differently from the game.
struct BodyDrawing {
  std::vector<RigidMesh> meshes;
  std::vector<Material> materials;
  std::vector<Image> images;
  std::vector<std::string> notes;
};

// `body` must pass the family's structural checks (points of groups inside the point table). Textured
// polygons (LBA2) map `page` when there is one: one material per texture record, its image the 256×256
// texels the record shows, each texel in its palette colour, unfiltered; without a page they are drawn in
// their flat colour like the rest.
BodyDrawing body_drawing(const body::Document& body, const Palette& palette, const TexturePage* page,
                         Light light, Variant variant);

}  // namespace bonebridge::lba
