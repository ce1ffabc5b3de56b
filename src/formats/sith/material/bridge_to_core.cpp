// SPDX-License-Identifier: MIT
// Texels to RGBA. A 16-bit channel is (texel >> shift) & mask, as the header's channel fields say (the
// layout blender-sith's mat.py decodes); its bits are then repeated to fill 8 (mat.py shifts by the header's
// `expand` instead, which turns white into 248).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "bonebridge/core/image_cache.hpp"
#include "bonebridge/formats/sith/material/bridge.hpp"
#include "bonebridge/formats/sith/material/codec.hpp"

namespace bonebridge::sith {
namespace {

bool indexed(const MatColorFormat& f) {
  return f.color_mode == static_cast<std::uint32_t>(MatColorMode::Indexed) || f.bits_per_pixel == 8;
}

std::uint32_t channel(std::uint32_t texel, const MatChannel& c) {
  if (c.bits == 0 || c.shift >= 32) return 0;
  const std::uint32_t mask = c.bits >= 32 ? 0xFFFFFFFFu : (1u << c.bits) - 1;
  return (texel >> c.shift) & mask;
}

std::uint32_t texel_at(const std::uint8_t* at, std::uint32_t bytes) {
  std::uint32_t texel = 0;
  std::memcpy(&texel, at, bytes);  // little-endian host (ByteReader asserts it)
  return texel;
}

void decode_direct(const material::Document& mat, const std::vector<std::uint8_t>& texels, Image& image) {
  const MatColorFormat& f = mat.header.format;
  const std::uint32_t bytes = f.bits_per_pixel / 8;
  const std::size_t count = static_cast<std::size_t>(image.width) * image.height;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t texel = texel_at(texels.data() + i * bytes, bytes);
    std::uint8_t* out = image.rgba.data() + i * 4;
    out[0] = widen_channel(channel(texel, f.red), f.red.bits);
    out[1] = widen_channel(channel(texel, f.green), f.green.bits);
    out[2] = widen_channel(channel(texel, f.blue), f.blue.bits);
    out[3] = f.alpha.bits == 0 ? 255 : widen_channel(channel(texel, f.alpha), f.alpha.bits);
  }
}

std::array<std::uint8_t, 3> palette_rgb(const colormap::Document* palette, std::uint8_t index) {
  if (!palette) return {index, index, index};
  return palette->palette[index];
}

void decode_indexed(const MatCel& cel, const std::vector<std::uint8_t>& texels,
                    const colormap::Document* palette, Image& image) {
  const std::size_t count = static_cast<std::size_t>(image.width) * image.height;
  for (std::size_t i = 0; i < count && i < texels.size(); ++i) {
    const auto rgb = palette_rgb(palette, texels[i]);
    std::uint8_t* out = image.rgba.data() + i * 4;
    std::copy(rgb.begin(), rgb.end(), out);
    out[3] = cel.transparent != 0 && texels[i] == cel.transparent_color ? 0 : 255;
  }
}

double srgb_to_linear(std::uint8_t value) {
  const double c = value / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

}  // namespace

std::uint8_t widen_channel(std::uint32_t value, std::uint32_t bits) {
  if (bits == 0) return 0;
  if (bits >= 8) return bits - 8 >= 32 ? 0 : static_cast<std::uint8_t>(value >> (bits - 8));
  std::uint32_t out = 0;
  std::uint32_t filled = 0;
  for (; filled < 8; filled += bits) out = (out << bits) | value;
  return static_cast<std::uint8_t>(out >> (filled - 8));
}

Result<Image> decode_cel(const material::Document& mat, std::size_t cel, const colormap::Document* palette,
                         const std::string& name) {
  if (cel >= mat.cels.size() || mat.cels[cel].mip_levels.empty()) {
    return Error{
        std::string(kMatFormat), fmt::format("the material has no texels for cel {}", cel), {}, {}, {}};
  }
  const MatCel& c = mat.cels[cel];
  const MatColorFormat& f = mat.header.format;
  const bool indexed_mode = f.color_mode == static_cast<std::uint32_t>(MatColorMode::Indexed);
  if (indexed_mode != (f.bits_per_pixel == 8)) {
    return Error{
        std::string(kMatFormat),
        fmt::format("colour mode {} with {} bits per pixel cannot be decoded: indexed texels are 8-bit, "
                    "direct ones 16, 24 or 32",
                    f.color_mode, f.bits_per_pixel),
        20,
        {},
        {}};
  }
  if (!indexed(f) && f.bits_per_pixel != 16 && f.bits_per_pixel != 24 && f.bits_per_pixel != 32) {
    return Error{std::string(kMatFormat),
                 fmt::format("{} bits per pixel cannot be decoded", f.bits_per_pixel),
                 24,
                 {},
                 {}};
  }
  Image image;
  image.name = name;
  image.width = static_cast<std::uint32_t>(c.width);
  image.height = static_cast<std::uint32_t>(c.height);
  image.rgba.assign(static_cast<std::size_t>(image.width) * image.height * 4, 0);
  if (indexed(f)) {
    decode_indexed(c, c.mip_levels[0], palette, image);
  } else {
    decode_direct(mat, c.mip_levels[0], image);
  }
  return image;
}

namespace {

void append_u32(std::vector<std::uint8_t>& out, std::uint32_t value) {
  for (int shift = 0; shift < 32; shift += 8) out.push_back(static_cast<std::uint8_t>(value >> shift));
}

// Every byte decode_cel reads for `cel`: the texel layout, the cel's header, the palette (8-bit texels) and
// level 0's texels.
std::vector<std::uint8_t> cel_source(const material::Document& mat, const MatCel& cel,
                                     const colormap::Document* palette) {
  std::vector<std::uint8_t> source;
  const MatColorFormat& f = mat.header.format;
  append_u32(source, f.color_mode);
  append_u32(source, f.bits_per_pixel);
  for (const MatChannel* c : {&f.red, &f.green, &f.blue, &f.alpha}) {
    append_u32(source, c->bits);
    append_u32(source, c->shift);
    append_u32(source, c->expand);
  }
  for (const std::int32_t field : {cel.width, cel.height, cel.transparent, cel.transparent_color})
    append_u32(source, static_cast<std::uint32_t>(field));
  source.push_back(indexed(f) && palette ? 1 : 0);
  if (indexed(f) && palette) {
    for (const auto& rgb : palette->palette) source.insert(source.end(), rgb.begin(), rgb.end());
  }
  source.insert(source.end(), cel.mip_levels[0].begin(), cel.mip_levels[0].end());
  return source;
}

}  // namespace

Result<Image> shared_cel(const material::Document& mat, std::size_t cel, const colormap::Document* palette,
                         const std::string& name) {
  if (cel >= mat.cels.size() || mat.cels[cel].mip_levels.empty()) return decode_cel(mat, cel, palette, name);
  return cached_image(cel_source(mat, mat.cels[cel], palette), name,
                      [&] { return decode_cel(mat, cel, palette, name); });
}

Material::Alpha mat_alpha(const material::Document& mat) {
  const MatColorFormat& f = mat.header.format;
  if (indexed(f)) {
    const bool holes = !mat.cels.empty() && mat.cels[0].transparent != 0;
    return holes ? Material::Alpha::Mask : Material::Alpha::Opaque;
  }
  if (f.alpha.bits == 0) return Material::Alpha::Opaque;
  return f.alpha.bits == 1 ? Material::Alpha::Mask : Material::Alpha::Blend;
}

std::array<double, 4> mat_flat_color(const material::Document& mat, const colormap::Document* palette) {
  const std::int32_t index = mat.records.empty() ? 0 : mat.records[0].color_index;
  const auto rgb = palette_rgb(palette, static_cast<std::uint8_t>(index & 0xFF));
  return {srgb_to_linear(rgb[0]), srgb_to_linear(rgb[1]), srgb_to_linear(rgb[2]), 1.0};
}

std::string mat_layout_name(const MatColorFormat& f) {
  if (indexed(f)) return "8-bit indexed";
  struct Named {
    const MatChannel* channel;
    char letter;
  };
  Named channels[] = {{&f.red, 'R'}, {&f.green, 'G'}, {&f.blue, 'B'}, {&f.alpha, 'A'}};
  // From the highest bits down: 565 is R at 11, G at 5, B at 0.
  std::sort(std::begin(channels), std::end(channels),
            [](const Named& a, const Named& b) { return a.channel->shift > b.channel->shift; });
  std::string letters;
  std::string widths;
  for (const auto& [c, letter] : channels) {
    if (c->bits == 0) continue;
    letters += letter;
    widths += fmt::format("{}", c->bits);
  }
  return letters + widths;
}

}  // namespace bonebridge::sith
