// SPDX-License-Identifier: MIT
#pragma once
// What the three Volition formats share: the width of a V_FILE_PTR slot, the bone-name hash and the engine's
// axes.
#include <cstdint>
#include <string>
#include <string_view>

#include "bonebridge/core/axes.hpp"
#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::volition {

// A V_FILE_PTR is a file-relative offset; 4 bytes in Red Faction Guerrilla, 8 in Saints Row: The Third and
// IV (the u32 value and a high word the loader zeroes). The high word is kept as stored.
enum class PointerWidth : std::uint8_t { Four = 4, Eight = 8 };

struct FilePointer {
  std::uint32_t value = 0;
  std::uint32_t high = 0;  // only stored with 8-byte slots
  friend bool operator==(const FilePointer&, const FilePointer&) = default;
};

// A slot of `width` bytes: the value, then (8-byte slots) the high word.
FilePointer read_pointer(ByteReader& in, PointerWidth width, std::string_view what);
void write_pointer(ByteWriter& out, PointerWidth width, const FilePointer& p);

// Bone-name checksum: rotate the 32-bit value left by 6 and XOR the lowercased character (HashVolition).
std::uint32_t bone_name_hash(std::string_view name);

// Non-ASCII and control bytes as \\xNN, so that names read from a file always make valid UTF-8 text.
std::string printable(std::string_view bytes);

// The engine's frame is not documented in the notes; identity is the default, "mirror-x" (left-handed
// Y-up, as Direct3D titles usually are) is offered as an option. Both are assumptions.
AxisConversion volition_axes(const std::string& name);

}  // namespace bonebridge::volition
