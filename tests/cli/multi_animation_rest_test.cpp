// SPDX-License-Identifier: MIT
// Skeletons that fit (same joint count, names and parents) may still rest differently: a clip appended to
// another input's glTF then keeps its own rest values as constant channels on the joints it leaves alone, so
// that it plays as it would in its own glTF. Checked with a test family whose file is one number: the rest
// offset of joint "arm" under "root"; its clip turns the root only. Every clip then also holds the rest of
// the joint properties that only other clips move.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "bonebridge/gltf/gltf.hpp"
#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/conversion.hpp"

namespace bonebridge {
namespace {

class RestDocument : public Document {
 public:
  explicit RestDocument(double offset) : offset_(offset) {}
  nlohmann::json info() const override { return {{"offset", offset_}}; }
  std::string format() const override { return ""; }
  std::size_t joint_count() const override { return 0; }
  nlohmann::json dump() const override { return info(); }
  double duration() const override { return 1; }
  double engine_tick() const override { return 0.001; }
  Status sample_into(double, EnginePose&) const override { return Ok{}; }
  Result<std::vector<std::uint8_t>> encode() const override { return std::vector<std::uint8_t>{}; }
  Result<CoreConversion> to_core(const Options&) const override {
    CoreConversion core;
    core.scene.skeleton.joints = {{"root", -1, {}}, {"arm", 0, {}}};
    core.scene.skeleton.joints[1].rest.translation = {offset_, 0, 0};
    Clip clip;
    clip.duration = 1;
    JointChannels turn;
    turn.joint = 0;
    turn.rotation = Channel<Quat>{Interpolation::Linear, {0.0, 1.0}, {Quat{}, Quat{0, 0.6, 0, 0.8}}};
    clip.joints.push_back(turn);
    core.scene.clips.push_back(clip);
    return core;
  }

 private:
  double offset_;
};

FormatFamily rest_family() {
  FormatFamily row;
  row.id = "rest-test";
  row.title = "test: one rest offset";
  row.extensions = {".rest"};
  row.sniff = [](std::span<const std::uint8_t>) { return false; };
  row.open = [](std::span<const std::uint8_t> bytes, const Options&) -> Result<std::unique_ptr<Document>> {
    return std::unique_ptr<Document>(
        std::make_unique<RestDocument>(std::atof(std::string(bytes.begin(), bytes.end()).c_str())));
  };
  return row;
}

TEST(MultiAnimationRest, AClipKeepsItsOwnRestWhereTheBaseRestsOtherwise) {
  ASSERT_TRUE(register_family(rest_family()));
  const auto folder = std::filesystem::temp_directory_path() / "bonebridge-multi-rest";
  std::filesystem::create_directories(folder);
  for (const auto& [name, text] : {std::pair{"near.rest", "1"}, {"far.rest", "2"}, {"same.rest", "1"}})
    std::ofstream(folder / name) << text;

  ConvertJob job;
  job.input = (folder / "near.rest").string();
  job.more_inputs = {(folder / "far.rest").string(), (folder / "same.rest").string()};
  job.output = "out.glb";
  job.generate_mesh = false;
  const auto glb = convert(job);
  ASSERT_TRUE(glb.ok()) << glb.error().to_string();
  const auto scene = gltf::read(glb->value);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  ASSERT_EQ(scene->clips.size(), 3u);
  EXPECT_EQ(scene->skeleton.joints[1].rest.translation, (Vec3{1, 0, 0}));  // the base's

  const auto arm_translation = [&](const Clip& clip) -> const Channel<Vec3>* {
    for (const auto& channels : clip.joints)
      if (channels.joint == 1 && channels.translation) return &*channels.translation;
    return nullptr;
  };
  EXPECT_EQ(scene->clips[1].name, "far");
  const auto* held = arm_translation(scene->clips[1]);
  ASSERT_NE(held, nullptr);
  EXPECT_EQ(held->values, (std::vector<Vec3>{{2, 0, 0}}));
  // The arm's translation moves in "far" only: the other clips hold the base's rest, so that a player that
  // keeps the previous action's pose on the properties a clip leaves alone (Blender) shows the rest.
  for (const std::size_t c : {0u, 2u}) {
    const auto* rest = arm_translation(scene->clips[c]);
    ASSERT_NE(rest, nullptr) << scene->clips[c].name;
    EXPECT_EQ(rest->values, (std::vector<Vec3>{{1, 0, 0}})) << scene->clips[c].name;
  }
  EXPECT_EQ(scene->clips[0].name, "near");
  EXPECT_EQ(scene->clips[2].name, "same");

  const std::string note = (folder / "far.rest").string() + ": its own rest pose, which differs from " +
                           (folder / "near.rest").string() +
                           "'s, is held by 1 constant channel on the joints it leaves alone";
  EXPECT_NE(std::find(glb->notes.begin(), glb->notes.end(), note), glb->notes.end());
  const std::string across =
      "2 constant channels hold the rest pose, in each animation, of the joints that only other animations "
      "move";
  EXPECT_NE(std::find(glb->notes.begin(), glb->notes.end(), across), glb->notes.end());
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace bonebridge
