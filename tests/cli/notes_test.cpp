// SPDX-License-Identifier: MIT
// Issue 16: what a reverse conversion could not keep reached nobody: the families computed it and the
// registry threw it away. Checked here as a user sees it: a glTF whose joint scales over time, written as a
// Sith .key (a format with no scale channel), must say on standard error and in --json that the scale was
// dropped, and the .key must still be written.
#include <nlohmann/json.hpp>

#include "bonebridge/gltf/gltf.hpp"
#include "cli/tool.hpp"

namespace bonebridge::testing {
namespace {

// One root joint and one child, the child's scale going from 1 to 2 over a second.
Scene scaling_scene() {
  Scene scene;
  scene.skeleton.joints = {{"root", -1, {}}, {"arm", 0, {}}};
  scene.skeleton.joints[1].rest.translation = {0, 1, 0};
  Clip clip;
  clip.name = "grow";
  clip.duration = 1;
  JointChannels channels;
  channels.joint = 1;
  channels.scale = Channel<Vec3>{Interpolation::Linear, {0.0, 1.0}, {Vec3{1, 1, 1}, Vec3{2, 2, 2}}};
  clip.joints.push_back(channels);
  scene.clips.push_back(clip);
  return scene;
}

class ReverseNotesTest : public ToolTest {
 protected:
  void SetUp() override {
    ToolTest::SetUp();
    const auto glb = gltf::write(scaling_scene(), {.binary = true, .generate_mesh = false});
    ASSERT_TRUE(glb) << glb.error().to_string();
    write_text(scratch("grow.glb"), std::string(glb->begin(), glb->end()));
  }
};

TEST_F(ReverseNotesTest, ConvertSaysTheScaleWasDroppedOnStandardError) {
  const auto result = run({"convert", scratch("grow.glb").string(), scratch("grow.key").string()});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_NE(result.err.find("note: joint 1: scale channel dropped (KEY has none)"), std::string::npos)
      << result.err;
  EXPECT_TRUE(std::filesystem::exists(scratch("grow.key")));
}

TEST_F(ReverseNotesTest, ConvertJsonCarriesTheNotes) {
  const auto result = run({"convert", scratch("grow.glb").string(), scratch("grow.key").string(), "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  const auto record = nlohmann::json::parse(result.out);
  EXPECT_EQ(record["output"], scratch("grow.key").string());
  EXPECT_EQ(record["bytes"], std::filesystem::file_size(scratch("grow.key")));
  ASSERT_TRUE(record["notes"].is_array());
  bool dropped = false;
  for (const auto& note : record["notes"])
    dropped |= note.get<std::string>().find("scale channel dropped") != std::string::npos;
  EXPECT_TRUE(dropped) << record.dump();
}

TEST_F(ReverseNotesTest, JsonAndStandardOutputAsTheFileIsAUsageError) {
  const auto result = run({"convert", scratch("grow.glb").string(), "-", "--to", "sith", "--json"});
  EXPECT_EQ(result.code, 2) << result.err;
  EXPECT_TRUE(result.out.empty());
}

}  // namespace
}  // namespace bonebridge::testing
