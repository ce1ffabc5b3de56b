// SPDX-License-Identifier: MIT
// The bridge through real glTF files: every export passes the Khronos validator, our own glTF comes back to
// an .ani that plays like the original, and a glTF authored in Blender becomes an .ani whose engine
// evaluation matches the glTF.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lego/ani/bridge.hpp"
#include "bonebridge/formats/lego/ani/codec.hpp"
#include "bonebridge/formats/lego/ani/engine.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "formats/lego/ani/engine_difference.hpp"
#include "formats/lego/fixtures.hpp"
#include "support/samples.hpp"

namespace bonebridge::lego::ani {
namespace {

bool node_available() {
  return std::system("node --version > /dev/null 2>&1") == 0;
}

void expect_valid_gltf(const std::vector<std::uint8_t>& glb, const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "bonebridge-lego-gltf-test";
  std::filesystem::create_directories(dir);
  const auto path = dir / (name + ".glb");
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(glb.data()), static_cast<std::streamsize>(glb.size()));
  const auto script = bonebridge::testing::source_dir() / "tests/runtime/validate.mjs";
  const std::string command = "node '" + script.string() + "' '" + path.string() + "' > /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << "the Khronos validator rejected " << path;
}

std::vector<std::pair<std::string, Document>> documents() {
  std::vector<std::pair<std::string, Document>> out{{"waving_arm", fixtures::waving_arm()},
                                                    {"camera_flyby", fixtures::camera_flyby()}};
  const auto sample = bonebridge::testing::samples_dir() / "lego/pns065rd.ani";
  if (std::filesystem::exists(sample)) {
    auto document = read(bonebridge::testing::read_bytes(sample));
    if (document.ok()) out.emplace_back("pns065rd", std::move(document).value());
  }
  return out;
}

TEST(LegoGltf, EveryExportPassesTheKhronosValidator) {
  if (!node_available()) GTEST_SKIP() << "SKIPPED LOUDLY: node is absent, the validator cannot run";
  for (const auto& [name, document] : documents()) {
    const auto glb = gltf::write(ani::to_core(document)->scene, {});
    ASSERT_TRUE(glb.ok()) << glb.error().to_string();
    expect_valid_gltf(*glb, "lego-" + name);
  }
}

// Our glTF (times and values in float32) back to .ani: the engine plays it like the original.
TEST(LegoGltf, OurGltfBecomesAnAniThatPlaysLikeTheOriginal) {
  for (const auto& [name, document] : documents()) {
    const auto glb = gltf::write(ani::to_core(document)->scene, {});
    ASSERT_TRUE(glb.ok()) << glb.error().to_string();
    const auto scene = gltf::read(*glb);
    ASSERT_TRUE(scene.ok()) << scene.error().to_string();
    const auto back = ani::from_core(*scene);
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    const auto reread = read(write(back->value));
    ASSERT_TRUE(reread.ok());
    EXPECT_EQ(reread->camera.has_value(), document.camera.has_value()) << name;
    EXPECT_EQ(reread->actors, document.actors) << name;
    const double worst = test::engine_difference(document, *reread);
    std::printf("%s -> glTF -> .ani: max world matrix difference %.3g\n", name.c_str(), worst);
    EXPECT_LT(worst, 1e-4) << name;
  }
}

// A glTF authored in Blender (tests/data/blender_arm.glb, sampled LINEAR keys at 24 fps): the engine of the
// converted .ani against the core sampler on the imported scene, every millisecond, positions in glTF's
// frame.
TEST(LegoGltf, BlenderGltfBecomesAnAniMatchingTheGltf) {
  const auto path = bonebridge::testing::source_dir() / "tests/data/blender_arm.glb";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "SKIPPED LOUDLY: " << path << " is absent";
  const auto scene = gltf::read(bonebridge::testing::read_bytes(path));
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  const auto converted = ani::from_core(*scene);
  ASSERT_TRUE(converted.ok()) << converted.error().to_string();
  const auto document = read(write(converted->value));
  ASSERT_TRUE(document.ok());
  const ani::Engine engine(*document);
  const Skeleton& skeleton = scene->skeleton;
  ASSERT_EQ(engine.nodes().size(), skeleton.joints.size());  // one root: no grouping node added
  ClipPoser poser(skeleton, scene->clips[0]);
  const AxisConversion mirror = AxisConversion::mirror_x();
  double worst = 0, extent = 0;
  for (std::int32_t ms = 0; ms <= document->duration; ++ms) {
    const auto& model = poser.model_at(ms / 1000.0);
    const auto poses = engine.evaluate(ms);
    for (std::size_t i = 0; i < poses.size(); ++i) {
      const Vec3 game{poses[i].world[3][0], poses[i].world[3][1], poses[i].world[3][2]};
      worst = std::max(worst, distance(mirror.point(game), model[i].translation()));
      extent = std::max(extent, length(model[i].translation()));
    }
  }
  std::printf("Blender glTF -> .ani: max joint position error %.3g (joints within %.3f of the origin)\n",
              worst, extent);
  EXPECT_GT(document->duration, 1900);
  EXPECT_LT(worst, 1e-5);
}

}  // namespace
}  // namespace bonebridge::lego::ani

namespace bonebridge::lego::ani {
namespace {

Scene through_glb(const Document& document) {
  const auto glb = gltf::write(ani::to_core(document)->scene, {});
  EXPECT_TRUE(glb.ok()) << glb.error().to_string();
  if (!glb.ok()) return {};
  auto scene = gltf::read(*glb);
  EXPECT_TRUE(scene.ok()) << scene.error().to_string();
  return scene.ok() ? std::move(scene).value() : Scene{};
}

std::size_t joint_named(const Scene& scene, const std::string& name) {
  for (std::size_t i = 0; i < scene.skeleton.joints.size(); ++i) {
    if (scene.skeleton.joints[i].name == name) return i;
  }
  ADD_FAILURE() << "no joint " << name;
  return 0;
}

// Issue 12, the stored 0x01 flag (engine_test StoredActiveFlagTurnsAUnitWKey): the game puts HAND at
// (0, -10, 0); mirroring X for glTF leaves it there. Checked in the .glb, and after converting it back.
TEST(LegoGltf, StoredActiveFlagReachesTheGltfAndComesBack) {
  const Scene scene = through_glb(fixtures::stored_active_rotation());
  const std::size_t hand = joint_named(scene, "HAND");
  ClipPoser poser(scene.skeleton, scene.clips.at(0));
  for (const double t : {0.0, 0.5, 1.0}) {
    const Vec3 p = poser.model_at(t)[hand].translation();
    EXPECT_NEAR(p.x, 0, 1e-6) << t;
    EXPECT_NEAR(p.y, -10, 1e-6) << t;
    EXPECT_NEAR(p.z, 0, 1e-6) << t;
  }
  const auto back = ani::from_core(scene);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  const Node& arm = back->value.root.children.at(0);
  ASSERT_FALSE(arm.rotation.empty());
  for (const auto& key : arm.rotation) EXPECT_EQ(key.flags, kFlagActive);  // 90 degrees: active either way
  const auto poses = ani::Engine(back->value).evaluate(500);
  EXPECT_NEAR(poses.at(2).world[3][0], 0, 1e-6);
  EXPECT_NEAR(poses.at(2).world[3][1], -10, 1e-6);
}

// Issue 12, jumps: a 60 Hz player samples at k/60 s, a third or two thirds of a millisecond off the game's
// whole milliseconds. The 0x04 holds at 434 and 717 ms and the first key at 267 ms were 1 ms ramps that the
// frames at 433.3, 716.7 and 266.7 ms landed in. Through a real .glb (float32 times), every frame must show
// the engine's pose at that time (the engine's curves between milliseconds, Engine::evaluate_at).
// Threshold: float32 values and times on positions within 3.5 units.
TEST(LegoGltf, SixtyHertzFramesNeverLandInsideAJump) {
  const Document document = fixtures::held_arm();
  const Scene scene = through_glb(document);
  const ani::Engine engine(document);
  const AxisConversion mirror = AxisConversion::mirror_x();
  ClipPoser poser(scene.skeleton, scene.clips.at(0));
  std::vector<std::size_t> joint_of;
  for (const auto& node : engine.nodes()) joint_of.push_back(joint_named(scene, node.node->name));
  double worst_position = 0, worst_axis = 0;
  for (int k = 0; k <= 60; ++k) {
    const auto& model = poser.model_at(k / 60.0);
    const auto poses = engine.evaluate_at(k * 1000.0 / 60.0);
    for (std::size_t i = 0; i < poses.size(); ++i) {
      Mat4 expected;
      for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c) expected.at(r, c) = poses[i].world[c][r];
      }
      expected = mirror.matrix(expected);
      const Mat4& actual = model[joint_of[i]];
      worst_position = std::max(worst_position, distance(actual.translation(), expected.translation()));
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c)
          worst_axis = std::max(worst_axis, std::abs(actual.at(r, c) - expected.at(r, c)));
      }
    }
  }
  std::printf("held arm at 60 Hz: max position error %.3g, axis error %.3g\n", worst_position, worst_axis);
  EXPECT_LT(worst_position, 1e-5);
  EXPECT_LT(worst_axis, 1e-5);
  // Each jump of ARM's rotation is a pair of keys: narrower than the 1/18 ms that separates frames at the
  // usual rates from a whole millisecond, wider than the 1e-4 frames (4.2e-6 s at 24 fps) within which
  // Blender's F-curve evaluation takes a key as the value at the evaluation time.
  const int arm = static_cast<int>(joint_named(scene, "ARM"));
  const auto& channels = scene.clips.at(0).joints;
  const auto arm_channels =
      std::find_if(channels.begin(), channels.end(), [&](const JointChannels& c) { return c.joint == arm; });
  ASSERT_TRUE(arm_channels != channels.end() && arm_channels->rotation);
  const auto& times = arm_channels->rotation->times;
  for (const double jump : {0.434, 0.5, 0.717}) {
    const auto key = std::lower_bound(times.begin(), times.end(), jump - 1e-6);
    ASSERT_TRUE(key != times.begin() && key != times.end()) << jump;
    EXPECT_NEAR(*key, jump, 1e-7);
    const double width = *key - *std::prev(key);
    EXPECT_GT(width * 24, 1e-4) << jump;
    EXPECT_LT(width, 1.0 / 18000) << jump;
  }
}

}  // namespace
}  // namespace bonebridge::lego::ani
