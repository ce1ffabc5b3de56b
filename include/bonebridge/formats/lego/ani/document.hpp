// SPDX-License-Identifier: MIT
#pragma once
// A LEGO Island (1997) `.ani` file, one struct per structure of the file (../shared/research/lego-ani.md §2).
// Everything is kept as stored: raw key flags (the game ORs in an "active" bit at load time; that bit is
// computed by the engine, never stored here), the unused header field, actor types as opaque numbers and the
// bytes after the node tree. Reading then writing any valid file gives the same bytes.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bonebridge::lego {

inline constexpr std::int32_t kMagic = 0x11;
inline constexpr std::uint32_t kMaxKeyTime = 0xFFFFFF;  // key times are unsigned 24-bit milliseconds

// Key flag bits as stored in the top byte of a key's packed time word.
inline constexpr std::uint8_t kFlagActive = 0x01;  // also set by the game from the key's value
inline constexpr std::uint8_t kFlagNegate = 0x02;  // rotation: negate this key before interpolating into it
inline constexpr std::uint8_t kFlagHold = 0x04;    // rotation: hold the previous key's value up to this key

// Translation, scale, and camera position/target keys: 20 bytes.
struct VectorKey {
  std::uint32_t time = 0;  // ms, < 2^24
  std::uint8_t flags = 0;
  float x = 0, y = 0, z = 0;
  friend bool operator==(const VectorKey&, const VectorKey&) = default;
};

// Rotation keys: 24 bytes, stored scalar part first.
struct RotationKey {
  std::uint32_t time = 0;
  std::uint8_t flags = 0;
  float w = 1, x = 0, y = 0, z = 0;
  friend bool operator==(const RotationKey&, const RotationKey&) = default;
};

// Visibility ("morph") keys: 5 bytes.
struct MorphKey {
  std::uint32_t time = 0;
  std::uint8_t flags = 0;
  std::uint8_t visible = 1;
  friend bool operator==(const MorphKey&, const MorphKey&) = default;
};

// Camera roll keys: 8 bytes, radians.
struct RollKey {
  std::uint32_t time = 0;
  std::uint8_t flags = 0;
  float roll = 0;
  friend bool operator==(const RollKey&, const RollKey&) = default;
};

struct Header {
  std::int32_t magic = kMagic;
  float radius = 0;  // bounding sphere, used by the game only for ray picking
  float center[3] = {0, 0, 0};
  std::int32_t parse_scene = 0;  // non-zero: a camera block follows the duration
  std::int32_t unused = 1;       // read and discarded by the game; 1 in the only known sample
  friend bool operator==(const Header&, const Header&) = default;
};

struct Actor {
  std::string name;
  std::uint32_t type = 0;  // stored only when the name is not empty; opaque (1..6 seen or documented)
  friend bool operator==(const Actor&, const Actor&) = default;
};

struct CameraScene {
  std::vector<VectorKey> position;
  std::vector<VectorKey> target;
  std::vector<RollKey> roll;
  friend bool operator==(const CameraScene&, const CameraScene&) = default;
};

struct Node {
  std::string name;  // '-' prefix: a pure transform node never bound to an object
  std::vector<VectorKey> translation;
  std::vector<RotationKey> rotation;
  std::vector<VectorKey> scale;
  std::vector<MorphKey> morph;
  std::vector<Node> children;
  friend bool operator==(const Node&, const Node&) = default;
};

namespace ani {
struct Document {
  Header header;
  std::vector<Actor> actors;
  std::int32_t duration = 0;  // ms
  // Present exactly when header.parse_scene is non-zero (the reader guarantees it; the writer emits the
  // block when this has a value and repairs a disagreeing header flag, see codec.hpp).
  std::optional<CameraScene> camera;
  Node root;
  std::vector<std::uint8_t> trailing;  // bytes after the node tree (pns065rd.ani has one 0x00 pad byte)
  friend bool operator==(const Document&, const Document&) = default;
};
}  // namespace ani

}  // namespace bonebridge::lego
