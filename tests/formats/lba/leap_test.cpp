// SPDX-License-Identifier: MIT
// The ideal clock leaps over the ticks of a keyframe whose motion telescopes (issue 38: a fuzzed 7-hour clip
// played a tick at a time took seconds under the sanitizers). The reference is the engine updated at every
// tick, as the game's ideal clock runs it: every state the clock gives must equal it exactly, on random
// animations of both variants built to hold every case of Engine::leap_until (no step, steps under a yaw or a
// quarter-turn matrix, master rotation turning or not, zero-length keyframes, loops).
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "bonebridge/formats/lba/anm/engine.hpp"

namespace bonebridge::lba {
namespace {

// The literal clock: an update at every tick, zero-length keyframes reached within the same tick.
class EveryTick {
 public:
  EveryTick(const anm::Document& animation, Variant variant)
      : animation_(animation), engine_(animation, variant) {
    play(0);
  }
  EngineState at(std::int64_t tick) {
    while (now_ < tick) play(++now_);
    return {engine_.pose(), engine_.actor()};
  }

 private:
  void play(std::int64_t tick) {
    for (std::size_t guard = 0; guard <= animation_.keyframes.size(); ++guard) {
      if (!engine_.update(tick) || animation_.keyframes[engine_.frame()].duration != 0) break;
    }
  }
  const anm::Document& animation_;
  anm::Engine engine_;
  std::int64_t now_ = 0;
};

anm::Document random_animation(std::mt19937& random, Variant variant) {
  const auto pick = [&random](int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(random);
  };
  anm::Document animation;
  animation.group_count = static_cast<std::uint16_t>(pick(1, 3));
  const int keyframes = pick(1, 8);
  const int quarter = traits(variant).angle_units / 4;
  for (int k = 0; k < keyframes; ++k) {
    Keyframe keyframe;
    keyframe.duration = static_cast<std::uint16_t>(pick(0, 5) == 0 ? 0 : pick(1, 700));
    if (pick(0, 2) != 0) {
      for (auto& axis : keyframe.step) axis = static_cast<std::int16_t>(pick(-32768, 32767));
    }
    GroupEntry root;
    root.type = static_cast<std::uint16_t>(pick(0, 1));  // LBA2's master rotation flag
    const int turn_kind = pick(0, 3);                    // none, quarter turns, any turn, one axis
    const auto angle = [&] { return turn_kind == 1 ? quarter * pick(-2, 2) : pick(-4096, 4095); };
    if (turn_kind != 0)
      root = {root.type, static_cast<std::int16_t>(angle()), static_cast<std::int16_t>(angle()),
              static_cast<std::int16_t>(turn_kind == 3 ? 0 : angle())};
    keyframe.groups.push_back(root);
    for (int g = 1; g < animation.group_count; ++g) {
      keyframe.groups.push_back(
          {static_cast<std::uint16_t>(pick(0, 1)), static_cast<std::int16_t>(pick(-900, 900)),
           static_cast<std::int16_t>(pick(-900, 900)), static_cast<std::int16_t>(pick(-900, 900))});
    }
    animation.keyframes.push_back(keyframe);
  }
  animation.loop_frame = static_cast<std::uint16_t>(pick(0, keyframes));
  return animation;
}

void expect_same(const EngineState& leaping, const EngineState& literal, std::int64_t tick, int seed) {
  ASSERT_EQ(leaping.pose, literal.pose) << "seed " << seed << ", tick " << tick;
  ASSERT_EQ(leaping.actor.position, literal.actor.position) << "seed " << seed << ", tick " << tick;
  ASSERT_EQ(leaping.actor.alpha, literal.actor.alpha) << "seed " << seed << ", tick " << tick;
  ASSERT_EQ(leaping.actor.beta, literal.actor.beta) << "seed " << seed << ", tick " << tick;
  ASSERT_EQ(leaping.actor.gamma, literal.actor.gamma) << "seed " << seed << ", tick " << tick;
}

TEST(LbaLeap, TheIdealClockGivesEveryTickState) {
  std::size_t leaps = 0;
  for (int seed = 0; seed < 400; ++seed) {
    std::mt19937 random(static_cast<unsigned>(seed));
    const Variant variant = seed % 2 == 0 ? Variant::Lba1 : Variant::Lba2;
    const anm::Document animation = random_animation(random, variant);
    const std::int64_t end = 2 * timeline(animation, variant).end_ticks + 3;  // into the loop
    IdealClock clock(animation, variant);
    EveryTick literal(animation, variant);
    anm::Engine probe(animation, variant);
    for (std::int64_t tick = 0; tick <= end; tick += std::uniform_int_distribution<int>(1, 300)(random)) {
      expect_same(clock.at(tick), literal.at(tick), tick, seed);
      probe.update(tick);
      leaps += probe.leap_until() > tick + 1;
    }
    // Backwards, as random access asks: from a checkpoint, leaping again.
    for (int k = 0; k < 5; ++k) {
      const std::int64_t tick = std::uniform_int_distribution<std::int64_t>(0, end)(random);
      EveryTick fresh(animation, variant);
      expect_same(clock.at(tick), fresh.at(tick), tick, seed);
    }
  }
  EXPECT_GT(leaps, 100u);  // the cases leapt over are exercised, not only the tick-by-tick ones
}

// lba2_keyframe_motion leaps too: equal to moving at every tick of the keyframe.
TEST(LbaLeap, KeyframeMotionEqualsEveryTick) {
  std::mt19937 random(7);
  for (int trial = 0; trial < 2000; ++trial) {
    const anm::Document animation = random_animation(random, Variant::Lba2);
    const Keyframe& dest = animation.keyframes.front();
    Actor start;
    const int quarter = 1024;
    start.alpha = quarter * std::uniform_int_distribution<int>(0, 3)(random);
    start.beta = trial % 3 == 0 ? std::uniform_int_distribution<int>(0, 4095)(random) : quarter * (trial % 4);
    Actor expected = start;
    Lba2Progress progress;
    const std::int64_t duration = dest.duration;
    for (std::int64_t elapsed = std::min<std::int64_t>(1, duration); elapsed <= duration; ++elapsed) {
      const std::int64_t factor =
          elapsed >= duration ? 65536 : (elapsed * 65536 + (duration + 1) / 2) / duration;
      move_actor_lba2(expected, progress, dest, factor);
    }
    const Actor got = lba2_keyframe_motion(start, dest);
    ASSERT_EQ(got.position, expected.position) << "trial " << trial;
    ASSERT_EQ(got.alpha, expected.alpha) << "trial " << trial;
    ASSERT_EQ(got.beta, expected.beta) << "trial " << trial;
    ASSERT_EQ(got.gamma, expected.gamma) << "trial " << trial;
  }
}

}  // namespace
}  // namespace bonebridge::lba
