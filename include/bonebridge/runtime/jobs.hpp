// SPDX-License-Identifier: MIT
#pragma once
// Jobs over runtime clips, in ozz-animation's manner: fill in the inputs, Validate() (an empty text when the
// job can run, else why not), then Run(), which allocates nothing and, on a job that does not validate,
// does nothing. The arithmetic is SSE2 on x86-64 (AVX2 picked at run time where the CPU has it: two SoA
// groups at once) and plain C++ elsewhere (WebAssembly, 32-bit, Windows builds); every path gives the same
// floats. SSE4.1 has no separate path: its additions (blends, rounding, dot products) are nothing these
// kernels need, and its dot product would change the order of the sums.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/runtime/clip.hpp"

namespace bonebridge::runtime {

namespace detail {
// Four tracks of one kind at the current time: left key a at left_time, right key b (a rotation in a's
// hemisphere), 1 / (right time - left time), and for rotations the factor k of the slerp correction.
// Translations and scales keep three components and no k: the less a character's context holds, the more
// characters' contexts stay in the cache.
struct alignas(16) VectorSegment {
  float left_time[4], inverse_span[4];
  float a[3][4], b[3][4];  // [component][lane]
};
struct alignas(16) RotationSegment {
  float left_time[4], inverse_span[4], k[4];
  float a[4][4], b[4][4];
};
struct GroupSegments {
  VectorSegment translation;
  RotationSegment rotation;
  VectorSegment scale;
};
struct KeyReader;
}  // namespace detail

// What a sampling job keeps between calls for one clip: each track's current segment, decoded. Made for one
// clip (bind it once; a context bound to another clip fails validation); one per character playing.
class SamplingContext {
 public:
  SamplingContext() = default;
  explicit SamplingContext(const RuntimeClip& clip) { bind(clip); }
  void bind(const RuntimeClip& clip);  // allocates and decodes the clip's start: once, outside the frame loop
  const RuntimeClip* clip() const { return clip_; }
  void invalidate() { time_ = -1; }

 private:
  friend struct SamplingJob;
  void restart(float time);    // from the seek point at or before `time`, or from the start
  void advance(float time);    // reads every key needed up to `time`
  detail::KeyReader reader();  // what reading keys needs, in one place
  const RuntimeClip* clip_ = nullptr;
  std::vector<detail::GroupSegments> segments_;  // per SoA group
  std::vector<float> right_time_;                // per track: the time its next key is needed at
  std::vector<std::uint32_t> right_key_;         // per track: the value offset of its segment's right key
  std::vector<std::uint32_t> seeking_;  // per track, while restarting: its left and right keys' offsets
  std::uint32_t next_ = 0;              // the first record not read, and its value offset
  std::uint32_t next_value_ = 0;
  float time_ = -1;  // time of the last Run, -1 before any
};

struct SamplingJob {
  const RuntimeClip* clip = nullptr;
  SamplingContext* context = nullptr;
  float time = 0;                  // seconds, within [0, clip->duration()]
  std::span<SoaTransform> output;  // at least clip->soa_count() groups

  std::string Validate() const;
  void Run() const;
  // `time` from a ratio of the duration (ozz's convention), clamped to [0, 1].
  void set_ratio(float ratio);
};

struct LocalToModelJob {
  const RuntimeSkeleton* skeleton = nullptr;
  std::span<const SoaTransform> input;  // at least skeleton->soa_count() groups
  std::span<Float4x4> output;           // at least skeleton->joint_count() matrices

  std::string Validate() const;
  void Run() const;
};

struct BlendingLayer {
  std::span<const SoaTransform> transform;
  float weight = 0;
};

// Weighted average of the normal layers (rotations aligned to the first layer's hemisphere, normalised), the
// rest pose weighted by what the layers' weights leave under `threshold`, then each additive layer applied
// on top with its weight (translation added, rotation multiplied, scale multiplied).
struct BlendingJob {
  const RuntimeSkeleton* skeleton = nullptr;
  std::span<const BlendingLayer> layers;
  std::span<const BlendingLayer> additive_layers;
  float threshold = 0.1f;
  std::span<SoaTransform> output;

  std::string Validate() const;
  void Run() const;
};

// Which arithmetic the jobs use on this machine: "avx2", "sse2" or "scalar".
const char* simd_path();
// Forces the scalar path (tests compare it with the SIMD one), or restores the run-time choice.
void force_scalar(bool scalar);
// Forces the path named ("scalar", "sse2", "avx2"; false, and nothing forced, when this CPU or build lacks
// it), or with nullptr or "" restores the run-time choice. For tests and benchmarks: the setting is global.
bool force_simd_path(const char* name);

}  // namespace bonebridge::runtime
