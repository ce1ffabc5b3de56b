// SPDX-License-Identifier: MIT
#pragma once
// .mat (+ .cmp) -> the core model's pictures and surfaces: cel 0's largest mip level as an RGBA image, the
// alpha mode the game's texel format calls for, and the flat colour of colour materials.
#include <array>
#include <string>

#include "bonebridge/core/scene.hpp"
#include "bonebridge/formats/sith/colormap/document.hpp"
#include "bonebridge/formats/sith/material/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::sith {

// A channel of `bits` bits widened to 8 by repeating its bits (31 -> 255, 16 -> 132 for 5 bits), as 16-bit
// texture hardware widens them.
std::uint8_t widen_channel(std::uint32_t value, std::uint32_t bits);

// Level 0 of cel `cel`, rows top to bottom. 16-bit texels by the header's channel fields; 8-bit ones through
// `palette` (a grey ramp, index i -> (i, i, i), without one), the cel's transparent colour as a hole.
Result<Image> decode_cel(const material::Document& mat, std::size_t cel, const colormap::Document* palette,
                         const std::string& name);

// decode_cel through the run's image cache (core/image_cache.hpp): models sharing a material's texels (and
// palette) decode them once.
Result<Image> shared_cel(const material::Document& mat, std::size_t cel, const colormap::Document* palette,
                         const std::string& name);

// How the game blends the material's texels: 1-bit alpha (RGBA 5551/1555) and 8-bit transparent colours cut
// holes (Mask); wider alpha (RGBA 4444) blends (Blend); everything else is Opaque.
Material::Alpha mat_alpha(const material::Document& mat);

// A colour material's first colour (the palette entry of record 0) in linear RGBA; grey ramp without palette.
std::array<double, 4> mat_flat_color(const material::Document& mat, const colormap::Document* palette);

// "RGB565", "RGBA5551", "RGBA4444", "ARGB1555", "8-bit indexed" ...: the texel layout the header describes.
std::string mat_layout_name(const MatColorFormat& format);

}  // namespace bonebridge::sith
