// SPDX-License-Identifier: MIT
#include "formats/template/pend/engine.hpp"

#include <algorithm>

namespace bonebridge::pendulum::pend {

double angle_at(const Joint& joint, double ms) {
  const auto& keys = joint.keys;
  if (keys.empty()) return 0;
  if (ms <= keys.front().ms) return keys.front().degrees;
  if (ms >= keys.back().ms) return keys.back().degrees;
  const auto next =
      std::upper_bound(keys.begin(), keys.end(), ms, [](double t, const Key& k) { return t < k.ms; });
  const auto& a = *(next - 1);
  const auto& b = *next;
  const double f = (ms - a.ms) / (static_cast<double>(b.ms) - a.ms);
  return a.degrees + (static_cast<double>(b.degrees) - a.degrees) * f;
}

double duration_seconds(const Document& document) {
  std::uint32_t end = 0;
  for (const auto& joint : document.joints) {
    if (!joint.keys.empty()) end = std::max(end, joint.keys.back().ms);
  }
  return end / 1000.0;
}

EnginePose engine_pose(const Document& document, double seconds) {
  EnginePose pose;
  pose.time = seconds;
  pose.joints.resize(document.joints.size());
  for (std::size_t j = 0; j < document.joints.size(); ++j) {
    const Joint& joint = document.joints[j];
    EngineJoint& out = pose.joints[j];
    out.name = joint.name;
    out.parent = joint.parent;
    out.local = {};
    out.local.translation = {0, joint.parent < 0 ? 0.0 : -static_cast<double>(joint.length), 0};
    out.local.rotation = axis_angle({0, 0, 1}, angle_at(joint, seconds * 1000) * kPi / 180);
    const Mat4 local = out.local.matrix();
    out.model = joint.parent < 0 ? local : pose.joints[static_cast<std::size_t>(joint.parent)].model * local;
  }
  return pose;
}

}  // namespace bonebridge::pendulum::pend
