// SPDX-License-Identifier: MIT
// The BVH writer: a read of our own write gives back the same joints and poses (within 1e-6), in the file's
// own channel layout and in every rotation order; scenes that did not come from BVH (rest rotations, scale).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "bonebridge/bvh/bvh.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bvh/bvh_files.hpp"

namespace bonebridge::bvh {
namespace {

using testing::bytes_of;

Scene read_ok(std::span<const std::uint8_t> bytes) {
  auto scene = read_bvh(bytes);
  EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().to_string());
  return scene.ok() ? std::move(scene).value() : Scene{};
}

Converted<std::vector<std::uint8_t>> write_ok(const Scene& scene, const WriteOptions& options = {}) {
  auto bytes = write_bvh(scene, 0, options);
  EXPECT_TRUE(bytes.ok()) << (bytes.ok() ? "" : bytes.error().to_string());
  return bytes.ok() ? std::move(bytes).value() : Converted<std::vector<std::uint8_t>>{};
}

// The largest distance between the two scenes' model-space joint positions and the largest angle between
// their local rotations, over `frames` frames `step` seconds apart; same joint names required.
std::pair<double, double> pose_difference(const Scene& a, const Scene& b, int frames, double step) {
  EXPECT_EQ(a.skeleton.joints.size(), b.skeleton.joints.size());
  if (a.skeleton.joints.size() != b.skeleton.joints.size()) return {1e9, 1e9};
  for (std::size_t i = 0; i < a.skeleton.joints.size(); ++i) {
    EXPECT_EQ(a.skeleton.joints[i].name, b.skeleton.joints[i].name);
    EXPECT_EQ(a.skeleton.joints[i].parent, b.skeleton.joints[i].parent);
  }
  ClipPoser pose_a(a.skeleton, a.clips[0]), pose_b(b.skeleton, b.clips[0]);
  ClipSampler sample_a(a.skeleton, a.clips[0]), sample_b(b.skeleton, b.clips[0]);
  std::vector<Transform> locals_a(a.skeleton.joints.size()), locals_b(b.skeleton.joints.size());
  double position = 0, angle = 0;
  for (int frame = 0; frame < frames; ++frame) {
    const double t = frame * step;
    const auto model_a = pose_a.model_at(t);
    const auto& model_b = pose_b.model_at(t);
    sample_a.sample(t, locals_a);
    sample_b.sample(t, locals_b);
    for (std::size_t i = 0; i < model_a.size(); ++i) {
      position = std::max(position, distance(model_a[i].translation(), model_b[i].translation()));
      angle = std::max(angle, angle_between(locals_a[i].rotation, locals_b[i].rotation));
    }
  }
  return {position, angle};
}

// The small file with its one spaced name closed up: BVH readers take a name's first word (three.js) or join
// the words with '_' (Blender), so the writer writes '_' for whitespace, and says so.
std::vector<std::uint8_t> small_bvh() {
  return bytes_of(testing::replaced(testing::kSmallBvh, "Left Arm", "LeftArm"));
}

TEST(BvhWrite, SpacesInNamesBecomeUnderscores) {
  const auto written = write_ok(read_ok(bytes_of(testing::kSmallBvh)));
  ASSERT_EQ(written.notes.size(), 2u);
  EXPECT_EQ(written.notes[0], "joint 3 'Left Arm' is written as 'Left_Arm'");
  EXPECT_EQ(read_ok(written.value).skeleton.joints[3].name, "Left_Arm");
}

TEST(BvhWrite, OwnWriteReadsBackInTheFilesLayout) {
  const Scene scene = read_ok(small_bvh());
  const auto written = write_ok(scene);
  EXPECT_TRUE(written.notes.empty());
  const Scene again = read_ok(written.value);
  EXPECT_EQ(again.metadata, scene.metadata);  // End Sites and every joint's CHANNELS as they were
  EXPECT_EQ(again.clips[0].metadata, scene.clips[0].metadata);
  for (std::size_t i = 0; i < scene.skeleton.joints.size(); ++i) {
    EXPECT_EQ(scene.skeleton.joints[i].rest.translation, again.skeleton.joints[i].rest.translation);
  }
  const auto [position, angle] = pose_difference(scene, again, 3, 0.5);
  EXPECT_LT(position, 1e-6);
  EXPECT_LT(angle, 1e-6);
}

TEST(BvhWrite, EveryRotationOrderGivesThePosesBack) {
  const Scene scene = read_ok(small_bvh());
  for (const auto order : {RotationOrder::XYZ, RotationOrder::XZY, RotationOrder::YXZ, RotationOrder::YZX,
                           RotationOrder::ZXY, RotationOrder::ZYX}) {
    const auto written = write_ok(scene, {order, std::nullopt, false});
    const std::string text(written.value.begin(), written.value.end());
    const std::string_view name = to_string(order);
    const std::string listed = fmt::format("{}rotation {}rotation {}rotation", name[0], name[1], name[2]);
    EXPECT_NE(text.find("CHANNELS 6 Xposition Yposition Zposition " + listed), std::string::npos) << text;
    const Scene again = read_ok(written.value);
    const auto [position, angle] = pose_difference(scene, again, 3, 0.5);
    EXPECT_LT(position, 1e-6) << name;
    EXPECT_LT(angle, 1e-6) << name;
  }
}

TEST(BvhWrite, CmuClipRoundTrips) {
  BONEBRIDGE_REQUIRE_CMU_CLIP(path);
  const auto scene = read_bvh_file(path);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  EXPECT_EQ(scene->skeleton.joints.size(), 31u + 7u);  // 31 joints, 7 End Sites
  EXPECT_EQ(scene->clips[0].name, "01_01");
  for (const bool keep : {true, false}) {
    const auto written = write_ok(*scene, {RotationOrder::ZXY, std::nullopt, keep});
    const Scene again = read_ok(written.value);
    const auto [position, angle] = pose_difference(*scene, again, 2752, 0.0083333);
    EXPECT_LT(position, 1e-6) << "keep_channels " << keep;
    EXPECT_LT(angle, 1e-6) << "keep_channels " << keep;
  }
}

// A scene as the glTF side makes them: rest rotations, a joint translated, a scale, keys off the frame grid.
Scene gltf_like_scene() {
  Scene scene;
  scene.skeleton.joints = {{"root", -1, {{0, 1, 0}, axis_angle({0, 1, 0}, 0.3), {1, 1, 1}}},
                           {"upper arm", 0, {{1, 0, 0}, axis_angle({1, 0, 0}, -0.7), {1, 1, 1}}},
                           {"hand", 1, {{0, 2, 0}, {}, {1, 1, 1}}}};
  Clip clip;
  clip.duration = 1;
  JointChannels arm{1, {}, {}, {}};
  arm.rotation =
      Channel<Quat>{Interpolation::Linear,
                    {0, 0.45, 1},
                    {axis_angle({0, 0, 1}, 0.1), axis_angle({0, 1, 0}, 2.5), axis_angle({1, 0, 0}, -1)}};
  arm.translation = Channel<Vec3>{Interpolation::Step, {0, 0.5}, {{1, 0, 0}, {1.5, 0, 0}}};
  JointChannels hand{2, {}, {}, {}};
  hand.scale = Channel<Vec3>{Interpolation::Linear, {0}, {{2, 2, 2}}};
  clip.joints = {arm, hand};
  scene.clips.push_back(clip);
  return scene;
}

TEST(BvhWrite, ScenesFromElsewhereKeepTheirPoses) {
  const Scene scene = gltf_like_scene();
  const auto written = write_ok(scene, {RotationOrder::ZXY, 0.05, true});
  ASSERT_EQ(written.notes.size(), 2u);
  EXPECT_NE(written.notes[0].find("'upper arm' is written as 'upper_arm'"), std::string::npos);
  EXPECT_NE(written.notes[1].find("'hand' is scaled"), std::string::npos);
  const std::string text(written.value.begin(), written.value.end());
  EXPECT_NE(text.find("Frames: 21\nFrame Time: 0.05\n"), std::string::npos);
  // The arm moves, so it gets positions; the hand neither moves nor turns but keeps its rotations.
  EXPECT_NE(text.find("JOINT upper_arm\n\t{\n\t\tOFFSET 1 0 0\n\t\tCHANNELS 6 Xposition"), std::string::npos)
      << text;
  Scene again = read_ok(written.value);
  Scene expected = scene;
  expected.skeleton.joints[1].name = "upper_arm";
  expected.clips[0].joints[1].scale.reset();  // what BVH cannot hold
  const auto [position, angle] = pose_difference(expected, again, 21, 0.05);
  EXPECT_LT(position, 1e-6);
  EXPECT_LT(angle, 1e-6);
}

TEST(BvhWrite, Errors) {
  Scene empty;
  EXPECT_FALSE(write_bvh(empty, 0).ok());
  empty.clips.emplace_back();
  EXPECT_NE(write_bvh(empty, 0).error().message.find("no joints"), std::string::npos);
  Scene scene = gltf_like_scene();
  EXPECT_NE(write_bvh(scene, 0, {RotationOrder::ZXY, 0.0, true}).error().message.find("frame time"),
            std::string::npos);
  EXPECT_NE(write_bvh(scene, 0, {RotationOrder::ZXY, 1e-12, true}).error().message.find("frames"),
            std::string::npos);
}

TEST(BvhWrite, DefaultsToAThirtiethOfASecond) {
  Scene scene = gltf_like_scene();
  const auto written = write_ok(scene);
  const std::string text(written.value.begin(), written.value.end());
  EXPECT_NE(text.find("Frames: 31\nFrame Time: 0.03333333333333333\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace bonebridge::bvh
