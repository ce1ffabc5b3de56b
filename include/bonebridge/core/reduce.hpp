// SPDX-License-Identifier: MIT
#pragma once
// Writing a clip back into a game without bloat (issue 28). An export bakes what glTF cannot say (slerp cut
// into short pieces, jumps as key pairs, integer motion on a tick grid); the way back must not keep every
// baked key. Two tools, used by every family's writer:
//  - the source description: the export puts the source file's bytes (small files only) in the clip's
//    metadata, which the glTF carries in the animation's extras. A writer that finds it compares the engine's
//    motion of what it wrote with the engine's motion of the described file, at the engine's own instants;
//    when they agree within the family's rounding, the clip is unchanged and the described file is written
//    back byte for byte. (A glTF read back exactly as exported skips the comparison: core/seal.hpp.)
//  - key reduction measured by the engine (ozz's Decimate, ACL's error metric): a key is dropped while the
//    engine's own interpolation of the kept keys reproduces it within a tolerance.
// Blender's glTF importer (3.4) keeps no animation extras: the bonebridge add-on keeps them on the imported
// Action and puts them back on export (blender/io_scene_bonebridge), so that a clip imported and exported
// with nothing edited comes back byte for byte; through Blender's own glTF import alone, by the reduction.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/core/bake.hpp"
#include "bonebridge/core/clip.hpp"
#include "bonebridge/core/math.hpp"

namespace bonebridge {

// ---------------------------------------------------------------------------------------------------------
// The source description: "fnv1a64:<16 hex digits>:<base64 of the bytes>" under this metadata key.

inline constexpr const char* kSourceMetadata = "bonebridge.source";
// Larger files are not described: a glTF should not carry megabytes of base64 (the key reduction keeps
// their write-back small instead).
inline constexpr std::size_t kMaxDescribedSource = 256 * 1024;

std::string base64_encode(std::span<const std::uint8_t> bytes);
// nullopt when `text` is not padded base64 (RFC 4648 alphabet).
std::optional<std::vector<std::uint8_t>> base64_decode(const std::string& text);
std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes);

// Describes `bytes` in the clip's metadata when they are at most kMaxDescribedSource long.
void describe_source(Clip& clip, std::span<const std::uint8_t> bytes);
// The described bytes; nullopt when the clip describes none or the description is damaged (its hash does
// not match).
std::optional<std::vector<std::uint8_t>> described_source(const Clip& clip);

// ---------------------------------------------------------------------------------------------------------
// Motion compared at the engine's instants.

// Every joint's model matrix at a time, in the game's units and frame; nullopt when the engine fails.
using ModelPoseAt = std::function<std::optional<std::vector<Mat4>>(double time)>;

struct MotionTolerance {
  double position = 0;  // game units
  double radians = 0;
};

struct MotionDifference {
  bool comparable = true;  // both engines gave a pose with the same joint count at every instant
  double position = 0;     // the largest distance between a joint's two origins
  double radians = 0;      // the largest angle between a joint's two orientations
  double time = 0;         // where the larger of the two (relative to its tolerance) lies
  std::size_t instants = 0;
};

// Enough instants to compare a clip at its engine's time step, few enough to stay quick on a long clip.
inline constexpr std::size_t kMaxComparedInstants = 20000;

// Instants from 0 to `end` inclusive, `tick` apart, or evenly spread when more than `max_count`
// would be needed (max_count >= 2).
std::vector<double> engine_instants(double end, double tick, std::size_t max_count);

MotionDifference compare_motion(std::span<const double> instants, const ModelPoseAt& a, const ModelPoseAt& b);

// The same comparison an instant at a time, for a caller that can tell two poses are the same without their
// matrices (an engine state equal to another plays the same matrices).
class MotionComparison {
 public:
  // False, and the difference no longer comparable, when the poses differ in joint count or are not finite.
  bool add(double time, std::span<const Mat4> a, std::span<const Mat4> b);
  // An instant where the poses are the same, or no further apart than at an instant added before.
  void add_same(double time);
  const MotionDifference& difference() const { return difference_; }

 private:
  MotionDifference difference_;
  double worst_ = -1;  // the largest position + radians so far, at difference_.time
};
bool within(const MotionDifference& difference, const MotionTolerance& tolerance);

// The conversion notes of a writer that found the source described (issue 28): it wrote the source back
// (unchanged), or it did not because the motion differs (edited).
std::string unchanged_note(const MotionDifference& difference, const MotionTolerance& tolerance);
std::string edited_note(const MotionDifference& difference, const MotionTolerance& tolerance);

// The rotation part of a model matrix as a quaternion (its columns normalised first: the engines' matrices
// carry scale and float rounding).
Quat orientation_of(const Mat4& model);

// ---------------------------------------------------------------------------------------------------------
// Key reduction measured by the engine.

struct KeyReductionReport {
  std::size_t before = 0;
  std::size_t after = 0;
  double largest_error = 0;  // the error measure's unit, at a dropped key
};

// Indices of the items kept from `count` (the first and the last included) when `fits(from, to)` says that
// the engine plays items from..to from `from` and `to` alone within the caller's tolerance (the items between
// merged or dropped). Greedy from the first item, each span found by doubling (at most `max_span` items) and
// bisecting back, as reduce_keys does; for formats whose keys cannot be judged one at a time (an LBA
// keyframe carries every group and the actor's step).
template <class Fits>
std::vector<std::size_t> reduce_spans(std::size_t count, std::size_t max_span, Fits fits) {
  std::vector<std::size_t> kept;
  if (count == 0) return kept;
  kept.push_back(0);
  while (kept.back() + 1 < count) {
    const std::size_t from = kept.back();
    const std::size_t limit = std::max<std::size_t>(1, std::min(max_span, count - 1 - from));
    kept.push_back(from + grow_span(from, 1, limit, fits));
  }
  return kept;
}

// The keys kept from `keys` (times increasing, `time_of(key)`): a key is dropped when the engine's own
// interpolation of the kept keys around it, `interpolate(left, right, time)`, reproduces it within
// `tolerance` under `error(interpolated, key)`. The first and last keys stay. From each kept key the next is
// found by doubling the span (at most `max_span` keys) and bisecting back (ozz's Decimate is the same greedy
// walk one key at a time), so a long still or linear stretch costs a few hundred engine calls, not its
// square.
template <class Key, class TimeOf, class Interpolate, class ErrorOf>
std::vector<Key> reduce_keys(const std::vector<Key>& keys, TimeOf time_of, Interpolate interpolate,
                             ErrorOf error, double tolerance, std::size_t max_span,
                             KeyReductionReport& report) {
  std::vector<Knot<Key>> knots;
  knots.reserve(keys.size());
  for (const Key& key : keys) knots.push_back({static_cast<double>(time_of(key)), key});
  const auto fits = [&](const Key& left, const Key& right, double, const Key& actual) {
    return error(interpolate(left, right, time_of(actual)), actual) <= tolerance;
  };
  const std::vector<std::size_t> kept =
      reduce(std::span<const Knot<Key>>(knots), fits, Reduction{max_span, SpanSearch::Doubling});
  std::vector<Key> out;
  out.reserve(kept.size());
  for (std::size_t k = 0; k < kept.size(); ++k) {
    out.push_back(keys[kept[k]]);
    if (k == 0) continue;
    for (std::size_t dropped = kept[k - 1] + 1; dropped < kept[k]; ++dropped) {
      const double e =
          error(interpolate(keys[kept[k - 1]], keys[kept[k]], time_of(keys[dropped])), keys[dropped]);
      report.largest_error = std::max(report.largest_error, e);
    }
  }
  report.before += keys.size();
  report.after += out.size();
  return out;
}

}  // namespace bonebridge
