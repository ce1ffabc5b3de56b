// SPDX-License-Identifier: MIT
// Issue 16: family settings were a string map that every family read in its own way; an unknown key was
// silently ignored and an unknown AnimX encoding silently became "plain". Each family now declares its
// settings with their types; the tool builds its flags from them and checks every value before a family sees
// it. Expected here (from the declarations' meaning, not from the code): a setting the file's family does not
// have, or a value outside its choices or range, is a usage error (exit 2) that names the flag; a batch's
// setting applies to the files of the families that have it and is passed over for the others.
#include <nlohmann/json.hpp>

#include <cmath>

#include "bonebridge/formats/animx/settings.hpp"
#include "bonebridge/formats/lba/settings.hpp"
#include "bonebridge/formats/lego/settings.hpp"
#include "bonebridge/formats/sith/settings.hpp"
#include "bonebridge/formats/volition/settings.hpp"
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
  const Setting scale{"unit-scale", SettingKind::Number, "", {}, 1e-12, 1e12, "", "", "", ""};
  EXPECT_TRUE(check_value(scale, "0.001953125", "X"));
  EXPECT_FALSE(check_value(scale, "0", "X"));
  EXPECT_FALSE(check_value(scale, "1e13", "X"));
  EXPECT_FALSE(check_value(scale, "nan", "X"));
  EXPECT_FALSE(check_value(scale, "2x", "X"));
  EXPECT_FALSE(check_value(scale, "", "X"));
  const Setting ticks{"update-ticks", SettingKind::Integer, "", {}, 1, 1000, "", "", "", ""};
  EXPECT_TRUE(check_value(ticks, "1000", "X"));
  EXPECT_FALSE(check_value(ticks, "1001", "X"));
  EXPECT_FALSE(check_value(ticks, "2.5", "X"));
  const Setting width{"pointer-width", SettingKind::Choice, "", {"4", "8"}, 0, 0, "", "", "", ""};
  EXPECT_TRUE(check_value(width, "8", "X"));
  EXPECT_FALSE(check_value(width, "16", "X"));
  const auto error = check_value(width, "16", "Volition");
  EXPECT_EQ(error.error().format, kSettingsErrorFormat);
  EXPECT_EQ(error.error().message, "--pointer-width (Volition): expected 4 or 8, found \"16\"");
}

// Issue 33: each family's settings are one struct whose members carry the defaults, and one table of fields
// from which both the schema and the struct come. Expected values from the settings' meaning: the defaults
// the families documented (1/512 m, 0.01 degrees, 2e-6 units and radians), the units by hand (pi / 180).
const Setting& schema_of(const std::string& family, const std::string& name) {
  const FormatFamily* row = find_family_by_id(family);
  EXPECT_NE(row, nullptr) << family;
  for (const auto& setting : row->settings) {
    if (setting.name == name) return setting;
  }
  ADD_FAILURE() << family << " has no setting " << name;
  static const Setting none;
  return none;
}

TEST(TypedSettings, TheSchemaShowsTheStructsOwnDefaultsAndUnits) {
  EXPECT_EQ(schema_of("lba", "unit-scale").fallback, "0.001953125");  // 1/512
  EXPECT_EQ(schema_of("lba", "unit-scale").unit, "metres per game unit");
  EXPECT_EQ(schema_of("lba", "variant").fallback, "lba1");
  EXPECT_EQ(schema_of("lba", "root-motion").fallback, "joint");
  EXPECT_EQ(schema_of("lba", "update-ticks").fallback, "1");
  EXPECT_EQ(schema_of("sith", "angle-tolerance").fallback, "0.01");
  EXPECT_EQ(schema_of("sith", "angle-tolerance").unit, "degrees");
  EXPECT_EQ(schema_of("lego", "distance-tolerance").fallback, "2e-06");
  EXPECT_EQ(schema_of("lego", "distance-tolerance").unit, "game units");
  // 2e-6 rad in degrees: 2e-6 * 180 / pi = 1.14591559026e-4.
  EXPECT_NEAR(std::stod(schema_of("lego", "angle-tolerance").fallback), 1.14591559026e-4, 1e-14);
  EXPECT_EQ(schema_of("volition", "fps").fallback, "30");
  EXPECT_EQ(schema_of("volition", "translation-key-divisor").fallback, "4000");
  EXPECT_EQ(schema_of("volition", "name").fallback, "clip");
  EXPECT_EQ(schema_of("volition", "interpolation").fallback, "slerp");
  // Unset optionals say what the family does without them.
  EXPECT_EQ(schema_of("sith", "fps").fallback, "the clip's sith.fps, else 30");
  EXPECT_EQ(schema_of("animx", "encoding").fallback, "the source's");
}

TEST(TypedSettings, AnAngleIsDegreesAndADistanceGameUnitsInEveryFamily) {
  for (const char* family : {"lego", "sith", "volition"})
    EXPECT_EQ(schema_of(family, "angle-tolerance").unit, "degrees") << family;
  for (const char* family : {"lego", "volition"})
    EXPECT_EQ(schema_of(family, "distance-tolerance").unit, "game units") << family;
  EXPECT_EQ(schema_of("lba", "engine-tolerance").unit, "engine units (angle units, game units)");
  EXPECT_EQ(schema_of("lba", "tolerance").alias_of, "engine-tolerance");
  EXPECT_EQ(schema_of("sith", "tolerance").alias_of, "angle-tolerance");
  EXPECT_EQ(schema_of("lego", "tolerance").alias_of, "distance-tolerance, angle-tolerance");
  EXPECT_EQ(schema_of("volition", "tolerance").alias_of, "distance-tolerance, angle-tolerance");
}

TEST(TypedSettings, TheOldToleranceKeepsItsMeaningAndTheNewNamesWin) {
  const double pi = std::acos(-1.0);
  const auto lego_old = lego::family_settings(Options{{{"tolerance", "0.001"}}});
  ASSERT_TRUE(lego_old) << lego_old.error().to_string();
  EXPECT_EQ(lego_old->distance_tolerance, 0.001);  // game units
  EXPECT_EQ(lego_old->angle_tolerance, 0.001);     // radians, as --tolerance always meant
  const auto lego_both = lego::family_settings(Options{{{"tolerance", "0.001"}, {"angle-tolerance", "45"}}});
  ASSERT_TRUE(lego_both) << lego_both.error().to_string();
  EXPECT_EQ(lego_both->distance_tolerance, 0.001);
  EXPECT_NEAR(lego_both->angle_tolerance, pi / 4, 1e-15);
  const auto volition_old = volition::family_settings(Options{{{"tolerance", "0.5"}}});
  ASSERT_TRUE(volition_old) << volition_old.error().to_string();
  EXPECT_EQ(volition_old->distance_tolerance, 0.5);
  EXPECT_EQ(volition_old->angle_tolerance, 0.5);
  const auto sith_old = sith::family_settings(Options{{{"tolerance", "0.05"}}});
  ASSERT_TRUE(sith_old) << sith_old.error().to_string();
  EXPECT_EQ(sith_old->angle_tolerance, 0.05);  // degrees
  const auto lba_old = lba::family_settings(Options{{{"tolerance", "3"}}});
  ASSERT_TRUE(lba_old) << lba_old.error().to_string();
  EXPECT_EQ(lba_old->tolerance_units, 3);
}

TEST(TypedSettings, AFamilyCalledDirectlyRefusesWhatTheToolRefuses) {
  // AnimX used to write an unknown encoding as plain when called without the tool's check.
  const auto zip = animx::family_settings(Options{{{"encoding", "zip"}}});
  ASSERT_FALSE(zip);
  EXPECT_EQ(zip.error().format, kSettingsErrorFormat);
  EXPECT_EQ(zip.error().message,
            "--encoding (Resonite AnimX / AnimJ / package): expected plain or lz4 or lzma, found \"zip\"");
  const auto lz4 = animx::family_settings(Options{{{"encoding", "lz4"}}});
  ASSERT_TRUE(lz4);
  EXPECT_EQ(lz4->encoding, animx::Encoding::Lz4);
  // LBA's light used to be read by sscanf: "1,2x" passed as 1,2.
  const auto light = lba::family_settings(Options{{{"light", "100, -20"}}});
  ASSERT_TRUE(light) << light.error().to_string();
  EXPECT_EQ(light->light, (std::array<int, 2>{100, -20}));
  EXPECT_FALSE(lba::family_settings(Options{{{"light", "1,2x"}}}));
  const auto one = lba::family_settings(Options{{{"light", "896"}}});
  ASSERT_FALSE(one);
  EXPECT_NE(one.error().message.find("--light (Little Big Adventure"), std::string::npos);
  EXPECT_NE(one.error().message.find("expected ALPHA,BETA"), std::string::npos) << one.error().message;
  const auto fps = volition::family_settings(Options{{{"fps", "15"}, {"interpolation", "nlerp"}}});
  ASSERT_TRUE(fps) << fps.error().to_string();
  EXPECT_EQ(volition::anim_settings(*fps).frames_per_second, 15);
  EXPECT_EQ(volition::anim_settings(*fps).interpolation, volition::KeyInterpolation::Nlerp);
}

TEST(TypedSettings, NamedTextParsesOnceIntoTypedValues) {
  const FormatFamily* lba_row = find_family_by_id("lba");
  ASSERT_NE(lba_row, nullptr);
  const auto parsed =
      parse_settings(*lba_row, {{"update-ticks", "3"}, {"unit-scale", "0.5"}, {"strict", "1"}});
  ASSERT_TRUE(parsed) << parsed.error().to_string();
  EXPECT_EQ(std::get<std::int64_t>(parsed->at("update-ticks")), 3);
  EXPECT_EQ(std::get<double>(parsed->at("unit-scale")), 0.5);
  EXPECT_FALSE(parsed->contains("strict"));  // tool-wide, not the family's
  const auto unknown = parse_settings(*lba_row, {{"model", "x.3do"}});
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("--model is not a setting of Little Big Adventure"),
            std::string::npos);
}

TEST_F(SettingsTest, TheOldToleranceSpellingWritesWhatTheNewNameWrites) {
  const auto anm = (source_dir() / "examples/lba/ANIM.HQR").string() + ":0";
  ASSERT_EQ(run({"convert", anm, scratch("walk.glb").string()}).code, 0);
  ASSERT_EQ(
      run({"convert", scratch("walk.glb").string(), scratch("old.anm").string(), "--tolerance", "4"}).code,
      0);
  ASSERT_EQ(
      run({"convert", scratch("walk.glb").string(), scratch("new.anm").string(), "--engine-tolerance", "4"})
          .code,
      0);
  EXPECT_EQ(read_bytes(scratch("old.anm")), read_bytes(scratch("new.anm")));
}

}  // namespace
}  // namespace bonebridge::testing
