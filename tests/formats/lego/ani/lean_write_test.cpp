// SPDX-License-Identifier: MIT
// Issue 28 for LEGO Island: an exported clip written back unchanged gives the original file, an edited one
// is written anew (and no larger than the game needs).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lego/ani/bridge.hpp"
#include "bonebridge/formats/lego/ani/codec.hpp"
#include "bonebridge/formats/lego/ani/engine.hpp"
#include "bonebridge/formats/lego/family.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "support/samples.hpp"

namespace bonebridge::lego::ani {
namespace {

std::vector<std::filesystem::path> sample_files() {
  std::vector<std::filesystem::path> files;
  const auto folder = bonebridge::testing::samples_dir() / "lego";
  if (!std::filesystem::exists(folder)) return files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder))
    if (entry.path().extension() == ".ani") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The sample exported to a .glb and read back, as `convert X.ani out.glb` then `convert out.glb` does.
Scene through_glb(const std::vector<std::uint8_t>& bytes) {
  const auto document = read(bytes);
  EXPECT_TRUE(document.ok());
  const auto glb = gltf::write(ani::to_core(*document)->scene, {});
  EXPECT_TRUE(glb.ok());
  auto scene = gltf::read(*glb);
  EXPECT_TRUE(scene.ok());
  return *std::move(scene);
}

std::size_t rotation_keys(const Node& node) {
  std::size_t count = node.rotation.size();
  for (const Node& child : node.children) count += rotation_keys(child);
  return count;
}

std::size_t all_keys(const Node& node) {
  std::size_t count = node.translation.size() + node.rotation.size() + node.scale.size();
  for (const Node& child : node.children) count += all_keys(child);
  return count;
}

TEST(LegoLeanWrite, EverySampleThroughGlbComesBackByteForByte) {
  const auto files = sample_files();
  if (files.empty()) GTEST_SKIP() << "SKIPPED LOUDLY: ../shared/samples/lego is absent";
  for (const auto& path : files) {
    SCOPED_TRACE(path.filename().string());
    const auto original = bonebridge::testing::read_bytes(path);
    const auto converted = ani::from_core(through_glb(original));
    ASSERT_TRUE(converted.ok()) << converted.error().to_string();
    EXPECT_EQ(write(converted->value), original);
    ASSERT_EQ(converted->notes.size(), 1u);
    EXPECT_EQ(converted->notes.front().rfind("unchanged:", 0), 0u) << converted->notes.front();
    for (const auto& note : converted->notes) std::printf("%s: %s\n", path.filename().c_str(), note.c_str());
  }
}

TEST(LegoLeanWrite, AClipWithoutADescriptionIsWrittenFromItsKeys) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lego/walk-cycles/CNs001Pe.ani");
  Scene scene = through_glb(bonebridge::testing::read_bytes(path));
  scene.clips.front().metadata.erase(kSourceMetadata);
  const auto converted = ani::from_core(scene);
  ASSERT_TRUE(converted.ok()) << converted.error().to_string();
  EXPECT_NE(write(converted->value), bonebridge::testing::read_bytes(path));
}

TEST(LegoLeanWrite, AnEditedRotationIsWrittenAnew) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lego/walk-cycles/CNs001Pe.ani");
  const auto original = bonebridge::testing::read_bytes(path);
  Scene scene = through_glb(original);
  // The first animated rotation turned a further 10 degrees about glTF's Y at every key.
  Clip& clip = scene.clips.front();
  const auto channel = std::find_if(clip.joints.begin(), clip.joints.end(), [](const JointChannels& j) {
    return j.rotation && j.rotation->times.size() > 1;
  });
  ASSERT_NE(channel, clip.joints.end());
  for (Quat& q : channel->rotation->values) q = axis_angle({0, 1, 0}, 10 * kPi / 180) * q;
  const auto converted = ani::from_core(scene);
  ASSERT_TRUE(converted.ok()) << converted.error().to_string();
  EXPECT_NE(write(converted->value), original);
  ASSERT_FALSE(converted->notes.empty());
  EXPECT_TRUE(std::any_of(converted->notes.begin(), converted->notes.end(),
                          [](const std::string& note) { return note.rfind("edited:", 0) == 0; }));
  const auto source = read(original);
  ASSERT_TRUE(source.ok());
  // The figure: 24 rotation keys in CNs001Pe.ani (issue 28's table), 261 once baked and written back.
  EXPECT_EQ(rotation_keys(source->root), 24u);
  // Edited, the clip needs about the keys the original has: within 1.5 times (issue 28).
  const Document& written = converted->value;
  std::printf("edited CNs001Pe.ani: %zu keys (%zu rotation), original %zu (%zu rotation)\n",
              all_keys(written.root), rotation_keys(written.root), all_keys(source->root),
              rotation_keys(source->root));
  EXPECT_LE(all_keys(written.root), all_keys(source->root) * 3 / 2);
  // And the game plays the edited glTF: world positions at every millisecond within the key tolerance
  // (2e-6 rad at a reach under 3 units, plus float rounding).
  const ani::Engine engine(written);
  ClipPoser poser(scene.skeleton, clip);
  const AxisConversion mirror = AxisConversion::mirror_x();
  double worst = 0;
  for (std::int32_t ms = 0; ms <= written.duration; ++ms) {
    const auto& model = poser.model_at(ms / 1000.0);
    const auto poses = engine.evaluate(ms);
    for (std::size_t i = 0; i < poses.size(); ++i) {
      const Vec3 game{poses[i].world[3][0], poses[i].world[3][1], poses[i].world[3][2]};
      worst = std::max(worst, distance(mirror.point(game), model[i].translation()));
    }
  }
  std::printf("edited CNs001Pe.ani: largest joint position error %.3g\n", worst);
  EXPECT_LT(worst, 1e-5);
}

// --tolerance is the family's setting for the reduction: a coarser one keeps no more keys, and the notes say
// which tolerance was used and what it kept.
TEST(LegoLeanWrite, TheToleranceSettingReachesTheReduction) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lego/walk-cycles/CNs001Pe.ani");
  Scene scene = through_glb(bonebridge::testing::read_bytes(path));
  scene.clips.front().metadata.erase(kSourceMetadata);
  std::size_t fine_bytes = 0;
  for (const char* tolerance : {"2e-06", "0.01"}) {
    Options options;
    options.values["tolerance"] = tolerance;
    const auto written = family().from_core(scene, options);
    ASSERT_TRUE(written.ok()) << written.error().to_string();
    const auto reduced =
        std::find_if(written->notes.begin(), written->notes.end(),
                     [](const std::string& note) { return note.rfind("keys reduced", 0) == 0; });
    ASSERT_NE(reduced, written->notes.end());
    std::printf("--tolerance %s: %zu bytes; %s\n", tolerance, written->value.size(), reduced->c_str());
    EXPECT_NE(reduced->find(std::string("tolerance ") + (fine_bytes ? "0.01" : "2e-06")), std::string::npos);
    if (fine_bytes) {
      EXPECT_LE(written->value.size(), fine_bytes);
    }
    fine_bytes = written->value.size();
  }
}

}  // namespace
}  // namespace bonebridge::lego::ani
