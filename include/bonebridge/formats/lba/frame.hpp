// SPDX-License-Identifier: MIT
#pragma once
// Units and frame, stated once for both kinds' bridges. LBA world units (a brick is 512 in X/Z, 256 in Y;
// x = side, y = up, z = forward, right-handed as the engine's rotation matrices are written) become metres
// through `unit_scale` (default: 1 unit = 1/512 m, i.e. one brick width = 1 m, an assumption); angles (1024
// or 4096 units per turn) become radians; durations (50 Hz ticks or ms) become seconds.
#include <array>

#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/math.hpp"
#include "bonebridge/formats/lba/variant.hpp"

namespace bonebridge::lba {

AxisConversion lba_to_gltf(double unit_scale);

// An angle in the variant's units (masked to one turn) in radians.
double to_radians(int angle, Variant variant);
// A difference of angles wrapped to [-units/2, units/2). Inline: the keyframe reduction asks per group per
// tick.
constexpr int wrap_half(int delta, int units) {
  delta %= units;
  if (delta >= units / 2) delta -= units;
  if (delta < -units / 2) delta += units;
  return delta;
}

// The quaternion of the engine's M = Rx(alpha)·Rz(gamma)·Ry(beta), angles in the variant's units.
Quat euler_to_quat(int alpha, int beta, int gamma, Variant variant);
// The reverse, in the same order; angles in [0, units). `previous` picks the closer of the two solutions.
std::array<int, 3> quat_to_euler(Quat q, Variant variant, const std::array<int, 3>& previous);

}  // namespace bonebridge::lba
