// SPDX-License-Identifier: MIT
#pragma once
// The pose of a crunched clip at time t. The key layout and value decoding are sourced (notes §3); the
// time unit, the key timing and the interpolation are not, so each is a setting whose default is the
// notes' suggestion, and `assumptions()` names them for `info` and `formats`.
#include <array>
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/math.hpp"
#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/rig/document.hpp"

namespace bonebridge::volition {

// The values of the unpacked keys (notes §3.4–§3.5).
// Step of the rotation fixed point, read from the SR:TT exe; equals float32(sqrt(1/2) / 8191).
inline constexpr float kRotationStep = 8.6327287e-05f;
inline constexpr std::array<int, 4> kRotationScalers{1, 2, 4, 16};
inline constexpr double kTranslationBaseUnit = 1.0 / 64.0;           // record base (SR:TT exe, [RR] agrees)
inline constexpr double kTranslationKeyDivisorSR3 = 4000.0;          // key delta (SR:TT exe)
inline constexpr double kTranslationKeyDivisorMillimetres = 1000.0;  // key delta per [RR]

// One of the three small components: (64·base + mult·delta) × 4 × S, in float as the engine computes it.
float rotation_component(int base, int scaler, int delta);
// Smallest-three reconstruction: the fourth component sqrt(max(0, 1 - a² - b² - c²)) at `largest`.
Quat rotation_value(const RotationRecord& record, const RotationKey& key);

// base/64 + delta/divisor per axis.
Vec3 translation_value(const TranslationRecord& record, const TranslationKey& key, double key_divisor);

// With DELTA_TIMES, how per-key time values place the keys: `Start`: key k starts after the durations of
// the keys before it (key 0 at frame 0; [SR3A]'s hold reading), `End`: key k sits at the sum up to and
// including its own value (a plain delta from the previous key). Without DELTA_TIMES values are absolute.
enum class KeyTimeModel { Start, End };
// Rotation keys: `Field` uses the 6-bit time in byte 2 ([RR]); `Even` spaces them evenly over
// end_frame ([SR3A]'s sample.cpp).
enum class RotationTiming { Field, Even };

// Between keys: `Slerp` (shortest path; [SR3A]'s sample.cpp) and linear translations, `Nlerp`
// (component-wise, shortest path, normalised) and linear translations, or `Step` (hold each key for both).
// No exe trace exists for any of them.
enum class KeyInterpolation { Slerp, Nlerp, Step };

struct AnimSettings {
  double frames_per_second = 30.0;  // assumed (notes §4)
  KeyTimeModel key_times = KeyTimeModel::Start;
  RotationTiming rotation_timing = RotationTiming::Field;
  double translation_key_divisor = 4000.0;                   // SR:TT exe; [RR] says millimetres (1000)
  KeyInterpolation interpolation = KeyInterpolation::Slerp;  // assumed
};

// Human-readable list of what the settings assume, for info() and the family row.
std::vector<std::string> assumptions(const AnimSettings& settings);

struct DecodedTrack {
  int bone = -1;  // rig bone this track drives; -1 for an unused slot (mapping 255)
  std::vector<double> rotation_frames;
  std::vector<Quat> rotations;
  std::vector<double> translation_frames;
  std::vector<Vec3> translations;
  bool rotations_undecoded = false;  // PACKED_KEYS clear: the unpacked key layout is unknown
};

std::vector<DecodedTrack> decode_tracks(const anim::Document& document, const AnimSettings& settings);

// Key values at `frame` under `interpolation`, clamped at both ends. Zero-length segments jump to the later
// key.
Quat sample_rotation(const std::vector<double>& frames, const std::vector<Quat>& values, double frame,
                     KeyInterpolation interpolation);
Vec3 sample_translation(const std::vector<double>& frames, const std::vector<Vec3>& values, double frame,
                        KeyInterpolation interpolation);
// Component-wise interpolation of the shortest-path pair, normalised.
Quat nlerp(Quat a, Quat b, double f);

namespace anim {

class Engine {
 public:
  // `rig` may be null: joints are then the tracks themselves, unparented, with zero default offsets.
  Engine(const anim::Document& document, const rig::Document* rig, AnimSettings settings);

  double duration() const;  // end_frame / frames_per_second
  const std::vector<DecodedTrack>& tracks() const { return tracks_; }
  const AnimSettings& settings() const { return settings_; }
  const rig::Document* rig() const { return rig_; }

 private:
  const anim::Document& document_;
  const rig::Document* rig_;
  AnimSettings settings_;
  std::vector<DecodedTrack> tracks_;
};

// The kind's one EnginePose fill: the rig's bind pose (or one unparented joint per track) with each track's
// keys sampled at `seconds`.
EnginePose engine_pose(const Engine& engine, double seconds);

}  // namespace anim

}  // namespace bonebridge::volition
