// SPDX-License-Identifier: MIT
// Keyframe reduction by the engine's own playback: keyframes that the engine plays as one merged keyframe
// within the tolerance of the glTF's motion become one.
#include "bridge_steps.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"

namespace bonebridge::lba {
namespace {

// At most this many keyframes become one (the tests of a span replay it: a long still stretch costs a few).
constexpr std::size_t kMaxMergedKeyframes = 1024;

// A span test plays the merged keyframe tick by tick, twice, so its cost is the span's duration, which a
// clip's keyframes set freely (issue 38: a 9-minute LBA2 clip of 90 keyframes took 14 s under the
// sanitizers). Work is bounded by keyframes instead: a span lasting more ticks than this is not merged
// (LBA1: 82 s; LBA2: 4.1 s), so one test plays at most 2 x 4,096 ticks.
constexpr std::int64_t kMaxSpanTicks = 4096;
// And the whole reduction plays at most this many group-ticks (ticks x (groups + 4): the actor's own motion
// costs about four groups) and at most kReductionTicks ticks, whatever the group count (a fuzz_capi unit of
// 259 LBA2 keyframes and no group played 524,288 ticks of turned steps: 0.3 s CPU under the sanitizers, as
// many ticks as the evaluation's own bound, engine.hpp, allows): the keyframes not yet reached then stay as
// exported (a larger file, the same motion). The samples use at most 2.3 M group-ticks of it
// (ANIM_CUSTOM.anm: 18 groups, 10,898 ticks; 52,000 ticks).
constexpr std::int64_t kReductionWork = std::int64_t{1} << 22;
constexpr std::int64_t kReductionTicks = std::int64_t{1} << 17;

// What the span tests may still play, in group-ticks and in ticks.
struct WorkBudget {
  std::int64_t left = kReductionWork;
  std::int64_t ticks_left = kReductionTicks;
  std::int64_t per_tick = 0;  // both playbacks' cost of one tick
  bool spent = false;

  // Charges one tick; false (and spent) once the budget is gone.
  bool charge() {
    if (left < per_tick || ticks_left < 1) spent = true;
    if (spent) return false;
    left -= per_tick;
    --ticks_left;
    return true;
  }
};

// Keyframes from + 1 .. to as one keyframe reaching to's groups: their durations, steps and root turns added.
// Nothing when the sum does not fit (u16 duration, s16 step, LBA2's 12-bit master angles), the root's type
// changes on the way, or the actor both turns and steps.
std::optional<Keyframe> merged(const std::vector<Keyframe>& keyframes, std::size_t from, std::size_t to,
                               Variant variant) {
  Keyframe out = keyframes[to];
  long duration = 0;
  std::array<long, 3> step{}, turn{};
  for (std::size_t k = from + 1; k <= to; ++k) {
    const Keyframe& keyframe = keyframes[k];
    if (keyframe.groups.empty() || keyframe.groups[0].type != out.groups[0].type) return std::nullopt;
    duration += keyframe.duration;
    const GroupEntry& root = keyframe.groups[0];
    for (std::size_t axis = 0; axis < 3; ++axis) step[axis] += keyframe.step[axis];
    turn[0] += root.a;
    turn[1] += root.b;
    turn[2] += root.c;
  }
  // A step taken while turning curves, and each keyframe's step was aimed for its own stretch of the curve
  // (aim_lba2_step): merged, the actor would drift a little further on every merge.
  const bool turns = turn != std::array<long, 3>{}, steps = step != std::array<long, 3>{};
  if (turns && steps) return std::nullopt;
  const long turn_limit = variant == Variant::Lba2 ? 2047 : 32767;
  const auto fits = [](long v, long limit) { return v >= -limit - 1 && v <= limit; };
  if (duration > 0xFFFF) return std::nullopt;
  for (std::size_t axis = 0; axis < 3; ++axis) {
    if (!fits(step[axis], 32767) || !fits(turn[axis], turn_limit)) return std::nullopt;
    out.step[axis] = static_cast<std::int16_t>(step[axis]);
  }
  out.duration = static_cast<std::uint16_t>(duration);
  out.groups[0].a = static_cast<std::int16_t>(turn[0]);
  out.groups[0].b = static_cast<std::int16_t>(turn[1]);
  out.groups[0].c = static_cast<std::int16_t>(turn[2]);
  return out;
}

// The engine playing `start`'s pose through `next` from an actor at the origin, a tick at a time, as the
// ideal clock plays it (IdealClock: one update per tick, zero-length keyframes reached within the same tick).
// Played as far as the caller asks and no further: a span test that fails stops there, and none holds a
// state per tick (issue 38: a glb of 28,153 keyframes took 1.2 s, most of it here).
class Playback {
 public:
  Playback(const anm::Document& animation, const Keyframe& start, std::span<const Keyframe> next,
           Variant variant)
      : played_(played_animation(animation, start, next)), player_(played_, variant) {
    advance(0);
  }
  Playback(const Playback&) = delete;
  Playback& operator=(const Playback&) = delete;

  // The state at `tick` (each call one tick after the last).
  void advance(std::int64_t tick) {
    for (std::size_t guard = 0; guard <= played_.keyframes.size(); ++guard) {
      if (!player_.update(tick) || played_.keyframes[player_.frame()].duration != 0) break;
    }
  }
  const std::vector<GroupEntry>& pose() const { return player_.pose(); }
  const Actor& actor() const { return player_.actor(); }

 private:
  static anm::Document played_animation(const anm::Document& animation, const Keyframe& start,
                                        std::span<const Keyframe> next) {
    anm::Document played;
    played.group_count = animation.group_count;
    Keyframe first = start;
    first.duration = 0;
    first.step = {};
    first.groups[0].a = first.groups[0].b = first.groups[0].c = 0;
    played.keyframes.push_back(std::move(first));
    played.keyframes.insert(played.keyframes.end(), next.begin(), next.end());
    played.loop_frame = static_cast<std::uint16_t>(played.keyframes.size() - 1);
    return played;
  }

  anm::Document played_;
  anm::Engine player_;
};

// How far apart two rotation groups turn a body part, in angle units: the largest Euler angle difference, or,
// where that is larger, the angle between the two rotations over sqrt(3) (what a unit on each axis turns by).
// Near a right-angle pitch the angles of one rotation are ill-conditioned: re-quantised from a glTF's float
// quaternions they jitter by a few units (Twinsen_Run's raised arms, group 18) while the rotation stays
// within a unit; compared by component alone, no two keyframes there would merge. The rotations are only
// worked out when the angles are more than `floor` apart: the smaller of the two measures cannot exceed
// `floor` otherwise, and the caller keeps the largest of them and `floor`.
double rotation_units_apart(const GroupEntry& a, const GroupEntry& b, Variant variant, double floor) {
  const int units = traits(variant).angle_units;
  const int by_angles =
      std::max({std::abs(wrap_half(a.a - b.a, units)), std::abs(wrap_half(a.b - b.b, units)),
                std::abs(wrap_half(a.c - b.c, units))});
  if (static_cast<double>(by_angles) <= floor) return static_cast<double>(by_angles);
  const double by_rotation =
      angle_between(euler_to_quat(a.a, a.b, a.c, variant), euler_to_quat(b.a, b.b, b.c, variant)) * units /
      (2 * kPi) / std::sqrt(3.0);
  return std::min(static_cast<double>(by_angles), by_rotation);
}

// How far apart two engine states are, in engine units, or `floor` when they are no further apart: every
// group (angle units for rotations, game units for moves), the actor's place and angles; infinite when a
// group's type differs.
double units_apart(const Playback& a, const Playback& b, Variant variant, double floor) {
  constexpr double kApart = std::numeric_limits<double>::infinity();
  if (a.pose().size() != b.pose().size()) return kApart;
  const int angle_units = traits(variant).angle_units;
  double worst = floor;
  for (std::size_t g = 1; g < a.pose().size(); ++g) {
    const GroupEntry &x = a.pose()[g], &y = b.pose()[g];
    if (x.type != y.type) return kApart;
    worst = std::max(
        worst, x.type == 0 ? rotation_units_apart(x, y, variant, worst)
                           : static_cast<double>(
                                 std::max({std::abs(x.a - y.a), std::abs(x.b - y.b), std::abs(x.c - y.c)})));
  }
  for (std::size_t axis = 0; axis < 3; ++axis) {
    worst =
        std::max(worst, static_cast<double>(std::abs(a.actor().position[axis] - b.actor().position[axis])));
  }
  for (const auto& [x, y] :
       {std::pair{a.actor().alpha, b.actor().alpha}, std::pair{a.actor().beta, b.actor().beta},
        std::pair{a.actor().gamma, b.actor().gamma}})
    worst = std::max(worst, static_cast<double>(std::abs(wrap_half(x - y, angle_units))));
  return worst;
}

// Between two keyframes both playbacks are linear in every value (the engine's Euler-linear interpolation),
// so their difference is largest at the instants; the engine's own rounding adds under a unit to each side.
constexpr double kBetweenInstants = 2;

// How far the engine playing keyframes from + 1 .. to as one merged keyframe strays from the glTF's motion,
// in engine units; nothing when they cannot merge, or as soon as the error passes `give_up_above` (the caller
// needs no more). The glTF's motion is known at the unreduced keyframes' own ticks (each is the glTF's pose
// there, quantised): the merged playback is measured there against them. Between those instants the
// unreduced keyframes are only the engine's interpolation of rounded values, off the glTF's path by up to a
// unit (LBA2 floors each interpolated value, so a 20 ms keyframe of the export sits up to a unit under the
// line it was sampled from): they are a guard there (within kBetweenInstants more), not the measure. Issue
// 28: measured against every tick of the unreduced playback instead, the original's own keyframe times did
// not fit (Twinsen_Run 14 keyframes for 10).
std::optional<double> span_error(const anm::Document& animation, std::size_t from, std::size_t to,
                                 Variant variant, double tolerance, double give_up_above, WorkBudget& work) {
  const std::vector<Keyframe>& keyframes = animation.keyframes;
  if (to == from + 1) return 0.0;
  const auto one = merged(keyframes, from, to, variant);
  if (!one || one->duration >= kMaxSpanTicks || work.spent) return std::nullopt;
  Playback many(animation, keyframes[from], std::span<const Keyframe>(keyframes).subspan(from + 1, to - from),
                variant);
  Playback merged_playback(animation, keyframes[from], std::span<const Keyframe>(&*one, 1), variant);
  const std::int64_t ticks = std::int64_t{one->duration} + 1;
  // The unreduced keyframes' ticks, in order (equal where a keyframe lasts no tick).
  std::vector<std::int64_t> instants;
  std::int64_t reached = 0;
  for (std::size_t k = from + 1; k <= to; ++k) instants.push_back(reached += keyframes[k].duration);
  std::size_t next_instant = 0;
  const double guard = tolerance + kBetweenInstants;
  double worst = 0;
  for (std::int64_t t = 0; t < ticks; ++t) {
    if (!work.charge()) return std::nullopt;
    if (t > 0) {
      many.advance(t);
      merged_playback.advance(t);
    }
    while (next_instant < instants.size() && instants[next_instant] < t) ++next_instant;
    if (next_instant < instants.size() && instants[next_instant] == t) {
      worst = units_apart(many, merged_playback, variant, worst);
      if (worst > give_up_above) return std::nullopt;
    } else if (units_apart(many, merged_playback, variant, guard) > guard) {
      return std::nullopt;
    }
  }
  return worst;
}

}  // namespace

// Keyframes the engine does not need (issue 28): keyframes i + 1 .. j become one when the engine plays the
// merged keyframe within `tolerance` engine units of the glTF's motion (span_error).
KeyframeReduction reduce_keyframes(anm::Document& animation, Variant variant, double tolerance) {
  const std::vector<Keyframe>& keyframes = animation.keyframes;
  WorkBudget work;
  work.per_tick = 2 * (std::int64_t{animation.group_count} + 4);
  // The error of each span that fitted, for the report (a span kept was tested, unless it is one keyframe).
  std::map<std::pair<std::size_t, std::size_t>, double> fitted;
  const auto span_fits = [&](std::size_t from, std::size_t to) {
    const auto error = span_error(animation, from, to, variant, tolerance, tolerance, work);
    if (error && *error <= tolerance) fitted[{from, to}] = *error;
    return error && *error <= tolerance;
  };
  const std::vector<std::size_t> kept = reduce_spans(keyframes.size(), kMaxMergedKeyframes, span_fits);
  KeyframeReduction reduction{
      {keyframes.size(), kept.size(), 0}, work.spent, kReductionWork, kReductionTicks};
  std::vector<Keyframe> reduced{keyframes.front()};
  for (std::size_t k = 1; k < kept.size(); ++k) {
    // A span of one keyframe keeps it as it is; a longer one fitted only once merged.
    if (kept[k] == kept[k - 1] + 1) {
      reduced.push_back(keyframes[kept[k]]);
      continue;
    }
    reduction.report.largest_error =
        std::max(reduction.report.largest_error, fitted.at({kept[k - 1], kept[k]}));
    reduced.push_back(*merged(keyframes, kept[k - 1], kept[k], variant));
  }
  animation.keyframes = std::move(reduced);
  return reduction;
}

}  // namespace bonebridge::lba
