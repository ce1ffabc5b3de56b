// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/frame.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace bonebridge::lba {

double to_radians(int angle, Variant variant) {
  const int units = traits(variant).angle_units;
  return 2 * kPi * static_cast<double>(angle & (units - 1)) / units;
}

AxisConversion lba_to_gltf(double unit_scale) {
  return {
      1, 2, 3, unit_scale,
      fmt::format("LBA x side, y up, z forward (right-handed, as the rotation matrices are written) kept; "
                  "world units x {} to metres",
                  unit_scale)};
}

Quat euler_to_quat(int alpha, int beta, int gamma, Variant variant) {
  return normalize(axis_angle({1, 0, 0}, to_radians(alpha, variant)) *
                   axis_angle({0, 0, 1}, to_radians(gamma, variant)) *
                   axis_angle({0, 1, 0}, to_radians(beta, variant)));
}

// R = Rx(a)·Rz(c)·Ry(b) has R01 = -sin c, R11 = cos a cos c, R21 = sin a cos c, R00 = cos c cos b, R02 = cos
// c sin b.
std::array<int, 3> quat_to_euler(Quat q, Variant variant, const std::array<int, 3>& previous) {
  const Mat3 r = to_mat3(normalize(q));
  const int units = traits(variant).angle_units;
  const auto to_units = [&](double radians) {
    const auto v = static_cast<int>(std::lround(radians * units / (2 * kPi)));
    return ((v % units) + units) % units;
  };
  // Gimbal lock (gamma = ±90°) wherever gamma rounds to it: the engine then plays only a − b (sin c = 1) or
  // a + b (sin c = −1), which is kept, with the previous beta. Near the lock, alpha and beta alone are
  // atan2 of two values about cos c, where a glTF's float quaternion leaves noise of ~1e-7: taken from there,
  // they turned a part by up to 3 rad (an LBA2 clip read as LBA1, whose coarser angles round to the lock).
  // With sin c = 1: R10 = cos(a − b), R12 = −sin(a − b); with −1: R10 = −cos(a + b), R12 = −sin(a + b).
  double c = std::asin(std::clamp(-r.at(0, 1), -1.0, 1.0));
  double a = 0, b = 0;
  const int c_units = to_units(c);
  if (c_units != units / 4 && c_units != 3 * units / 4) {
    a = std::atan2(r.at(2, 1), r.at(1, 1));
    b = std::atan2(r.at(0, 2), r.at(0, 0));
  } else {
    c = c_units == units / 4 ? kPi / 2 : -kPi / 2;
    b = to_radians(previous[1], variant);
    a = c > 0 ? b + std::atan2(-r.at(1, 2), r.at(1, 0)) : std::atan2(-r.at(1, 2), -r.at(1, 0)) - b;
  }
  const std::array<int, 3> first{to_units(a), to_units(b), to_units(c)};
  const std::array<int, 3> second{to_units(a + kPi), to_units(b + kPi), to_units(kPi - c)};
  const auto distance = [&](const std::array<int, 3>& v) {
    int sum = 0;
    for (int i = 0; i < 3; ++i) sum += std::abs(wrap_half(v[i] - previous[i], units));
    return sum;
  };
  return distance(second) < distance(first) ? second : first;
}

}  // namespace bonebridge::lba
