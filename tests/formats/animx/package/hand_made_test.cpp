// SPDX-License-Identifier: MIT
// A package made here (hand_made.hpp): slots Root > Arm > Hand, an Animator on Root playing one AnimX
// (written by the AnimX writer) whose two tracks have no node names, so that only the Animator's field
// drives can bind them: track 0 to Arm's Position, track 1 to Hand's Rotation. The converted glb's animation
// must follow the AnimX engine's `sample` of each track, carried into glTF's frame by the X mirror
// (p -> (-x, y, z), q -> (x, -y, -z, w); research/animx.md §5).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/engine.hpp"
#include "bonebridge/formats/animx/compression.hpp"
#include "bonebridge/formats/animx/package/adapter.hpp"
#include "bonebridge/formats/animx/package/codec.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "hand_made.hpp"
#include "support/samples.hpp"

namespace bonebridge::animx::package {
namespace {

using namespace testing;

const std::string kTreeHash = "1111111111111111111111111111111111111111111111111111111111111111";
const std::string kClipHash = "2222222222222222222222222222222222222222222222222222222222222222";

void add_floats(Values& values, std::initializer_list<float> numbers) {
  for (const float number : numbers) {
    const auto at = values.bytes.size();
    values.bytes.resize(at + sizeof number);
    std::memcpy(values.bytes.data() + at, &number, sizeof number);
  }
}

Track linear_curve(ElementType element, std::vector<float> times, std::initializer_list<float> values) {
  Track track;
  track.type = TrackType::Curve;
  track.element = element;
  track.times = std::move(times);
  track.shared_interpolation = static_cast<std::uint8_t>(Interpolation::Linear);
  add_floats(track.values, values);
  return track;
}

animation::Document wave() {
  animation::Document clip;
  clip.name = "Wave";
  clip.global_duration = 2;
  clip.tracks.push_back(linear_curve(ElementType::Float3, {0, 1, 2}, {0, 1, 0, 0.5f, 1.5f, 0, 0, 1, 0.25f}));
  // 90° about Z, then back: the bridge resamples rotations (Resonite's nlerp), within 0.05°.
  clip.tracks.push_back(
      linear_curve(ElementType::FloatQ, {0, 2}, {0, 0, 0, 1, 0, 0, 0.70710678f, 0.70710678f}));
  return clip;
}

nlohmann::json tree(bool with_animator) {
  const nlohmann::json identity = {0.0, 0.0, 0.0, 1.0}, one = {1.0, 1.0, 1.0};
  nlohmann::json components = nlohmann::json::array();
  if (with_animator) {
    components.push_back(
        {{"Type", 1},
         {"Data", {{"ID", "provider"}, {"URL", member("provider.url", "@packdb:///" + kClipHash)}}}});
    components.push_back(
        {{"Type", 0},
         {"Data",
          {{"ID", "animator"},
           {"Clip", member("animator.clip", "provider")},
           {"Fields", member("animator.fields", {member("drive0", "arm.p"), member("drive1", "hand.r")})}}}});
  }
  const auto hand =
      slot("hand", "Hand", {0.0, 0.5, 0.0}, identity, one, nlohmann::json::array(), nlohmann::json::array());
  const auto arm =
      slot("arm", "Arm", {1.0, 2.0, 3.0}, identity, {2.0, 2.0, 2.0}, nlohmann::json::array(), {hand});
  return {
      {"VersionNumber", "2026.1.1.1"},
      {"FeatureFlags", nlohmann::json::object()},
      {"Types", {"[FrooxEngine]FrooxEngine.Animator", "[FrooxEngine]FrooxEngine.StaticAnimationProvider"}},
      {"TypeVersions", nlohmann::json::object()},
      {"Object", slot("root", "Root", {0.0, 0.0, 0.0}, identity, one, components, {arm})}};
}

Bytes bson_tree(bool with_animator) {
  return nlohmann::json::to_bson(tree(with_animator));
}

Bytes hand_made_package(const Bytes& data_tree, bool with_clip = true) {
  std::vector<std::pair<std::string, Bytes>> entries = {
      {"Assets/" + kTreeHash, data_tree}, {"R-Main.record", text_bytes(record("Wave Rig", kTreeHash))}};
  if (with_clip) entries.emplace_back("Assets/" + kClipHash, write(wave()));
  return zip_of(entries);
}

TEST(ResoniteHandMadePackage, SlotsAndDataTreeCompressions) {
  for (const auto& [id, payload] : {std::pair<std::uint8_t, Bytes>{0, bson_tree(true)},
                                    std::pair<std::uint8_t, Bytes>{1, lz4_encode(bson_tree(true))},
                                    std::pair<std::uint8_t, Bytes>{2, lzma_encode(bson_tree(true))}}) {
    const auto package = package::read(hand_made_package(frdt(id, payload)));
    ASSERT_TRUE(package.ok()) << package.error().to_string();
    EXPECT_EQ(static_cast<int>(package->tree.compression), id);
    EXPECT_EQ(package->tree.root, tree(true));
    EXPECT_EQ(package->record["name"], "Wave Rig");
  }
}

TEST(ResoniteHandMadePackage, ConvertsToGlbFollowingTheEngine) {
  const auto bytes = hand_made_package(frdt(0, bson_tree(true)));
  const auto document = package::open(bytes);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  const auto core = (*document)->to_core({});
  ASSERT_TRUE(core.ok()) << core.error().to_string();
  const auto glb = gltf::write(core->scene, {.binary = true, .generate_mesh = false});
  ASSERT_TRUE(glb.ok()) << glb.error().to_string();
  const auto scene = gltf::read(*glb);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();

  ASSERT_EQ(scene->skeleton.joints.size(), 3u);
  EXPECT_EQ(scene->skeleton.joints[0].name, "Root");
  EXPECT_EQ(scene->skeleton.joints[1].name, "Arm");
  EXPECT_EQ(scene->skeleton.joints[2].name, "Hand");
  EXPECT_EQ(scene->skeleton.joints[2].parent, 1);
  // Arm's rest: Resonite (1, 2, 3) mirrored in X.
  EXPECT_DOUBLE_EQ(scene->skeleton.joints[1].rest.translation.x, -1.0);
  EXPECT_DOUBLE_EQ(scene->skeleton.joints[1].rest.translation.z, 3.0);
  EXPECT_DOUBLE_EQ(scene->skeleton.joints[1].rest.scale.y, 2.0);
  ASSERT_EQ(scene->clips.size(), 1u);
  EXPECT_EQ(scene->clips[0].name, "Wave");

  const auto clip = wave();
  ClipSampler sampler(scene->skeleton, scene->clips[0]);
  std::vector<Transform> locals(3);
  for (const float t : {0.0f, 0.25f, 0.5f, 1.0f, 1.3f, 2.0f}) {
    sampler.sample(t, locals);
    const auto position = sample(clip.tracks[0], t);
    const auto rotation = sample(clip.tracks[1], t);
    ASSERT_TRUE(position.ok() && rotation.ok());
    const auto p = components(position->element, position->bytes);
    const auto q = components(rotation->element, rotation->bytes);
    EXPECT_NEAR(locals[1].translation.x, -p[0], 1e-6) << t;
    EXPECT_NEAR(locals[1].translation.y, p[1], 1e-6) << t;
    EXPECT_NEAR(locals[1].translation.z, p[2], 1e-6) << t;
    const double norm = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    const Quat expected{q[0] / norm, -q[1] / norm, -q[2] / norm, q[3] / norm};
    const Quat& got = locals[2].rotation;
    const double cosine =
        std::abs(got.x * expected.x + got.y * expected.y + got.z * expected.z + got.w * expected.w);
    EXPECT_LT(2 * std::acos(std::min(1.0, cosine)) * 180 / 3.14159265358979, 0.05) << t;
  }
}

TEST(ResoniteHandMadePackage, WithoutAnimatorTracksMeetSlotsByName) {
  auto clip = wave();
  clip.tracks[0].node = "Arm";
  clip.tracks[0].property = "Position";
  clip.tracks[1].node = "Nowhere";
  clip.tracks[1].property = "Rotation";
  const auto bytes = zip_of({{"Assets/" + kTreeHash, frdt(0, bson_tree(false))},
                             {"R-Main.record", text_bytes(record("Wave Rig", kTreeHash))},
                             {"Assets/" + kClipHash, write(clip)}});
  const auto document = package::open(bytes);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  const auto core = (*document)->to_core({});
  ASSERT_TRUE(core.ok()) << core.error().to_string();
  ASSERT_EQ(core->scene.skeleton.joints.size(), 4u);  // a node no slot has becomes a root
  EXPECT_EQ(core->scene.skeleton.joints[3].name, "Nowhere");
  ASSERT_EQ(core->scene.clips.size(), 1u);
  ASSERT_EQ(core->scene.clips[0].joints.size(), 2u);
  EXPECT_EQ(core->scene.clips[0].joints[0].joint, 1);  // Arm
  ASSERT_TRUE(core->scene.clips[0].joints[0].translation);
  EXPECT_DOUBLE_EQ(core->scene.clips[0].joints[0].translation->values[1].x, -0.5);
}

TEST(ResoniteHandMadePackage, MissingAnimationAssetNamesTheEntry) {
  const auto document = package::open(hand_made_package(frdt(0, bson_tree(true)), false));
  ASSERT_FALSE(document.ok());
  EXPECT_EQ(document.error().format, kPackageFormat);
  EXPECT_NE(document.error().message.find("entry Assets/" + kClipHash + ": missing"), std::string::npos)
      << document.error().message;
}

TEST(ResoniteHandMadePackage, MissingMainAssetNamesTheEntry) {
  const auto bytes = zip_of({{"R-Main.record", text_bytes(record("Wave Rig", kTreeHash))}});
  const auto package = package::read(bytes);
  ASSERT_FALSE(package.ok());
  EXPECT_NE(package.error().message.find("entry Assets/" + kTreeHash + ": missing"), std::string::npos)
      << package.error().message;
}

TEST(ResoniteHandMadePackage, CutBsonNamesTheEntryAndOffset) {
  Bytes cut = bson_tree(true);
  cut.resize(cut.size() / 2);
  const auto package = package::read(hand_made_package(frdt(0, cut)));
  ASSERT_FALSE(package.ok());
  EXPECT_EQ(package.error().format, kDataTreeFormat);
  EXPECT_NE(package.error().message.find("entry Assets/" + kTreeHash), std::string::npos)
      << package.error().message;
  ASSERT_TRUE(package.error().offset);
  // The BSON starts after the 9-byte header; the reader ran out at its end.
  EXPECT_EQ(*package.error().offset, 9 + cut.size());
}

TEST(ResoniteHandMadePackage, UnknownCompressionIdIsRefused) {
  const auto tree = read_data_tree(frdt(7, bson_tree(true)));
  ASSERT_FALSE(tree.ok());
  EXPECT_EQ(tree.error().format, kDataTreeFormat);
  EXPECT_EQ(tree.error().offset, 8u);
  EXPECT_NE(tree.error().message.find("unknown compression id 7"), std::string::npos) << tree.error().message;
}

TEST(ResoniteHandMadePackage, CutBrotliStreamIsRefused) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "animx/packages/AvatarRootIdentification.resonitepackage");
  auto package = package::read(bonebridge::testing::read_bytes(path));
  ASSERT_TRUE(package.ok());
  Bytes tree = find_entry(*package, asset_entry(package->main_asset))->bytes;
  tree.resize(tree.size() - 100);
  const auto cut = read_data_tree(tree);
  ASSERT_FALSE(cut.ok());
  EXPECT_NE(cut.error().message.find("Brotli"), std::string::npos) << cut.error().message;
}

// The fuzz seeds (fuzz/corpus/animx_datatree, animx_package) are these packages and trees. Regenerate with
//   bonebridge_tests_animx --gtest_also_run_disabled_tests --gtest_filter='*DISABLED_WriteFuzzCorpus'
TEST(ResoniteHandMadePackage, DISABLED_WriteFuzzCorpus) {
  const auto save = [](const std::string& folder, const std::string& name, const Bytes& bytes) {
    const auto path = bonebridge::testing::source_dir() / "fuzz" / "corpus" / folder / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  };
  save("animx_datatree", "plain", frdt(0, bson_tree(true)));
  save("animx_datatree", "lz4", frdt(1, lz4_encode(bson_tree(false))));
  save("animx_datatree", "lzma", frdt(2, lzma_encode(bson_tree(false))));
  save("animx_package", "animator", hand_made_package(frdt(0, bson_tree(true))));
  save("animx_package", "lz4_tree", hand_made_package(frdt(1, lz4_encode(bson_tree(false)))));
}

}  // namespace
}  // namespace bonebridge::animx::package
