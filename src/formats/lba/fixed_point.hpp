// SPDX-License-Identifier: MIT
#pragma once
// The integer arithmetic the animation and body engines share: Q14 fixed point, 16-bit words, and angles
// masked to one turn.
#include <cstdint>

#include "bonebridge/formats/lba/variant.hpp"

namespace bonebridge::lba {

inline constexpr int kOne = 16384;  // Q14

constexpr int angle_mask(Variant variant) {
  return traits(variant).angle_units - 1;
}

inline std::int16_t word(int value) {
  return static_cast<std::int16_t>(static_cast<std::uint16_t>(value & 0xFFFF));
}

}  // namespace bonebridge::lba
