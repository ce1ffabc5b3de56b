#pragma once
// Red Faction Guerrilla cloth simulation setup (.sim_pc, version 1), field for field as stored. The layout
// is the one observed in the five RFG samples (research notes §9.3); names follow [RR]'s published structs
// where the values fit them, and fields whose meaning is open are kept under neutral names.
#include <array>
#include <cstdint>
#include <vector>

namespace bonebridge::volition {

struct ClothVec3 {
  float x = 0, y = 0, z = 0;
  friend bool operator==(const ClothVec3&, const ClothVec3&) = default;
};

struct ClothNode {  // 36 bytes
  std::int8_t bone_index = -1;
  std::int8_t parent_node_index = -1;
  std::int8_t gravity_link = -1;           // index of the link joining a simulated node to its parent
  std::int8_t anchor = 0;                  // 0 on every node seen, anchors included
  std::uint32_t collide = 0;               // bit mask of colliders (0xFFFFFFFF: all)
  std::uint32_t wind_multiplier_bits = 0;  // f32; anchors hold 0xCCCCCCCC fill, kept as bits
  ClothVec3 pos;
  ClothVec3 local_space_pos;
  friend bool operator==(const ClothNode&, const ClothNode&) = default;
};

struct ClothLink {  // 16 bytes
  std::uint16_t node_index_1 = 0;
  std::uint16_t node_index_2 = 0;
  std::uint32_t collide = 0;
  float length = 0;
  float unknown = 0;  // 0.01..11 in the samples; which of [RR]'s link floats it is, is open
  friend bool operator==(const ClothLink&, const ClothLink&) = default;
};

struct ClothCollider {  // 52 bytes
  std::int32_t bone_index = -1;
  std::int16_t is_capsule = 0;
  std::int16_t do_scale = 0;
  float radius = 0;
  float height = 0;
  ClothVec3 pos;
  ClothVec3 axis;
  ClothVec3 local_space_pos;
  friend bool operator==(const ClothCollider&, const ClothCollider&) = default;
};

struct ClothDocument {
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
  friend bool operator==(const ClothDocument&, const ClothDocument&) = default;
};

}  // namespace bonebridge::volition
