// SPDX-License-Identifier: MIT
#include <cmath>

#include "bonebridge/core/bake.hpp"
#include "formats/template/pend/bridge.hpp"
#include "formats/template/pend/engine.hpp"

namespace bonebridge::pendulum::pend {
namespace {

constexpr RotationSegments kSegments{15 * kPi / 180, 15 * kPi / 180, 1e-9};

Quat about_z(double degrees) {
  return axis_angle({0, 0, 1}, degrees * kPi / 180);
}

// LINEAR keys at every key, and the engine's own angle where an arc is cut into pieces.
Channel<Quat> rotation_channel(const Joint& joint, bool& cut) {
  Channel<Quat> channel;
  for (std::size_t k = 0; k < joint.keys.size(); ++k) {
    const Key& key = joint.keys[k];
    if (k > 0) {
      const Key& before = joint.keys[k - 1];
      const double arc = std::abs(static_cast<double>(key.degrees) - before.degrees) * kPi / 180;
      const int pieces = segment_count(arc, kSegments);
      for (int p = 1; p < pieces; ++p) {
        const double ms = before.ms + (static_cast<double>(key.ms) - before.ms) * p / pieces;
        channel.times.push_back(ms / 1000);
        channel.values.push_back(about_z(angle_at(joint, ms)));
      }
      cut |= pieces > 1;
    }
    channel.times.push_back(key.ms / 1000.0);
    channel.values.push_back(about_z(key.degrees));
  }
  return channel;
}

}  // namespace

Result<CoreConversion> to_core(const Document& document) {
  CoreConversion out;
  Clip clip;
  clip.name = "swing";
  clip.duration = duration_seconds(document);
  bool cut = false;
  for (std::size_t j = 0; j < document.joints.size(); ++j) {
    const Joint& joint = document.joints[j];
    Transform rest;
    rest.translation = {0, joint.parent < 0 ? 0.0 : -static_cast<double>(joint.length), 0};
    rest.rotation = about_z(angle_at(joint, 0));
    out.scene.skeleton.joints.push_back({joint.name, joint.parent, rest});
    out.core_joint_of.push_back(static_cast<int>(j));
    if (joint.keys.empty()) continue;
    JointChannels channels;
    channels.joint = static_cast<int>(j);
    channels.rotation = rotation_channel(joint, cut);
    clip.joints.push_back(std::move(channels));
  }
  out.scene.clips.push_back(std::move(clip));
  if (cut) out.notes.push_back("arcs cut into pieces of at most 15 degrees at the engine's own angles");
  return out;
}

}  // namespace bonebridge::pendulum::pend
