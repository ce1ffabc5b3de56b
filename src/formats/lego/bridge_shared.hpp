// SPDX-License-Identifier: MIT
#pragma once
// What the two directions of the `.ani` bridge (bridge.hpp) share: the clip metadata keys, the point lists
// (times in milliseconds) and their reduction to the fewest points that reproduce them, and the rotation of a
// model matrix.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>
#include <vector>

#include "bonebridge/core/bake.hpp"
#include "bonebridge/core/math.hpp"

namespace bonebridge::lego {

// No segment over 15 degrees; arcs are cut into pieces a little under it so that float rounding never pushes
// one over it.
constexpr RotationSegments kSegments{15.0 * kPi / 180.0, 14.5 * kPi / 180.0, 0};
constexpr double kReduceTolerance = 2e-6;  // game units (relative above 1) or radians
// A kept point spans at most this many dropped ones, which bounds the reduction's work per point.
constexpr std::size_t kMaxReduceSpan = 256;
constexpr const char* kActorsKey = "lego.actors";
constexpr const char* kCameraKey = "lego.camera_joint";

template <class Value>
using Point = Knot<Value>;  // time in milliseconds

inline double vector_tolerance(Vec3 v) {
  return kReduceTolerance * std::max({1.0, std::abs(v.x), std::abs(v.y), std::abs(v.z)});
}

// A kept point spans at most kMaxReduceSpan points, found by doubling, then bisecting: O(span · log span)
// work per kept point, which a camera sampled every millisecond of a long clip needs.
template <class Value, class Fits>
std::vector<Point<Value>> reduce_points(const std::vector<Point<Value>>& points, Fits fits) {
  std::vector<Point<Value>> out;
  for (const std::size_t i :
       reduce(std::span<const Point<Value>>(points), fits, {kMaxReduceSpan, SpanSearch::Doubling})) {
    out.push_back(points[i]);
  }
  return out;
}

inline std::vector<Point<Vec3>> reduce_vectors(const std::vector<Point<Vec3>>& points) {
  return reduce_points(points, [](Vec3 a, Vec3 b, double f, Vec3 actual) {
    return lerp_reproduces(a, b, f, actual, vector_tolerance(actual));
  });
}

inline std::vector<Point<Quat>> reduce_rotations(const std::vector<Point<Quat>>& points) {
  return reduce_points(points, [](Quat a, Quat b, double f, Quat actual) {
    return angle_between(a, b) <= kSegments.max_radians &&
           slerp_reproduces(a, b, f, actual, kReduceTolerance);
  });
}

// Rotation of a column-vector matrix whose 3x3 part may carry scale: its columns normalised.
inline Quat rotation_of(const Mat4& m) {
  Mat3 r;
  for (int c = 0; c < 3; ++c) {
    const double n = std::sqrt(m.at(0, c) * m.at(0, c) + m.at(1, c) * m.at(1, c) + m.at(2, c) * m.at(2, c));
    for (int row = 0; row < 3; ++row) r.at(row, c) = n > 0 ? m.at(row, c) / n : (row == c ? 1.0 : 0.0);
  }
  return to_quat(r);
}

}  // namespace bonebridge::lego
