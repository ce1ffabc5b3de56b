// SPDX-License-Identifier: MIT
#pragma once
// The 7-bit encoded integers of .NET's BinaryWriter and Elements.Core (LEB128, low group first).
#include <cstdint>
#include <string_view>

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::animx {

// Elements.Core reads any number of groups; bits past the 64th are dropped here.
inline std::uint64_t read_varint(ByteReader& reader, std::string_view what) {
  std::uint64_t value = 0;
  for (int shift = 0;; shift += 7) {
    const std::uint8_t byte = reader.u8(what);
    if (shift < 64) value |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
    if ((byte & 0x80) == 0) return value;
  }
}

inline void write_varint(ByteWriter& writer, std::uint64_t value) {
  do {
    const auto low = static_cast<std::uint8_t>(value & 0x7F);
    value >>= 7;
    writer.u8(value != 0 ? static_cast<std::uint8_t>(low | 0x80) : low);
  } while (value != 0);
}

}  // namespace bonebridge::animx
