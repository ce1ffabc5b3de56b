// SPDX-License-Identifier: MIT
#pragma once
// What Red Faction Guerrilla's tables say about characters (research/characters.md part A §2):
// - character.xtbl, dlc01_character.xtbl: <Character> Name, Model/Filename (.cmeshx), Anim_Set (a
// skeleton-set
//   table's file name), Rig/Filename (.rigx), Heads/Head{Name, Base_Head, Lod_Head}, Props/Prop{Prop_Name,
//   Type, Items/Item{Name, Character_Prop, Item_Prop}};
// - anim_set_filenames.xtbl (+ dlc01_): <Anim_Set_Filename> Name (the set's table), Path, Default_model,
//   Default_rig;
// - one table per skeleton set: <Skeleton_Set> Name, Parent_Skeleton, Groups/Group{group, States/State{ID,
//   Animation/Filename}};
// - anim_files.xtbl (+ dlc01_): <Anim_file> Animation/Filename with the clip's Triggers{Name, Frame};
// - mp_character.xtbl: <MP_character> Name (a multiplayer roster) with Character_Grid/Character_Element
//   {Character_Name, Display_Name}, naming characters of character.xtbl.
// Names are kept as the tables spell them; the game compares them in any letter case.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "bonebridge/formats/volition/xtbl/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::volition {

struct XtblHead {
  std::string name, base_head, lod_head;
};

struct XtblPropItem {
  std::string name, character_prop, item_prop;
};

struct XtblProp {
  std::string name, type;
  std::vector<XtblPropItem> items;
};

struct XtblCharacter {
  std::string name;
  std::string model;     // Model/Filename (.cmeshx)
  std::string anim_set;  // the skeleton set's table (Civilian_Female.xtbl)
  std::string rig;       // Rig/Filename (.rigx)
  std::vector<XtblHead> heads;
  std::vector<XtblProp> props;
  std::uint64_t offset = 0;  // of the <Character> element
};

struct XtblAnimSetFile {
  std::string name, path, default_model, default_rig;
};

struct XtblState {
  std::string group;      // the Group's <group> (Default, Rifle, Hammer, ...)
  std::string id;         // the State's ID
  std::string animation;  // Animation/Filename as written (.animx, or no extension)
  std::uint64_t offset = 0;
};

struct XtblSkeletonSet {
  std::string name, parent;
  std::vector<XtblState> states;  // every group's states, in file order
  std::uint64_t offset = 0;
};

struct XtblTrigger {
  std::string name;
  std::string frame;  // as written
};

struct XtblRosterEntry {
  std::string roster;     // FFA, EDF, Guerilla
  std::string character;  // Character_Name
  std::string display_name;
};

// What one table holds of the above (usually one kind; empty for the other tables).
struct XtblTables {
  std::vector<XtblCharacter> characters;
  std::vector<XtblAnimSetFile> anim_set_files;
  std::vector<XtblSkeletonSet> skeleton_sets;
  // anim_files: lower-case .anim_pc name -> the clip's triggers
  std::map<std::string, std::vector<XtblTrigger>> clip_triggers;
  std::vector<XtblRosterEntry> rosters;  // mp_character
};

XtblTables read_tables(const xtbl::Document& document);

// A state as a character plays it: the set that defined it last along the parent chain.
struct ResolvedState {
  XtblState state;
  std::string set;  // the skeleton set whose table gives it
};

// Skeleton sets by name, resolved with inheritance: a set has its parent's states (recursively), and a state
// of its own replaces the parent's state of the same group and ID. Within one set, a (group, ID) written
// twice keeps its first entry (see resolve()).
class SkeletonSets {
 public:
  // `table`: the set's table file name (civilian_female.xtbl); the set is found by it and by its Name.
  void add(XtblSkeletonSet set, std::string table);
  std::size_t size() const { return sets_.size(); }
  // Every set, in the order added.
  std::vector<const XtblSkeletonSet*> all() const;
  // The set a character's Anim_Set names (a table file name), else nullptr.
  const XtblSkeletonSet* by_table(const std::string& table) const;
  // The set called `name` (any case): the one whose table is <name>.xtbl when several share the name.
  const XtblSkeletonSet* by_name(const std::string& name) const;
  // Every state of `set` with inheritance; a parent that is not known is an error naming both sets, and so
  // is a parent chain that loops (naming the sets in the loop). `duplicates` receives "(group, ID)" entries
  // a set writes twice with different files.
  Result<std::vector<ResolvedState>> resolve(const XtblSkeletonSet& set,
                                             std::vector<std::string>* duplicates = nullptr) const;

 private:
  struct Entry {
    XtblSkeletonSet set;
    std::string table;  // lower case
  };
  std::vector<Entry> sets_;
};

// The names the packfiles give the files the tables name: .rigx -> .rig_pc, .animx (or no extension) ->
// .anim_pc, .cmeshx -> .ccmesh_pc (the CPU half; its GPU half is .gcmesh_pc). Lower case.
std::string rig_file_name(const std::string& table_name);
std::string anim_file_name(const std::string& table_name);
std::string mesh_file_name(const std::string& table_name);

std::string xtbl_lower(std::string text);

}  // namespace bonebridge::volition
