// SPDX-License-Identifier: MIT
// Issue 16's test of the shape: a sixth family, written from src/formats/README.md alone (document, codec,
// engine, bridge, adapter, family row), registered with one call, converting both ways through the same
// library pipeline the tool uses. Expected values are worked out by hand from the format's definition in
// document.hpp.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "bonebridge/gltf/gltf.hpp"
#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/conversion.hpp"
#include "bonebridge/services/fidelity.hpp"
#include "formats/template/family.hpp"
#include "formats/template/pend/codec.hpp"
#include "formats/template/pend/engine.hpp"

namespace bonebridge::pendulum {
namespace {

// A root swinging from 0 to 90 degrees over a second, and an arm 2 units below it.
const std::vector<std::uint8_t> kSwing = {
    'P',  'E',  'N', 'D', 1, 0,    2,    0,                             // magic, version 1, 2 joints
    'r',  'o',  'o', 't', 0, 0,    0,    0,    0, 0, 0, 0, 0, 0, 0, 0,  // name
    0xFF, 0xFF, 0,   0,   0, 0,    2,    0,                             // parent -1, length 0.0f, 2 keys
    0,    0,    0,   0,   0, 0,    0,    0,                             // 0 ms, 0.0f
    0xE8, 0x03, 0,   0,   0, 0,    0xB4, 0x42,                          // 1000 ms, 90.0f
    'a',  'r',  'm', 0,   0, 0,    0,    0,    0, 0, 0, 0, 0, 0, 0, 0,  // name
    0,    0,    0,   0,   0, 0x40, 0,    0};                            // parent 0, length 2.0f, no key

ConvertJob job(const std::string& input, const std::string& output) {
  ConvertJob job;
  job.input = input;
  job.output = output;
  return job;
}

class PendulumFamily : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!find_family_by_id("pendulum")) {
      ASSERT_TRUE(register_family(family()));
    }
  }
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() / ("pendulum-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder_);
    std::ofstream(folder_ / "swing.pend", std::ios::binary)
        .write(reinterpret_cast<const char*>(kSwing.data()), static_cast<std::streamsize>(kSwing.size()));
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }
  std::string path(const char* name) const { return (folder_ / name).string(); }
  std::filesystem::path folder_;
};

TEST_F(PendulumFamily, ReadsAndWritesTheFileByteForByte) {
  const auto document = pend::read(kSwing);
  ASSERT_TRUE(document) << document.error().to_string();
  ASSERT_EQ(document->joints.size(), 2u);
  EXPECT_EQ(document->joints[0].keys[1], (pend::Key{1000, 90.0f}));
  EXPECT_EQ(document->joints[1].name, "arm");
  EXPECT_EQ(document->joints[1].length, 2.0f);
  EXPECT_EQ(*pend::write(*document), kSwing);
  auto cut = kSwing;
  cut.resize(50);
  EXPECT_FALSE(pend::read(cut));
}

TEST_F(PendulumFamily, TheEngineSwingsTheArmLinearlyInDegrees) {
  const EnginePose pose =
      pend::engine_pose(*pend::read(kSwing), 0.5);  // 45 degrees: the arm's end at (2 sin 45, -2 cos 45)
  EXPECT_NEAR(pose.joints[1].model.translation().x, std::sqrt(2.0), 1e-9);
  EXPECT_NEAR(pose.joints[1].model.translation().y, -std::sqrt(2.0), 1e-9);
}

TEST_F(PendulumFamily, TheRegistryOpensItByExtensionAndConvertsItToGltfExactly) {
  const auto input = load_input(path("swing.pend"), {});
  ASSERT_TRUE(input) << input.error().to_string();
  EXPECT_EQ(input->family->id, "pendulum");
  EXPECT_EQ(input->detected_by, "extension");
  const auto glb = convert(job(path("swing.pend"), "swing.glb"));
  ASSERT_TRUE(glb) << glb.error().to_string();
  const auto scene = gltf::read(glb->value);
  ASSERT_TRUE(scene) << scene.error().to_string();
  // The 90-degree arc in 6 pieces of 15 degrees: 7 LINEAR keys, the middle one at 0.5 s and 45 degrees.
  const auto& rotation = *scene->clips[0].joints[0].rotation;
  ASSERT_EQ(rotation.times.size(), 7u);
  EXPECT_NEAR(rotation.times[3], 0.5, 1e-6);
  EXPECT_NEAR(rotation.values[3].z, std::sin(kPi / 8), 1e-6);
  const auto fidelity = measure_fidelity(*input->document, {});
  ASSERT_TRUE(fidelity) << fidelity.error().to_string();
  EXPECT_LT(fidelity->max, 1e-6);
}

TEST_F(PendulumFamily, ConvertsBackFromGltfToTheSameBytes) {
  const auto glb = convert(job(path("swing.pend"), "swing.glb"));
  ASSERT_TRUE(glb);
  std::ofstream(path("swing.glb"), std::ios::binary)
      .write(reinterpret_cast<const char*>(glb->value.data()),
             static_cast<std::streamsize>(glb->value.size()));
  const auto back = convert(job(path("swing.glb"), "back.pend"));
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(back->value, kSwing);  // the cut points reduce back to the two keys
}

TEST_F(PendulumFamily, SaysWhatItDropsFromGltf) {
  Scene scene;
  scene.skeleton.joints = {{"root", -1, {}}};
  Clip clip;
  clip.duration = 1;
  JointChannels channels;
  channels.scale = Channel<Vec3>{Interpolation::Linear, {0.0, 1.0}, {Vec3{1, 1, 1}, Vec3{2, 2, 2}}};
  clip.joints.push_back(channels);
  scene.clips.push_back(clip);
  const auto written = find_family_by_id("pendulum")->from_core(scene, {});
  ASSERT_TRUE(written) << written.error().to_string();
  ASSERT_EQ(written->notes.size(), 1u);
  EXPECT_EQ(written->notes[0], "joint \"root\": scale channel dropped");
}

}  // namespace
}  // namespace bonebridge::pendulum

// The family's one table of fields gives both the schema (the default read off Settings{}) and the parser of
// its Settings (a malformed --clip is a usage error naming the flag, an unknown clip the bridge's error).
namespace bonebridge::pendulum {
namespace {

TEST_F(PendulumFamily, ItsSettingsComeFromOneTable) {
  const FormatFamily* family = find_family_by_id("pendulum");
  ASSERT_EQ(family->settings.size(), 1u);
  EXPECT_EQ(family->settings[0].name, "clip");
  EXPECT_EQ(family->settings[0].kind, SettingKind::Integer);
  EXPECT_EQ(family->settings[0].fallback, "0");  // Settings::clip's initialiser
  Scene scene;
  scene.skeleton.joints = {{"root", -1, {}}};
  scene.clips.push_back(Clip{});
  const auto malformed = family->from_core(scene, Options{{{"clip", "1.5"}}});
  ASSERT_FALSE(malformed);
  EXPECT_EQ(malformed.error().format, kSettingsErrorFormat);
  EXPECT_EQ(
      malformed.error().message,
      "--clip (pendulum .pend (test-only family)): expected a whole number from 0 to 1000000, found \"1.5\"");
  const auto beyond = family->from_core(scene, Options{{{"clip", "1"}}});
  ASSERT_FALSE(beyond);
  EXPECT_NE(beyond.error().message.find("no clip 1"), std::string::npos) << beyond.error().message;
}

}  // namespace
}  // namespace bonebridge::pendulum
