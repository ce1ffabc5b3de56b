#include "bonebridge/formats/lba/engine.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "bonebridge/formats/lba/codec.hpp"

namespace bonebridge::lba {
namespace {

constexpr int kOne = 16384;  // Q14

std::vector<int> make_sine_table(int units) {
  std::vector<int> table(static_cast<std::size_t>(units));
  for (int i = 0; i < units; ++i) {
    table[static_cast<std::size_t>(i)] =
        static_cast<int>(std::lround(kOne * std::sin(2 * 3.14159265358979323846 * i / units)));
  }
  return table;
}

const std::vector<int>& sine_table(Variant variant) {
  static const std::vector<int> lba1 = make_sine_table(1024), lba2 = make_sine_table(4096);
  return variant == Variant::Lba1 ? lba1 : lba2;
}

// LBA1: 16-bit imul/idiv, a quotient truncated toward zero. LBA2: a 16.16 factor rounded to nearest, then a
// product shifted right by 16 (floor).
int scaled_delta(Variant variant, std::int64_t delta, std::int64_t elapsed, std::int64_t duration) {
  if (delta == 0) return 0;
  if (variant == Variant::Lba1) return static_cast<int>(delta * elapsed / duration);
  const std::int64_t factor = (elapsed * 65536 + duration / 2) / duration;
  return static_cast<int>((delta * factor) >> 16);
}

int mask(Variant variant) {
  return traits(variant).angle_units - 1;
}

std::int16_t word(int value) {
  return static_cast<std::int16_t>(static_cast<std::uint16_t>(value & 0xFFFF));
}

using Matrix = std::array<std::int32_t, 9>;  // row-major Q14

std::int32_t q14(std::int64_t a, std::int64_t b, std::int64_t cos_value, std::int64_t sin_value) {
  return static_cast<std::int32_t>((a * cos_value + b * sin_value) >> 14);
}

// M · R(axis): rewrites the two columns the rotation mixes, row by row, skipped for a zero angle.
void rotate_columns(Matrix& m, int first, int second, int angle, Variant variant) {
  if ((angle & mask(variant)) == 0) return;
  const int c = cosine(variant, angle), s = sine(variant, angle);
  for (int row = 0; row < 3; ++row) {
    const std::int32_t u = m[row * 3 + first], v = m[row * 3 + second];
    m[row * 3 + first] = q14(u, v, c, s);
    m[row * 3 + second] = q14(v, -u, c, s);
  }
}

// Rx: y' = cy − sz; Rz: x' = cx − sy; Ry: x' = cx + sz, hence the column pairs (y,z), (x,y) and (z,x).
Matrix rotate(Matrix m, int alpha, int beta, int gamma, Variant variant) {
  rotate_columns(m, 1, 2, alpha, variant);
  rotate_columns(m, 0, 1, gamma, variant);
  rotate_columns(m, 2, 0, beta, variant);
  return m;
}

std::array<std::int32_t, 3> apply(const Matrix& m, std::int64_t x, std::int64_t y, std::int64_t z) {
  std::array<std::int32_t, 3> out{};
  for (int row = 0; row < 3; ++row) {
    out[row] = static_cast<std::int32_t>((m[row * 3] * x + m[row * 3 + 1] * y + m[row * 3 + 2] * z) >> 14);
  }
  return out;
}

std::int32_t as_s16(std::int32_t v) {
  return word(v);
}

}  // namespace

VariantTraits traits(Variant variant) {
  return variant == Variant::Lba1 ? VariantTraits{1024, 0.02} : VariantTraits{4096, 0.001};
}

int sine(Variant variant, int angle) {
  return sine_table(variant)[static_cast<std::size_t>(angle & mask(variant))];
}

int cosine(Variant variant, int angle) {
  return sine(variant, angle + traits(variant).angle_units / 4);
}

int interpolate_angle(Variant variant, int source, int dest, int elapsed, int duration) {
  const int units = traits(variant).angle_units, half = units / 2;
  const int s = source & mask(variant), t = dest & mask(variant);
  int diff = t - s;
  if (diff < -half) diff += units;
  if (diff > half) diff -= units;
  return (s + scaled_delta(variant, diff, elapsed, duration)) & mask(variant);
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
  actor_.beta = (actor_.beta + yaw - previous_yaw_) & mask(variant_);
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

int parent_index(const BodyGroup& group, std::size_t self) {
  if (group.parent < 0 || group.parent % 38 != 0) return -1;
  const int parent = group.parent / 38;
  return static_cast<std::size_t>(parent) < self ? parent : -1;
}

std::vector<int> point_owners(const Body& body) {
  std::vector<int> owner(body.points.size(), -1);
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    const std::size_t first = body.groups[g].first_point / 6;
    for (std::size_t p = first; p < first + body.groups[g].point_count && p < owner.size(); ++p) {
      if (owner[p] < 0) owner[p] = static_cast<int>(g);
    }
  }
  return owner;
}

GroupEntry posed_value(const Body& body, const std::vector<GroupEntry>& pose, std::size_t group) {
  if (group >= 1 && group < pose.size()) return pose[group];
  const BodyGroup& stored = body.groups[group];
  return {stored.type, stored.angles[0], stored.angles[1], stored.angles[2]};
}

PosedBody pose_body(const Body& body, const std::vector<GroupEntry>& pose, int actor_beta, Variant variant) {
  PosedBody posed;
  posed.groups.resize(body.groups.size());
  posed.points.assign(body.points.size(), {0, 0, 0});
  const Matrix identity{kOne, 0, 0, 0, kOne, 0, 0, 0, kOne};
  for (std::size_t i = 0; i < body.groups.size(); ++i) {
    const BodyGroup& group = body.groups[i];
    const GroupEntry value = posed_value(body, pose, i);
    const int parent = parent_index(group, i);
    PosedGroup& out = posed.groups[i];
    std::array<std::int32_t, 3> translation{};
    if (parent < 0) {
      // The root: the actor's own yaw, pivot at the origin (AnimNuage).
      out.matrix = rotate(identity, 0, actor_beta, 0, variant);
    } else {
      const std::size_t pivot = group.pivot_point / 6;
      const Matrix& parent_matrix = posed.groups[static_cast<std::size_t>(parent)].matrix;
      out.origin = pivot < posed.points.size() ? posed.points[pivot] : std::array<std::int32_t, 3>{};
      if (value.type == 0) {
        out.matrix = rotate(parent_matrix, value.a, value.b, value.c, variant);
      } else {
        // Translation (1); zoom (2) and unknown types are not rendered by LBA1: the parent's frame alone.
        out.matrix = parent_matrix;
        if (value.type == 1) translation = {value.a, value.b, value.c};
      }
      const auto moved = apply(parent_matrix, translation[0], translation[1], translation[2]);
      if (value.type == 1) {
        for (int axis = 0; axis < 3; ++axis) out.origin[axis] += moved[axis];
      }
    }
    const std::size_t first = group.first_point / 6;
    for (std::size_t p = first; p < first + group.point_count && p < body.points.size(); ++p) {
      const auto& raw = body.points[p];
      const auto v = apply(out.matrix, std::int64_t{raw[0]} + translation[0],
                           std::int64_t{raw[1]} + translation[1], std::int64_t{raw[2]} + translation[2]);
      const std::array<std::int32_t, 3> pivot_point =
          parent < 0 ? std::array<std::int32_t, 3>{}
                     : (group.pivot_point / 6 < posed.points.size() ? posed.points[group.pivot_point / 6]
                                                                    : std::array<std::int32_t, 3>{});
      for (int axis = 0; axis < 3; ++axis) posed.points[p][axis] = as_s16(v[axis] + pivot_point[axis]);
    }
  }
  return posed;
}

Body placeholder_body(std::size_t group_count) {
  Body body;
  body.flags = 2;
  body.info.assign(10, 0);
  body.points = {{0, 0, 0}};
  BodyGroup root;
  root.point_count = 1;
  body.groups.push_back(root);
  for (std::size_t i = 1; i < group_count; ++i) {
    BodyGroup group;
    group.point_count = 0;
    group.parent = 0;
    body.groups.push_back(group);
  }
  return body;
}

std::array<std::int32_t, 3> light_vector(int alpha, int beta, Variant variant) {
  constexpr int kNormalUnit = 64;
  const Matrix light = rotate({kOne, 0, 0, 0, kOne, 0, 0, 0, kOne}, alpha, beta, 0, variant);
  return apply(light, 0, 0, kNormalUnit - 5);
}

namespace {

// P_OB_ISO.ASM ComputeAnimNormal: light premultiplied into the matrix, one 32-bit sum, >> 14, a 16-bit
// divide.
int animated_intensity(const Matrix& m, const BodyNormal& n, const std::array<std::int32_t, 3>& light) {
  std::uint32_t sum = 0;  // the game's 32-bit register wraps
  for (std::size_t row = 0; row < 3; ++row) {
    for (std::size_t col = 0; col < 3; ++col) {
      sum += static_cast<std::uint32_t>(light[row]) * static_cast<std::uint32_t>(m[row * 3 + col]) *
             static_cast<std::uint32_t>(std::int32_t{n.vector[col]});
    }
  }
  const auto dot = static_cast<std::int32_t>(sum);
  if (dot < 0 || n.range == 0) return 0;
  return word(dot >> 14) / n.range;
}

// P_OBJET.ASM ComputeStaticNormal: the normal rotated to 16-bit words, 16×16-bit products summed in 32 bits,
// a 32/16-bit divide that faults when the quotient does not fit.
int static_intensity(const Matrix& m, const BodyNormal& n, const std::array<std::int32_t, 3>& light) {
  const auto rotated = apply(m, n.vector[0], n.vector[1], n.vector[2]);
  std::uint32_t sum = 0;
  for (std::size_t axis = 0; axis < 3; ++axis)
    sum += static_cast<std::uint32_t>(std::int32_t{word(rotated[axis])} * std::int32_t{word(light[axis])});
  const auto dot = static_cast<std::int32_t>(sum);
  if (dot < 0 || n.range == 0) return 0;
  const std::int32_t quotient = dot / n.range;
  return quotient == word(quotient) ? quotient : 0;
}

}  // namespace

std::vector<int> normal_intensities(const Body& body, const PosedBody& posed,
                                    const std::array<std::int32_t, 3>& light) {
  if (!body.geometry) return {};
  const auto& normals = body.geometry->normals;
  const bool animated = is_animatable(body);
  std::vector<int> out(normals.size(), 0);
  std::size_t next = 0;
  for (std::size_t g = 0; g < body.groups.size() && g < posed.groups.size(); ++g) {
    const Matrix& m = posed.groups[g].matrix;
    for (std::size_t k = 0; k < body.groups[g].normal_count && next < normals.size(); ++k, ++next)
      out[next] =
          animated ? animated_intensity(m, normals[next], light) : static_intensity(m, normals[next], light);
  }
  return out;
}

Body posable_body(const Body& body) {
  if (is_animatable(body)) return body;
  Body out = body;
  BodyGroup root;
  root.point_count = static_cast<std::uint16_t>(body.points.size());
  root.normal_count = static_cast<std::uint16_t>(body.geometry ? body.geometry->normals.size() : 0);
  out.groups = {root};
  return out;
}

}  // namespace bonebridge::lba
