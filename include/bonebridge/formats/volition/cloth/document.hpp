// SPDX-License-Identifier: MIT
#pragma once
// Red Faction Guerrilla cloth simulation setup (.sim_pc, version 1), field for field as stored. Two record
// layouts share the 84-byte header (research notes §9.3 has the first):
// - Node36: 36-byte nodes (s8 indices, collide, pos, local_space_pos), 16-byte links, 52-byte colliders; the
//   five samples of the notes and most RFG cloth files.
// - Node32: 32-byte nodes (s32 bone, parent, gravity_link, anchor; wind_multiplier; pos), 20-byte links
//   (u32 node indices, length, the second float, then collide as 0 or 1), 40-byte colliders (no
//   local_space_pos). Four RFG legpack files (blair_legpack_dust/eos/oasis, isaiah_legpack_oasis, 364 bytes)
//   use it. Established field by field against isaiah_legpack.sim_pc, a Node36 file of the same setup: every
//   value kept is equal, node collide and both local_space_pos vectors are dropped, link collide
//   0xFFFFFFFF becomes 1.
// Names follow [RR]'s published structs where the values fit them; fields of open meaning keep neutral names.
#include <array>
#include <cstdint>
#include <vector>

namespace bonebridge::volition {

struct ClothVec3 {
  float x = 0, y = 0, z = 0;
  friend bool operator==(const ClothVec3&, const ClothVec3&) = default;
};

enum class ClothLayout { Node36, Node32 };

struct ClothNode {  // 36 bytes (Node36: indices are s8) or 32 (Node32: s32, no collide, no local_space_pos)
  std::int32_t bone_index = -1;
  std::int32_t parent_node_index = -1;
  std::int32_t gravity_link = -1;          // index of the link joining a simulated node to its parent
  std::int32_t anchor = 0;                 // 0 on every node seen, anchors included
  std::uint32_t collide = 0;               // bit mask of colliders (0xFFFFFFFF: all); Node36 only
  std::uint32_t wind_multiplier_bits = 0;  // f32; Node36 anchors hold 0xCCCCCCCC fill, kept as bits
  ClothVec3 pos;
  ClothVec3 local_space_pos;  // Node36 only
  friend bool operator==(const ClothNode&, const ClothNode&) = default;
};

struct ClothLink {  // 16 bytes (Node36: u16 indices, collide second) or 20 (Node32: u32 indices, collide
                    // last)
  std::uint32_t node_index_1 = 0;
  std::uint32_t node_index_2 = 0;
  std::uint32_t collide = 0;  // Node36: 0 or 0xFFFFFFFF; Node32: 0 or 1
  float length = 0;
  float unknown = 0;  // 0.01..11 in the samples; which of [RR]'s link floats it is, is open
  friend bool operator==(const ClothLink&, const ClothLink&) = default;
};

struct ClothCollider {  // 52 bytes (Node36) or 40 (Node32: no local_space_pos)
  std::int32_t bone_index = -1;
  std::int16_t is_capsule = 0;
  std::int16_t do_scale = 0;
  float radius = 0;
  float height = 0;
  ClothVec3 pos;
  ClothVec3 axis;
  ClothVec3 local_space_pos;  // Node36 only
  friend bool operator==(const ClothCollider&, const ClothCollider&) = default;
};

namespace cloth {
struct Document {
  ClothLayout layout = ClothLayout::Node36;
  std::int32_t version = 1;
  std::array<std::uint8_t, 28> name{};  // NUL-terminated, rest is fill kept as stored
  std::int32_t num_passes = 1;
  float air_resistance = 0;
  float wind_multiplier = 0;
  float wind_const = 0;
  float gravity_multiplier = 0;
  float object_velocity_inheritance = 0;
  std::array<std::uint32_t, 3> unknown_words{};  // 0x48..0x53: zero in every sample
  std::int32_t num_anchor_nodes = 0;             // the first num_anchor_nodes entries of `nodes`
  std::vector<ClothNode> nodes;                  // anchors first, then simulated nodes
  std::vector<ClothLink> links;
  std::vector<ClothCollider> colliders;
  std::vector<std::uint8_t> trailing;  // bytes after the collider array (none in the samples)
  friend bool operator==(const Document&, const Document&) = default;
};
}  // namespace cloth

}  // namespace bonebridge::volition
