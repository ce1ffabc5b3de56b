// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/anim/engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "bonebridge/formats/volition/rig/engine.hpp"

namespace bonebridge::volition {
namespace {

std::vector<double> key_frames(const std::vector<int>& values, bool delta_times, KeyTimeModel model) {
  std::vector<double> frames;
  frames.reserve(values.size());
  double sum = 0;
  for (int value : values) {
    if (!delta_times) {
      frames.push_back(value);
    } else if (model == KeyTimeModel::Start) {
      frames.push_back(sum);
      sum += value;
    } else {
      sum += value;
      frames.push_back(sum);
    }
  }
  return frames;
}

std::vector<double> even_frames(std::size_t count, double end_frame) {
  std::vector<double> frames;
  for (std::size_t k = 0; k < count; ++k) {
    frames.push_back(count == 1 ? 0.0 : end_frame * static_cast<double>(k) / static_cast<double>(count - 1));
  }
  return frames;
}

DecodedTrack decode_track(const AnimTrack& track, const anim::Document& doc, const AnimSettings& settings) {
  DecodedTrack decoded;
  const bool delta_times = doc.flags & kDeltaTimes;
  if (!(doc.flags & kPackedKeys)) {
    decoded.rotations_undecoded = !track.rotation_keys.empty();
  } else {
    std::vector<int> times;
    std::size_t key = 0;
    for (const auto& raw : track.rotation_records) {
      const RotationRecord record = unpack_rotation_record(raw);
      for (int i = 0; i <= record.count && key < track.rotation_keys.size(); ++i, ++key) {
        const RotationKey packed = unpack_rotation_key(track.rotation_keys[key]);
        decoded.rotations.push_back(rotation_value(record, packed));
        times.push_back(packed.time);
      }
    }
    decoded.rotation_frames = settings.rotation_timing == RotationTiming::Even
                                  ? even_frames(decoded.rotations.size(), doc.end_frame)
                                  : key_frames(times, delta_times, settings.key_times);
  }
  std::size_t key = 0;
  for (const auto& record : track.translation_records) {
    for (std::uint32_t i = 0; i < record.num_keys && key < track.translation_keys.size(); ++i, ++key) {
      decoded.translations.push_back(
          translation_value(record, track.translation_keys[key], settings.translation_key_divisor));
    }
  }
  std::vector<int> times(track.translation_times.begin(), track.translation_times.end());
  decoded.translation_frames = key_frames(times, delta_times, settings.key_times);
  return decoded;
}

// Index k of the segment [k, k+1] holding `frame` and the fraction within it, clamped at both ends.
template <class Value, class Mix>
Value sample_keys(const std::vector<double>& frames, const std::vector<Value>& values, double frame,
                  Mix mix) {
  if (values.size() == 1 || frame <= frames.front()) return values.front();
  for (std::size_t k = 0; k + 1 < values.size(); ++k) {
    if (frame < frames[k + 1]) {
      const double span = frames[k + 1] - frames[k];
      const double f = span > 0 ? std::clamp((frame - frames[k]) / span, 0.0, 1.0) : 1.0;
      return mix(values[k], values[k + 1], f);
    }
  }
  return values.back();
}

}  // namespace

std::vector<std::string> assumptions(const AnimSettings& s) {
  return {
      fmt::format("time unit: end_frame and key times in frames at {} fps (assumed; notes §4)",
                  s.frames_per_second),
      s.key_times == KeyTimeModel::Start
          ? "with DELTA_TIMES each key's time value is its hold duration: key 0 at frame 0 (assumed, [SR3A])"
          : "with DELTA_TIMES each key's time value is the delta from the previous key (assumed, [RR])",
      s.rotation_timing == RotationTiming::Field
          ? "rotation key times from the low 6 bits of packed byte 2 ([RR]'s get_time; unverified)"
          : "rotation keys evenly spaced over end_frame ([SR3A]; ignores the 6-bit time)",
      fmt::format("translation key delta = value / {} (SR:TT exe: 4000; [RR]: 1000)",
                  s.translation_key_divisor),
      s.interpolation == KeyInterpolation::Slerp ? "interpolation: shortest-path slerp / linear, clamped at "
                                                   "both ends (assumed, [SR3A]; not traced in an exe)"
      : s.interpolation == KeyInterpolation::Nlerp
          ? "interpolation: shortest-path nlerp / linear, clamped at both ends (assumed; not traced in an "
            "exe)"
          : "interpolation: each key held until the next (assumed; not traced in an exe)",
      "rotation and translation keys are absolute local values; no translation keys: the rig's offset "
      "(assumed)",
      "the root controller block, morph data and weight keys are kept but not evaluated (meaning unknown)",
  };
}

std::vector<DecodedTrack> decode_tracks(const anim::Document& doc, const AnimSettings& settings) {
  std::vector<DecodedTrack> tracks;
  tracks.reserve(doc.tracks.size());
  for (std::size_t i = 0; i < doc.tracks.size(); ++i) {
    DecodedTrack track = decode_track(doc.tracks[i], doc, settings);
    if (doc.bone_mapping_offset.value == 0) {
      track.bone = static_cast<int>(i);
    } else {
      const std::uint8_t bone = i < doc.bone_mapping.size() ? doc.bone_mapping[i] : 255;
      track.bone = bone == 255 ? -1 : bone;
    }
    tracks.push_back(std::move(track));
  }
  return tracks;
}

Quat nlerp(Quat a, Quat b, double f) {
  if (dot(a, b) < 0) b = -b;
  return normalize(
      {a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f, a.w + (b.w - a.w) * f});
}

Quat sample_rotation(const std::vector<double>& frames, const std::vector<Quat>& values, double frame,
                     KeyInterpolation interpolation) {
  return sample_keys(frames, values, frame, [interpolation](Quat a, Quat b, double f) {
    switch (interpolation) {
      case KeyInterpolation::Step:
        return f >= 1.0 ? b : a;
      case KeyInterpolation::Nlerp:
        return nlerp(a, b, f);
      case KeyInterpolation::Slerp:
        break;
    }
    return slerp(a, b, f);
  });
}

Vec3 sample_translation(const std::vector<double>& frames, const std::vector<Vec3>& values, double frame,
                        KeyInterpolation interpolation) {
  return sample_keys(frames, values, frame, [interpolation](Vec3 a, Vec3 b, double f) {
    if (interpolation == KeyInterpolation::Step) return f >= 1.0 ? b : a;
    return lerp(a, b, f);
  });
}

anim::Engine::Engine(const anim::Document& document, const rig::Document* rig, AnimSettings settings)
    : document_(document), rig_(rig), settings_(settings), tracks_(decode_tracks(document, settings)) {}

double anim::Engine::duration() const {
  return document_.end_frame / settings_.frames_per_second;
}

EnginePose anim::engine_pose(const Engine& engine, double seconds) {
  const auto& tracks = engine.tracks();
  const AnimSettings& settings = engine.settings();
  const rig::Document* rig = engine.rig();
  EnginePose pose;
  pose.time = seconds;
  const double frame = seconds * settings.frames_per_second;
  if (rig) {
    pose = rig::engine_pose(*rig, seconds);
  } else {
    for (std::size_t i = 0; i < tracks.size(); ++i)
      pose.joints.push_back({fmt::format("track {}", i), -1, {}, {}});
  }
  for (std::size_t i = 0; i < tracks.size(); ++i) {
    const auto& track = tracks[i];
    const std::size_t joint = rig ? static_cast<std::size_t>(track.bone) : i;
    if (track.bone < 0 || joint >= pose.joints.size()) continue;
    auto& local = pose.joints[joint].local;
    if (!track.rotations.empty())
      local.rotation = sample_rotation(track.rotation_frames, track.rotations, frame, settings.interpolation);
    if (!track.translations.empty()) {
      local.translation =
          sample_translation(track.translation_frames, track.translations, frame, settings.interpolation);
    }
  }
  compose_model_matrices(pose);
  return pose;
}

float rotation_component(int base, int scaler, int delta) {
  const int units = 64 * base + kRotationScalers[static_cast<std::size_t>(scaler & 3)] * delta;
  return static_cast<float>(units) * 4.0f * kRotationStep;
}

Quat rotation_value(const RotationRecord& record, const RotationKey& key) {
  std::array<float, 3> small{};
  for (int j = 0; j < 3; ++j) small[j] = rotation_component(record.base[j], record.scaler[j], key.delta[j]);
  const float rest = 1.0f - small[0] * small[0] - small[1] * small[1] - small[2] * small[2];
  const float fourth = std::sqrt(std::max(0.0f, rest));
  std::array<double, 4> q{};
  for (int i = 0, j = 0; i < 4; ++i) q[i] = i == record.largest ? fourth : small[j++];
  return {q[0], q[1], q[2], q[3]};
}

Vec3 translation_value(const TranslationRecord& record, const TranslationKey& key, double key_divisor) {
  auto axis = [&](int i) { return record.base[i] * kTranslationBaseUnit + key[i] / key_divisor; };
  return {axis(0), axis(1), axis(2)};
}

}  // namespace bonebridge::volition
