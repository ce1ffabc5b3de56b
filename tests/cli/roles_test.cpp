// SPDX-License-Identifier: MIT
// Issue 36, part 2: `bonebridge roles FILE` prints the role map retargeting would use and what it could not
// place. Golden values: the CMU subject's joint names as 01_01.bvh writes them (cgspeed's conversion) against
// VRM's humanoid bones (research/retargeting.md §1.1); a hand-written map for the LEGO example's arm.
#include <nlohmann/json.hpp>

#include "cli/tool.hpp"

namespace bonebridge::testing {
namespace {

class RolesTest : public ToolTest {};

std::string joint_of(const nlohmann::json& report, const std::string& role) {
  for (const auto& placed : report["roles"])
    if (placed["role"] == role) return placed["joint"];
  return "";
}

TEST_F(RolesTest, CmuMotionCapturePlacesEveryRequiredRole) {
  const std::filesystem::path cmu = "/usr/share/assimp/models/BVH/01_01.bvh";  // Debian: assimp-testmodels
  if (!std::filesystem::exists(cmu))
    GTEST_SKIP() << "SKIPPED LOUDLY: " << cmu << " is absent (assimp-testmodels)";
  const auto result = run({"roles", cmu.string(), "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["source"], "CMU BVH");
  EXPECT_TRUE(report["missing_required"].empty()) << report.dump();
  EXPECT_EQ(joint_of(report, "hips"), "Hips");
  EXPECT_EQ(joint_of(report, "spine"), "LowerBack");
  EXPECT_EQ(joint_of(report, "leftUpperArm"), "LeftArm");
  EXPECT_EQ(joint_of(report, "leftLowerArm"), "LeftForeArm");
  EXPECT_EQ(joint_of(report, "rightUpperLeg"), "RightUpLeg");
  EXPECT_EQ(joint_of(report, "rightToes"), "RightToeBase");
  EXPECT_EQ(report["roles"].front()["role"], "hips");  // VRM's order
}

TEST_F(RolesTest, ASkeletonWithoutHumanoidNamesSaysWhatIsMissingAndAMapPlacesIt) {
  copy_example("lego/waving_arm.ani", "wave.ani");
  const auto bare = run({"roles", scratch("wave.ani").string()});
  EXPECT_EQ(bare.code, 1);
  EXPECT_NE(bare.out.find("required roles not placed (15): hips, spine, head"), std::string::npos)
      << bare.out;
  EXPECT_NE(bare.out.find("joints with no role (4): -WAVE, ARM, ELBOW, HAND"), std::string::npos) << bare.out;
  write_text(scratch("arm.json"), R"({"rightUpperArm": "ARM", "rightLowerArm": "ELBOW", "rightHand": "HAND",
                                      "head": "HEAD"})");
  const auto mapped =
      run({"roles", scratch("wave.ani").string(), "--map", scratch("arm.json").string(), "--json"});
  EXPECT_EQ(mapped.code, 1);  // still no hips, legs, left arm
  const auto report = nlohmann::json::parse(mapped.out);
  EXPECT_EQ(joint_of(report, "rightLowerArm"), "ELBOW");
  EXPECT_EQ(report["names_not_in_skeleton"], nlohmann::json::array({"HEAD"}));
}

TEST_F(RolesTest, AMapFileThatIsNotAMapIsAnErrorNamingIt) {
  copy_example("lego/waving_arm.ani", "wave.ani");
  write_text(scratch("bad.json"), R"({"leftElbow": "ELBOW"})");
  const auto result = run({"roles", scratch("wave.ani").string(), "--map", scratch("bad.json").string()});
  EXPECT_EQ(result.code, 1);
  EXPECT_NE(result.err.find("bad.json"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("leftElbow"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace bonebridge::testing
