// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <cmath>

#include "bonebridge/core/bake.hpp"
#include "formats/template/pend/bridge.hpp"

namespace bonebridge::pendulum::pend {
namespace {

constexpr double kTolerance = 1e-6;

// The turn about Z that q is, in degrees within 180 of `previous`; `off_axis` is set when q also turns about
// another axis (which the format cannot hold).
double degrees_about_z(Quat q, double previous, bool& off_axis) {
  off_axis |= std::abs(q.x) > kTolerance || std::abs(q.y) > kTolerance;
  const double degrees = 2 * std::atan2(q.z, q.w) * 180 / kPi;
  return previous + std::remainder(degrees - previous, 360.0);
}

struct JointNotes {
  bool off_axis = false, not_whole_ms = false;
};

// Keys that linear interpolation of their neighbours reproduces within 1e-4 degrees are dropped
// (core/bake.hpp), before times are rounded to whole milliseconds: what to_core cut an arc into comes back as
// the key pair it was.
std::vector<Knot<double>> reduced(const std::vector<Knot<double>>& knots) {
  const auto fits = [](double a, double b, double f, double actual) {
    return std::abs(a + (b - a) * f - actual) <= 1e-4;
  };
  std::vector<Knot<double>> kept;
  for (const std::size_t i : reduce<double>(knots, fits, Reduction{256, SpanSearch::Doubling}))
    kept.push_back(knots[i]);
  return kept;
}

std::vector<Key> keys_of(const Channel<Quat>& channel, JointNotes& notes) {
  std::vector<Knot<double>> knots;  // ms, degrees
  double previous = 0;
  for (std::size_t k = 0; k < channel.times.size(); ++k) {
    const std::size_t per_key = channel.values_per_key();
    const Quat q = channel.values[k * per_key + (per_key == 3 ? 1 : 0)];
    previous = degrees_about_z(q, previous, notes.off_axis);
    knots.push_back({channel.times[k] * 1000, previous});
  }
  std::vector<Key> keys;
  for (const auto& knot : reduced(knots)) {
    const double ms = std::round(knot.time);
    notes.not_whole_ms |= std::abs(ms - knot.time) > 1e-3;
    if (ms < 0 || ms > 4294967295.0 || (!keys.empty() && ms <= keys.back().ms)) continue;
    keys.push_back({static_cast<std::uint32_t>(ms), static_cast<float>(knot.value)});
  }
  return keys;
}

void note_joint(const Joint& joint, const JointChannels& channels, const JointNotes& notes,
                std::vector<std::string>& out) {
  if (channels.translation)
    out.push_back(fmt::format("joint \"{}\": translation channel dropped", joint.name));
  if (channels.scale) out.push_back(fmt::format("joint \"{}\": scale channel dropped", joint.name));
  if (notes.off_axis) out.push_back(fmt::format("joint \"{}\": rotation about X and Y dropped", joint.name));
  if (notes.not_whole_ms)
    out.push_back(fmt::format("joint \"{}\": key times rounded to whole ms", joint.name));
  if (channels.rotation && channels.rotation->interpolation != Interpolation::Linear)
    out.push_back(fmt::format("joint \"{}\": rotation keys played as LINEAR", joint.name));
}

}  // namespace

Result<Converted<Document>> from_core(const Scene& scene, const Settings& settings) {
  if (settings.clip >= scene.clips.size() && !scene.clips.empty())
    return Error{kFormat,
                 fmt::format("the scene has {} clips; no clip {}", scene.clips.size(), settings.clip),
                 {},
                 {},
                 {}};
  Converted<Document> out;
  for (const auto& source : scene.skeleton.joints) {
    Joint joint;
    joint.name = source.name.substr(0, 15);
    if (joint.name != source.name)
      out.notes.push_back(fmt::format("joint \"{}\": name cut to 15 bytes", source.name));
    joint.parent = static_cast<std::int16_t>(source.parent);
    joint.length = static_cast<float>(-source.rest.translation.y) + 0.0f;  // + 0: a root's -0 is written as 0
    if (std::abs(source.rest.translation.x) > kTolerance || std::abs(source.rest.translation.z) > kTolerance)
      out.notes.push_back(fmt::format("joint \"{}\": rest offset along X and Z dropped", source.name));
    out.value.joints.push_back(std::move(joint));
  }
  if (scene.clips.empty()) return out;
  for (const auto& channels : scene.clips[settings.clip].joints) {
    if (channels.joint < 0 || static_cast<std::size_t>(channels.joint) >= out.value.joints.size()) continue;
    Joint& joint = out.value.joints[static_cast<std::size_t>(channels.joint)];
    JointNotes notes;
    if (channels.rotation) joint.keys = keys_of(*channels.rotation, notes);
    note_joint(joint, channels, notes, out.notes);
  }
  return out;
}

}  // namespace bonebridge::pendulum::pend
