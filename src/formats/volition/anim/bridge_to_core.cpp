// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/anim/bridge.hpp"

#include <fmt/format.h>

#include "bonebridge/core/bake.hpp"
#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/rig/bridge.hpp"

namespace bonebridge::volition {
namespace {

// Strictly increasing times (glTF requires it): a key at or before the previous one replaces it, as the
// engine jumps to the later of two keys at one time.
template <class Value>
void push_key(Channel<Value>& channel, double time, const Value& value) {
  if (!channel.times.empty() && time <= channel.times.back()) {
    channel.values.back() = value;
    return;
  }
  channel.times.push_back(time);
  channel.values.push_back(value);
}

// Nlerp and slerp follow the same arc at different speeds: samples every few degrees keep the difference
// far below the key quantisation.
constexpr double kNlerpSampleSpacing = 3.0 * kPi / 180.0;

Channel<Quat> rotation_channel(const DecodedTrack& track, const AnimSettings& settings) {
  const double fps = settings.frames_per_second;
  Channel<Quat> raw;
  for (std::size_t k = 0; k < track.rotations.size(); ++k) {
    push_key(raw, track.rotation_frames[k] / fps, normalize(track.rotations[k]));
  }
  if (settings.interpolation == KeyInterpolation::Step) {
    raw.interpolation = Interpolation::Step;
    return raw;
  }
  const bool nlerp_keys = settings.interpolation == KeyInterpolation::Nlerp;
  const double spacing = nlerp_keys ? kNlerpSampleSpacing : kMaxRotationSegment;
  const RotationSegments segments{spacing, spacing, 0};
  Channel<Quat> out;
  for (std::size_t k = 0; k < raw.times.size(); ++k) {
    append_rotation_key(out, raw.times[k], raw.values[k], segments, nlerp_keys ? nlerp : slerp);
  }
  return out;
}

Channel<Vec3> translation_channel(const DecodedTrack& track, const AnimSettings& settings) {
  Channel<Vec3> out;
  if (settings.interpolation == KeyInterpolation::Step) out.interpolation = Interpolation::Step;
  for (std::size_t k = 0; k < track.translations.size(); ++k) {
    push_key(out, track.translation_frames[k] / settings.frames_per_second, track.translations[k]);
  }
  return out;
}

}  // namespace

Result<CoreConversion> anim::to_core(const anim::Document& anim, const rig::Document* rig,
                                     const AnimSettings& settings, const AxisConversion& axes,
                                     const std::string& clip_name) {
  CoreConversion out;
  out.conversion = axes;
  const auto tracks = decode_tracks(anim, settings);
  if (rig) {
    out.scene.skeleton = rig_skeleton(*rig);
    for (std::size_t i = 0; i < rig->bones.size(); ++i) out.core_joint_of.push_back(static_cast<int>(i));
  } else {
    for (std::size_t i = 0; i < tracks.size(); ++i) {
      out.scene.skeleton.joints.push_back({fmt::format("track {}", i), -1, {}});
      out.core_joint_of.push_back(static_cast<int>(i));
    }
    out.notes.push_back("no rig given (--rig): joints are the tracks, unparented, with zero rest offsets");
  }
  Clip clip;
  clip.name = clip_name;
  clip.duration = anim.end_frame / settings.frames_per_second;
  const std::size_t joints = out.core_joint_of.size();
  for (std::size_t i = 0; i < tracks.size(); ++i) {
    const auto& track = tracks[i];
    const int joint = rig ? track.bone : static_cast<int>(i);
    if (joint < 0 || static_cast<std::size_t>(joint) >= joints) {
      if (!track.rotations.empty() || !track.translations.empty()) {
        out.notes.push_back(
            fmt::format("track {} drives bone {}, which the rig does not have: dropped", i, joint));
      }
      continue;
    }
    if (track.rotations_undecoded) {
      out.notes.push_back(
          fmt::format("track {}: unpacked rotation keys (PACKED_KEYS clear) have no known "
                      "layout; left at rest",
                      i));
    }
    JointChannels channels;
    channels.joint = joint;
    if (!track.rotations.empty()) channels.rotation = rotation_channel(track, settings);
    if (!track.translations.empty()) channels.translation = translation_channel(track, settings);
    if (channels.rotation || channels.translation) clip.joints.push_back(std::move(channels));
  }
  if (settings.interpolation == KeyInterpolation::Nlerp) {
    out.notes.push_back("nlerp between keys: resampled every 3 degrees as LINEAR (slerp) keys");
  }
  for (const auto& assumption : assumptions(settings)) out.notes.push_back(assumption);
  out.notes.push_back("axes: " + axes.description() + " (the engine's frame is not documented; assumed)");
  clip.metadata["source"] = "Volition .anim_pc";
  clip.metadata["frames_per_second"] = fmt::format("{}", settings.frames_per_second);
  describe_source(clip, anim::write(anim));  // the writer gives it back when the clip comes back unchanged
  out.scene.clips.push_back(std::move(clip));
  axes.apply(out.scene);
  return out;
}

}  // namespace bonebridge::volition
