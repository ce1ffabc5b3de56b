// SPDX-License-Identifier: MIT
// .mat version 0x32 read and written field by field (material/document.hpp has the layout). Every count is
// checked against the bytes left before anything is allocated from it.
#include "bonebridge/formats/sith/material/codec.hpp"

#include <fmt/format.h>

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::sith {
namespace {

constexpr std::int32_t kMaxLevels = 16;  // a 65536-texel side halves 16 times

bool has_texels(std::uint32_t type) {
  return type == static_cast<std::uint32_t>(MatType::Textures);
}

MatColorFormat read_color_format(ByteReader& in) {
  MatColorFormat f;
  f.color_mode = in.u32("colour mode");
  f.bits_per_pixel = in.u32("bits per pixel");
  for (MatChannel* c : {&f.red, &f.green, &f.blue}) c->bits = in.u32("channel bits");
  for (MatChannel* c : {&f.red, &f.green, &f.blue}) c->shift = in.u32("channel shift");
  for (MatChannel* c : {&f.red, &f.green, &f.blue}) c->expand = in.u32("channel expand");
  f.alpha.bits = in.u32("alpha bits");
  f.alpha.shift = in.u32("alpha shift");
  f.alpha.expand = in.u32("alpha expand");
  return f;
}

MatHeader read_header(ByteReader& in) {
  if (in.string(4, "magic") != "MAT ") in.fail_at(0, "expected the magic \"MAT \"");
  MatHeader h;
  h.version = in.u32("version");
  if (h.version != kMatVersion)
    in.fail_at(4, fmt::format("version 0x{:X} is not 0x{:X}, the only one known", h.version, kMatVersion));
  h.type = in.u32("type");
  if (h.type != static_cast<std::uint32_t>(MatType::Colors) && !has_texels(h.type))
    in.fail_at(8, fmt::format("type {} is neither 0 (colours) nor 2 (textures)", h.type));
  h.record_count = in.s32("record count");
  h.cel_count = in.s32("cel count");
  h.format = read_color_format(in);
  if (has_texels(h.type)) {
    const std::uint32_t bpp = h.format.bits_per_pixel;
    if (bpp < 8 || bpp > 32 || bpp % 8 != 0)
      in.fail_at(24, fmt::format("{} bits per pixel: expected 8, 16, 24 or 32", bpp));
  }
  return h;
}

std::size_t checked_count(ByteReader& in, std::int32_t count, std::size_t item_bytes, std::string_view what,
                          std::size_t field_offset) {
  if (count < 0) in.fail_at(field_offset, fmt::format("{} is negative ({})", what, count));
  return in.count(static_cast<std::uint64_t>(count), item_bytes, what);
}

MatRecord read_record(ByteReader& in, bool texture) {
  MatRecord r;
  r.type = in.s32("record type");
  r.color_index = in.s32("record colour index");
  for (auto& u : r.unknown) u = in.u32("record field");
  if (!texture) return r;
  for (auto& u : r.texture_unknown) u = in.u32("texture record field");
  r.cel_index = in.s32("cel index");
  return r;
}

MatCel read_cel(ByteReader& in, std::uint32_t bits_per_pixel) {
  const std::size_t at = in.offset();
  MatCel cel;
  cel.width = in.s32("cel width");
  cel.height = in.s32("cel height");
  cel.transparent = in.s32("cel transparency flag");
  cel.unknown = in.u32("cel field");
  cel.transparent_color = in.s32("cel transparent colour");
  cel.levels = in.s32("cel mip levels");
  if (cel.width <= 0 || cel.height <= 0)
    in.fail_at(at, fmt::format("cel size {} x {} is not positive", cel.width, cel.height));
  if (cel.levels < 0 || cel.levels > kMaxLevels)
    in.fail_at(at + 20, fmt::format("{} mip levels: expected 0 to {}", cel.levels, kMaxLevels));
  cel.mip_levels.reserve(in.count(static_cast<std::uint64_t>(cel.levels), 1, "mip levels"));
  for (std::int32_t level = 0; level < cel.levels; ++level) {
    const std::uint64_t bytes = mat_level_bytes(cel.width, cel.height, level, bits_per_pixel);
    if (bytes == 0) {
      in.fail(
          fmt::format("mip level {} of a {} x {} cel would have no texels", level, cel.width, cel.height));
    }
    const auto texels = in.bytes(in.count(bytes, 1, "mip level bytes"), "mip level texels");
    cel.mip_levels.emplace_back(texels.begin(), texels.end());
  }
  return cel;
}

material::Document parse_material(std::span<const std::uint8_t> bytes) {
  ByteReader in(bytes, kMatFormat);
  material::Document file;
  file.header = read_header(in);
  const bool texture = has_texels(file.header.type);
  const std::size_t records =
      checked_count(in, file.header.record_count, texture ? kMatTextureRecordBytes : kMatColorRecordBytes,
                    "record count", 12);
  file.records.reserve(records);
  for (std::size_t i = 0; i < records; ++i) file.records.push_back(read_record(in, texture));
  if (texture) {
    const std::size_t cels = checked_count(in, file.header.cel_count, kMatCelHeaderBytes, "cel count", 16);
    file.cels.reserve(cels);
    for (std::size_t i = 0; i < cels; ++i)
      file.cels.push_back(read_cel(in, file.header.format.bits_per_pixel));
  }
  const auto rest = in.rest();
  file.trailing.assign(rest.begin(), rest.end());
  return file;
}

void write_color_format(ByteWriter& out, const MatColorFormat& f) {
  out.u32(f.color_mode);
  out.u32(f.bits_per_pixel);
  for (const MatChannel* c : {&f.red, &f.green, &f.blue}) out.u32(c->bits);
  for (const MatChannel* c : {&f.red, &f.green, &f.blue}) out.u32(c->shift);
  for (const MatChannel* c : {&f.red, &f.green, &f.blue}) out.u32(c->expand);
  out.u32(f.alpha.bits);
  out.u32(f.alpha.shift);
  out.u32(f.alpha.expand);
}

Error write_error(std::string message) {
  return Error{std::string(kMatFormat), std::move(message), {}, {}, {}};
}

Status check_writable(const material::Document& file) {
  const MatHeader& h = file.header;
  const bool texture = has_texels(h.type);
  if (h.record_count < 0 || static_cast<std::size_t>(h.record_count) != file.records.size())
    return write_error(fmt::format("record count {} but {} records", h.record_count, file.records.size()));
  const std::size_t cels = texture ? file.cels.size() : 0;
  if (texture && (h.cel_count < 0 || static_cast<std::size_t>(h.cel_count) != cels))
    return write_error(fmt::format("cel count {} but {} cels", h.cel_count, cels));
  if (!texture && !file.cels.empty()) return write_error("a colour material (type 0) holds no cels");
  for (std::size_t c = 0; c < cels; ++c) {
    const MatCel& cel = file.cels[c];
    if (cel.levels < 0 || static_cast<std::size_t>(cel.levels) != cel.mip_levels.size())
      return write_error(fmt::format("cel {}: {} levels but {} held", c, cel.levels, cel.mip_levels.size()));
    for (std::size_t l = 0; l < cel.mip_levels.size(); ++l) {
      const auto expected =
          mat_level_bytes(cel.width, cel.height, static_cast<std::int32_t>(l), h.format.bits_per_pixel);
      if (expected == 0 || cel.mip_levels[l].size() != expected)
        return write_error(fmt::format("cel {} level {}: {} texel bytes, expected {}", c, l,
                                       cel.mip_levels[l].size(), expected));
    }
  }
  return Ok{};
}

}  // namespace

std::uint64_t mat_level_bytes(std::int32_t width, std::int32_t height, std::int32_t level,
                              std::uint32_t bits_per_pixel) {
  if (width <= 0 || height <= 0 || level < 0 || level >= 31) return 0;
  const auto w = static_cast<std::uint64_t>(width) >> level;
  const auto h = static_cast<std::uint64_t>(height) >> level;
  return w * h * (bits_per_pixel / 8);
}

Result<material::Document> material::read(std::span<const std::uint8_t> bytes) {
  return capture(kMatFormat, [&] { return parse_material(bytes); });
}

Result<std::vector<std::uint8_t>> material::write(const material::Document& file) {
  if (auto writable = check_writable(file); !writable) return writable.error();
  ByteWriter out;
  const MatHeader& h = file.header;
  out.string("MAT ");
  out.u32(h.version);
  out.u32(h.type);
  out.s32(h.record_count);
  out.s32(h.cel_count);
  write_color_format(out, h.format);
  for (const MatRecord& r : file.records) {
    out.s32(r.type);
    out.s32(r.color_index);
    for (auto u : r.unknown) out.u32(u);
    if (!has_texels(h.type)) continue;
    for (auto u : r.texture_unknown) out.u32(u);
    out.s32(r.cel_index);
  }
  for (const MatCel& cel : file.cels) {
    for (std::int32_t v : {cel.width, cel.height, cel.transparent}) out.s32(v);
    out.u32(cel.unknown);
    out.s32(cel.transparent_color);
    out.s32(cel.levels);
    for (const auto& level : cel.mip_levels) out.bytes(level);
  }
  out.bytes(file.trailing);
  return std::move(out).take();
}

}  // namespace bonebridge::sith
