// SPDX-License-Identifier: MIT
// The BVH reader: the hierarchy, channels in every order, End Sites, frame times, and the errors of bad
// files. Expected positions are worked by hand from the BVH convention (rotations applied in listed order),
// not taken from the code under test.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "bonebridge/bvh/bvh.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bvh/bvh_files.hpp"

namespace bonebridge::bvh {
namespace {

using testing::bytes_of;
using testing::kSmallBvh;
using testing::replaced;

Scene read_ok(std::string_view text) {
  auto scene = read_bvh(bytes_of(text));
  EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().to_string());
  return scene.ok() ? std::move(scene).value() : Scene{};
}

Error read_error(std::string_view text) {
  const auto scene = read_bvh(bytes_of(text));
  EXPECT_FALSE(scene.ok());
  return scene.ok() ? Error{} : scene.error();
}

void expect_near(Vec3 actual, Vec3 expected) {
  EXPECT_NEAR(actual.x, expected.x, 1e-9);
  EXPECT_NEAR(actual.y, expected.y, 1e-9);
  EXPECT_NEAR(actual.z, expected.z, 1e-9);
}

TEST(BvhEuler, ListedOrderIsIntrinsic) {
  // "Zrotation Xrotation Yrotation" = Rz·Rx·Ry: Y turns the point first. (0,1,0) under X 90 goes to +Z, which
  // Z then keeps; applied the other way round, Z would first take it to -X.
  const Quat q = euler_to_quat(RotationOrder::ZXY, {90, 90, 0});
  expect_near(rotate(q, {0, 1, 0}), {0, 0, 1});
  const Quat y_first = euler_to_quat(RotationOrder::ZXY, {0, 0, 90});
  expect_near(rotate(y_first, {1, 0, 0}), {0, 0, -1});
}

TEST(BvhEuler, EveryOrderRoundTrips) {
  for (const auto order : {RotationOrder::XYZ, RotationOrder::XZY, RotationOrder::YXZ, RotationOrder::YZX,
                           RotationOrder::ZXY, RotationOrder::ZYX}) {
    for (const std::array<double, 3> angles : {std::array<double, 3>{10, 20, 30},
                                               {-170, 89.9, 45},
                                               {30, 90, -60},
                                               {30, -90, 60},
                                               {179, -3, -179},
                                               {0, 0, 0}}) {
      const Quat q = euler_to_quat(order, angles);
      const auto back = quat_to_euler(order, q, angles);
      // angle_between resolves about 3e-8 rad (an acos near 1), the floor of this check.
      EXPECT_LT(angle_between(euler_to_quat(order, back), q), 1e-7) << to_string(order);
      // Away from gimbal lock the angles themselves come back (made nearest to the previous frame's).
      if (std::abs(angles[1]) < 89) {
        for (int n = 0; n < 3; ++n)
          EXPECT_NEAR(back[static_cast<std::size_t>(n)], angles[static_cast<std::size_t>(n)], 1e-9);
      }
    }
  }
}

TEST(BvhRead, HierarchyChannelsAndEndSites) {
  const Scene scene = read_ok(kSmallBvh);
  const auto& joints = scene.skeleton.joints;
  ASSERT_EQ(joints.size(), 5u);
  EXPECT_EQ(joints[0].name, "Hips");
  EXPECT_EQ(joints[1].name, "Spine");
  EXPECT_EQ(joints[2].name, "Spine_End");
  EXPECT_EQ(joints[3].name, "Left Arm");  // a name is the rest of its line, spaces included
  EXPECT_EQ(joints[4].name, "Left Arm_End");
  EXPECT_EQ(joints[2].parent, 1);
  EXPECT_EQ(joints[4].parent, 3);
  expect_near(joints[0].rest.translation, {0, 10, 0});
  expect_near(joints[4].rest.translation, {3, 0, 0});
  EXPECT_EQ(nlohmann::json::parse(scene.metadata.at(kEndSitesKey)),
            nlohmann::json({"Spine_End", "Left Arm_End"}));
  EXPECT_EQ(nlohmann::json::parse(scene.metadata.at(kChannelsKey))["Left Arm"],
            nlohmann::json({"Yrotation"}));
  ASSERT_EQ(scene.clips.size(), 1u);
  const Clip& clip = scene.clips[0];
  EXPECT_DOUBLE_EQ(clip.duration, 1.0);
  ASSERT_EQ(clip.joints.size(), 3u);  // Hips (T+R), Spine (R), Left Arm (R)
  EXPECT_TRUE(clip.joints[0].translation && clip.joints[0].rotation);
  EXPECT_FALSE(clip.joints[1].translation);
  EXPECT_EQ(clip.joints[0].rotation->times, (std::vector<double>{0, 0.5, 1.0}));
  EXPECT_EQ(clip.joints[0].rotation->interpolation, Interpolation::Linear);
}

TEST(BvhRead, ModelPositionsFollowTheListedOrder) {
  const Scene scene = read_ok(kSmallBvh);
  ClipPoser poser(scene.skeleton, scene.clips[0]);
  // Frame 0: root at (1,2,3) turned Z 90 (X -> Y, Y -> -X).
  auto model = poser.model_at(0);
  expect_near(model[1].translation(), {0, 2, 3});
  expect_near(model[2].translation(), {-2, 2, 3});
  expect_near(model[3].translation(), {1, 3, 3});
  expect_near(model[4].translation(), {1, 6, 3});
  // Frame 1: root turned X 90 ((x,y,z) -> (x,-z,y)), the arm Y 45 beneath it.
  model = poser.model_at(0.5);
  expect_near(model[1].translation(), {1, 2, 4});
  expect_near(model[3].translation(), {2, 2, 3});
  const double h = 3 * std::sqrt(0.5);
  expect_near(model[4].translation(), {2 + h, 2 + h, 3});
}

TEST(BvhRead, HierarchyWithoutChannelsHasNoMotion) {
  const Scene scene =
      read_ok("HIERARCHY\nROOT a\n{\nOFFSET 0 0 0\nCHANNELS 0\n}\nMOTION\nFrames: 5\nFrame Time: 0.1\n\n\n");
  EXPECT_EQ(scene.clips[0].duration, 0.0);
  EXPECT_TRUE(scene.clips[0].joints.empty());
}

TEST(BvhRead, BracesNeedNoSpaceBetweenThem) {
  const Scene scene = read_ok(
      "HIERARCHY\nROOT a\n{\nOFFSET 0 0 0\nCHANNELS 1 Yrotation\nJOINT b\n{OFFSET 0 1 0\nCHANNELS 0\n}}\n"
      "MOTION\nFrames: 1\nFrame Time: 1\n90\n");
  ASSERT_EQ(scene.skeleton.joints.size(), 2u);
  EXPECT_EQ(scene.skeleton.joints[1].name, "b");
}

TEST(BvhRead, PositionChannelsReplaceOffsetComponents) {
  const Scene scene = read_ok(R"(HIERARCHY
ROOT A
{
  OFFSET 5 6 7
  CHANNELS 1 Yposition
}
MOTION
Frames: 1
Frame Time: 0.1
42
)");
  expect_near(scene.clips[0].joints[0].translation->values[0], {5, 42, 7});
}

TEST(BvhRead, ToleratesCrlfCaseAndBracesOnTheNameLine) {
  const Scene scene = read_ok(
      "hierarchy\r\nroot Hips {\r\n offset 0 0 0\r\n channels 3 zrotation xrotation yrotation\r\n end "
      "site\r\n {\r\n"
      "  offset 0 1 0\r\n }\r\n}\r\nmotion\r\nframes: 1\r\nframe time: .0083333\r\n0 0 0\r\n\r\n");
  ASSERT_EQ(scene.skeleton.joints.size(), 2u);
  EXPECT_EQ(scene.clips[0].metadata.at(kFrameTimeKey), "0.0083333");
}

TEST(BvhRead, TooFewValuesNameTheLineAndJoint) {
  const std::string text = replaced(kSmallBvh, "-90\n", "\n");
  const Error error = read_error(text);
  EXPECT_EQ(error.line, 30u);
  EXPECT_NE(error.message.find("joint 'Left Arm', Yrotation"), std::string::npos) << error.to_string();
  EXPECT_NE(error.message.find("9 values, the CHANNELS take 10"), std::string::npos) << error.to_string();
}

TEST(BvhRead, TooManyValues) {
  const std::string text = replaced(kSmallBvh, "-90\n", "-90 7\n");
  EXPECT_EQ(read_error(text).line, 30u);
}

TEST(BvhRead, NanAndInfinityAreErrorsNamingTheChannel) {
  for (const char* bad : {"nan", "inf", "-inf", "1e999", "0x10", "+-1", "1,5"}) {
    const std::string text = replaced(kSmallBvh, "10 20 30", std::string(bad) + " 20 30");
    const Error error = read_error(text);
    EXPECT_EQ(error.line, 29u) << bad;
    EXPECT_NE(error.message.find("value 7 (joint 'Spine', Xrotation)"), std::string::npos)
        << error.to_string();
  }
}

TEST(BvhRead, MissingMotionBlock) {
  const std::string text(kSmallBvh.substr(0, kSmallBvh.find("MOTION")));
  const Error error = read_error(text);
  EXPECT_NE(error.message.find("expected a MOTION block"), std::string::npos) << error.to_string();
  EXPECT_EQ(error.format, "BVH");
}

TEST(BvhRead, UnknownKeywordNamesLineAndJoint) {
  const std::string text = replaced(kSmallBvh, "    CHANNELS 3 X", "    SCALE 1 1 1\n    CHANNELS 3 X");
  const Error error = read_error(text);
  EXPECT_EQ(error.line, 9u);
  EXPECT_NE(error.message.find("unknown keyword 'SCALE' in joint 'Spine' (opened at line 6)"),
            std::string::npos)
      << error.to_string();
}

TEST(BvhRead, MalformedHierarchies) {
  const auto message_of = [](std::string_view text) { return read_error(text).to_string(); };
  EXPECT_NE(message_of("HIERARCHY\nROOT A\n{\nOFFSET 0 0\n}\nMOTION\n").find("line 4"), std::string::npos);
  EXPECT_NE(message_of("HIERARCHY\nROOT A\n{\n}\n").find("closes without an OFFSET"), std::string::npos);
  EXPECT_NE(message_of("HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 7 Xrotation\n}\n").find("0 to 6"),
            std::string::npos);
  EXPECT_NE(
      message_of("HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 2 Xrotation Xrotation\n}\n").find("twice"),
      std::string::npos);
  EXPECT_NE(
      message_of("HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nJOINT A\n{\nOFFSET 0 0 0\n}\n}\n").find("second joint"),
      std::string::npos);
  EXPECT_NE(
      message_of("HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nEnd Site\n{\nCHANNELS 0\n}\n}\n").find("End Site"),
      std::string::npos);
  EXPECT_NE(message_of("HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\n").find("the file ends in joint 'A'"),
            std::string::npos);
  EXPECT_NE(message_of("HIERARCHY\nJOINT A\n{\n").find("ROOT opens a hierarchy"), std::string::npos);
  EXPECT_NE(message_of("ROOT A\n").find("expected HIERARCHY"), std::string::npos);
  EXPECT_NE(message_of("").find("expected HIERARCHY"), std::string::npos);
}

TEST(BvhRead, FrameCountsAreCheckedNotAllocated) {
  std::string text = replaced(kSmallBvh, "Frames: 3", "Frames: 4000000000");
  const auto start = std::chrono::steady_clock::now();
  const Error error = read_error(text);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  EXPECT_NE(error.message.find("'Frames: 4000000000' but the file ends after 3 frame lines"),
            std::string::npos)
      << error.to_string();
  text = replaced(kSmallBvh, "Frames: 3", "Frames: 2");
  EXPECT_EQ(read_error(text).line, 30u);
  text = replaced(kSmallBvh, "Frames: 3", "Frames: 99999999999999999999999");
  EXPECT_NE(read_error(text).message.find("whole number"), std::string::npos);
  text = replaced(kSmallBvh, "Frame Time: 0.5", "Frame Time: 0");
  EXPECT_NE(read_error(text).message.find("positive, finite Frame Time"), std::string::npos);
}

std::string chain(std::size_t depth) {
  std::string text = "HIERARCHY\nROOT j0\n{\nOFFSET 0 0 0\nCHANNELS 1 Zrotation\n";
  for (std::size_t i = 1; i < depth; ++i)
    text += fmt::format("JOINT j{}\n{{\nOFFSET 0 1 0\nCHANNELS 1 Zrotation\n", i);
  text.append(depth, '}');
  text += "\nMOTION\nFrames: 1\nFrame Time: 1\n";
  for (std::size_t i = 0; i < depth; ++i) text += "1 ";
  text += '\n';
  return text;
}

TEST(BvhRead, DeepHierarchyIsReadWithoutRecursion) {
  const Scene scene = read_ok(chain(10'000));
  ASSERT_EQ(scene.skeleton.joints.size(), 10'000u);
  EXPECT_EQ(scene.skeleton.joints.back().parent, 9'998);
  // A chain of unit bones each turned 1 degree: the tip lies on a circle, so its distance to the root is that
  // of a regular polygon's chord, not 9999.
  ClipPoser poser(scene.skeleton, scene.clips[0]);
  EXPECT_LT(length(poser.model_at(0).back().translation()), 200.0);
}

TEST(BvhRead, TooManyJointsIsAnError) {
  const Error error = read_error(chain(kMaxJoints + 1));
  EXPECT_NE(error.message.find("more than 65536 joints"), std::string::npos) << error.to_string();
}

TEST(BvhRead, FileErrorsCarryThePath) {
  const auto missing = read_bvh_file("/nonexistent/walk.bvh");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().to_string().find("/nonexistent/walk.bvh"), std::string::npos);
}

}  // namespace
}  // namespace bonebridge::bvh
