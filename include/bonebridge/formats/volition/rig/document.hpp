// SPDX-License-Identifier: MIT
#pragma once
// A crunched rig (.rig_pc), field for field as stored, in either pointer width (notes §2).
#include <array>
#include <cstdint>
#include <vector>

#include "bonebridge/formats/volition/common.hpp"

namespace bonebridge::volition {

struct RigVec3 {
  float x = 0, y = 0, z = 0;
  friend bool operator==(const RigVec3&, const RigVec3&) = default;
};

struct RigBone {                 // 36 bytes (4-byte slots) or 40 (8-byte slots)
  FilePointer name;              // offset into the name region
  RigVec3 inv_translation;       // the negated bind position (inference, notes §2)
  RigVec3 rel_bone_translation;  // offset from the parent bone (roots: own position)
  std::int32_t parent = -1;      // -1: a root
  std::int32_t vid = -1;
  friend bool operator==(const RigBone&, const RigBone&) = default;
};

struct RigTag {  // 60 bytes (4-byte slots) or 64 (8-byte slots)
  FilePointer name;
  std::array<float, 9> rotation{};  // 3x3, three rows as stored
  RigVec3 translation;
  std::int32_t parent = -1;  // bone index
  std::int32_t vid = -1;
  friend bool operator==(const RigTag&, const RigTag&) = default;
};

namespace rig {
struct Document {
  PointerWidth width = PointerWidth::Eight;
  std::array<std::uint8_t, 32> name{};  // filled at runtime; zero or garbage on disk
  std::uint32_t flags = 0;
  std::uint32_t num_common_bones = 0;
  std::uint32_t num_virtual_bones = 0;
  std::uint32_t header_pad = 0;  // 0x34 of the 8-byte layout
  // Offsets relative to where each array would naturally start (0 in every shipped rig); a non-zero
  // value is honoured by keeping the skipped bytes in the matching gap.
  FilePointer checksums_offset, bones_offset, tags_offset;
  std::vector<std::uint8_t> checksums_gap, bones_gap, tags_gap;
  std::vector<std::uint32_t> bone_name_checksums;  // one per bone
  std::vector<std::uint8_t> checksum_pad;          // 8-byte layout: up to the next multiple of 8
  std::vector<RigBone> bones;
  std::vector<RigTag> tags;
  std::vector<std::uint8_t> names;  // the name region: NUL-terminated strings, to the end of the file
  friend bool operator==(const Document&, const Document&) = default;
};
}  // namespace rig

}  // namespace bonebridge::volition
