#include "bonebridge/formats/sith/family.hpp"

#include <gtest/gtest.h>

#include "bonebridge/formats/sith/bridge.hpp"
#include "bonebridge/formats/sith/codec.hpp"
#include "test_files.hpp"

namespace bonebridge::sith {
namespace {

using testing_support::load_key;
using testing_support::load_model;

TEST(SithFamily, SamplesTheEnginePoseWithTheModel) {
  BONEBRIDGE_REQUIRE_SAMPLE(key_path, "sith/ijim-sed-mod/sed_cable_car_door_close.key");
  BONEBRIDGE_REQUIRE_SAMPLE(model_path, "sith/ijim-sed-mod/sed_cable_car.3do");
  const auto bytes = testing::read_bytes(key_path);
  ASSERT_TRUE(family().sniff(bytes));
  Options options;
  options.values["model"] = model_path.string();
  auto doc = family().open(bytes, options);
  ASSERT_TRUE(doc.ok()) << doc.error().to_string();
  EXPECT_DOUBLE_EQ((*doc)->duration(), 66.0 / 30.0);
  const EnginePose pose = (*doc)->sample(1.0 / 3.0);  // frame 10
  ASSERT_EQ(pose.joints.size(), 3u);
  EXPECT_EQ(pose.joints[2].name, "door");
  EXPECT_EQ(pose.joints[2].parent, 0);
  EXPECT_NEAR(pose.joints[2].model.m[14], -0.14205173, 1e-6);
  EXPECT_EQ((*doc)->encode(), bytes);
  const auto info = (*doc)->info();
  EXPECT_EQ(info["format"], "Sith .key");
  EXPECT_EQ(info["joints"].size(), 3u);
  EXPECT_TRUE((*doc)->check(true).empty());
  const auto dump = (*doc)->dump();
  EXPECT_EQ(dump["nodes"][0]["entries"][0]["flags"], 1);
}

TEST(SithFamily, OpensAModelAlone) {
  BONEBRIDGE_REQUIRE_SAMPLE(model_path, "sith/ijim-sed-mod/sed_pd.3do");
  const auto bytes = testing::read_bytes(model_path);
  ASSERT_TRUE(family().sniff(bytes));
  auto doc = family().open(bytes, {});
  ASSERT_TRUE(doc.ok()) << doc.error().to_string();
  EXPECT_EQ((*doc)->encode(), bytes);
  EXPECT_EQ((*doc)->info()["hierarchy_nodes"], 13u);
  auto core = (*doc)->to_core({});
  ASSERT_TRUE(core.ok()) << core.error().to_string();
  EXPECT_EQ(core->scene.skeleton.joints.size(), 13u);
  EXPECT_FALSE(core->scene.meshes.empty());
}

TEST(SithFamily, UnitScaleOptionScalesTheScene) {
  BONEBRIDGE_REQUIRE_SAMPLE(key_path, "sith/ijim-sed-mod/sed_cable_car_door_close.key");
  auto doc = family().open(testing::read_bytes(key_path), {});
  ASSERT_TRUE(doc.ok());
  Options options;
  options.values["unit-scale"] = "10";
  auto core = (*doc)->to_core(options);
  ASSERT_TRUE(core.ok());
  // Flat joint "door" at frame 0: game (0.07123701, -0.00098355, -0.11388423) -> glTF (x, z, -y) * 10.
  const auto& translation = *core->scene.clips[0].joints[0].translation;
  EXPECT_NEAR(translation.values[0].x, 0.7123701, 1e-6);
  EXPECT_NEAR(translation.values[0].y, -1.1388423, 1e-6);
  EXPECT_NEAR(translation.values[0].z, 0.0098355, 1e-6);
  options.values["unit-scale"] = "-1";
  EXPECT_FALSE((*doc)->to_core(options).ok());
}

// core -> KEY -> engine against the core clip: the written file plays what the glTF plays. Same threshold as
// the forward direction (1e-4 of the extent), measured on the engine of the written KEY.
TEST(SithFamily, CoreClipWrittenAsKeyPlaysTheSameInTheEngine) {
  for (const auto& sample : testing_support::kKeyCases) {
    BONEBRIDGE_LOAD_KEY_CASE(sample);
    auto core = key_to_core(key, with_model ? &model : nullptr, {});
    ASSERT_TRUE(core.ok());
    Options options;
    if (with_model) options.values["model"] = (testing::samples_dir() / sample.model).string();
    auto written = family().from_core(core->scene, options);
    ASSERT_TRUE(written.ok()) << written.error().to_string();
    auto reread = read_key(*written);
    ASSERT_TRUE(reread.ok()) << reread.error().to_string();
    EXPECT_EQ(reread->content.header.frames, key.content.header.frames);
    EXPECT_FLOAT_EQ(reread->content.header.fps, key.content.header.fps);
    EXPECT_EQ(reread->content.markers.size(), key.content.markers.size());
    // The written KEY's engine against the core clip it came from. Without a model the flat joints are
    // in first-appearance order of KEY nodes, and the written nodes are numbered by core joint.
    KeyContent renumbered = reread->content;
    std::vector<EngineNode> nodes;
    if (with_model) {
      nodes = model_nodes(model.content);
    } else {
      nodes = flat_nodes(renumbered);
    }
    const KeyEngine engine(renumbered, nodes, Dialect::InfernalMachine);
    CoreConversion as_written = *core;
    if (!with_model) {
      // Flat joints: core joint 0 is the added root, then the KEY's nodes in first-appearance order, which
      // the written file keeps.
      for (std::size_t n = 0; n < nodes.size(); ++n) as_written.core_joint_of[n] = static_cast<int>(n) + 1;
    }
    const FidelityReport report = measure_key_fidelity(engine, as_written, 1.0 / 240);
    std::printf("reverse %-56s max %.3g p99 %.3g extent %.3g entries %zu\n", sample.key, report.max,
                report.p99, report.extent,
                reread->content.nodes.empty() ? 0 : reread->content.nodes[0].entries.size());
    EXPECT_LE(report.max, 1e-4 * std::max(report.extent, 1e-3)) << sample.key;
  }
}

// The public Blender exporter takes the long way round 0/360; rates must follow the shortest path.
TEST(SithFamily, RatesTakeTheShortestAngularPath) {
  Scene scene;
  scene.skeleton.joints.push_back(Joint{"spin", -1, {}});
  Clip clip;
  clip.duration = 1;
  clip.metadata["sith.fps"] = "10";
  Channel<Quat> rotation;
  rotation.times = {0, 1};
  // Yaw 170 degrees to yaw -170 degrees about game Z (glTF Y after the conversion): 20 degrees the short way.
  const AxisConversion conversion = AxisConversion::z_up_to_y_up();
  rotation.values = {conversion.rotation(rotation_quat({0, 170, 0})),
                     conversion.rotation(rotation_quat({0, -170, 0}))};
  if (dot(rotation.values[0], rotation.values[1]) < 0) rotation.values[1] = -rotation.values[1];
  JointChannels channels;
  channels.rotation = rotation;
  clip.joints.push_back(channels);
  scene.clips.push_back(clip);
  auto key = core_to_key(scene, {});
  ASSERT_TRUE(key.ok());
  const KeyNode& node = key->key.content.nodes.at(0);
  ASSERT_GE(node.entries.size(), 2u);
  EXPECT_NEAR(node.entries[0].rotation[1], 170, 1e-3);
  EXPECT_NEAR(node.entries[0].rotation_rate[1], 2, 1e-3);  // +20 degrees over 10 frames
  EXPECT_EQ(node.entries[0].flags, 2u);
  EXPECT_EQ(node.entries.back().flags, 0u);
  EXPECT_EQ(key->key.content.header.frames, 10);
}

}  // namespace
}  // namespace bonebridge::sith
