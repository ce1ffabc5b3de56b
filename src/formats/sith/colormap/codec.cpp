// SPDX-License-Identifier: MIT
// .cmp version 0x1E read and written field by field (colormap/document.hpp has the layout).
#include "bonebridge/formats/sith/colormap/codec.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::sith {
namespace {

std::vector<std::uint8_t> table(ByteReader& in, std::size_t bytes, std::string_view what) {
  const auto view = in.bytes(bytes, what);
  return {view.begin(), view.end()};
}

colormap::Document parse_colormap(std::span<const std::uint8_t> bytes) {
  ByteReader in(bytes, kCmpFormat);
  if (in.string(4, "magic") != "CMP ") in.fail_at(0, "expected the magic \"CMP \"");
  colormap::Document file;
  file.version = in.u32("version");
  if (file.version != kCmpVersion) {
    in.fail_at(4, fmt::format("version 0x{:X} is not 0x{:X} (Jedi Knight, MotS)", file.version, kCmpVersion));
  }
  file.has_transparency = in.u32("transparency flag");
  const auto unknown = in.bytes(file.unknown.size(), "header bytes");
  std::copy(unknown.begin(), unknown.end(), file.unknown.begin());
  for (auto& rgb : file.palette) {
    const auto entry = in.bytes(3, "palette entry");
    std::copy(entry.begin(), entry.end(), rgb.begin());
  }
  file.light_levels = table(in, kCmpLightLevelBytes, "light level tables");
  if (file.has_transparency != 0) file.transparency = table(in, kCmpTransparencyBytes, "transparency tables");
  const auto rest = in.rest();
  file.trailing.assign(rest.begin(), rest.end());
  return file;
}

}  // namespace

Result<colormap::Document> colormap::read(std::span<const std::uint8_t> bytes) {
  return capture(kCmpFormat, [&] { return parse_colormap(bytes); });
}

Result<std::vector<std::uint8_t>> colormap::write(const colormap::Document& file) {
  const std::size_t transparency = file.has_transparency != 0 ? kCmpTransparencyBytes : 0;
  if (file.light_levels.size() != kCmpLightLevelBytes || file.transparency.size() != transparency) {
    return Error{std::string(kCmpFormat),
                 fmt::format("light tables of {} bytes and transparency tables of {} (flag {}): expected {} "
                             "and {}",
                             file.light_levels.size(), file.transparency.size(), file.has_transparency,
                             kCmpLightLevelBytes, transparency),
                 {},
                 {},
                 {}};
  }
  ByteWriter out;
  out.string("CMP ");
  out.u32(file.version);
  out.u32(file.has_transparency);
  out.bytes(file.unknown);
  for (const auto& rgb : file.palette) out.bytes(rgb);
  out.bytes(file.light_levels);
  out.bytes(file.transparency);
  out.bytes(file.trailing);
  return std::move(out).take();
}

}  // namespace bonebridge::sith
