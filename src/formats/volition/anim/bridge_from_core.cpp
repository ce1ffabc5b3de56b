// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/anim/bridge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "bonebridge/core/bake.hpp"
#include "bonebridge/core/math.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/rig/codec.hpp"

namespace bonebridge::volition {
namespace {

constexpr int kMaxRecordKeys = 64;     // 6-bit count + 1
constexpr int kMaxTimeValue = 63;      // 6-bit rotation time
constexpr std::size_t kMaxKeys = 255;  // u8 counts (SHORT_COUNTS is not written)
constexpr double kRotationUnit = 4.0 * static_cast<double>(kRotationStep);

std::array<double, 4> components(Quat q) {
  return {q.x, q.y, q.z, q.w};
}

// The record's choice for one axis: smallest error over the scalers and bases that fit every delta.
struct AxisFit {
  int base = 0, scaler = 0;
  double error = std::numeric_limits<double>::infinity();
};

AxisFit fit_axis(const std::vector<double>& units) {
  AxisFit best;
  for (int scaler = 0; scaler < 4; ++scaler) {
    const int mult = kRotationScalers[static_cast<std::size_t>(scaler)];
    for (int base = -32; base <= 31; ++base) {
      double error = 0;
      for (double u : units) {
        const double d = std::round((u - 64.0 * base) / mult);
        if (d < -32 || d > 31) {
          error = std::numeric_limits<double>::infinity();
          break;
        }
        error = std::max(error, std::abs(64.0 * base + mult * d - u));
      }
      if (error < best.error) best = {base, scaler, error};
    }
  }
  return best;
}

struct SmallThree {
  int largest = 3;
  std::array<double, 3> units{};  // the three other components in rotation-step units
};

SmallThree small_three(Quat q) {
  auto c = components(normalize(q));
  SmallThree out;
  for (int i = 0; i < 4; ++i) {
    if (std::abs(c[i]) > std::abs(c[out.largest])) out.largest = i;
  }
  const double sign = c[out.largest] < 0 ? -1.0 : 1.0;  // the reconstructed component is >= 0
  for (int i = 0, j = 0; i < 4; ++i) {
    if (i != out.largest) out.units[j++] = sign * c[i] / kRotationUnit;
  }
  return out;
}

// Frames of the kept keys: greedy, the longest run (at most 63 frames) whose dropped frames `fits`.
template <class Value, class Fits>
std::vector<int> thin(const std::vector<Value>& values, Fits fits) {
  std::vector<Knot<Value>> knots;
  knots.reserve(values.size());
  for (std::size_t f = 0; f < values.size(); ++f) knots.push_back({static_cast<double>(f), values[f]});
  std::vector<int> frames;
  for (const std::size_t f :
       reduce(std::span<const Knot<Value>>(knots), fits, {std::size_t{kMaxTimeValue}, SpanSearch::Longest})) {
    frames.push_back(static_cast<int>(f));
  }
  return frames;
}

std::optional<std::string> too_many_keys(const std::vector<int>& kept, const char* what,
                                         const std::string& bone) {
  if (kept.size() <= kMaxKeys) return std::nullopt;
  return fmt::format("bone \"{}\" needs {} {} keys; at most 255 without SHORT_COUNTS", bone, kept.size(),
                     what);
}

// Per-key time values for kept frames, in the settings' DELTA_TIMES model.
std::vector<int> time_values(const std::vector<int>& frames, int end_frame, KeyTimeModel model) {
  std::vector<int> out;
  for (std::size_t k = 0; k < frames.size(); ++k) {
    if (model == KeyTimeModel::Start) {
      out.push_back((k + 1 < frames.size() ? frames[k + 1] : end_frame) - frames[k]);
    } else {
      out.push_back(frames[k] - (k == 0 ? 0 : frames[k - 1]));
    }
  }
  return out;
}

void encode_rotations(AnimTrack& track, const std::vector<Quat>& samples, const std::vector<int>& frames,
                      const std::vector<int>& times, EncodeReport& report) {
  std::size_t k = 0;
  while (k < frames.size()) {
    const SmallThree first = small_three(samples[static_cast<std::size_t>(frames[k])]);
    std::array<std::vector<double>, 3> units;
    std::array<AxisFit, 3> fits;
    for (int j = 0; j < 3; ++j) {
      units[j] = {first.units[j]};
      fits[j] = fit_axis(units[j]);
    }
    const double tolerance = std::max({0.5, fits[0].error, fits[1].error, fits[2].error});
    std::size_t end = k + 1;
    while (end < frames.size() && static_cast<int>(end - k) < kMaxRecordKeys) {
      const SmallThree next = small_three(samples[static_cast<std::size_t>(frames[end])]);
      if (next.largest != first.largest) break;
      std::array<AxisFit, 3> trial;
      bool fits_all = true;
      for (int j = 0; j < 3 && fits_all; ++j) {
        units[j].push_back(next.units[j]);
        trial[j] = fit_axis(units[j]);
        fits_all = trial[j].error <= tolerance;
      }
      if (!fits_all) break;
      fits = trial;
      ++end;
    }
    RotationRecord record;
    record.largest = first.largest;
    record.count = static_cast<int>(end - k) - 1;
    for (int j = 0; j < 3; ++j) {
      record.base[j] = fits[j].base;
      record.scaler[j] = fits[j].scaler;
    }
    track.rotation_records.push_back(pack_rotation_record(record));
    for (std::size_t i = k; i < end; ++i) {
      const SmallThree s = small_three(samples[static_cast<std::size_t>(frames[i])]);
      RotationKey key;
      key.time = times[i];
      for (int j = 0; j < 3; ++j) {
        const int mult = kRotationScalers[static_cast<std::size_t>(record.scaler[j])];
        key.delta[j] = static_cast<int>(std::round((s.units[j] - 64.0 * record.base[j]) / mult));
      }
      track.rotation_keys.push_back(pack_rotation_key(key));
      const Quat decoded = rotation_value(record, key);
      report.max_rotation_error = std::max(
          report.max_rotation_error, angle_between(decoded, samples[static_cast<std::size_t>(frames[i])]));
    }
    k = end;
  }
}

std::optional<std::string> encode_translations(AnimTrack& track, const std::vector<Vec3>& samples,
                                               const std::vector<int>& frames, const std::vector<int>& times,
                                               double divisor, EncodeReport& report) {
  auto axis = [](Vec3 v, int i) { return i == 0 ? v.x : i == 1 ? v.y : v.z; };
  const double reach = 127.0 / divisor;
  std::size_t k = 0;
  while (k < frames.size()) {
    std::array<double, 3> low{}, high{};
    for (int i = 0; i < 3; ++i) low[i] = high[i] = axis(samples[static_cast<std::size_t>(frames[k])], i);
    std::size_t end = k + 1;
    for (; end < frames.size(); ++end) {
      bool fits = true;
      for (int i = 0; i < 3; ++i) {
        const double v = axis(samples[static_cast<std::size_t>(frames[end])], i);
        fits = fits && std::max(high[i], v) - std::min(low[i], v) <= 2 * reach - 2.0 / 64.0;
      }
      if (!fits) break;
      for (int i = 0; i < 3; ++i) {
        const double v = axis(samples[static_cast<std::size_t>(frames[end])], i);
        low[i] = std::min(low[i], v);
        high[i] = std::max(high[i], v);
      }
    }
    TranslationRecord record;
    record.num_keys = static_cast<std::uint32_t>(end - k);
    for (int i = 0; i < 3; ++i) {
      const double base = std::round((low[i] + high[i]) / 2 * 64.0);
      if (base < -32768 || base > 32767) {
        return fmt::format("translation {} is beyond the 16-bit record range (±512 units)",
                           axis(samples[0], i));
      }
      record.base[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(base);
    }
    track.translation_records.push_back(record);
    for (std::size_t i = k; i < end; ++i) {
      const Vec3 v = samples[static_cast<std::size_t>(frames[i])];
      TranslationKey key{};
      for (int a = 0; a < 3; ++a) {
        const double d = std::round((axis(v, a) - record.base[static_cast<std::size_t>(a)] / 64.0) * divisor);
        key[static_cast<std::size_t>(a)] = static_cast<std::int8_t>(std::clamp(d, -128.0, 127.0));
      }
      track.translation_keys.push_back(key);
      track.translation_times.push_back(static_cast<std::uint16_t>(times[i]));
      report.max_translation_error =
          std::max(report.max_translation_error, distance(translation_value(record, key, divisor), v));
    }
    k = end;
  }
  return std::nullopt;
}

// The error as the engine sees it: the written document decoded and evaluated at every frame.
void measure_decoded(EncodedAnim& out, const rig::Document& rig, const AnimSettings& settings,
                     const std::vector<std::vector<Transform>>& frames, const std::vector<int>& bone_joints) {
  const anim::Engine engine(out.document, &rig, settings);
  for (std::size_t f = 0; f < frames.size(); ++f) {
    const auto pose = engine_pose(engine, static_cast<double>(f) / settings.frames_per_second);
    for (std::size_t bone = 0; bone < bone_joints.size(); ++bone) {
      if (bone_joints[bone] < 0) continue;
      const auto& source = frames[f][static_cast<std::size_t>(bone_joints[bone])];
      const auto& local = pose.joints[bone].local;
      out.report.max_rotation_error =
          std::max(out.report.max_rotation_error, angle_between(local.rotation, source.rotation));
      out.report.max_translation_error =
          std::max(out.report.max_translation_error, distance(local.translation, source.translation));
    }
  }
}

// The document's header for a clip of `end_frame` frames over the rig's bones, with no track yet.
anim::Document empty_document(const rig::Document& rig, int end_frame) {
  anim::Document doc;
  doc.width = PointerWidth::Eight;
  doc.version = 14;
  doc.flags = kPackedKeys | kDeltaTimes | kHasMotion;
  doc.end_frame = static_cast<std::uint16_t>(end_frame);
  doc.num_rig_bones = static_cast<std::uint8_t>(rig.bones.size());
  doc.tracks.resize(rig.bones.size());
  doc.tail = {0, 0};  // an empty root-controller block: no separate root motion
  return doc;
}

// Local transforms of every core joint at every frame.
std::vector<std::vector<Transform>> sample_frames(const Clip& clip, const Skeleton& skeleton, int end_frame,
                                                  double frames_per_second) {
  ClipSampler sampler(skeleton, clip);
  std::vector<std::vector<Transform>> frames(static_cast<std::size_t>(end_frame) + 1,
                                             std::vector<Transform>(skeleton.joints.size()));
  for (int f = 0; f <= end_frame; ++f)
    sampler.sample(f / frames_per_second, frames[static_cast<std::size_t>(f)]);
  return frames;
}

// Bone `bone`'s track from the joint's motion at every frame: thinned keys, then packed records.
std::optional<std::string> encode_bone(EncodedAnim& out, const rig::Document& rig,
                                       const AnimSettings& settings, const MotionTolerance& tolerance,
                                       const std::vector<std::vector<Transform>>& frames, std::size_t bone,
                                       std::size_t joint, const std::string& name) {
  std::vector<Quat> rotations;
  std::vector<Vec3> translations;
  bool rotates = false, moves = false;
  const auto& rel = rig.bones[bone].rel_bone_translation;
  const Vec3 rig_offset{rel.x, rel.y, rel.z};
  for (std::size_t frame = 0; frame < frames.size(); ++frame) {
    const Transform& local = frames[frame][joint];
    const Quat& q = local.rotation;
    const Vec3& t = local.translation;
    // A NaN or infinite pose (a glTF's key) has no packed form: the key deltas are integers.
    for (const double value : {q.x, q.y, q.z, q.w, t.x, t.y, t.z}) {
      if (!std::isfinite(value))
        return fmt::format("bone \"{}\": frame {}: the pose is not a finite number (NaN or infinite)", name,
                           frame);
    }
    rotations.push_back(normalize(q));
    translations.push_back(t);
    rotates = rotates || angle_between(rotations.back(), Quat{}) > tolerance.radians;
    moves = moves || distance(translations.back(), rig_offset) > tolerance.position;
  }
  const int end_frame = out.document.end_frame;
  auto& track = out.document.tracks[bone];
  if (rotates) {
    const auto kept = thin(rotations, [&](Quat a, Quat b, double s, Quat actual) {
      return slerp_reproduces(a, b, s, actual, tolerance.radians);
    });
    if (auto error = too_many_keys(kept, "rotation", name)) return error;
    encode_rotations(track, rotations, kept, time_values(kept, end_frame, settings.key_times), out.report);
    out.report.rotation_keys += kept.size();
  }
  if (moves) {
    const auto kept = thin(translations, [&](Vec3 a, Vec3 b, double s, Vec3 actual) {
      return lerp_reproduces(a, b, s, actual, tolerance.position);
    });
    if (auto error = too_many_keys(kept, "translation", name)) return error;
    const auto times = time_values(kept, end_frame, settings.key_times);
    if (auto error = encode_translations(track, translations, kept, times, settings.translation_key_divisor,
                                         out.report)) {
      return fmt::format("bone \"{}\": {}", name, *error);
    }
    out.report.translation_keys += kept.size();
  }
  return std::nullopt;
}

// What the document cannot hold: joints outside the rig, root motion, events, scale.
void note_dropped(EncodeReport& report, const Clip& clip, const Skeleton& skeleton,
                  const std::vector<bool>& matched) {
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j) {
    if (!matched[j])
      report.notes.push_back(fmt::format("joint \"{}\" is not in the rig: dropped", skeleton.joints[j].name));
  }
  if (clip.root_motion)
    report.notes.push_back("root motion is not written (the root-controller block is unknown)");
  if (!clip.events.empty()) report.notes.push_back("events are dropped (the format has none)");
  for (const auto& channels : clip.joints) {
    if (channels.scale) {
      report.notes.push_back("scale channels are dropped (AFF_HAS_SCALE_KEYS is disabled)");
      break;
    }
  }
}

}  // namespace

Result<EncodedAnim> anim::from_core(const Clip& clip, const Skeleton& skeleton, const rig::Document& rig,
                                    const AnimSettings& settings, const MotionTolerance& tolerance) {
  const char* format = kAnimFormat;
  auto fail = [&](std::string message) -> Result<EncodedAnim> {
    return Error{format, std::move(message), {}, {}, {}};
  };
  if (rig.bones.size() > 255)
    return fail(fmt::format("the rig has {} bones; a clip addresses at most 255", rig.bones.size()));
  const double frames_exact = clip.duration * settings.frames_per_second;
  if (!(frames_exact >= 0) || frames_exact > 65535) {
    return fail(fmt::format("a duration of {} s does not fit end_frame (u16 frames)", clip.duration));
  }
  const int end_frame = static_cast<int>(std::lround(frames_exact));

  EncodedAnim out;
  out.report.frames = static_cast<std::size_t>(end_frame);
  out.document = empty_document(rig, end_frame);
  const auto frames = sample_frames(clip, skeleton, end_frame, settings.frames_per_second);
  std::vector<bool> matched(skeleton.joints.size(), false);
  std::vector<int> bone_joints(rig.bones.size(), -1);
  for (std::size_t bone = 0; bone < rig.bones.size(); ++bone) {
    const std::string name = rig_bone_name(rig, bone);
    const auto it = std::find_if(skeleton.joints.begin(), skeleton.joints.end(),
                                 [&](const Joint& j) { return j.name == name; });
    if (it == skeleton.joints.end()) {
      out.report.notes.push_back(fmt::format("rig bone \"{}\" has no joint in the clip: rest pose", name));
      continue;
    }
    const auto joint = static_cast<std::size_t>(it - skeleton.joints.begin());
    matched[joint] = true;
    bone_joints[bone] = static_cast<int>(joint);
    if (auto error = encode_bone(out, rig, settings, tolerance, frames, bone, joint, name))
      return fail(*error);
  }
  note_dropped(out.report, clip, skeleton, matched);
  lay_out_anim(out.document);
  measure_decoded(out, rig, settings, frames, bone_joints);
  return out;
}

std::string reduction_note(const EncodeReport& report, const MotionTolerance& tolerance) {
  return fmt::format(
      "keys reduced by the engine's interpolation (tolerance {:.3g} units, {:.3g} rad): {} rotation and {} "
      "translation keys over {} frames, the largest error of the written file {:.3g} units, {:.3g} rad",
      tolerance.position, tolerance.radians, report.rotation_keys, report.translation_keys, report.frames,
      report.max_translation_error, report.max_rotation_error);
}

namespace {

// What the round trip through glTF's float32 moves the engine's motion by.
constexpr MotionTolerance kUnchangedTolerance{1e-4, 1e-4};

}  // namespace

std::optional<std::vector<std::uint8_t>> unchanged_source(const Clip& clip, const Skeleton& skeleton,
                                                          const rig::Document& rig,
                                                          const AnimSettings& settings,
                                                          std::vector<std::string>& notes) {
  auto bytes = described_source(clip);
  if (!bytes) return std::nullopt;
  const auto source = anim::read(*bytes);
  std::vector<int> bone_joints;
  for (std::size_t bone = 0; bone < rig.bones.size(); ++bone) {
    const std::string name = rig_bone_name(rig, bone);
    const auto it = std::find_if(skeleton.joints.begin(), skeleton.joints.end(),
                                 [&](const Joint& j) { return j.name == name; });
    bone_joints.push_back(it == skeleton.joints.end() ? -1 : static_cast<int>(it - skeleton.joints.begin()));
  }
  const bool same_length =
      source && source->end_frame ==
                    static_cast<std::uint16_t>(std::lround(clip.duration * settings.frames_per_second));
  if (!same_length || std::count(bone_joints.begin(), bone_joints.end(), -1) > 0) {
    notes.push_back(edited_note(MotionDifference{false}, kUnchangedTolerance));
    return std::nullopt;
  }
  const anim::Engine engine(*source, &rig, settings);
  ClipSampler sampler(skeleton, clip);
  std::vector<Transform> locals(skeleton.joints.size());
  const auto played = [&](double time) -> std::optional<std::vector<Mat4>> {
    const auto pose = engine_pose(engine, time);
    if (pose.joints.size() != rig.bones.size()) return std::nullopt;
    std::vector<Mat4> out;
    for (const auto& joint : pose.joints) out.push_back(joint.local.matrix());
    return out;
  };
  const auto moved = [&](double time) -> std::optional<std::vector<Mat4>> {
    sampler.sample(time, locals);
    std::vector<Mat4> out;
    for (const int joint : bone_joints) out.push_back(locals[static_cast<std::size_t>(joint)].matrix());
    return out;
  };
  const auto instants =
      engine_instants(clip.duration, 0.5 / settings.frames_per_second, kMaxComparedInstants);
  const MotionDifference difference = compare_motion(instants, played, moved);
  if (!within(difference, kUnchangedTolerance)) {
    notes.push_back(edited_note(difference, kUnchangedTolerance));
    return std::nullopt;
  }
  notes = {unchanged_note(difference, kUnchangedTolerance)};
  return bytes;
}

}  // namespace bonebridge::volition
