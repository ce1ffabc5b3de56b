#pragma once
// The game's own evaluation (research/lba1-anm.md §2), integer for integer: keyframe interpolation with
// truncating division and the angle wrap, the reach test that drops leftover time, the loop frame, root
// motion from the keyframe step and entry 0's yaw, and the Q14 bone matrices M·Rx(alpha)·Rz(gamma)·Ry(beta).
#include <array>
#include <cstdint>
#include <vector>

#include "bonebridge/formats/lba/document.hpp"

namespace bonebridge::lba {

enum class Variant { Lba1, Lba2 };

struct VariantTraits {
  int angle_units;      // per full turn
  double tick_seconds;  // one unit of keyframe duration
};
VariantTraits traits(Variant variant);

// Q14 sine of an angle in the variant's units, from the table round(16384·sin(2πi/units)); cos(i) = sin(i +
// units/4).
int sine(Variant variant, int angle);
int cosine(Variant variant, int angle);

// One group value at elapsed time e of a segment of duration d (0 <= e < d), as the engine computes it.
int interpolate_angle(Variant variant, int source, int dest, int elapsed, int duration);
int interpolate_linear(Variant variant, int source, int dest, int elapsed, int duration);
// A group entry read with dest's type (trap 7); types above 2 keep dest's raw values (see engine.cpp).
GroupEntry interpolate_group(Variant variant, const GroupEntry& source, const GroupEntry& dest, int elapsed,
                             int duration);

// The actor's placement: integer world position and yaw, moved by root motion.
struct Actor {
  std::array<std::int32_t, 3> position{};
  int beta = 0;
};

// The per-actor animation state of the game loop (OBJECT.C, P_ANIM.ASM), advanced by `update`.
class AnimPlayer {
 public:
  AnimPlayer(const Animation& animation, Variant variant);

  // One game update at time `now` (in the variant's ticks, never decreasing). Reaches at most one keyframe;
  // returns true when it did.
  bool update(std::int64_t now);

  const std::vector<GroupEntry>& pose() const { return pose_; }
  const Actor& actor() const { return actor_; }
  std::size_t frame() const { return frame_; }  // the keyframe being approached
  std::int64_t memo_ticks() const { return memo_ticks_; }
  std::size_t reached() const { return reached_; }  // keyframes reached so far

 private:
  void move_actor(const std::array<int, 3>& step, int yaw);
  void advance_frame();

  const Animation* animation_;
  Variant variant_;
  std::vector<GroupEntry> memo_, pose_;
  std::size_t frame_ = 0;
  std::int64_t memo_ticks_ = 0;
  std::size_t reached_ = 0;
  Actor actor_;
  std::array<int, 3> previous_step_{}, previous_rotated_{};
  int previous_yaw_ = 0;
};

// The clip's keyframe timeline under the ideal clock: keyframe k is reached at reach_ticks[k] of the first
// pass (LBA1 holds frame 0 for its own duration first; LBA2 starts at frame 0 reached), and the pass ends
// after the closing segment from the last keyframe to the loop frame, at end_ticks.
struct Timeline {
  std::vector<std::int64_t> reach_ticks;
  std::int64_t loop_ticks = 0;  // when the loop frame is reached in the first pass
  std::int64_t end_ticks = 0;
};
Timeline timeline(const Animation& animation, Variant variant);

// The loop frame the engine will actually use: the stored one, or the last keyframe when out of range.
std::size_t effective_loop_frame(const Animation& animation);

struct EngineState {
  std::vector<GroupEntry> pose;
  Actor actor;
};

// Ideal clock: one update per tick, and keyframes of duration 0 reached within the same tick, so no time
// is dropped. `at` answers any tick in any order by replaying from a checkpoint kept every 256 ticks, so a
// long animation costs neither a state per tick nor a replay from 0.
class IdealClock {
 public:
  IdealClock(const Animation& animation, Variant variant);
  EngineState at(std::int64_t tick);

 private:
  void step(AnimPlayer& player, std::int64_t tick) const;

  const Animation* animation_;
  std::vector<AnimPlayer> checkpoints_;  // checkpoints_[i]: state after tick i·256
  AnimPlayer cursor_;
  std::int64_t cursor_tick_ = 0;
};

// States for every tick 0..timeline.end_ticks (for short animations: tests and small tools).
std::vector<EngineState> run_ideal_clock(const Animation& animation, Variant variant);

// Evaluation refuses animations whose first pass is longer than this many ticks (LBA1: 23 hours; LBA2:
// 70 minutes); reading and writing them is unaffected.
inline constexpr std::int64_t kMaxEvaluatedTicks = std::int64_t{1} << 22;

// The game's clock: one update every `update_ticks` ticks; at most one keyframe per update and the
// remainder dropped at each keyframe, which slows the animation down. States after each of `updates` updates.
std::vector<EngineState> run_game_clock(const Animation& animation, Variant variant, int update_ticks,
                                        std::size_t updates);

// Model-space placement of every body group: Q14 row-major matrix and the integer origin (the transformed
// pivot, plus the offset for translation groups). Vertices come out as the engine's s16 results.
struct PosedGroup {
  std::array<std::int32_t, 9> matrix{};  // row-major, 16384 = 1.0
  std::array<std::int32_t, 3> origin{};
};
struct PosedBody {
  std::vector<PosedGroup> groups;
  std::vector<std::array<std::int32_t, 3>> points;
};

// The group index of a stored parent field (×38), or −1 for a root or a value that is no earlier group.
int parent_index(const BodyGroup& group, std::size_t self);

// The group that owns each point (the first group listing it), or −1 for a point no group lists.
std::vector<int> point_owners(const Body& body);

// The value group `group` is posed with: the animation's entry for groups 1..min(G_anim, G_body)−1, the
// body's stored type and angles otherwise.
GroupEntry posed_value(const Body& body, const std::vector<GroupEntry>& pose, std::size_t group);

// Poses `body` with the animation pose (posed_value) and the actor's yaw on the root group (§2.3).
PosedBody pose_body(const Body& body, const std::vector<GroupEntry>& pose, int actor_beta, Variant variant);

// The light SetLightVector(alpha, beta, 0) leaves in NormalXLight/Y/Z (P_TRIGO.ASM): (0, 0, NORMAL_UNIT − 5)
// through Rx·Rz·Ry, >> 14. The world matrix it starts from is taken as the identity (the iso renderer poses
// groups without a camera rotation).
std::array<std::int32_t, 3> light_vector(int alpha, int beta, Variant variant);

// The intensity the renderer stores per normal: groups in file order each take their `normal_count` normals.
// Animatable bodies (P_OB_ISO.ASM ComputeAnimNormal): s = Σ light_i·(M·n)_i in 32 bits; 0 when s < 0, else
// the low 16 bits of s >> 14 divided (truncating) by the normal's range. Static bodies (P_OBJET.ASM
// ComputeStaticNormal): M·n >> 14 first, then the dot product divided by the range. Normals past the groups'
// total stay 0, and so does a division the game would fault on (range 0, quotient beyond 16 bits).
std::vector<int> normal_intensities(const Body& body, const PosedBody& posed,
                                    const std::array<std::int32_t, 3>& light);

// The body as the engine poses it: a static body (no INFO_ANIM, no groups) gains one root group owning every
// point and lighting every normal, as RotateNuage treats it; an animatable body is returned as it is.
Body posable_body(const Body& body);

// A body with one root point and `group_count` groups all pivoting on it, for animations opened without one.
Body placeholder_body(std::size_t group_count);

}  // namespace bonebridge::lba
