// SPDX-License-Identifier: MIT
// Issue 36, part 1: BVH is an interchange format beside glTF: `convert` reads it and writes it. What must
// hold: a game clip written to BVH and back to the game's format plays the same motion in the game's engine
// (the engine's own `sample` at its ticks, before and after), a BVH converts to glTF, and BVH to BVH is
// refused.
#include <nlohmann/json.hpp>

#include "cli/tool.hpp"

namespace bonebridge::testing {
namespace {

class ConvertBvhTest : public ToolTest {};

// The engine's poses (`sample --ticks --json`) at the ticks where a BVH of 30 frames a second has a frame
// (every 100 ms of LEGO's millisecond ticks): every joint's model matrix. Between frames a BVH player
// interpolates the frames, not the game's keys.
std::vector<std::vector<double>> model_matrices_at_frames(const std::string& json) {
  std::vector<std::vector<double>> matrices;
  const auto parsed = nlohmann::json::parse(json);
  for (const auto& pose : parsed["poses"]) {
    const double milliseconds = pose["time"].get<double>() * 1000;
    if (std::abs(milliseconds - 100 * std::round(milliseconds / 100)) > 1e-6) continue;
    for (const auto& joint : pose["joints"]) matrices.push_back(joint["model"].get<std::vector<double>>());
  }
  return matrices;
}

TEST_F(ConvertBvhTest, AGameClipThroughBvhPlaysTheSameInTheEngine) {
  copy_example("lego/waving_arm.ani", "wave.ani");
  const auto to_bvh = run({"convert", scratch("wave.ani").string(), scratch("wave.bvh").string()});
  ASSERT_EQ(to_bvh.code, 0) << to_bvh.err;
  EXPECT_EQ(read_text(scratch("wave.bvh")).rfind("HIERARCHY\n", 0), 0u);
  const auto back = run({"convert", scratch("wave.bvh").string(), scratch("back.ani").string()});
  ASSERT_EQ(back.code, 0) << back.err;
  const auto before = run({"sample", scratch("wave.ani").string(), "--ticks", "--json"});
  const auto after = run({"sample", scratch("back.ani").string(), "--ticks", "--json"});
  ASSERT_EQ(before.code, 0) << before.err;
  ASSERT_EQ(after.code, 0) << after.err;
  const auto expected = model_matrices_at_frames(before.out);
  const auto played = model_matrices_at_frames(after.out);
  ASSERT_EQ(played.size(), expected.size());
  ASSERT_GE(expected.size(), 11u * 4);  // 0 to 1 s, 4 joints
  double largest = 0;
  for (std::size_t i = 0; i < expected.size(); ++i)
    for (std::size_t k = 0; k < 16; ++k) largest = std::max(largest, std::abs(played[i][k] - expected[i][k]));
  // The LEGO writer's own reduction tolerance is 2e-6 units and radians; BVH text keeps 6 decimals of
  // degrees.
  EXPECT_LT(largest, 1e-4);
}

TEST_F(ConvertBvhTest, CmuMotionCaptureConvertsToGltfAndBack) {
  const std::filesystem::path cmu = "/usr/share/assimp/models/BVH/01_01.bvh";  // Debian: assimp-testmodels
  if (!std::filesystem::exists(cmu))
    GTEST_SKIP() << "SKIPPED LOUDLY: " << cmu << " is absent (assimp-testmodels)";
  const auto glb = run({"convert", cmu.string(), scratch("01_01.glb").string()});
  ASSERT_EQ(glb.code, 0) << glb.err;
  const auto bvh = run({"convert", scratch("01_01.glb").string(), scratch("again.bvh").string()});
  ASSERT_EQ(bvh.code, 0) << bvh.err;
  // The frame count and time survive (the source: 2752 frames of 1/120 s).
  const std::string text = read_text(scratch("again.bvh"));
  EXPECT_NE(text.find("Frames: 2752\n"), std::string::npos) << text.substr(text.find("MOTION"), 80);
}

TEST_F(ConvertBvhTest, BvhToBvhIsRefusedAndTheOutputNamesIt) {
  copy_example("lego/waving_arm.ani", "wave.ani");
  ASSERT_EQ(run({"convert", scratch("wave.ani").string(), scratch("wave.bvh").string()}).code, 0);
  const auto same = run({"convert", scratch("wave.bvh").string(), scratch("copy.bvh").string()});
  EXPECT_EQ(same.code, 1);
  EXPECT_NE(same.err.find("the input is already BVH"), std::string::npos) << same.err;
  const auto piped = run({"convert", scratch("wave.ani").string(), "-", "--to", "bvh"});
  EXPECT_EQ(piped.code, 0) << piped.err;
  EXPECT_EQ(piped.out.rfind("HIERARCHY", 0), 0u);
}

}  // namespace
}  // namespace bonebridge::testing
