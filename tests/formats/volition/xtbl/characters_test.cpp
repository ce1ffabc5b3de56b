// SPDX-License-Identifier: MIT
// find_characters on the real table.vpp_pc, alone and with rig and animation files beside it. The three
// characters were resolved by hand from the XML of character.xtbl, civilian_female.xtbl, civilian_male.xtbl,
// male.xtbl, dan.xtbl and elite.xtbl (quoted below); the state totals (531, 481, 375) were counted with
// Python's ElementTree under the same rule, independently of this code.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "bonebridge/formats/volition/family.hpp"
#include "bonebridge/formats/volition/xtbl/characters.hpp"
#include "fake_install.hpp"
#include "support/samples.hpp"

namespace bonebridge::volition {
namespace {

const Character* character_named(const CharacterList& list, const std::string& name) {
  for (const auto& character : list.characters) {
    if (character.name == name) return &character;
  }
  return nullptr;
}

const CharacterAnimation* animation_named(const Character& character, const std::string& name) {
  for (const auto& animation : character.animations) {
    if (animation.name == name) return &animation;
  }
  return nullptr;
}

bool has_entry(const std::vector<std::string>& entries, const std::string& text) {
  return std::any_of(entries.begin(), entries.end(),
                     [&](const std::string& entry) { return entry.find(text) != std::string::npos; });
}

// States as "file (state "ID", group GROUP)" in `missing`, when the install lacks their files.
bool missing_state(const Character& character, const std::string& file, const std::string& id,
                   const std::string& group) {
  return has_entry(character.missing, "animation " + file + " (state \"" + id + "\", group " + group + ")");
}

class RealTables : public ::testing::Test {
 protected:
  bool load() {
    const auto path = testing::samples_dir() / "volition/packfiles/table.vpp_pc";
    if (!std::filesystem::exists(path)) return false;
    return install_.add_packfile("table.vpp_pc", testing::read_bytes(path));
  }
  testing::FakeInstall install_{"install"};
};

#define REQUIRE_TABLES()                                                                               \
  if (!load()) {                                                                                       \
    GTEST_SKIP() << "SKIPPED LOUDLY: real sample volition/packfiles/table.vpp_pc is absent or unread"; \
  }

TEST_F(RealTables, EveryCharacterIsListedWithWhatTheInstallLacks) {
  REQUIRE_TABLES();
  const auto list = family().find_characters(install_);
  EXPECT_TRUE(list.notes.empty());
  ASSERT_EQ(list.characters.size(), 161u);  // character.xtbl 146 + dlc01_character.xtbl 15
  // Every character misses its rig and every state of its resolved set: 161 rigs and 79,501 states (the sum
  // over the 161 characters of their sets' states with inheritance, counted with ElementTree).
  std::size_t missing = 0;
  for (const auto& character : list.characters) missing += character.missing.size();
  EXPECT_EQ(missing, 161u + 79501u);
  for (const auto& character : list.characters) {
    EXPECT_EQ(character.family, "volition");
    EXPECT_TRUE(character.model.empty()) << character.name;  // no rig in table.vpp_pc
    EXPECT_TRUE(character.animations.empty()) << character.name;
    EXPECT_FALSE(character.missing.empty()) << character.name;
  }
  EXPECT_TRUE(list.lone.empty());
}

// character.xtbl line 3: MP_Selma = mp_selma.cmeshx, Selma.rigx, Civilian_Female.xtbl, head selma_head.
// civilian_female.xtbl: Civilian_Female, parent Civilian_Male; Default walk = civf_wlk_a, Default sprint =
// civm_flee.animx, Rifle walk = civf_rfl_wlk. civilian_male.xtbl: parent Male; Default walk = civm_wlk,
// Default sprint = civm_flee_bt, Default "walk anim" = civm_wlk.animx (not in Civilian_Female). male.xtbl:
// Default run = civm_flee_bt, Rifle walk = male_rfl_wlk, Rifle sprint = male_rfl_sprint (neither child has
// them).
TEST_F(RealTables, MpSelmaInheritsFromCivilianMaleAndMale) {
  REQUIRE_TABLES();
  const auto list = family().find_characters(install_);
  const auto* selma = character_named(list, "MP_Selma");
  ASSERT_NE(selma, nullptr);
  EXPECT_EQ(selma->defined_by, "table.vpp_pc:character.xtbl line 3");
  EXPECT_TRUE(has_entry(selma->missing, "rig selma.rig_pc"));
  EXPECT_TRUE(has_entry(selma->notes, "mesh mp_selma.ccmesh_pc (mp_selma.cmeshx): not in the install"));
  EXPECT_TRUE(has_entry(selma->notes, "head selma_head (base base_head, lod selma_head_lod)"));
  // mp_character.xtbl: the Guerilla roster lists MP_Selma as MENU_CHAR_SELMA.
  EXPECT_TRUE(
      has_entry(selma->notes, "multiplayer roster Guerilla (mp_character.xtbl), shown as MENU_CHAR_SELMA"));
  EXPECT_TRUE(has_entry(selma->notes, "skeleton set Civilian_Female (Civilian_Female.xtbl): 531 states"));
  EXPECT_EQ(selma->missing.size(), 1u + 531u);
  EXPECT_TRUE(missing_state(*selma, "civf_wlk_a.anim_pc", "walk", "Default"));
  EXPECT_FALSE(missing_state(*selma, "civm_wlk.anim_pc", "walk", "Default"));  // replaced by the child
  EXPECT_TRUE(missing_state(*selma, "civm_flee.anim_pc", "sprint", "Default"));
  EXPECT_TRUE(missing_state(*selma, "civm_wlk.anim_pc", "walk anim", "Default"));
  EXPECT_TRUE(missing_state(*selma, "civm_flee_bt.anim_pc", "run", "Default"));
  EXPECT_TRUE(missing_state(*selma, "civf_rfl_wlk.anim_pc", "walk", "Rifle"));
  EXPECT_FALSE(missing_state(*selma, "male_rfl_wlk.anim_pc", "walk", "Rifle"));
  EXPECT_TRUE(missing_state(*selma, "male_rfl_sprint.anim_pc", "sprint", "Rifle"));
}

// character.xtbl: Dan = dan.cmeshx, dan.rigx, Dan.xtbl. dan.xtbl: Dan, parent Civilian_Male, no state of its
// own. civilian_male.xtbl: Default "cower stand" = civm_cwr_idle.animx where male.xtbl has
// male_rfl_std_cwr.animx. male.xtbl: Default "talk on radio" = male_std_talk_a.animx; Hammer "stand ready"
// twice: male_hmr_ready_stand.animx, then male_hmr_stand.animx (the first is kept).
TEST_F(RealTables, DanHasOnlyInheritedStates) {
  REQUIRE_TABLES();
  const auto list = family().find_characters(install_);
  const auto* dan = character_named(list, "Dan");
  ASSERT_NE(dan, nullptr);
  EXPECT_TRUE(has_entry(dan->missing, "rig dan.rig_pc"));
  EXPECT_TRUE(has_entry(dan->notes, "skeleton set Dan (Dan.xtbl): 481 states"));
  EXPECT_EQ(dan->missing.size(), 1u + 481u);
  EXPECT_TRUE(missing_state(*dan, "civm_cwr_idle.anim_pc", "cower stand", "Default"));
  EXPECT_FALSE(missing_state(*dan, "male_rfl_std_cwr.anim_pc", "cower stand", "Default"));
  EXPECT_TRUE(missing_state(*dan, "male_std_talk_a.anim_pc", "talk on radio", "Default"));
  EXPECT_TRUE(missing_state(*dan, "male_hmr_ready_stand.anim_pc", "stand ready", "Hammer"));
  EXPECT_FALSE(missing_state(*dan, "male_hmr_stand.anim_pc", "stand ready", "Hammer"));
  EXPECT_TRUE(has_entry(dan->notes, "state (Hammer, stand ready) is written twice"));
  // mp_character.xtbl: the FFA roster lists Dan as MENU_CHAR_DAN.
  EXPECT_TRUE(has_entry(dan->notes, "multiplayer roster FFA (mp_character.xtbl), shown as MENU_CHAR_DAN"));
}

// character.xtbl: EDF_Elite = randall.cmeshx, randall.rigx, Elite.xtbl. elite.xtbl: Elite, parent "male"
// (lower case); Default run = civm_flee where male.xtbl has civm_flee_bt; Rifle "stand ready" =
// elite_rfl_rd_std.animx where male.xtbl has male_rfl_rd_std.animx; no Hammer group, so male.xtbl's Hammer
// walk = male_hmr_walk stays.
TEST_F(RealTables, EdfEliteInheritsFromALowerCaseParent) {
  REQUIRE_TABLES();
  const auto list = family().find_characters(install_);
  const auto* elite = character_named(list, "EDF_Elite");
  ASSERT_NE(elite, nullptr);
  EXPECT_TRUE(has_entry(elite->missing, "rig randall.rig_pc"));
  EXPECT_TRUE(has_entry(elite->notes, "skeleton set Elite (Elite.xtbl): 375 states"));
  EXPECT_EQ(elite->missing.size(), 1u + 375u);
  EXPECT_TRUE(missing_state(*elite, "civm_flee.anim_pc", "run", "Default"));
  EXPECT_FALSE(missing_state(*elite, "civm_flee_bt.anim_pc", "run", "Default"));
  EXPECT_TRUE(missing_state(*elite, "elite_rfl_rd_std.anim_pc", "stand ready", "Rifle"));
  EXPECT_TRUE(missing_state(*elite, "male_hmr_walk.anim_pc", "walk", "Hammer"));
  EXPECT_FALSE(has_entry(elite->notes, "multiplayer roster"));  // in no roster (EDF_Elite_MP is)
}

TEST_F(RealTables, ARigAndAnimationsAnywhereInTheInstallMakeTheCharacterConvertible) {
  REQUIRE_TABLES();
  install_.add("characters.vpp_pc", "Selma.RIG_PC", {1});
  install_.add("characters.vpp_pc", "anims/civf_wlk_a.anim_pc", {2});
  install_.add("characters.vpp_pc", "CIVM_FLEE_BT.anim_pc", {3});
  install_.add("characters.vpp_pc", "orphan.anim_pc", {4});
  const auto list = family().find_characters(install_);
  const auto* selma = character_named(list, "MP_Selma");
  ASSERT_NE(selma, nullptr);
  EXPECT_EQ(selma->model, "characters.vpp_pc:Selma.RIG_PC");
  const auto* walk = animation_named(*selma, "walk");
  ASSERT_NE(walk, nullptr);
  EXPECT_EQ(walk->file, "characters.vpp_pc:anims/civf_wlk_a.anim_pc");
  EXPECT_EQ(walk->extras.at("skeleton_set"), "\"Civilian_Female\"");
  EXPECT_EQ(walk->extras.at("table_file"), "\"civf_wlk_a\"");
  // anim_files.xtbl: civf_wlk_a.animx triggers left-foot 8, right-foot release 9, right-foot 23,
  // left-foot release 24.
  EXPECT_EQ(walk->extras.at("triggers"),
            R"([{"frame":"8","name":"left-foot"},{"frame":"9","name":"right-foot release"},)"
            R"({"frame":"23","name":"right-foot"},{"frame":"24","name":"left-foot release"}])");
  // civm_flee_bt is Male's Default run and Rifle... states; other groups' states are named GROUP/ID.
  const auto* run = animation_named(*selma, "run");
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->file, "characters.vpp_pc:CIVM_FLEE_BT.anim_pc");
  EXPECT_EQ(run->extras.at("skeleton_set"), "\"Male\"");
  EXPECT_EQ(selma->missing.size() + selma->animations.size(), 531u);
  ASSERT_EQ(list.lone.size(), 1u);
  EXPECT_EQ(list.lone[0].file, "characters.vpp_pc:orphan.anim_pc");
}

TEST(XtblCharacters, AnUnreadableTableIsANoteNamingTheFile) {
  testing::FakeInstall install("install");
  install.add("mod.vpp_pc", "character.xtbl", {'<', 'r', 'o', 'o', 't', '>'});
  const auto list = family().find_characters(install);
  EXPECT_TRUE(list.characters.empty());
  ASSERT_EQ(list.notes.size(), 1u);
  EXPECT_NE(list.notes[0].find("mod.vpp_pc:character.xtbl"), std::string::npos) << list.notes[0];
  EXPECT_NE(list.notes[0].find("Volition .xtbl"), std::string::npos) << list.notes[0];
}

}  // namespace
}  // namespace bonebridge::volition
