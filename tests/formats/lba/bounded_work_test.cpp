// SPDX-License-Identifier: MIT
// Issue 38 on the way into an .anm: a key time no keyframe can have is an error naming it (fuzz_capi found
// the tick count of a 1e300 s key overflowing), and the work stays bounded by keys and joints.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "../../../src/formats/lba/anm/bridge_steps.hpp"
#include "bonebridge/formats/lba/anm/bridge.hpp"
#include "bonebridge/formats/lba/anm/engine.hpp"

namespace bonebridge::lba {
namespace {

// Two joints, "root" and "group_1", and a clip "walk" turning group_1 at the given key times.
Scene turning(const std::vector<double>& times) {
  Scene scene;
  scene.skeleton.joints = {{"root", -1, {}}, {"group_1", 0, {{0, 1, 0}, {}, {1, 1, 1}}}};
  Clip clip;
  clip.name = "walk";
  Channel<Quat> rotation;
  rotation.times = times;
  for (std::size_t k = 0; k < times.size(); ++k) {
    const double half = 0.1 * static_cast<double>(k);  // 0.2 rad more per key, about X
    rotation.values.push_back({std::sin(half), 0, 0, std::cos(half)});
  }
  clip.joints.push_back({1, std::nullopt, rotation, std::nullopt});
  clip.duration = times.back();
  scene.clips.push_back(clip);
  return scene;
}

BridgeOptions lba2() {
  BridgeOptions options;
  options.variant = Variant::Lba2;
  return options;
}

// The last keyframe an .anm can reach: keyframe 0 at tick 0, then 65,534 keyframes each 65,535 ticks after
// the one before: 65,534 × 65,535 = 4,294,770,690 ticks (LBA1's 20 ms: 85,895,413.8 s; LBA2's 1 ms:
// 4,294,770.69 s).
TEST(LbaBoundedWork, AKeyPastTheLastReachableTickIsAnErrorNamingIt) {
  const auto refused = anm::from_core(turning({0, 1, 1e300}), {});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(
      refused.error().message,
      "animation 'walk', joint 'group_1' rotation key 2: 1e+300 s is past the last keyframe an .anm can "
      "reach, 4294770690 ticks of 0.02 s (8.58954e+07 s: 65,535 keyframes, each at most 65,535 ticks "
      "after the one before)");
}

TEST(LbaBoundedWork, ANegativeOrNotANumberKeyIsAnErrorNamingIt) {
  const auto negative = anm::from_core(turning({-1, 1}), {});
  ASSERT_FALSE(negative.ok());
  EXPECT_EQ(negative.error().message,
            "animation 'walk', joint 'group_1' rotation key 0: -1 s is not a time "
            "from 0 on");
  const auto nan = anm::from_core(turning({0, std::nan("")}), {});
  ASSERT_FALSE(nan.ok());
  EXPECT_EQ(nan.error().message,
            "animation 'walk', joint 'group_1' rotation key 1: nan s is not a time "
            "from 0 on");
}

// At the edge: 4,294,770.69 s is the last reachable LBA2 tick and converts (its 4,294,770,690-tick gap
// clamped to one keyframe's 65,535, with the note that says so); one tick later is refused.
TEST(LbaBoundedWork, TheLastReachableTickConvertsAndTheNextIsRefused) {
  const auto last = anm::from_core(turning({0, 4294770.69}), lba2());
  ASSERT_TRUE(last.ok()) << last.error().to_string();
  bool clamped = false;
  for (const auto& note : last->notes)
    clamped = clamped || note == "values beyond the s16 or u16 range were clamped";
  EXPECT_TRUE(clamped);
  for (const auto& keyframe : last->value.keyframes) EXPECT_LE(keyframe.duration, 0xFFFF);
  const auto next = anm::from_core(turning({0, 4294770.691}), lba2());
  ASSERT_FALSE(next.ok());
  EXPECT_NE(next.error().message.find("key 1: 4.29477e+06 s is past the last keyframe an .anm can reach, "
                                      "4294770690 ticks of 0.001 s (4.29477e+06 s"),
            std::string::npos)
      << next.error().message;
}

// Five LBA1 keyframes 10 ticks apart turning group 1 about X by the given angles (root still).
anm::Document turning_keyframes(const std::array<std::int16_t, 5>& alphas) {
  anm::Document animation;
  animation.group_count = 2;
  for (const std::int16_t alpha : alphas) {
    Keyframe keyframe;
    keyframe.duration = 10;
    keyframe.groups = {{0, 0, 0, 0}, {0, alpha, 0, 0}};
    animation.keyframes.push_back(keyframe);
  }
  return animation;
}

// The reduction plays each candidate span tick by tick and stops as soon as it fails (issue 38: the glb of a
// 4-keyframe, 1,587 s clip, 28,153 keyframes once written, took 1.2 s there). Its verdicts by hand: LBA1
// interpolates a + (b − a)·e/d truncated, and two rotations k units apart about one axis are k/sqrt(3)
// units apart (the smaller of the Euler and the rotation measures).
TEST(LbaBoundedWork, KeyframeReductionVerdictsByHand) {
  // On one line: 0→40 over 40 ticks is t at tick t, as the four keyframes are: one merged keyframe, error 0.
  anm::Document line = turning_keyframes({0, 10, 20, 30, 40});
  const auto straight = reduce_keyframes(line, Variant::Lba1, 1).report;
  EXPECT_EQ(straight.after, 2u);
  EXPECT_EQ(straight.largest_error, 0);
  ASSERT_EQ(line.keyframes.size(), 2u);
  EXPECT_EQ(line.keyframes[1].duration, 40);
  EXPECT_EQ(line.keyframes[1].groups[1].a, 40);

  // Keyframe 2 at 25, off the line. Merging 1..2 (0→25 over 20) plays 12 at tick 10 for 10: 2/sqrt(3) =
  // 1.155 units; 2..3 (10→30) plays 20 at keyframe 2's 25: 5/sqrt(3); 3..4 (25→40) plays 32 for 30: 1.155.
  // Within 1 unit none merges; within 2 units keyframes 1 and 3 go (0→25 and 25→40 are each one keyframe).
  anm::Document bent = turning_keyframes({0, 10, 25, 30, 40});
  EXPECT_EQ(reduce_keyframes(bent, Variant::Lba1, 1).report.after, 5u);
  anm::Document bent_loose = turning_keyframes({0, 10, 25, 30, 40});
  const auto loose = reduce_keyframes(bent_loose, Variant::Lba1, 2).report;
  EXPECT_EQ(loose.after, 3u);
  EXPECT_NEAR(loose.largest_error, 2 / std::sqrt(3.0), 1e-9);
  ASSERT_EQ(bent_loose.keyframes.size(), 3u);
  EXPECT_EQ(bent_loose.keyframes[1].groups[1].a, 25);
  EXPECT_EQ(bent_loose.keyframes[2].duration, 20);
}

// `count` LBA1 keyframes of `duration` ticks each, two groups, nothing moving: every merge fits, error 0.
anm::Document still_keyframes(std::size_t count, std::uint16_t duration) {
  anm::Document animation;
  animation.group_count = 2;
  Keyframe keyframe;
  keyframe.duration = duration;
  keyframe.groups = {{0, 0, 0, 0}, {0, 0, 0, 0}};
  animation.keyframes.assign(count, keyframe);
  return animation;
}

// A span test plays the merged keyframe tick by tick, so a span lasting 4,096 ticks or more is not merged
// whatever its keyframes (issue 38: a 90-keyframe clip of 1.4 M ticks took 14 s of span tests under the
// sanitizers). Five still keyframes 1,500 ticks apart: 1..2 merge (3,000 ticks), 1..3 (4,500) and 1..4
// (6,000) are not tried; then 3..4 (3,000). Keyframes 0, 2 and 4 stay, 3,000 ticks apart.
TEST(LbaBoundedWork, ASpanOf4096TicksOrMoreIsNotMerged) {
  anm::Document animation = still_keyframes(5, 1500);
  const auto reduction = reduce_keyframes(animation, Variant::Lba1, 1);
  EXPECT_FALSE(reduction.stopped);
  EXPECT_EQ(reduction.report.after, 3u);
  ASSERT_EQ(animation.keyframes.size(), 3u);
  EXPECT_EQ(animation.keyframes[1].duration, 3000);
  EXPECT_EQ(animation.keyframes[2].duration, 3000);
  // 1,000 ticks apart the whole clip is 4,000 ticks: one merged keyframe.
  anm::Document shorter = still_keyframes(5, 1000);
  EXPECT_EQ(reduce_keyframes(shorter, Variant::Lba1, 1).report.after, 2u);
}

// The whole reduction plays at most 2^22 group-ticks (a tick of both playbacks costs 2 x (groups + 4)) and
// at most 2^17 ticks, then keeps the rest as exported, with a note. By hand, for still keyframes 60 ticks
// apart and two groups (12 per tick: the 131,072 ticks bind first): from each kept keyframe the spans of 2,
// 4, .., 64 keyframes are played (121 + 241 + 481 + 961 + 1,921 + 3,841 ticks: a test plays its duration +
// 1), 128, 96, 80 and 72 last 4,096 ticks or more and are not, 68 (4,081 ticks) fits, 70 and 69 are not
// played: 11,647 ticks, 68 keyframes merged. 11 such spans play 128,117 ticks; from keyframe 748 the spans
// of 2, 4, 8 and 16 fit (1,804 ticks) and the test of 32 runs out after 1,151. So keyframes 0, 68, .., 748
// (12), 764 and the 2,236 after it (765 .. 3,000) stay.
TEST(LbaBoundedWork, TheReductionStopsAtItsWorkBoundAndKeepsTheRest) {
  anm::Document animation = still_keyframes(3001, 60);
  const auto reduction = reduce_keyframes(animation, Variant::Lba1, 1);
  EXPECT_TRUE(reduction.stopped);
  EXPECT_EQ(reduction.work_bound, 4194304);
  EXPECT_EQ(reduction.report.after, 2249u);
  ASSERT_EQ(animation.keyframes.size(), 2249u);
  EXPECT_EQ(animation.keyframes[1].duration, 68 * 60);
  EXPECT_EQ(animation.keyframes[11].duration, 68 * 60);
  EXPECT_EQ(animation.keyframes[12].duration, 16 * 60);
  EXPECT_EQ(animation.keyframes[13].duration, 60);
}

// The export bakes every tick, or a coarser grid with a note when a channel would pass about 16,384 keys.
// Two LBA1 keyframes of 60,000 ticks looping to frame 0: frame 0 is held 60,000 ticks, keyframe 1 reached
// at 120,000 and the closing segment back to frame 0 ends at 180,000 ticks, so every 180,000 / 16,384 + 1 =
// 11 ticks (integer division): 16,364 grid ticks, and the two keyframes' own.
TEST(LbaBoundedWork, ALongClipIsBakedCoarserWithANote) {
  anm::Document animation = turning_keyframes({0, 100, 0, 0, 0});
  animation.keyframes.resize(2);
  for (auto& keyframe : animation.keyframes) keyframe.duration = 60000;
  const auto converted = anm::to_core(animation, nullptr, {});
  ASSERT_TRUE(converted.ok()) << converted.error().to_string();
  EXPECT_NE(
      std::find(converted->notes.begin(), converted->notes.end(),
                "the first pass lasts 180000 ticks: baked every 11 ticks (and at each keyframe), not on the "
                "1-tick grid, to keep a channel within about 16384 keys"),
      converted->notes.end());
  for (const auto& channels : converted->scene.clips.at(0).joints) {
    if (channels.rotation) {
      EXPECT_LE(channels.rotation->times.size(), 16368u);
    }
  }
  anm::Document short_clip = turning_keyframes({0, 10, 20, 30, 40});
  const auto baked = anm::to_core(short_clip, nullptr, {});
  ASSERT_TRUE(baked.ok());
  for (const auto& note : baked->notes) EXPECT_EQ(note.find("baked every"), std::string::npos) << note;
}

// A keyframe turning the actor must be played a tick at a time (Engine::leap_until), so evaluation stops at
// 2^17 such ticks, counted by hand: LBA2 plays keyframes 1.. then the closing segment to the loop frame 0.
// Three keyframes of 50,000 ms: frame 0 still, frames 1 and 2 turning the actor by 5 units on Y with a step.
// Once the actor may have turned, every keyframe that turns or steps counts: 1 and 2, 100,000 ticks, under
// 131,072; with frame 0 stepping too, the closing segment back to it counts: 150,000, refused.
// Without a turn the clip is any length up to the first-pass bound: every keyframe leaps.
TEST(LbaBoundedWork, EvaluationStopsAtTheTicksPlayedOneAtATime) {
  anm::Document animation;
  animation.group_count = 1;
  Keyframe still;
  still.duration = 50000;
  still.groups = {{1, 0, 0, 0}};
  Keyframe turning_step = still;
  turning_step.step = {10, 0, 20};
  turning_step.groups = {{1, 0, 5, 0}};
  animation.keyframes = {still, turning_step, turning_step};
  EXPECT_EQ(single_ticks(animation, Variant::Lba2), 100000);
  EXPECT_EQ(evaluation_refusal(animation, Variant::Lba2), "");
  EXPECT_TRUE(anm::to_core(animation, nullptr, lba2()).ok());
  animation.keyframes[0].step = {1, 0, 0};
  EXPECT_EQ(single_ticks(animation, Variant::Lba2), 150000);
  EXPECT_EQ(evaluation_refusal(animation, Variant::Lba2),
            "the actor turns over 150000 ticks of the first pass, each played in turn; evaluation stops at "
            "131072");
  const auto refused = anm::to_core(animation, nullptr, lba2());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message, evaluation_refusal(animation, Variant::Lba2));
  // No turn: 63 stepping keyframes of 65,535 ms (4,128,705 ticks with the closing segment) all leap.
  anm::Document walking;
  walking.group_count = 1;
  Keyframe step = still;
  step.duration = 65535;
  step.step = {100, 0, 300};
  walking.keyframes.assign(63, step);
  EXPECT_EQ(single_ticks(walking, Variant::Lba2), 0);
  EXPECT_EQ(evaluation_refusal(walking, Variant::Lba2), "");
  // LBA1 counts the keyframes with a yaw (entry 0's b), frame 0's own hold included.
  anm::Document lba1 = walking;
  lba1.keyframes.resize(3);
  lba1.keyframes[1].groups[0].b = 3;
  EXPECT_EQ(single_ticks(lba1, Variant::Lba1), 65535);
}

// The way back aims each LBA2 keyframe's step by playing it up to 111 times; past 2^18 played ticks the later
// steps are aimed by the turn alone, with a note. A root turning about Y at 0.5 rad/s while walking along X,
// keyed every 10 s for 200 s: each keyframe (10,000 ms, turning) costs 10,000 ticks a playback, so the
// budget runs out within the first few keyframes.
TEST(LbaBoundedWork, StepAimingStopsAtItsWorkBoundWithANote) {
  Scene scene;
  scene.skeleton.joints = {{"root", -1, {}}, {"group_1", 0, {{0, 1, 0}, {}, {1, 1, 1}}}};
  Clip clip;
  clip.name = "walk";
  Channel<Vec3> translation;
  Channel<Quat> rotation;
  for (int k = 0; k <= 20; ++k) {
    const double time = 10.0 * k, half = 0.25 * time / 10;  // 0.5 rad per 10 s about Y
    translation.times.push_back(time);
    translation.values.push_back({2.0 * k, 0, 0});
    rotation.times.push_back(time);
    rotation.values.push_back({0, std::sin(half), 0, std::cos(half)});
  }
  clip.joints.push_back({0, translation, rotation, std::nullopt});
  clip.duration = 200;
  scene.clips.push_back(clip);
  const auto written = anm::from_core(scene, lba2());
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  EXPECT_NE(std::find(written->notes.begin(), written->notes.end(),
                      "the actor's steps were aimed with the engine's own playback for 262144 ticks, then by "
                      "the turn alone: later keyframes may miss the glTF's place by the engine's rounding of "
                      "each update's move"),
            written->notes.end());
}

}  // namespace
}  // namespace bonebridge::lba
