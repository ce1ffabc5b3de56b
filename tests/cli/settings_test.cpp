// SPDX-License-Identifier: MIT
// Issue 16: family settings were a string map that every family read in its own way; an unknown key was
// silently ignored and an unknown AnimX encoding silently became "plain". Each family now declares its
// settings with their types; the tool builds its flags from them and checks every value before a family sees
// it. Expected here (from the declarations' meaning, not from the code): a setting the file's family does not
// have, or a value outside its choices or range, is a usage error (exit 2) that names the flag; a batch's
// setting applies to the files of the families that have it and is passed over for the others.
#include <nlohmann/json.hpp>

#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/settings.hpp"
#include "cli/tool.hpp"

namespace bonebridge::testing {
namespace {

class SettingsTest : public ToolTest {};

TEST_F(SettingsTest, ASettingTheFamilyDoesNotHaveIsAUsageErrorNamingIt) {
  const auto ani = copy_example("lego/waving_arm.ani", "arm.ani");
  const auto result = run({"info", ani.string(), "--model", "creature.3do"});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("--model is not a setting of LEGO Island"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("its settings: --clip"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("arm.ani"), std::string::npos) << result.err;  // the file is named
}

TEST_F(SettingsTest, AValueOutsideTheChoicesIsAUsageErrorListingThem) {
  const auto result =
      run({"info", (source_dir() / "examples/lba/ANIM.HQR").string() + ":0", "--clock", "fast"});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("--clock (Little Big Adventure"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("expected ideal or game, found \"fast\""), std::string::npos) << result.err;
}

TEST_F(SettingsTest, ANumberOutOfRangeIsAUsageError) {
  const auto anm = (source_dir() / "examples/lba/ANIM.HQR").string() + ":0";
  EXPECT_EQ(run({"info", anm, "--clock", "game", "--update-ticks", "1"}).code, 0);
  const auto zero = run({"info", anm, "--clock", "game", "--update-ticks", "0"});
  EXPECT_EQ(zero.code, 2);
  EXPECT_NE(zero.err.find("expected a whole number from 1 to 1000, found \"0\""), std::string::npos)
      << zero.err;
  EXPECT_EQ(run({"info", anm, "--update-ticks", "2.5"}).code, 2);
  EXPECT_EQ(run({"info", anm, "--unit-scale", "-1"}).code, 2);
  EXPECT_EQ(run({"info", anm, "--unit-scale", "abc"}).code, 2);
}

TEST_F(SettingsTest, AnUnknownAnimxEncodingIsRefusedNotWrittenPlain) {
  const auto ani = copy_example("lego/waving_arm.ani", "arm.ani");
  ASSERT_EQ(run({"convert", ani.string(), scratch("arm.glb").string()}).code, 0);
  const auto result = run(
      {"convert", scratch("arm.glb").string(), scratch("arm.animx").string(), "--option", "encoding=zip"});
  EXPECT_EQ(result.code, 2) << result.err;
  EXPECT_NE(result.err.find("--encoding (Resonite"), std::string::npos) << result.err;
  EXPECT_FALSE(std::filesystem::exists(scratch("arm.animx")));
  EXPECT_EQ(
      run({"convert", scratch("arm.glb").string(), scratch("arm.animx").string(), "--encoding", "lz4"}).code,
      0);
}

TEST_F(SettingsTest, ABatchPassesOverSettingsOfOtherFamilies) {
  copy_example("lego/waving_arm.ani", "in/arm.ani");
  const auto result = run({"batch", scratch("in").string(), scratch("out").string(), "--body", "BODY.HQR:0",
                           "--variant", "lba2"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_TRUE(std::filesystem::exists(scratch("out/arm.glb")));
}

TEST_F(SettingsTest, FormatsListsEveryFamilysSettingsWithTheirKinds) {
  const auto result = run({"formats", "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  bool lba_clock = false;
  for (const auto& family : nlohmann::json::parse(result.out)) {
    if (family.value("id", "") != "lba") continue;
    for (const auto& setting : family["settings"]) {
      if (setting["name"] != "clock") continue;
      lba_clock = setting["kind"] == "choice" && setting["choices"] == nlohmann::json{"ideal", "game"} &&
                  setting["default"] == "ideal";
    }
    EXPECT_EQ(family["companions"], (nlohmann::json{"body", "palette", "texture-page"}));
  }
  EXPECT_TRUE(lba_clock) << result.out;
}

// The checks themselves, on values worked out by hand.
TEST(SettingValues, NumbersIntegersAndChoices) {
  const Setting scale{"unit-scale", SettingKind::Number, "", {}, 1e-12, 1e12, "", ""};
  EXPECT_TRUE(check_value(scale, "0.001953125", "X"));
  EXPECT_FALSE(check_value(scale, "0", "X"));
  EXPECT_FALSE(check_value(scale, "1e13", "X"));
  EXPECT_FALSE(check_value(scale, "nan", "X"));
  EXPECT_FALSE(check_value(scale, "2x", "X"));
  EXPECT_FALSE(check_value(scale, "", "X"));
  const Setting ticks{"update-ticks", SettingKind::Integer, "", {}, 1, 1000, "", ""};
  EXPECT_TRUE(check_value(ticks, "1000", "X"));
  EXPECT_FALSE(check_value(ticks, "1001", "X"));
  EXPECT_FALSE(check_value(ticks, "2.5", "X"));
  const Setting width{"pointer-width", SettingKind::Choice, "", {"4", "8"}, 0, 0, "", ""};
  EXPECT_TRUE(check_value(width, "8", "X"));
  EXPECT_FALSE(check_value(width, "16", "X"));
  const auto error = check_value(width, "16", "Volition");
  EXPECT_EQ(error.error().format, kSettingsErrorFormat);
  EXPECT_EQ(error.error().message, "--pointer-width (Volition): expected 4 or 8, found \"16\"");
}

}  // namespace
}  // namespace bonebridge::testing
