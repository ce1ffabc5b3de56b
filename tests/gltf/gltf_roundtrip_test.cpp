// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "bonebridge/core/sampler.hpp"
#include "bonebridge/gltf/gltf.hpp"

namespace bonebridge {
namespace {

Scene three_joint_chain() {
  Scene scene;
  scene.skeleton.joints = {
      {"root", -1, {}}, {"upper", 0, {{0, 1, 0}, {}, {1, 1, 1}}}, {"lower", 1, {{0, 1, 0}, {}, {1, 1, 1}}}};
  Clip clip;
  clip.name = "turn";
  clip.duration = 1.5;
  clip.joints.push_back(
      {0, {}, Channel<Quat>{Interpolation::Linear, {0, 1}, {Quat{}, axis_angle({0, 0, 1}, kPi / 2)}}, {}});
  clip.joints.push_back({2, Channel<Vec3>{Interpolation::Step, {0, 0.5}, {{0, 1, 0}, {0, 2, 0}}}, {}, {}});
  clip.visibility.push_back({2, {0, 0.75}, {true, false}});
  clip.events.push_back({0.25, "footstep", "marker"});
  clip.properties.push_back({"camera", "roll", "float", 1, Interpolation::Step, {0, 1}, {0.0, 0.5}, {}});
  scene.clips.push_back(clip);
  scene.metadata["source"] = "test";
  return scene;
}

TEST(Gltf, BinaryRoundTripKeepsSkeletonChannelsAndExtras) {
  const Scene scene = three_joint_chain();
  const auto bytes = gltf::write(scene, {});
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  ASSERT_GE(bytes->size(), 12u);
  EXPECT_EQ(std::string(bytes->begin(), bytes->begin() + 4), "glTF");
  const auto back = gltf::read(*bytes);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  ASSERT_EQ(back->skeleton.joints.size(), 3u);  // the generated mesh node is not a joint
  EXPECT_EQ(back->skeleton.joints[2].name, "lower");
  EXPECT_EQ(back->skeleton.joints[2].parent, 1);
  ASSERT_EQ(back->clips.size(), 1u);
  const Clip& clip = back->clips[0];
  EXPECT_EQ(clip.name, "turn");
  EXPECT_DOUBLE_EQ(clip.duration, 1.5);
  ASSERT_EQ(clip.visibility.size(), 1u);
  EXPECT_EQ(clip.visibility[0].visible, (std::vector<bool>{true, false}));
  ASSERT_EQ(clip.events.size(), 1u);
  EXPECT_EQ(clip.events[0].name, "footstep");
  ASSERT_EQ(clip.properties.size(), 1u);
  EXPECT_EQ(clip.properties[0].values, (std::vector<double>{0.0, 0.5}));
  EXPECT_EQ(back->metadata.at("source"), "test");

  ClipSampler sampler(back->skeleton, clip);
  std::vector<Transform> locals(3);
  sampler.sample(0.25, locals);
  EXPECT_NEAR(2 * std::acos(locals[0].rotation.w), 22.5 * kPi / 180, 1e-6);
  EXPECT_NEAR(locals[2].translation.y, 1.0, 1e-7);
  sampler.sample(0.5, locals);
  EXPECT_NEAR(locals[2].translation.y, 2.0, 1e-7);
}

TEST(Gltf, TextOutputIsSelfContained) {
  const auto bytes = gltf::write(three_joint_chain(), {.binary = false, .generate_mesh = false});
  ASSERT_TRUE(bytes.ok());
  const std::string text(bytes->begin(), bytes->end());
  EXPECT_NE(text.find("data:application/octet-stream;base64,"), std::string::npos);
  EXPECT_EQ(text.find("\"meshes\""), std::string::npos);
  ASSERT_TRUE(gltf::read(*bytes).ok());
}

TEST(Gltf, RejectsKeyTimesThatCollapseAsFloats) {
  Scene scene = three_joint_chain();
  scene.clips[0].joints[1].translation->times = {1, 1 + 1e-9};
  const auto bytes = gltf::write(scene, {});
  ASSERT_FALSE(bytes.ok());
  EXPECT_NE(bytes.error().message.find("increase strictly"), std::string::npos) << bytes.error().message;
}

TEST(Gltf, ReadRejectsGarbageWithAMessage) {
  const std::vector<std::uint8_t> garbage = {'g', 'l', 'T', 'F', 2, 0, 0, 0, 200, 0, 0, 0};
  const auto result = gltf::read(garbage);
  ASSERT_FALSE(result.ok());
  EXPECT_FALSE(result.error().message.empty());
}

}  // namespace
}  // namespace bonebridge

namespace bonebridge {
namespace {

TEST(Gltf, JointOrderSurvivesWhenSiblingsAreInterleaved) {
  // root, a, b, a_child: a depth-first walk would give root, a, a_child, b.
  Scene scene;
  scene.skeleton.joints = {{"root", -1, {}}, {"a", 0, {}}, {"b", 0, {}}, {"a_child", 1, {}}};
  const auto bytes = gltf::write(scene, {.binary = true, .generate_mesh = false});
  ASSERT_TRUE(bytes.ok());
  const auto back = gltf::read(*bytes);
  ASSERT_TRUE(back.ok());
  ASSERT_EQ(back->skeleton.joints.size(), 4u);
  EXPECT_EQ(back->skeleton.joints[2].name, "b");
  EXPECT_EQ(back->skeleton.joints[3].name, "a_child");
  EXPECT_EQ(back->skeleton.joints[3].parent, 1);
}

}  // namespace
}  // namespace bonebridge
