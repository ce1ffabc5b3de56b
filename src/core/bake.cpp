// SPDX-License-Identifier: MIT
#include "bonebridge/core/bake.hpp"

namespace bonebridge {

int segment_count(double radians, const RotationSegments& policy) {
  return static_cast<int>(std::ceil(radians / policy.piece_radians - policy.count_slack));
}

Quat same_hemisphere(Quat previous, Quat q) {
  return dot(previous, q) < 0 ? -q : q;
}

void align_hemispheres(std::span<Knot<Quat>> knots) {
  for (std::size_t i = 1; i < knots.size(); ++i)
    knots[i].value = same_hemisphere(knots[i - 1].value, knots[i].value);
}

void append_rotation_key(Channel<Quat>& channel, double time, Quat q, const RotationSegments& policy,
                         ArcInterpolation between) {
  if (!channel.values.empty()) {
    const Quat previous = channel.values.back();
    q = same_hemisphere(previous, q);
    const int pieces = segment_count(angle_between(previous, q), policy);
    const double start = channel.times.back();
    for (int k = 1; k < pieces; ++k) {
      const double f = static_cast<double>(k) / pieces;
      channel.times.push_back(start + (time - start) * f);
      channel.values.push_back(between(previous, q, f));
    }
  }
  channel.times.push_back(time);
  channel.values.push_back(q);
}

bool lerp_reproduces(Vec3 a, Vec3 b, double f, Vec3 actual, double tolerance) {
  return distance(lerp(a, b, f), actual) <= tolerance;
}

bool slerp_reproduces(Quat a, Quat b, double f, Quat actual, double radians) {
  return angle_between(slerp(a, b, f), actual) <= radians;
}

void note_error(ErrorReport& report, double error, double time) {
  ++report.compared;
  if (error > report.largest) {
    report.largest = error;
    report.time = time;
  }
}

}  // namespace bonebridge
