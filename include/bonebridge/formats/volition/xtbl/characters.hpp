// SPDX-License-Identifier: MIT
#pragma once
// Red Faction Guerrilla's characters as its tables define them, found in an install view (an install, or
// table.vpp_pc alone): each character's rig, mesh, heads and skeleton set with every state's animation file,
// marked present or missing in the view. The family row's find_characters.
#include <map>
#include <string>
#include <vector>

#include "bonebridge/core/character.hpp"
#include "bonebridge/formats/volition/xtbl/tables.hpp"
#include "bonebridge/io/install_view.hpp"

namespace bonebridge::volition {

struct RfgCharacterEntry {
  XtblCharacter character;
  std::string table;   // the address of the table that defines it
  std::uint64_t line;  // of its <Character> element
};

// Every table the view holds, each name once (the file the view's lookup finds first), read into one index.
struct RfgCharacterIndex {
  std::vector<RfgCharacterEntry> characters;
  SkeletonSets sets;
  std::map<std::string, XtblAnimSetFile> anim_set_files;          // lower-case set table -> its row
  std::map<std::string, std::vector<XtblTrigger>> clip_triggers;  // lower-case .anim_pc name -> triggers
  std::vector<XtblRosterEntry> rosters;                           // mp_character.xtbl
  // What the .asm_pc manifests say holds a file: lower-case primitive name -> "container NAME.str2_pc (TYPE,
  // in MANIFEST)".
  std::map<std::string, std::string> containers;
  std::size_t tables = 0;          // tables read
  std::vector<std::string> notes;  // tables that could not be read, and why
};

RfgCharacterIndex read_character_index(const InstallView& install);

CharacterList find_characters(const InstallView& install);

}  // namespace bonebridge::volition
