#include "bonebridge/formats/lba/anm/engine.hpp"

#include <algorithm>
#include <vector>

#include "../fixed_point.hpp"

namespace bonebridge::lba {
namespace {

// LBA1: 16-bit imul/idiv, a quotient truncated toward zero. LBA2: a 16.16 factor rounded to nearest, then a
// product shifted right by 16 (floor).
int scaled_delta(Variant variant, std::int64_t delta, std::int64_t elapsed, std::int64_t duration) {
  if (delta == 0) return 0;
  if (variant == Variant::Lba1) return static_cast<int>(delta * elapsed / duration);
  const std::int64_t factor = (elapsed * 65536 + duration / 2) / duration;
  return static_cast<int>((delta * factor) >> 16);
}

}  // namespace

int interpolate_angle(Variant variant, int source, int dest, int elapsed, int duration) {
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

std::size_t effective_loop_frame(const Animation& animation) {
  if (animation.keyframes.empty()) return 0;
  return std::min<std::size_t>(animation.loop_frame, animation.keyframes.size() - 1);
}

AnimPlayer::AnimPlayer(const Animation& animation, Variant variant)
    : animation_(&animation), variant_(variant) {
  if (animation.keyframes.empty()) return;
  memo_ = pose_ = animation.keyframes[0].groups;
  // LBA1 pokes frame 0 and interpolates 0 -> 0 for d0; LBA2 starts with frame 0 reached (ANIM.ASM firstanim).
  if (variant == Variant::Lba2) advance_frame();
}

void AnimPlayer::advance_frame() {
  ++frame_;
  if (frame_ >= animation_->keyframes.size()) frame_ = effective_loop_frame(*animation_);
}

void AnimPlayer::move_actor(const std::array<int, 3>& step, int yaw) {
  actor_.beta = (actor_.beta + yaw - previous_yaw_) & angle_mask(variant_);
  const int c = cosine(variant_, actor_.beta), s = sine(variant_, actor_.beta);
  const std::array<int, 3> rotated{(step[0] * c + step[2] * s) >> 14, step[1],
                                   (step[2] * c - step[0] * s) >> 14};
  for (int axis = 0; axis < 3; ++axis) actor_.position[axis] += rotated[axis] - previous_rotated_[axis];
  previous_rotated_ = rotated;
  previous_step_ = step;
  previous_yaw_ = yaw;
}

bool AnimPlayer::update(std::int64_t now) {
  if (animation_->keyframes.empty()) return false;
  const Keyframe& dest = animation_->keyframes[frame_];
  const std::int64_t elapsed = now - memo_ticks_;
  // LBA2 applies entry 0's angles only with master bit 0 set (OBJECT.CPP); LBA1 always adds the yaw.
  const bool master = variant_ == Variant::Lba1 || (!dest.groups.empty() && (dest.groups[0].type & 1) != 0);
  const int yaw_full = dest.groups.empty() || !master ? 0 : dest.groups[0].b;
  const std::array<int, 3> step_full{dest.step[0], dest.step[1], dest.step[2]};
  if (elapsed >= dest.duration) {
    move_actor(step_full, yaw_full);
    pose_ = memo_ = dest.groups;  // raw values, unmasked (trap 6)
    memo_ticks_ = now;            // leftover time is dropped (trap 9)
    previous_step_ = previous_rotated_ = {};
    previous_yaw_ = 0;
    ++reached_;
    advance_frame();
    return true;
  }
  const int e = static_cast<int>(elapsed), d = dest.duration;
  std::array<int, 3> step{};
  for (int axis = 0; axis < 3; ++axis) step[axis] = interpolate_linear(variant_, 0, step_full[axis], e, d);
  move_actor(step, interpolate_linear(variant_, 0, yaw_full, e, d));
  const std::size_t count = std::min(memo_.size(), dest.groups.size());
  pose_ = dest.groups;
  for (std::size_t g = 1; g < count; ++g)
    pose_[g] = interpolate_group(variant_, memo_[g], dest.groups[g], e, d);
  return false;
}

Timeline timeline(const Animation& animation, Variant variant) {
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

constexpr std::int64_t kCheckpointTicks = 256;

IdealClock::IdealClock(const Animation& animation, Variant variant)
    : animation_(&animation), cursor_(animation, variant) {
  step(cursor_, 0);
  checkpoints_.push_back(cursor_);
}

// Zero-length keyframes are reached within the same tick; a loop made only of them would never end.
void IdealClock::step(AnimPlayer& player, std::int64_t tick) const {
  for (std::size_t guard = 0; guard <= animation_->keyframes.size(); ++guard) {
    if (!player.update(tick) || animation_->keyframes[player.frame()].duration != 0) break;
  }
}

EngineState IdealClock::at(std::int64_t tick) {
  tick = std::max<std::int64_t>(tick, 0);
  const auto known = static_cast<std::int64_t>(checkpoints_.size() - 1);
  const std::int64_t checkpoint = std::min(tick / kCheckpointTicks, known);
  // Forward playback continues from the cursor; anything else restarts from the nearest checkpoint.
  if (tick < cursor_tick_ || checkpoint * kCheckpointTicks > cursor_tick_) {
    cursor_ = checkpoints_[static_cast<std::size_t>(checkpoint)];
    cursor_tick_ = checkpoint * kCheckpointTicks;
  }
  while (cursor_tick_ < tick) {
    step(cursor_, ++cursor_tick_);
    if (cursor_tick_ % kCheckpointTicks == 0 &&
        cursor_tick_ / kCheckpointTicks == static_cast<std::int64_t>(checkpoints_.size())) {
      checkpoints_.push_back(cursor_);
    }
  }
  return {cursor_.pose(), cursor_.actor()};
}

std::vector<EngineState> run_ideal_clock(const Animation& animation, Variant variant) {
  IdealClock clock(animation, variant);
  const std::int64_t end = timeline(animation, variant).end_ticks;
  std::vector<EngineState> states;
  states.reserve(static_cast<std::size_t>(end) + 1);
  for (std::int64_t tick = 0; tick <= end; ++tick) states.push_back(clock.at(tick));
  return states;
}

std::vector<EngineState> run_game_clock(const Animation& animation, Variant variant, int update_ticks,
                                        std::size_t updates) {
  AnimPlayer player(animation, variant);
  std::vector<EngineState> states;
  states.reserve(updates);
  for (std::size_t i = 0; i < updates; ++i) {
    player.update(static_cast<std::int64_t>(i) * update_ticks);
    states.push_back({player.pose(), player.actor()});
  }
  return states;
}

}  // namespace bonebridge::lba
