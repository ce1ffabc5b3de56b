// SPDX-License-Identifier: MIT
// The character, anim-set and skeleton-set tables: hand-written tables for the rules (inheritance, loops,
// duplicates, file names), and the real table.vpp_pc for the counts. The counts were taken from the XML
// with Python's ElementTree, independently of this code (credits.xtbl, which ElementTree refuses for its
// Latin-1 bytes, holds none of these entries).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "bonebridge/formats/volition/xtbl/characters.hpp"
#include "bonebridge/formats/volition/xtbl/codec.hpp"
#include "fake_install.hpp"
#include "support/samples.hpp"

namespace bonebridge::volition {
namespace {

XtblTables tables_of(std::string_view text) {
  const auto document = xtbl::read(std::vector<std::uint8_t>(text.begin(), text.end()));
  EXPECT_TRUE(document.ok()) << document.error().to_string();
  return document.ok() ? read_tables(*document) : XtblTables{};
}

// A skeleton-set table: `states` is "group:id=file;..." .
std::string set_table(std::string_view name, std::string_view parent, std::string_view states) {
  std::string groups;
  std::string current;
  std::size_t at = 0;
  while (at < states.size()) {
    const auto end = std::min(states.find(';', at), states.size());
    const auto item = states.substr(at, end - at);
    const auto colon = item.find(':');
    const auto equals = item.find('=');
    const auto group = item.substr(0, colon);
    const auto id = item.substr(colon + 1, equals - colon - 1);
    const auto file = item.substr(equals + 1);
    groups += "<Group><group>" + std::string(group) + "</group><States><State><ID>" + std::string(id) +
              "</ID><Animation><Filename>" + std::string(file) +
              "</Filename></Animation></State></States></Group>";
    at = end + 1;
  }
  return "<root><Table><Skeleton_Set><Name>" + std::string(name) + "</Name>" +
         (parent.empty() ? "" : "<Parent_Skeleton>" + std::string(parent) + "</Parent_Skeleton>") +
         "<Groups>" + groups + "</Groups></Skeleton_Set></Table></root>";
}

XtblSkeletonSet only_set(std::string_view name, std::string_view parent, std::string_view states) {
  auto tables = tables_of(set_table(name, parent, states));
  EXPECT_EQ(tables.skeleton_sets.size(), 1u);
  return tables.skeleton_sets.empty() ? XtblSkeletonSet{} : tables.skeleton_sets[0];
}

TEST(XtblTables, ReadsACharacterAsTheTableWritesIt) {
  const auto tables = tables_of(
      "<root><Table><Character><Name>MP_Selma</Name><Model><Filename>mp_selma.cmeshx</Filename></Model>"
      "<Anim_Set>Civilian_Female.xtbl</Anim_Set><Rig><Filename>Selma.rigx</Filename></Rig>"
      "<Props><Prop><Prop_Name>Hair</Prop_Name><Chance>100</Chance><Type>Head</Type><Items><Item>"
      "<Name>Selma_Hair</Name><Character_Prop>Head</Character_Prop><Item_Prop>Attach_Selma</Item_Prop>"
      "</Item></Items></Prop></Props><Heads><Head><Base_Head>base_head</Base_Head>"
      "<Lod_Head>selma_head_lod</Lod_Head><Name>selma_head</Name></Head></Heads></Character></Table></root>");
  ASSERT_EQ(tables.characters.size(), 1u);
  const auto& selma = tables.characters[0];
  EXPECT_EQ(selma.name, "MP_Selma");
  EXPECT_EQ(selma.model, "mp_selma.cmeshx");
  EXPECT_EQ(selma.anim_set, "Civilian_Female.xtbl");
  EXPECT_EQ(selma.rig, "Selma.rigx");
  ASSERT_EQ(selma.heads.size(), 1u);
  EXPECT_EQ(selma.heads[0].name, "selma_head");
  EXPECT_EQ(selma.heads[0].base_head, "base_head");
  EXPECT_EQ(selma.heads[0].lod_head, "selma_head_lod");
  ASSERT_EQ(selma.props.size(), 1u);
  EXPECT_EQ(selma.props[0].name, "Hair");
  EXPECT_EQ(selma.props[0].type, "Head");
  ASSERT_EQ(selma.props[0].items.size(), 1u);
  EXPECT_EQ(selma.props[0].items[0].name, "Selma_Hair");
  EXPECT_EQ(selma.props[0].items[0].character_prop, "Head");
  EXPECT_EQ(selma.props[0].items[0].item_prop, "Attach_Selma");
  EXPECT_EQ(selma.offset, 14u);  // "<root><Table><" is 14 bytes: the name starts at offset 14
}

TEST(XtblTables, TableNamesBecomeThePackfilesNames) {
  EXPECT_EQ(rig_file_name("greene.rigX"), "greene.rig_pc");
  EXPECT_EQ(anim_file_name("civf_wlk_a"), "civf_wlk_a.anim_pc");  // a state of civilian_female.xtbl
  EXPECT_EQ(anim_file_name("Civm_Flee.animx"), "civm_flee.anim_pc");
  EXPECT_EQ(anim_file_name("odd.anim_pc"), "odd.anim_pc");
  EXPECT_EQ(mesh_file_name("mp_selma.cmeshx"), "mp_selma.ccmesh_pc");
}

TEST(XtblTables, AChildStateReplacesItsParentsOfTheSameGroupAndId) {
  SkeletonSets sets;
  sets.add(
      only_set("Male", "", "Default:walk=m_walk.animx;Default:run=m_run.animx;Rifle:walk=m_rfl_walk.animx"),
      "male.xtbl");
  sets.add(only_set("Civilian_Male", "male", "Default:walk=c_walk;default:RUN=c_run.animx;Hammer:walk=c_hmr"),
           "civilian_male.xtbl");
  sets.add(only_set("Dan", "Civilian_Male", ""), "dan.xtbl");
  const auto* dan = sets.by_table("Dan.xtbl");
  ASSERT_NE(dan, nullptr);
  const auto states = sets.resolve(*dan);
  ASSERT_TRUE(states.ok()) << states.error().to_string();
  ASSERT_EQ(states->size(), 4u);
  // The root's order, with replacements in place, then the child's new states.
  EXPECT_EQ((*states)[0].state.animation, "c_walk");
  EXPECT_EQ((*states)[0].set, "Civilian_Male");
  EXPECT_EQ((*states)[1].state.animation, "c_run.animx");  // group and ID compared in any case
  EXPECT_EQ((*states)[2].state.animation, "m_rfl_walk.animx");
  EXPECT_EQ((*states)[2].set, "Male");
  EXPECT_EQ((*states)[3].state.group, "Hammer");
}

TEST(XtblTables, AParentLoopIsAnErrorNamingTheSets) {
  SkeletonSets sets;
  sets.add(only_set("A", "B", "Default:x=a"), "a.xtbl");
  sets.add(only_set("B", "C", "Default:x=b"), "b.xtbl");
  sets.add(only_set("C", "a", "Default:x=c"), "c.xtbl");
  const auto states = sets.resolve(*sets.by_name("A"));
  ASSERT_FALSE(states.ok());
  EXPECT_EQ(states.error().format, kXtblFormat);
  EXPECT_NE(states.error().message.find("A -> B -> C -> A"), std::string::npos) << states.error().message;

  SkeletonSets orphan;
  orphan.add(only_set("Kid", "Nobody", ""), "kid.xtbl");
  const auto unknown = orphan.resolve(*orphan.by_name("kid"));
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().message.find("Nobody"), std::string::npos);
}

TEST(XtblTables, AStateWrittenTwiceKeepsItsFirstEntryAndIsReported) {
  SkeletonSets sets;
  sets.add(only_set("Male", "", "Hammer:stand ready=first.animx;Hammer:stand ready=second.animx"),
           "male.xtbl");
  std::vector<std::string> duplicates;
  const auto states = sets.resolve(*sets.by_name("Male"), &duplicates);
  ASSERT_TRUE(states.ok());
  ASSERT_EQ(states->size(), 1u);
  EXPECT_EQ((*states)[0].state.animation, "first.animx");
  ASSERT_EQ(duplicates.size(), 1u);
  EXPECT_NE(duplicates[0].find("second.animx"), std::string::npos);
}

TEST(XtblTables, ASetNamedLikeAnotherTableIsFoundThroughItsOwnTable) {
  // RFG: dlc01_scavenger.xtbl's set is also called Scavenger.
  SkeletonSets sets;
  sets.add(only_set("Scavenger", "", "Default:x=dlc"), "dlc01_scavenger.xtbl");
  sets.add(only_set("Scavenger", "", "Default:x=base"), "scavenger.xtbl");
  EXPECT_EQ(sets.by_name("scavenger")->states[0].animation, "base");
  EXPECT_EQ(sets.by_table("DLC01_Scavenger.xtbl")->states[0].animation, "dlc");
}

TEST(XtblTables, TheRealTablePackfileCounts) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/packfiles/table.vpp_pc");
  testing::FakeInstall install("table.vpp_pc");
  ASSERT_TRUE(install.add_packfile("table.vpp_pc", testing::read_bytes(path)));
  const auto index = read_character_index(install);
  EXPECT_TRUE(index.notes.empty()) << index.notes.front();
  EXPECT_EQ(index.tables, 423u);
  // character.xtbl 146 + dlc01_character.xtbl 15; mp_character.xtbl holds MP_character rosters, no Character.
  EXPECT_EQ(index.characters.size(), 161u);
  EXPECT_EQ(index.sets.size(), 78u);  // 78 tables hold a Skeleton_Set (77 names: Scavenger twice)
  // anim_set_filenames.xtbl and dlc01_anim_set_filenames.xtbl: 133 rows naming 69 set tables.
  EXPECT_EQ(index.anim_set_files.size(), 69u);
  // anim_files.xtbl and dlc01_anim_files.xtbl: the clips with per-clip facts, 3,859 file names.
  EXPECT_EQ(index.clip_triggers.size(), 3859u);
  std::size_t states = 0;
  std::set<std::string> files;
  for (const auto* set : index.sets.all()) {
    states += set->states.size();
    for (const auto& state : set->states) files.insert(anim_file_name(state.animation));
  }
  EXPECT_EQ(states, 3299u);        // State elements of the 78 sets
  EXPECT_EQ(files.size(), 1719u);  // distinct .anim_pc names they give
  // mp_character.xtbl: rosters FFA (34), EDF (5) and Guerilla (15), every name a character of character.xtbl.
  ASSERT_EQ(index.rosters.size(), 34u + 5u + 15u);
  EXPECT_EQ(index.rosters[34].roster, "EDF");
  EXPECT_EQ(index.rosters[34].character, "MP_Grunt_Braun");
  EXPECT_EQ(index.rosters[34].display_name, "MENU_CHAR_GRUNT");
  for (const auto& entry : index.rosters) {
    const bool defined = std::any_of(index.characters.begin(), index.characters.end(), [&](const auto& c) {
      return xtbl_lower(c.character.name) == xtbl_lower(entry.character);
    });
    EXPECT_TRUE(defined) << entry.character;
  }
  for (const char* table : {"male.xtbl", "civilian_female.xtbl", "scavenger.xtbl", "dlc01_scavenger.xtbl"})
    EXPECT_NE(index.sets.by_table(table), nullptr) << table;
}

}  // namespace
}  // namespace bonebridge::volition
