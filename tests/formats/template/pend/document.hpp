// SPDX-License-Identifier: MIT
#pragma once
// A test-only family written from src/formats/README.md alone, to show what a new format costs: the
// "pendulum" file (.pend), a chain of joints each turning about Z by keyed angles in degrees.
//   "PEND", u16 version (1), u16 joint count; per joint: char name[16] (NUL-padded), s16 parent (-1: root),
//   f32 length (the joint hangs `length` below its parent: rest translation (0, -length, 0)), u16 key count,
//   then keys of u32 time (ms, increasing) and f32 angle (degrees).
#include <cstdint>
#include <string>
#include <vector>

namespace bonebridge::pendulum::pend {

struct Key {
  std::uint32_t ms = 0;
  float degrees = 0;
  bool operator==(const Key&) const = default;
};

struct Joint {
  std::string name;  // at most 15 bytes
  std::int16_t parent = -1;
  float length = 0;
  std::vector<Key> keys;
  bool operator==(const Joint&) const = default;
};

struct Document {
  std::uint16_t version = 1;
  std::vector<Joint> joints;  // parents before children
  bool operator==(const Document&) const = default;
};

inline constexpr const char* kFormat = "pendulum .pend";

}  // namespace bonebridge::pendulum::pend
