// SPDX-License-Identifier: MIT
#include "bonebridge/bvh/euler.hpp"

#include <algorithm>
#include <cmath>

namespace bonebridge::bvh {
namespace {

constexpr double kDegrees = 180.0 / kPi;

Vec3 unit_axis(int axis) {
  return {axis == 0 ? 1.0 : 0.0, axis == 1 ? 1.0 : 0.0, axis == 2 ? 1.0 : 0.0};
}

// The angle plus whole turns that lies nearest `near`.
double nearest_turn(double degrees, double near) {
  return degrees + 360.0 * std::round((near - degrees) / 360.0);
}

}  // namespace

std::string_view to_string(RotationOrder order) {
  switch (order) {
    case RotationOrder::XYZ:
      return "XYZ";
    case RotationOrder::XZY:
      return "XZY";
    case RotationOrder::YXZ:
      return "YXZ";
    case RotationOrder::YZX:
      return "YZX";
    case RotationOrder::ZXY:
      return "ZXY";
    case RotationOrder::ZYX:
      return "ZYX";
  }
  return "XYZ";
}

std::array<int, 3> axes_of(RotationOrder order) {
  const std::string_view name = to_string(order);
  return {name[0] - 'X', name[1] - 'X', name[2] - 'X'};
}

Quat euler_to_quat(RotationOrder order, const std::array<double, 3>& degrees) {
  const auto axes = axes_of(order);
  Quat q;
  for (int n = 0; n < 3; ++n) q = q * axis_angle(unit_axis(axes[n]), degrees[n] / kDegrees);
  return normalize(q);
}

// For R = R_i(a) R_j(b) R_k(c) with (i, j, k) the listed axes and s = +1 for the cyclic orders (XYZ, YZX,
// ZXY), -1 for the others: R(i,k) = s·sin b, R(i,i) = cos b cos c, R(i,j) = -s·cos b sin c,
// R(k,k) = cos a cos b, R(j,k) = -s·sin a cos b. At cos b = 0 only a ± c is defined; c is set to 0 and a
// read from R(k,j) = s·sin a, R(j,j) = cos a.
std::array<double, 3> quat_to_euler(RotationOrder order, Quat rotation, const std::array<double, 3>& near) {
  const auto [i, j, k] = axes_of(order);
  const double s = (j - i + 3) % 3 == 1 ? 1.0 : -1.0;
  const Mat3 r = to_mat3(normalize(rotation));
  const double sin_b = std::clamp(s * r.at(i, k), -1.0, 1.0);
  const double cos_b = std::hypot(r.at(i, i), r.at(i, j));
  double a = 0, c = 0;
  const double b = std::atan2(sin_b, cos_b);
  if (cos_b > 1e-12) {
    a = std::atan2(-s * r.at(j, k), r.at(k, k));
    c = std::atan2(-s * r.at(i, j), r.at(i, i));
  } else {
    a = std::atan2(s * r.at(k, j), r.at(j, j));
  }
  return {nearest_turn(a * kDegrees, near[0]), b * kDegrees, nearest_turn(c * kDegrees, near[2])};
}

}  // namespace bonebridge::bvh
