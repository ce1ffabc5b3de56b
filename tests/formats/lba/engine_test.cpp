// SPDX-License-Identifier: MIT
// Engine values computed by hand from the rules of research/lba1-anm.md §2 (the arithmetic is in the
// comments), on LBA1 data built here: no LBA1 game file is available.
#include <gtest/gtest.h>

#include "bonebridge/formats/lba/anm/engine.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"

namespace bonebridge::lba {
namespace {

TEST(LbaEngine, SineTableMatchesTheNotes) {
  // round(16384·sin(2πi/1024)); cos(i) = sin(i + 256).
  EXPECT_EQ(sine(Variant::Lba1, 0), 0);
  EXPECT_EQ(sine(Variant::Lba1, 256), 16384);
  EXPECT_EQ(sine(Variant::Lba1, 128), 11585);  // 16384·0.70711 = 11585.2
  EXPECT_EQ(sine(Variant::Lba1, 1), 101);      // 16384·sin(2π/1024) = 100.53
  EXPECT_EQ(cosine(Variant::Lba1, 256), 0);
  EXPECT_EQ(cosine(Variant::Lba1, 0), 16384);
  EXPECT_EQ(sine(Variant::Lba1, -256), -16384);  // masked: 768
}

TEST(LbaEngine, AngleInterpolationWrapsThroughZero) {
  // s = 1000, t = 24: diff = -976 < -512, so +1024 = 48. e = 1 of 4: 48/4 = 12 -> 1012; e = 3: 36 -> 1036 &
  // 1023 = 12.
  EXPECT_EQ(interpolate_angle(Variant::Lba1, 1000, 24, 1, 4), 1012);
  EXPECT_EQ(interpolate_angle(Variant::Lba1, 1000, 24, 3, 4), 12);
}

TEST(LbaEngine, HalfTurnTiesKeepTheirSign) {
  // diff = +512 is kept: 0 + 512/2 = 256. diff = -512 is kept: 512 - 256 = 256.
  EXPECT_EQ(interpolate_angle(Variant::Lba1, 0, 512, 1, 2), 256);
  EXPECT_EQ(interpolate_angle(Variant::Lba1, 512, 0, 1, 2), 256);
  // diff = 513 > 512 becomes -511; -511/2 truncates to -255 (floor would give -256): 769, not 768.
  EXPECT_EQ(interpolate_angle(Variant::Lba1, 0, 513, 1, 2), 769);
}

TEST(LbaEngine, RawAnglesAreMaskedAtUse) {
  // -1 & 1023 = 1023 and 2047 & 1023 = 1023: no motion.
  EXPECT_EQ(interpolate_angle(Variant::Lba1, -1, 2047, 1, 3), 1023);
}

TEST(LbaEngine, TranslationTruncatesTowardZeroAndDoesNotWrap) {
  EXPECT_EQ(interpolate_linear(Variant::Lba1, 10, -5, 1, 3), 5);  // -15/3 = -5
  EXPECT_EQ(interpolate_linear(Variant::Lba1, 0, -7, 1, 2), -3);  // -3.5 -> -3
  EXPECT_EQ(interpolate_linear(Variant::Lba1, 0, 2000, 1, 2), 1000);
}

TEST(LbaEngine, Lba2RoundsTheFactorThenFloors) {
  // factor = (65536 + (3 + 1) / 2) / 3 = 21846; 100·21846 >> 16 = 33; -100·21846 >> 16 = -34 (floor), & 4095
  // = 4062.
  EXPECT_EQ(interpolate_angle(Variant::Lba2, 0, 100, 1, 3), 33);
  EXPECT_EQ(interpolate_angle(Variant::Lba2, 0, -100, 1, 3), 4062);
  // 4096 units: diff 3000 > 2048 becomes -1096; factor 32768: -548 -> 3548.
  EXPECT_EQ(interpolate_angle(Variant::Lba2, 0, 3000, 1, 2), 3548);
}

TEST(LbaEngine, GroupIsReadWithDestsType) {
  // src holds angle 1000 but dest is a translation: linear, no wrap: 1000 + (24 - 1000)/2 = 512.
  const GroupEntry src{0, 1000, 0, 0}, dest{1, 24, 0, 0};
  EXPECT_EQ(interpolate_group(Variant::Lba1, src, dest, 1, 2), (GroupEntry{1, 512, 0, 0}));
  // As a rotation the same values wrap: diff 48, 1000 + 24 = 1024 & 1023 = 0.
  EXPECT_EQ(interpolate_group(Variant::Lba1, src, GroupEntry{0, 24, 0, 0}, 1, 2), (GroupEntry{0, 0, 0, 0}));
}

// Two groups (master + one bone), three keyframes, loop frame 1.
anm::Document three_keyframes() {
  anm::Document animation;
  animation.group_count = 2;
  animation.loop_frame = 1;
  animation.keyframes = {{2, {0, 0, 0}, {{0, 0, 0, 0}, {0, 0, 0, 0}}},
                         {4, {0, 0, 100}, {{0, 0, 0, 0}, {0, 100, 0, 0}}},
                         {3, {0, 0, 30}, {{0, 0, 0, 0}, {0, 40, 0, 0}}}};
  return animation;
}

TEST(LbaEngine, IdealTimelineHoldsFrameZeroAndClosesWithTheLoopFramesDuration) {
  const Timeline t = timeline(three_keyframes(), Variant::Lba1);
  EXPECT_EQ(t.reach_ticks, (std::vector<std::int64_t>{2, 6, 9}));  // 2, 2+4, 6+3
  EXPECT_EQ(t.loop_ticks, 6);
  EXPECT_EQ(t.end_ticks, 13);  // 9 + d1
  const Timeline lba2 = timeline(three_keyframes(), Variant::Lba2);
  EXPECT_EQ(lba2.reach_ticks, (std::vector<std::int64_t>{0, 4, 7}));  // LBA2 starts with frame 0 reached
}

TEST(LbaEngine, IdealClockValuesByHand) {
  const auto states = run_ideal_clock(three_keyframes(), Variant::Lba1);
  ASSERT_EQ(states.size(), 14u);
  // Bone alpha per tick: hold 0 for 2 ticks; 0 -> 100 over 4 (25 per tick); 100 -> 40 over 3 (-60/3 = -20);
  // then the wrap segment 40 -> 100 over d1 = 4 (60/4 = 15).
  const int alpha[] = {0, 0, 0, 25, 50, 75, 100, 80, 60, 40, 55, 70, 85, 100};
  // Root z: 100 gained over k1 in quarters, 30 over k2 in thirds, then k1's 100 again.
  const int z[] = {0, 0, 0, 25, 50, 75, 100, 110, 120, 130, 155, 180, 205, 230};
  for (std::size_t tick = 0; tick < states.size(); ++tick) {
    EXPECT_EQ(states[tick].pose[1].a & 1023, alpha[tick]) << "tick " << tick;
    EXPECT_EQ(states[tick].actor.position[2], z[tick]) << "tick " << tick;
    EXPECT_EQ(states[tick].actor.position[0], 0);
  }
}

TEST(LbaEngine, GameClockDropsTheRemainderAtEachKeyframe) {
  // Updates every 3 ticks: k0 (d 2) reached at 3, k1 (d 4) at 9 (e = 6), k2 (d 3) at 12 (e = 3), then the
  // wrap toward k1: at 15, e = 3 of 4: 40 + 60·3/4 = 85.
  const auto states = run_game_clock(three_keyframes(), Variant::Lba1, 3, 6);
  const int alpha[] = {0, 0, 75, 100, 40, 85};
  const int z[] = {0, 0, 75, 100, 130, 205};
  for (std::size_t i = 0; i < states.size(); ++i) {
    EXPECT_EQ(states[i].pose[1].a & 1023, alpha[i]) << "update " << i;
    EXPECT_EQ(states[i].actor.position[2], z[i]) << "update " << i;
  }
}

TEST(LbaEngine, ZeroLengthKeyframeStillCostsAnUpdateOnTheGameClock) {
  anm::Document animation = three_keyframes();
  animation.keyframes[2].duration = 0;
  anm::Engine player(animation, Variant::Lba1);
  EXPECT_FALSE(player.update(0));
  EXPECT_TRUE(player.update(2));  // k0
  EXPECT_TRUE(player.update(6));  // k1
  EXPECT_EQ(player.frame(), 2u);
  EXPECT_TRUE(player.update(6));  // k2 needs its own update even at the same time
  EXPECT_EQ(player.frame(), 1u);  // wrapped to the loop frame
  EXPECT_EQ(player.pose()[1].a, 40);
}

TEST(LbaEngine, YawRotatesTheStepWithTheNewBeta) {
  anm::Document animation;
  animation.group_count = 1;
  animation.keyframes = {{1, {0, 0, 0}, {{0, 0, 0, 0}}}, {2, {0, 0, 100}, {{0, 0, 256, 0}}}};
  anm::Engine player(animation, Variant::Lba1);
  player.update(0);
  ASSERT_TRUE(player.update(1));
  // e = 1 of 2: yaw 128 (45°), step z 50; cos = sin = 11585: x = 50·11585 >> 14 = 35, z = 35.
  player.update(2);
  EXPECT_EQ(player.actor().beta, 128);
  EXPECT_EQ(player.actor().position, (std::array<std::int32_t, 3>{35, 0, 35}));
  // Reached: beta 256 (90°), full step rotated: x = 100, z = 0; the position moves by the difference.
  ASSERT_TRUE(player.update(3));
  EXPECT_EQ(player.actor().beta, 256);
  EXPECT_EQ(player.actor().position, (std::array<std::int32_t, 3>{100, 0, 0}));
}

TEST(LbaEngine, Lba2TurnsOnlyWithTheMasterBit) {
  anm::Document animation;
  animation.group_count = 1;
  animation.keyframes = {{0, {0, 0, 0}, {{0, 0, 0, 0}}}, {10, {0, 0, 0}, {{0, 0, 400, 0}}}};
  anm::Engine without(animation, Variant::Lba2);
  without.update(10);
  EXPECT_EQ(without.actor().beta, 0);
  animation.keyframes[1].groups[0].type = 1;
  anm::Engine with(animation, Variant::Lba2);
  with.update(10);
  EXPECT_EQ(with.actor().beta, 400);
}

// LBA2's group interpolation, from INTERDEP.ASM (the factor) and INTFRAME.ASM (the angles), e = 1 of d = 3.
TEST(LbaEngine, Lba2FactorRoundsWithHalfTheDurationRoundedUp) {
  // factor = ((1 << 16) + (3 + 1) / 2) / 3 = 65538 / 3 = 21846 (d / 2 would give 65537 / 3 = 21845).
  // 0 -> 3: 3·21846 = 65538 >> 16 = 1 (with 21845: 65535 >> 16 = 0).
  EXPECT_EQ(interpolate_angle(Variant::Lba2, 0, 3, 1, 3), 1);
}

TEST(LbaEngine, Lba2HalfTurnGoesBackwardsAndNoChangeKeepsTheStoredValue) {
  // 0 -> 2048: (2048 - 0) & 4095 = 2048, read as 12 signed bits: -2048. -2048·21846 >> 16 = -683 (floor),
  // & 4095 = 3413 (going forwards would give 682).
  EXPECT_EQ(interpolate_angle(Variant::Lba2, 0, 2048, 1, 3), 3413);
  // 5000 -> 904: (904 - 5000) & 4095 = 0: the optequal branch stores the last value's 16 bits, unmasked.
  EXPECT_EQ(interpolate_angle(Variant::Lba2, 5000, 904, 1, 3), 5000);
}

// LBA2 root motion, ObjectSetInterDep (INTERDEP.ASM) with InitMatrixStdI (IMATSTDI.ASM) and RotatePointI
// (ROT3DI.ASM), worked through by hand for five updates of a 5 ms keyframe: step (100, -7, 37), master
// rotation with entry 0 = (alpha 200, beta 3000, gamma -300). Per update: factor = ((e << 16) + 3) / 5
// (13107, 26215, 39322, 52429, then 65536 when reached); each angle field read as 12 signed bits (3000 ->
// -1096, -300 -> -300), scaled (value·factor >> 16) and its change since the last update added to the actor's
// angle (& 4095); the step's change likewise, turned by the matrix of the new angles (Q14 products rounded
// half up, each row's sum + 2^13 >> 14). Update 1: angles (39, 3876, 4036), change (19, -2, 7), moved (15,
// -4, 13); update 5: angles (200, 3000, 3796), change (20, -1, 8), moved (-10, -2, 19).
TEST(LbaEngine, Lba2MasterRotationTurnsAllThreeAxesAndTheStepWithThem) {
  anm::Document animation;
  animation.group_count = 1;
  animation.keyframes = {{0, {0, 0, 0}, {{1, 0, 0, 0}}}, {5, {100, -7, 37}, {{1, 200, 3000, -300}}}};
  anm::Engine player(animation, Variant::Lba2);
  const std::array<std::array<int, 3>, 5> angles{
      {{39, 3876, 4036}, {80, 3657, 3975}, {120, 3438, 3915}, {160, 3219, 3855}, {200, 3000, 3796}}};
  const std::array<std::array<std::int32_t, 3>, 5> positions{
      {{15, -4, 13}, {27, -9, 31}, {30, -16, 51}, {27, -21, 71}, {17, -23, 90}}};
  for (std::size_t k = 0; k < 5; ++k) {
    EXPECT_EQ(player.update(static_cast<std::int64_t>(k) + 1), k == 4) << k;
    const Actor& actor = player.actor();
    EXPECT_EQ((std::array<int, 3>{actor.alpha, actor.beta, actor.gamma}), angles[k]) << "update " << k + 1;
    EXPECT_EQ(actor.position, positions[k]) << "update " << k + 1;
  }
}

// Root group with points p0, p1; an arm pivoting on p1 with points p2, p3 (§2.5).
body::Document root_and_arm_body() {
  body::Document body;
  body.flags = 2;
  body.info.assign(10, 0);
  body.points = {{0, 0, 0}, {0, 50, 0}, {0, 30, 0}, {10, 0, 0}};
  BodyGroup root;
  root.point_count = 2;
  BodyGroup arm;
  arm.first_point = 12;
  arm.point_count = 2;
  arm.pivot_point = 6;
  arm.parent = 0;
  body.groups = {root, arm};
  return body;
}

TEST(LbaEngine, BodyPosedByHandRotation) {
  // gamma = 256 (90° about Z): M = [[0, -16384, 0], [16384, 0, 0], [0, 0, 16384]]; pivot p1 = (0, 50, 0).
  // p2 = M·(0, 30, 0) + P = (-30, 50, 0); p3 = M·(10, 0, 0) + P = (0, 60, 0).
  const auto posed = pose_body(root_and_arm_body(), {{0, 0, 0, 0}, {0, 0, 0, 256}}, {}, Variant::Lba1);
  EXPECT_EQ(posed.groups[1].matrix, (std::array<std::int32_t, 9>{0, -16384, 0, 16384, 0, 0, 0, 0, 16384}));
  EXPECT_EQ(posed.groups[1].origin, (std::array<std::int32_t, 3>{0, 50, 0}));
  EXPECT_EQ(posed.points[2], (std::array<std::int32_t, 3>{-30, 50, 0}));
  EXPECT_EQ(posed.points[3], (std::array<std::int32_t, 3>{0, 60, 0}));
}

TEST(LbaEngine, BodyPosedByHandTranslationAndActorYaw) {
  // Type 1 with t = (5, 0, 0): origin (5, 50, 0); p2 = (0 + 5, 30, 0) + (0, 50, 0) = (5, 80, 0).
  const auto moved = pose_body(root_and_arm_body(), {{0, 0, 0, 0}, {1, 5, 0, 0}}, {}, Variant::Lba1);
  EXPECT_EQ(moved.groups[1].origin, (std::array<std::int32_t, 3>{5, 50, 0}));
  EXPECT_EQ(moved.points[2], (std::array<std::int32_t, 3>{5, 80, 0}));
  // Actor yaw 256 on the root: Ry(90°) takes x to -z, so p3 = (0, 50, -10).
  const auto turned =
      pose_body(root_and_arm_body(), {{0, 0, 0, 0}, {0, 0, 0, 0}}, {0, 256, 0}, Variant::Lba1);
  EXPECT_EQ(turned.points[3], (std::array<std::int32_t, 3>{0, 50, -10}));
}

TEST(LbaEngine, EulerOrderIsXThenZThenY) {
  // alpha = 256 and beta = 256 on the arm. M = Rx(90)·Ry(90): Ry first sends (10,0,0) to (0,0,-10), then Rx
  // sends (0,0,-10) to (0, 10, 0) (y' = -s·z). The other order (Ry·Rx) would leave it at (0,0,-10).
  const auto posed = pose_body(root_and_arm_body(), {{0, 0, 0, 0}, {0, 256, 256, 0}}, {}, Variant::Lba1);
  EXPECT_EQ(posed.points[3], (std::array<std::int32_t, 3>{0, 60, 0}));
}

TEST(LbaEngine, GroupsBeyondTheAnimationKeepTheBodyValues) {
  body::Document body = root_and_arm_body();
  body.groups[1].angles = {0, 0, 256};
  // Only the master slot is animated (G = 1): the arm keeps its stored gamma 256.
  const auto posed = pose_body(body, {{0, 0, 0, 0}}, {}, Variant::Lba1);
  EXPECT_EQ(posed.points[3], (std::array<std::int32_t, 3>{0, 60, 0}));
}

}  // namespace
}  // namespace bonebridge::lba
