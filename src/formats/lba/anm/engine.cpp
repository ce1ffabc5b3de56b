// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/anm/engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "../fixed_point.hpp"

namespace bonebridge::lba {
namespace {

// LBA2's progress through a keyframe, computed once per update (INTERDEP.ASM): a 16.16 factor rounded with
// (d + 1) / 2, so an odd duration rounds up where d / 2 would not.
std::int64_t lba2_factor(std::int64_t elapsed, std::int64_t duration) {
  return (elapsed * 65536 + (duration + 1) / 2) / duration;
}

// LBA1: 16-bit imul/idiv, a quotient truncated toward zero. LBA2: the factor times the delta, shifted right
// by 16 (floor).
int scaled_delta(Variant variant, std::int64_t delta, std::int64_t elapsed, std::int64_t duration) {
  if (delta == 0) return 0;
  if (variant == Variant::Lba1) return static_cast<int>(delta * elapsed / duration);
  return static_cast<int>((delta * lba2_factor(elapsed, duration)) >> 16);
}

// A 12-bit angle as LBA2 reads it (shl 20, sar 20): -2048..2047.
int sign_extend_12(int value) {
  return ((value & 0xFFF) ^ 0x800) - 0x800;
}

// A Q14 product rounded half up, as LIB386's integer routines round (sar 14 then adc 0, or + 2^13 then sar
// 14).
std::int32_t round_q14(std::int64_t value) {
  return static_cast<std::int32_t>((value + 8192) >> 14);
}

using ObjectMatrix = std::array<std::int32_t, 9>;  // row-major Q14

// InitMatrixStdI (IMATSTDI.ASM): Rx(alpha)·Rz(gamma) rounded, then ·Ry(beta) rounded. The MMX routine the
// game picks on most processors (IMATSTDM.ASM, MulMatrixM) rounds the same products the same way.
ObjectMatrix object_matrix(int alpha, int beta, int gamma) {
  const std::int64_t sa = sine(Variant::Lba2, alpha), ca = cosine(Variant::Lba2, alpha);
  const std::int64_t sb = sine(Variant::Lba2, beta), cb = cosine(Variant::Lba2, beta);
  const std::int64_t sg = sine(Variant::Lba2, gamma), cg = cosine(Variant::Lba2, gamma);
  const std::int64_t xz21 = round_q14(sg * ca), xz31 = round_q14(sg * sa);  // Rx·Rz, rows 2 and 3
  return {round_q14(cg * cb),
          static_cast<std::int32_t>(-sg),
          round_q14(cg * sb),
          round_q14(sb * sa + xz21 * cb),
          round_q14(cg * ca),
          round_q14(sb * xz21 - sa * cb),
          round_q14(xz31 * cb - ca * sb),
          round_q14(cg * sa),
          round_q14(sb * xz31 + ca * cb)};
}

// RotatePointI (ROT3DI.ASM; RotatePointM is the same): each row's 32-bit sum plus 2^13, shifted right by 14.
std::array<int, 3> rotate_point(const ObjectMatrix& m, const std::array<int, 3>& v) {
  std::array<int, 3> out{};
  for (int row = 0; row < 3; ++row) {
    std::uint32_t sum = 8192;
    for (int column = 0; column < 3; ++column) {
      sum += static_cast<std::uint32_t>(m[static_cast<std::size_t>(row * 3 + column)]) *
             static_cast<std::uint32_t>(v[static_cast<std::size_t>(column)]);
    }
    out[static_cast<std::size_t>(row)] = static_cast<std::int32_t>(sum) >> 14;
  }
  return out;
}

}  // namespace

int interpolate_angle(Variant variant, int source, int dest, int elapsed, int duration) {
  if (variant == Variant::Lba2) {
    // INTFRAME.ASM: the difference taken mod 4096 and read as 12 signed bits, so half a turn always goes
    // backwards; where there is none, the stored source value is kept as it is, unmasked.
    const int diff = sign_extend_12(dest - source);
    if (diff == 0) return source;
    return (source + scaled_delta(variant, diff, elapsed, duration)) & 4095;
  }
  const int units = traits(variant).angle_units, half = units / 2;
  const int s = source & angle_mask(variant), t = dest & angle_mask(variant);
  int diff = t - s;
  if (diff < -half) diff += units;
  if (diff > half) diff -= units;
  return (s + scaled_delta(variant, diff, elapsed, duration)) & angle_mask(variant);
}

int interpolate_linear(Variant variant, int source, int dest, int elapsed, int duration) {
  return source + scaled_delta(variant, std::int64_t{dest} - source, elapsed, duration);
}

// Types above 2 make the LBA1 engine skip advancing its pointers, which garbles every later group; that
// misreading is not reproduced: such a group keeps dest's raw values and check() reports it.
GroupEntry interpolate_group(Variant variant, const GroupEntry& source, const GroupEntry& dest, int elapsed,
                             int duration) {
  GroupEntry out = dest;
  if (dest.type == 0) {
    out.a = word(interpolate_angle(variant, source.a, dest.a, elapsed, duration));
    out.b = word(interpolate_angle(variant, source.b, dest.b, elapsed, duration));
    out.c = word(interpolate_angle(variant, source.c, dest.c, elapsed, duration));
  } else if (dest.type <= 2) {
    out.a = word(interpolate_linear(variant, source.a, dest.a, elapsed, duration));
    out.b = word(interpolate_linear(variant, source.b, dest.b, elapsed, duration));
    out.c = word(interpolate_linear(variant, source.c, dest.c, elapsed, duration));
  }
  return out;
}

std::size_t effective_loop_frame(const anm::Document& animation) {
  if (animation.keyframes.empty()) return 0;
  return std::min<std::size_t>(animation.loop_frame, animation.keyframes.size() - 1);
}

anm::Engine::Engine(const anm::Document& animation, Variant variant)
    : animation_(&animation), variant_(variant) {
  if (animation.keyframes.empty()) return;
  memo_ = pose_ = animation.keyframes[0].groups;
  // LBA1 pokes frame 0 and interpolates 0 -> 0 for d0; LBA2 starts with frame 0 reached (ANIM.ASM firstanim).
  if (variant == Variant::Lba2) advance_frame();
  plan_leap();
}

void anm::Engine::advance_frame() {
  ++frame_;
  if (frame_ >= animation_->keyframes.size()) frame_ = effective_loop_frame(*animation_);
  plan_leap();
}

// LBA1 (P_ANIM.ASM): the step gained so far in this keyframe, turned by the actor's yaw after adding entry
// 0's yaw gained so far; the actor moves by the change since the last update.
void anm::Engine::move_actor_lba1(const std::array<int, 3>& step, int yaw) {
  actor_.beta = (actor_.beta + yaw - previous_yaw_) & angle_mask(variant_);
  const int c = cosine(variant_, actor_.beta), s = sine(variant_, actor_.beta);
  const std::array<int, 3> rotated{(step[0] * c + step[2] * s) >> 14, step[1],
                                   (step[2] * c - step[0] * s) >> 14};
  for (int axis = 0; axis < 3; ++axis) actor_.position[axis] += rotated[axis] - previous_rotated_[axis];
  previous_rotated_ = rotated;
  previous_yaw_ = yaw;
}

// LBA2 (INTERDEP.ASM ObjectSetInterDep): with master rotation (entry 0's type bit 0) the actor turns by the
// change in entry 0's scaled angles (12-bit signed fields) on all three axes; then the change in the scaled
// step since the last update is turned by the actor's matrix (InitMatrixStd, RotatePoint) and added.
void move_actor_lba2(Actor& actor, Lba2Progress& progress, const Keyframe& dest, std::int64_t factor) {
  const auto scaled = [factor](int value) { return static_cast<int>((std::int64_t{value} * factor) >> 16); };
  if (!dest.groups.empty() && (dest.groups[0].type & 1) != 0) {
    const GroupEntry& root = dest.groups[0];
    const std::array<int, 3> full{sign_extend_12(root.a), sign_extend_12(root.b), sign_extend_12(root.c)};
    const std::array<int*, 3> angles{&actor.alpha, &actor.beta, &actor.gamma};
    for (std::size_t axis = 0; axis < 3; ++axis) {
      const int gained = scaled(full[axis]);
      *angles[axis] = (*angles[axis] + gained - progress.angles[axis]) & 4095;
      progress.angles[axis] = gained;
    }
  }
  std::array<int, 3> change{};
  for (std::size_t axis = 0; axis < 3; ++axis) {
    const int gained = scaled(dest.step[axis]);
    change[axis] = gained - progress.step[axis];
    progress.step[axis] = gained;
  }
  const auto moved = rotate_point(object_matrix(actor.alpha, actor.beta, actor.gamma), change);
  for (std::size_t axis = 0; axis < 3; ++axis) actor.position[axis] += moved[axis];
}

namespace {

// The master rotation turning the actor during this keyframe (entry 0's type bit 0 and a turn on some axis).
bool turns_actor_lba2(const Keyframe& dest) {
  if (dest.groups.empty() || (dest.groups[0].type & 1) == 0) return false;
  const GroupEntry& root = dest.groups[0];
  return sign_extend_12(root.a) != 0 || sign_extend_12(root.b) != 0 || sign_extend_12(root.c) != 0;
}

// A matrix whose every entry is 0 or ±1.0 (Q14), one per row, turns a point without rounding: RotatePoint
// then adds exactly, and the actor's moves within a keyframe sum to the move of their sum.
bool turns_without_rounding(const ObjectMatrix& m) {
  for (int row = 0; row < 3; ++row) {
    int nonzero = 0;
    for (int column = 0; column < 3; ++column) {
      const std::int32_t value = m[static_cast<std::size_t>(row * 3 + column)];
      if (value != 0 && value != 16384 && value != -16384) return false;
      nonzero += value != 0;
    }
    if (nonzero > 1) return false;
  }
  return true;
}

// The actor turning during this keyframe: LBA1 by entry 0's yaw (added whatever its type), LBA2 by the master
// rotation.
bool turns_actor(const Keyframe& dest, Variant variant) {
  if (variant == Variant::Lba1) return !dest.groups.empty() && dest.groups[0].b != 0;
  return turns_actor_lba2(dest);
}

}  // namespace

bool lba2_motion_leaps(const Actor& start, const Keyframe& dest) {
  const bool steps = dest.step != std::array<std::int16_t, 3>{};
  return !turns_actor_lba2(dest) &&
         (!steps || turns_without_rounding(object_matrix(start.alpha, start.beta, start.gamma)));
}

Actor lba2_keyframe_motion(Actor start, const Keyframe& dest) {
  Lba2Progress progress;
  const int duration = dest.duration;
  if (lba2_motion_leaps(start, dest)) {
    move_actor_lba2(start, progress, dest, 65536);  // the moves telescope (see Engine::leap_until)
    return start;
  }
  for (int elapsed = std::min(1, duration); elapsed <= duration; ++elapsed)
    move_actor_lba2(start, progress, dest, elapsed >= duration ? 65536 : lba2_factor(elapsed, duration));
  return start;
}

// Within a keyframe the pose depends only on the time elapsed, and the actor's move telescopes (each update
// adds the change of the step gained since the last one) as long as the actor's turn stays fixed and turning
// the step rounds nothing: LBA1 turns it by the actor's yaw alone, fixed while entry 0 has no yaw; LBA2 by
// the actor's matrix, fixed while the master rotation does not turn, and rounding nothing when it is a
// quarter-turn matrix (or there is no step). Then one update lands exactly where one a tick plays. None of
// that changes within the keyframe, so it is worked out once, as the keyframe begins.
void anm::Engine::plan_leap() {
  if (animation_->keyframes.empty()) return;
  const Keyframe& dest = animation_->keyframes[frame_];
  const bool exact =
      variant_ == Variant::Lba1 ? !turns_actor(dest, variant_) : lba2_motion_leaps(actor_, dest);
  leap_until_ = exact ? memo_ticks_ + dest.duration : -1;
}

bool anm::Engine::update(std::int64_t now) {
  if (animation_->keyframes.empty()) return false;
  const Keyframe& dest = animation_->keyframes[frame_];
  const std::int64_t elapsed = now - memo_ticks_;
  const bool reached = elapsed >= dest.duration;
  const int e = static_cast<int>(std::min<std::int64_t>(elapsed, dest.duration)), d = dest.duration;
  if (variant_ == Variant::Lba2) {
    move_actor_lba2(actor_, lba2_progress_, dest, reached ? 65536 : lba2_factor(e, d));
  } else {
    // LBA1 always adds entry 0's yaw (OBJECT.C), whatever its type.
    std::array<int, 3> step{dest.step[0], dest.step[1], dest.step[2]};
    int yaw = dest.groups.empty() ? 0 : dest.groups[0].b;
    if (!reached) {
      for (int& value : step) value = interpolate_linear(variant_, 0, value, e, d);
      yaw = interpolate_linear(variant_, 0, yaw, e, d);
    }
    move_actor_lba1(step, yaw);
  }
  if (reached) {
    pose_ = memo_ = dest.groups;  // raw values, unmasked (trap 6)
    memo_ticks_ = now;            // leftover time is dropped (trap 9)
    previous_rotated_ = {};
    previous_yaw_ = 0;
    lba2_progress_ = {};
    ++reached_;
    advance_frame();
    return true;
  }
  const std::size_t count = std::min(memo_.size(), dest.groups.size());
  pose_ = dest.groups;
  for (std::size_t g = 1; g < count; ++g)
    pose_[g] = interpolate_group(variant_, memo_[g], dest.groups[g], e, d);
  return false;
}

Timeline timeline(const anm::Document& animation, Variant variant) {
  Timeline result;
  std::int64_t now = 0;
  for (std::size_t k = 0; k < animation.keyframes.size(); ++k) {
    if (k > 0 || variant == Variant::Lba1) now += animation.keyframes[k].duration;
    result.reach_ticks.push_back(now);
  }
  if (animation.keyframes.empty()) return result;
  const std::size_t loop = effective_loop_frame(animation);
  result.loop_ticks = result.reach_ticks[loop];
  result.end_ticks = now + animation.keyframes[loop].duration;
  return result;
}

// The keyframes the first pass plays, in order: LBA1 holds frame 0 for its own duration first; both close
// with the segment to the loop frame.
template <class Visit>
void first_pass_keyframes(const anm::Document& animation, Variant variant, Visit&& visit) {
  if (animation.keyframes.empty()) return;
  for (std::size_t k = variant == Variant::Lba1 ? 0 : 1; k < animation.keyframes.size(); ++k)
    visit(animation.keyframes[k]);
  visit(animation.keyframes[effective_loop_frame(animation)]);
}

std::int64_t single_ticks(const anm::Document& animation, Variant variant) {
  bool turns = false;
  first_pass_keyframes(animation, variant,
                       [&](const Keyframe& keyframe) { turns = turns || turns_actor(keyframe, variant); });
  if (!turns) return 0;  // the actor never turns: every keyframe leaps (LBA2's matrix stays the identity)
  std::int64_t ticks = 0;
  first_pass_keyframes(animation, variant, [&](const Keyframe& keyframe) {
    // Once the actor may have turned, an LBA2 step may be turned with rounding (lba2_motion_leaps).
    const bool steps = keyframe.step != std::array<std::int16_t, 3>{};
    if (turns_actor(keyframe, variant) || (variant == Variant::Lba2 && steps)) ticks += keyframe.duration;
  });
  return ticks;
}

std::string evaluation_refusal(const anm::Document& animation, Variant variant) {
  if (animation.keyframes.empty()) return "no keyframe: nothing to evaluate";
  if (const auto end = timeline(animation, variant).end_ticks; end > kMaxEvaluatedTicks)
    return fmt::format("the first pass lasts {} ticks; evaluation stops at {}", end, kMaxEvaluatedTicks);
  if (const auto single = single_ticks(animation, variant); single > kMaxSingleTicks) {
    return fmt::format(
        "the actor turns over {} ticks of the first pass, each played in turn; evaluation stops "
        "at {}",
        single, kMaxSingleTicks);
  }
  return {};
}

constexpr std::int64_t kCheckpointTicks = 256;

IdealClock::IdealClock(const anm::Document& animation, Variant variant)
    : animation_(&animation), cursor_(animation, variant) {
  step(cursor_, 0);
  checkpoints_.push_back(cursor_);
}

// Zero-length keyframes are reached within the same tick; a loop made only of them would never end.
void IdealClock::step(anm::Engine& player, std::int64_t tick) const {
  for (std::size_t guard = 0; guard <= animation_->keyframes.size(); ++guard) {
    if (!player.update(tick) || animation_->keyframes[player.frame()].duration != 0) break;
  }
}

EngineState IdealClock::at(std::int64_t tick) {
  advance_to(tick);
  return {cursor_.pose(), cursor_.actor()};
}

void IdealClock::at(std::int64_t tick, EngineState& state) {
  advance_to(tick);
  state.pose.assign(cursor_.pose().begin(), cursor_.pose().end());
  state.actor = cursor_.actor();
}

void IdealClock::advance_to(std::int64_t tick) {
  tick = std::max<std::int64_t>(tick, 0);
  const auto known = static_cast<std::int64_t>(checkpoints_.size() - 1);
  const std::int64_t checkpoint = std::min(tick / kCheckpointTicks, known);
  // Forward playback continues from the cursor; anything else restarts from the nearest checkpoint.
  if (tick < cursor_tick_ || checkpoint * kCheckpointTicks > cursor_tick_) {
    cursor_ = checkpoints_[static_cast<std::size_t>(checkpoint)];
    cursor_tick_ = checkpoint * kCheckpointTicks;
  }
  while (cursor_tick_ < tick) {
    // Leaps land on every checkpoint and never pass the keyframe's reach tick.
    const std::int64_t next_checkpoint = (cursor_tick_ / kCheckpointTicks + 1) * kCheckpointTicks;
    cursor_tick_ = std::max(cursor_tick_ + 1, std::min({tick, next_checkpoint, cursor_.leap_until()}));
    step(cursor_, cursor_tick_);
    if (cursor_tick_ % kCheckpointTicks == 0 &&
        cursor_tick_ / kCheckpointTicks == static_cast<std::int64_t>(checkpoints_.size())) {
      checkpoints_.push_back(cursor_);
    }
  }
}

std::vector<EngineState> run_ideal_clock(const anm::Document& animation, Variant variant) {
  IdealClock clock(animation, variant);
  const std::int64_t end = timeline(animation, variant).end_ticks;
  std::vector<EngineState> states;
  states.reserve(static_cast<std::size_t>(end) + 1);
  for (std::int64_t tick = 0; tick <= end; ++tick) states.push_back(clock.at(tick));
  return states;
}

std::vector<EngineState> run_game_clock(const anm::Document& animation, Variant variant, int update_ticks,
                                        std::size_t updates) {
  anm::Engine player(animation, variant);
  std::vector<EngineState> states;
  states.reserve(updates);
  for (std::size_t i = 0; i < updates; ++i) {
    player.update(static_cast<std::int64_t>(i) * update_ticks);
    states.push_back({player.pose(), player.actor()});
  }
  return states;
}

}  // namespace bonebridge::lba
