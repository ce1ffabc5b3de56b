// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/common.hpp"

#include <fmt/format.h>

#include <bit>

namespace bonebridge::volition {

FilePointer read_pointer(ByteReader& in, PointerWidth width, std::string_view what) {
  FilePointer p;
  p.value = in.u32(what);
  if (width == PointerWidth::Eight) p.high = in.u32(what);
  return p;
}

void write_pointer(ByteWriter& out, PointerWidth width, const FilePointer& p) {
  out.u32(p.value);
  if (width == PointerWidth::Eight) out.u32(p.high);
}

std::uint32_t bone_name_hash(std::string_view name) {
  std::uint32_t hash = 0;
  for (char c : name) {
    auto byte = static_cast<std::uint8_t>(c);
    if (byte >= 'A' && byte <= 'Z') byte = static_cast<std::uint8_t>(byte - 'A' + 'a');
    hash = std::rotl(hash, 6) ^ byte;
  }
  return hash;
}

std::string printable(std::string_view bytes) {
  std::string out;
  for (char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F && byte != '\\') {
      out.push_back(c);
    } else {
      out += fmt::format("\\x{:02X}", byte);
    }
  }
  return out;
}

AxisConversion volition_axes(const std::string& name) {
  if (name == "mirror-x") return AxisConversion::mirror_x();
  return AxisConversion::identity();
}

}  // namespace bonebridge::volition
