// SPDX-License-Identifier: MIT
#pragma once
// The game's own evaluation (research/lba1-anm.md §2), integer for integer: keyframe interpolation with
// truncating division and the angle wrap, the reach test that drops leftover time, the loop frame, root
// motion from the keyframe step and entry 0's yaw, and the Q14 bone matrices M·Rx(alpha)·Rz(gamma)·Ry(beta).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/formats/lba/anm/document.hpp"
#include "bonebridge/formats/lba/body/document.hpp"
#include "bonebridge/formats/lba/variant.hpp"

namespace bonebridge::lba {

// One group value at elapsed time e of a segment of duration d (0 <= e < d), as the engine computes it.
int interpolate_angle(Variant variant, int source, int dest, int elapsed, int duration);
int interpolate_linear(Variant variant, int source, int dest, int elapsed, int duration);
// A group entry read with dest's type (trap 7); types above 2 keep dest's raw values (see engine.cpp).
GroupEntry interpolate_group(Variant variant, const GroupEntry& source, const GroupEntry& dest, int elapsed,
                             int duration);

// The actor's placement: its orientation and integer world position, moved by root motion.
struct Actor : Orientation {
  std::array<std::int32_t, 3> position{};
  friend bool operator==(const Actor&, const Actor&) = default;
};

// What LBA2's ObjectSetInterDep keeps between the updates of one keyframe: the step and master angles gained
// so far (LastAnimStepX.., LastAnimStepAlpha..), back to zero at each keyframe reached.
struct Lba2Progress {
  std::array<int, 3> step{};
  std::array<int, 3> angles{};
};

// One LBA2 update's root motion (INTERDEP.ASM): `factor` is the 16.16 progress through `dest` (65536 once
// reached).
void move_actor_lba2(Actor& actor, Lba2Progress& progress, const Keyframe& dest, std::int64_t factor);

// LBA2 root motion over a whole keyframe under the ideal clock (an update every tick): where the actor
// `start` stands once `dest` is reached. The .anm writer aims each keyframe's step with it.
Actor lba2_keyframe_motion(Actor start, const Keyframe& dest);
// Whether that motion telescopes (no turn, and a quarter-turn matrix or no step): then it costs one update,
// otherwise one per tick of the keyframe.
bool lba2_motion_leaps(const Actor& start, const Keyframe& dest);

namespace anm {

// The kind's evaluator: the per-actor animation state of the game loop (OBJECT.C, P_ANIM.ASM), advanced by
// `update`.
class Engine {
 public:
  Engine(const anm::Document& animation, Variant variant);

  // One game update at time `now` (in the variant's ticks, never decreasing). Reaches at most one keyframe;
  // returns true when it did.
  bool update(std::int64_t now);

  const std::vector<GroupEntry>& pose() const { return pose_; }
  const Actor& actor() const { return actor_; }
  std::size_t frame() const { return frame_; }  // the keyframe being approached
  std::int64_t memo_ticks() const { return memo_ticks_; }
  std::size_t reached() const { return reached_; }  // keyframes reached so far
  // The latest tick that one update() may jump to and give the state that an update every tick gives (the
  // keyframe's reach tick), or -1 when this keyframe must be played a tick at a time.
  std::int64_t leap_until() const { return leap_until_; }

 private:
  void move_actor_lba1(const std::array<int, 3>& step, int yaw);
  void advance_frame();
  void plan_leap();

  const anm::Document* animation_;
  Variant variant_;
  std::vector<GroupEntry> memo_, pose_;
  std::size_t frame_ = 0;
  std::int64_t memo_ticks_ = 0;
  std::size_t reached_ = 0;
  Actor actor_;
  std::array<int, 3> previous_rotated_{};  // LBA1: the step gained so far, turned
  int previous_yaw_ = 0;                   // LBA1: the yaw gained so far
  Lba2Progress lba2_progress_;
  std::int64_t leap_until_ = -1;  // fixed for the keyframe being approached: set as it begins (plan_leap)
};

}  // namespace anm

// The clip's keyframe timeline under the ideal clock: keyframe k is reached at reach_ticks[k] of the first
// pass (LBA1 holds frame 0 for its own duration first; LBA2 starts at frame 0 reached), and the pass ends
// after the closing segment from the last keyframe to the loop frame, at end_ticks.
struct Timeline {
  std::vector<std::int64_t> reach_ticks;
  std::int64_t loop_ticks = 0;  // when the loop frame is reached in the first pass
  std::int64_t end_ticks = 0;
};
Timeline timeline(const anm::Document& animation, Variant variant);

// The loop frame the engine will actually use: the stored one, or the last keyframe when out of range.
std::size_t effective_loop_frame(const anm::Document& animation);

struct EngineState {
  std::vector<GroupEntry> pose;
  Actor actor;
  friend bool operator==(const EngineState&, const EngineState&) = default;
};

// Ideal clock: one update per tick, and keyframes of duration 0 reached within the same tick, so no time
// is dropped. `at` answers any tick in any order by replaying from a checkpoint kept every 256 ticks, so a
// long animation costs neither a state per tick nor a replay from 0.
class IdealClock {
 public:
  IdealClock(const anm::Document& animation, Variant variant);
  EngineState at(std::int64_t tick);
  // The same state written into `state`, whose pose keeps its storage (a comparison over every tick).
  void at(std::int64_t tick, EngineState& state);

 private:
  void step(anm::Engine& player, std::int64_t tick) const;
  void advance_to(std::int64_t tick);

  const anm::Document* animation_;
  std::vector<anm::Engine> checkpoints_;  // checkpoints_[i]: state after tick i·256
  anm::Engine cursor_;
  std::int64_t cursor_tick_ = 0;
};

// States for every tick 0..timeline.end_ticks (for short animations: tests and small tools).
std::vector<EngineState> run_ideal_clock(const anm::Document& animation, Variant variant);

// Evaluation refuses animations whose first pass is longer than this many ticks (LBA1: 23 hours; LBA2:
// 70 minutes); reading and writing them is unaffected.
inline constexpr std::int64_t kMaxEvaluatedTicks = std::int64_t{1} << 22;
// ... or that the ideal clock must play longer than this a tick at a time (the actor turning: LBA1 43
// minutes, LBA2 131 s; the longest real clip lasts 11 s), since every pass over them costs each tick.
inline constexpr std::int64_t kMaxSingleTicks = std::int64_t{1} << 17;

// How many ticks of the first pass the ideal clock may have to play one at a time, at most (the keyframes it
// cannot leap over, Engine::leap_until, counted where the actor may have turned before).
std::int64_t single_ticks(const anm::Document& animation, Variant variant);

// Why the engine does not evaluate `animation` (no keyframe, or past one of the bounds above), or "".
std::string evaluation_refusal(const anm::Document& animation, Variant variant);

// The game's clock: one update every `update_ticks` ticks; at most one keyframe per update and the
// remainder dropped at each keyframe, which slows the animation down. States after each of `updates` updates.
std::vector<EngineState> run_game_clock(const anm::Document& animation, Variant variant, int update_ticks,
                                        std::size_t updates);

namespace anm {

// The kind's one EnginePose fill (a body's too, with an empty state): the engine pose in the game's units;
// the actor's motion included when `include_actor`. `model` is the engine's integer result (Q14 matrix,
// integer origin) as a column-vector matrix; `local` is what the engine holds for the group, as the glTF node
// does: the root's actor position and yaw, a rotation group's pivot offset and Euler angles, a translation
// group's pivot offset plus its value (not inverse(parent)·model, which carries the engine's floor rounding).
EnginePose engine_pose(const body::Document& body, const EngineState& state, double seconds, Variant variant,
                       bool include_actor);
// Only the joints' `model` matrices of that pose, in group order: what a comparison of two playbacks needs,
// without the names and local transforms (the unchanged-source check calls it 40,000 times a clip).
std::vector<Mat4> engine_models(const body::Document& body, const EngineState& state, Variant variant,
                                bool include_actor);

}  // namespace anm

}  // namespace bonebridge::lba
