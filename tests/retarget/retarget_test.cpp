// SPDX-License-Identifier: MIT
// Issue 36, parts 3-4: `convert 01_01.bvh OUT --retarget` onto three game characters, the report it prints
// (`--json`), and the written file played by the game's own engine. The CMU clip comes from Debian's
// assimp-testmodels (skipped loudly when absent). Expected numbers are worked out here from the targets'
// definitions (the actor table's placements, the avatar's slots, the rig's bones), not from the code under
// test; the bounds are justified where they are set.
#include <fmt/format.h>
#include <cmath>
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "bonebridge/bvh/bvh.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "cli/tool.hpp"
#include "formats/animx/package/hand_made.hpp"
#include "formats/lego/wdb/character_wdb.hpp"

namespace bonebridge::testing {
namespace {

class RetargetTest : public ToolTest {
 protected:
  void SetUp() override {
    ToolTest::SetUp();
    if (!std::filesystem::exists(cmu_))
      GTEST_SKIP() << "SKIPPED LOUDLY: " << cmu_ << " is absent (Debian package assimp-testmodels)";
  }

  // The report of `convert 01_01.bvh OUTPUT --retarget ARGS... --json`, after checking it succeeded.
  nlohmann::json retarget(const std::string& output, std::vector<std::string> args) {
    std::vector<std::string> command = {"convert", cmu_.string(), scratch(output).string(), "--retarget",
                                        "--json"};
    command.insert(command.end(), args.begin(), args.end());
    const auto result = run(command);
    EXPECT_EQ(result.code, 0) << result.err;
    if (result.code != 0) return {};
    const auto record = nlohmann::json::parse(result.out);
    std::printf("%s\n", record["retarget"].dump(1).c_str());
    return record["retarget"];
  }

  // The source's hip height: the hips above the lowest joint of the rest skeleton (the OFFSETs).
  static double cmu_hip_height() {
    const auto scene = bvh::read_bvh_file(cmu_);
    EXPECT_TRUE(scene.ok());
    const auto model = rest_model(scene->skeleton);
    double lowest = 0;
    for (const auto& m : model) lowest = std::min(lowest, m.translation().y);
    return model[0].translation().y - lowest;
  }

  // With BONEBRIDGE_RETARGET_SHOTS=DIR (and node, chromium): the written file converted to glTF by its own
  // family (`convert_args`), rendered by three.js in headless Chromium (tests/runtime/render.mjs) at 2 s and
  // 5 s beside the source, into DIR/NAME.png for a person to look at.
  void screenshot(const std::string& name, const std::string& written,
                  std::vector<std::string> convert_args) {
    const char* folder = std::getenv("BONEBRIDGE_RETARGET_SHOTS");
    if (!folder) return;
    const std::filesystem::path out = folder;
    std::filesystem::create_directories(out);
    const auto source_glb = out / "source.glb", target_glb = out / (name + ".glb");
    ASSERT_EQ(run({"convert", cmu_.string(), source_glb.string(), "--force"}).code, 0);
    std::vector<std::string> command = {"convert", scratch(written).string(), target_glb.string(), "--force"};
    command.insert(command.end(), convert_args.begin(), convert_args.end());
    const auto converted = run(command);
    ASSERT_EQ(converted.code, 0) << converted.err;
    const auto runtime = source_dir() / "tests" / "runtime";
    std::vector<std::string> pictures;
    for (const char* seconds : {"2", "5"}) {
      for (const auto& glb : {source_glb, target_glb}) {
        const auto png = out / (glb.stem().string() + "_" + name + "_" + seconds + "s.png");
        const std::string render = "node " + shell_quote((runtime / "render.mjs").string()) + " " +
                                   shell_quote(glb.string()) + " " + shell_quote(png.string()) + " " +
                                   seconds;
        ASSERT_EQ(std::system(render.c_str()), 0) << render;
        pictures.push_back(shell_quote(png.string()));
      }
    }
    std::string join = "node " + shell_quote((source_dir() / "tests/retarget/side_by_side.mjs").string()) +
                       " " + shell_quote((out / (name + ".png")).string());
    for (const auto& picture : pictures) join += " " + picture;
    ASSERT_EQ(std::system(join.c_str()), 0) << join;
  }

  inline static const std::filesystem::path cmu_ = "/usr/share/assimp/models/BVH/01_01.bvh";
};

double role_degrees(const nlohmann::json& report, const std::string& role) {
  for (const auto& entry : report["roles"])
    if (entry["role"] == role) return entry["degrees"].get<double>();
  ADD_FAILURE() << "no role " << role << " in " << report["roles"].dump();
  return 1e9;
}

// Roles whose bone runs, on both sides, to a role the target gives a joint of its own are carried direction
// for direction by construction (D · C takes the target's rest direction onto the source's rest direction,
// then D moves it as the source's), and the report measures at the source's own key times: only rounding is
// left, so 0.01 degrees. Roles whose bone spans roles the target lacks (LEGO's upper arm, over the elbow) are
// reported, not bounded.
void expect_carried(const nlohmann::json& report, std::initializer_list<const char*> roles) {
  for (const char* role : roles) EXPECT_LT(role_degrees(report, role), 0.01) << role;
}

// With --foot-lock a foot the source plants does not slide more than the source's.
void expect_feet_locked(const nlohmann::json& report) {
  for (const char* side : {"left", "right"}) {
    const auto& foot = report["foot_sliding"][side];
    ASSERT_FALSE(foot.is_null()) << side;
    EXPECT_GT(foot["contact_seconds"].get<double>(), 1.0) << side;  // a walk: each foot down for seconds
    EXPECT_LE(foot["result"].get<double>(), foot["source"].get<double>()) << side;
  }
}

// A Resonite avatar as a package: slots named as Unity's humanoid (which Resonite avatars use), in metres,
// facing +Z in Resonite's left-handed frame (its left at -X), arms along ±X: hips 0.95 above the toes
// (0.05 + 0.42 + 0.42 + 0.06).
std::vector<std::uint8_t> humanoid_package() {
  using animx::package::testing::slot;
  const nlohmann::json identity = {0.0, 0.0, 0.0, 1.0}, one = {1.0, 1.0, 1.0}, none = nlohmann::json::array();
  int id = 0;
  const auto bone = [&](const std::string& name, double x, double y, double z, nlohmann::json children) {
    return slot(fmt::format("s{}", id++), name, {x, y, z}, identity, one, none, std::move(children));
  };
  const auto arm = [&](const std::string& side, double sign) {
    return bone(side + "Shoulder", 0.05 * sign, 0.2, 0,
                {bone(side + "UpperArm", 0.1 * sign, 0, 0,
                      {bone(side + "LowerArm", 0.28 * sign, 0, 0,
                            {bone(side + "Hand", 0.25 * sign, 0, 0,
                                  {bone(side + "MiddleProximal", 0.08 * sign, 0, 0, none)})})})});
  };
  const auto leg = [&](const std::string& side, double sign) {
    return bone(side + "UpperLeg", 0.09 * sign, -0.05, 0,
                {bone(side + "LowerLeg", 0, -0.42, 0,
                      {bone(side + "Foot", 0, -0.42, 0, {bone(side + "Toes", 0, -0.06, 0.12, none)})})});
  };
  const auto head =
      bone("Neck", 0, 0.25, 0, {bone("Head", 0, 0.1, 0, {bone("HeadTop_End", 0, 0.2, 0, none)})});
  const auto chest = bone("Chest", 0, 0.15, 0, {head, arm("Left", -1), arm("Right", 1)});
  const auto hips =
      bone("Hips", 0, 0.95, 0, {bone("Spine", 0, 0.1, 0, {chest}), leg("Left", -1), leg("Right", 1)});
  const nlohmann::json tree = {
      {"VersionNumber", "2026.1.1.1"},
      {"FeatureFlags", nlohmann::json::object()},
      {"Types", nlohmann::json::array()},
      {"TypeVersions", nlohmann::json::object()},
      {"Object", slot("root", "Avatar", {0.0, 0.0, 0.0}, identity, one, none, {hips})}};
  const std::string hash(64, '3');
  return animx::package::testing::zip_of(
      {{"Assets/" + hash, animx::package::testing::frdt(0, nlohmann::json::to_bson(tree))},
       {"R-Main.record",
        animx::package::testing::text_bytes(animx::package::testing::record("Humanoid", hash))}});
}

void write_bytes(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

TEST_F(RetargetTest, OntoALegoActor) {
  write_bytes(scratch("WORLD.WDB"), lego::wdb::test::character_wdb());
  const auto report = retarget(
      "pepper.ani", {"--character", "pepper", "--world", scratch("WORLD.WDB").string(), "--foot-lock"});
  ASSERT_FALSE(report.is_null());
  EXPECT_EQ(report["target_roles"], "LEGO Island actor");
  expect_carried(report, {"head", "leftUpperLeg", "rightUpperLeg", "leftLowerArm", "rightLowerArm"});
  // The hips: INFOGRON 0.436353 above the actor's origin (g_actorLODs), the legs' boxes reaching 0.440428
  // below their origins at 0.436087 (leg-lft) and 0.436296: the lowest point 0.004341 below the origin.
  EXPECT_NEAR(report["hips"]["ratio"].get<double>(), (0.436353 + 0.004341) / cmu_hip_height(), 1e-6);
  // LEGO's legs are rigid: the hips can pin one planted foot, not two. The left foot's contacts are mostly
  // single support (14.7 s) and slide less than the source's; the right's (3.7 s, measured 0.087 against the
  // source's 0.029 units/s) fall in double support, where the mean correction pins neither: only bounded.
  const auto& feet = report["foot_sliding"];
  EXPECT_LE(feet["left"]["result"].get<double>(), feet["left"]["source"].get<double>());
  EXPECT_LT(feet["right"]["result"].get<double>(), 4 * feet["right"]["source"].get<double>());
  // The game's engine playing the .ani against the retargeted clip, sampled at 60 Hz between the whole
  // milliseconds it keys (the clip's keys every 8.3 ms): measured 2.9e-3 units of a 3.05 extent.
  EXPECT_LT(report["engine"]["max"].get<double>(), 2e-3 * report["engine"]["extent"].get<double>());
  screenshot("lego_pepper", "pepper.ani", {"--world", scratch("WORLD.WDB").string()});
}

TEST_F(RetargetTest, OntoAResoniteAvatar) {
  write_bytes(scratch("avatar.resonitepackage"), humanoid_package());
  const auto report =
      retarget("walk.animx", {"--skeleton", scratch("avatar.resonitepackage").string(), "--foot-lock"});
  ASSERT_FALSE(report.is_null());
  EXPECT_EQ(report["target_roles"], "Unity humanoid");
  expect_carried(report, {"head", "leftUpperArm", "leftLowerArm", "rightUpperArm", "rightLowerArm",
                          "leftUpperLeg", "leftLowerLeg", "rightUpperLeg", "rightLowerLeg"});
  EXPECT_NEAR(report["hips"]["ratio"].get<double>(), 0.95 / cmu_hip_height(), 1e-6);
  expect_feet_locked(report);
  ASSERT_EQ(run({"convert", scratch("avatar.resonitepackage").string(), scratch("avatar.glb").string()}).code,
            0);
  screenshot("resonite_avatar", "walk.animx", {"--skeleton", scratch("avatar.glb").string()});
}

TEST_F(RetargetTest, OntoAVolitionRig) {
  copy_example("volition/wave_character.rig_pc", "wave_character.rig_pc");
  // 23 s at the default tolerances need more than 255 keys a bone, which an .anim_pc without SHORT_COUNTS
  // cannot hold: 2 degrees and 0.05 units fit.
  const auto report = retarget("walk.anim_pc", {"--rig", scratch("wave_character.rig_pc").string(),
                                                "--angle-tolerance", "2", "--distance-tolerance", "0.05"});
  ASSERT_FALSE(report.is_null());
  EXPECT_EQ(report["target_roles"], "Volition rig");
  expect_carried(report, {"head", "leftUpperArm", "rightUpperArm"});
  EXPECT_TRUE(report["foot_sliding"]["left"].is_null());  // the rig has no legs
  // The engine against the clip, between keys kept at 2 degrees: a few percent of the rig's extent.
  EXPECT_LT(report["engine"]["max"].get<double>(), 0.1 * report["engine"]["extent"].get<double>());
  screenshot("volition_rig", "walk.anim_pc", {"--rig", scratch("wave_character.rig_pc").string()});
}

}  // namespace
}  // namespace bonebridge::testing
