// SPDX-License-Identifier: MIT
// RFG characters from the tables of an install view. The tables name files by their editor names; the
// packfiles hold them under the game's: a .rigx is a .rig_pc, an .animx (or a name with no extension, as a
// few states write it) an .anim_pc, a .cmeshx a .ccmesh_pc (+ .gcmesh_pc). Files are found by name, in any
// letter case, anywhere in the view (InstallView::find).
#include "bonebridge/formats/volition/xtbl/characters.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <span>

#include "bonebridge/formats/volition/asm/codec.hpp"
#include "bonebridge/formats/volition/xtbl/codec.hpp"

namespace bonebridge::volition {
namespace {

// The name after the last separator, in lower case.
std::string base_key(const std::string& path) {
  const auto slash = path.find_last_of("/\\");
  return xtbl_lower(slash == std::string::npos ? path : path.substr(slash + 1));
}

// The file read and parsed by `read`, or nullopt with a note naming the file.
template <class Parsed>
std::optional<Parsed> read_noted(const InstallView& install, const InstallFile& file,
                                 RfgCharacterIndex& index,
                                 Result<Parsed> (*read)(std::span<const std::uint8_t>)) {
  auto bytes = install.read(file);
  auto parsed = bytes ? read(*bytes) : Result<Parsed>(bytes.error());
  if (parsed) return std::move(parsed).value();
  Error error = parsed.error();
  error.file = file.address;
  index.notes.push_back(error.to_string());
  return std::nullopt;
}

void add_table(const InstallView& install, const InstallFile& file, RfgCharacterIndex& index) {
  const auto document = read_noted(install, file, index, xtbl::read);
  if (!document) return;
  ++index.tables;
  XtblTables tables = read_tables(*document);
  // Only the character tables define characters: character_definitions.xtbl (the player's body parts) and
  // the mission tables (test.xtbl, tharsis.xtbl) use <Character> for other things.
  if (!base_key(file.path).ends_with("character.xtbl")) tables.characters.clear();
  for (auto& character : tables.characters) {
    const auto line = xtbl_line(*document, character.offset);
    index.characters.push_back({std::move(character), file.address, line});
  }
  for (auto& row : tables.anim_set_files) index.anim_set_files.emplace(xtbl_lower(row.name), std::move(row));
  for (auto& set : tables.skeleton_sets) index.sets.add(std::move(set), base_key(file.path));
  for (auto& entry : tables.rosters) index.rosters.push_back(std::move(entry));
  // A clip in both anim_files.xtbl and dlc01_anim_files.xtbl keeps the first table's triggers, unless it has
  // none there (tables are read in the view's order; 3 of the 3,842 file names the two share differ in their
  // triggers).
  for (auto& [clip, triggers] : tables.clip_triggers) {
    auto& kept = index.clip_triggers[clip];
    if (kept.empty()) kept = std::move(triggers);
  }
}

void add_manifest(const InstallView& install, const InstallFile& file, RfgCharacterIndex& index) {
  const auto manifest = read_noted(install, file, index, asm_::read);
  if (!manifest) return;
  for (const auto& container : manifest->containers) {
    for (const auto& primitive : container.primitives) {
      index.containers.emplace(xtbl_lower(primitive.name),
                               fmt::format("container {}.str2_pc ({}, in {})", xtbl_utf8(container.name),
                                           asm_container_type(container.type), file.address));
    }
  }
}

// What a missing file's entry says: the file, and the container a manifest puts it in.
std::string missing_text(const RfgCharacterIndex& index, const std::string& what,
                         const std::string& file_name) {
  const auto container = index.containers.find(file_name);
  return what + (container == index.containers.end() ? "" : ", listed in " + container->second);
}

// The view's file of that name, or nullptr (an empty name finds nothing).
const InstallFile* find_file(const InstallView& install, const std::string& name) {
  return name.empty() ? nullptr : install.find(name);
}

// The skeleton set a character's Anim_Set names: its table file (Civilian_Female.xtbl), else a set's Name.
const XtblSkeletonSet* anim_set_of(const RfgCharacterIndex& index, const std::string& anim_set) {
  if (const auto* set = index.sets.by_table(base_key(anim_set))) return set;
  const auto key = base_key(anim_set);
  const auto stem = key.ends_with(".xtbl") ? key.substr(0, key.size() - 5) : key;
  return index.sets.by_name(stem);
}

std::string json_text(const nlohmann::json& value) {
  return value.dump();
}

// The state's facts kept on its glTF animation, as JSON text values.
std::map<std::string, std::string> state_extras(const RfgCharacterIndex& index, const ResolvedState& resolved,
                                                const std::string& file_name) {
  std::map<std::string, std::string> extras = {
      {"group", json_text(xtbl_utf8(resolved.state.group))},
      {"state", json_text(xtbl_utf8(resolved.state.id))},
      {"skeleton_set", json_text(xtbl_utf8(resolved.set))},
      {"table_file", json_text(xtbl_utf8(resolved.state.animation))}};
  if (const auto it = index.clip_triggers.find(file_name);
      it != index.clip_triggers.end() && !it->second.empty()) {
    nlohmann::json triggers = nlohmann::json::array();
    for (const auto& trigger : it->second)
      triggers.push_back({{"name", xtbl_utf8(trigger.name)}, {"frame", xtbl_utf8(trigger.frame)}});
    extras["triggers"] = json_text(triggers);
  }
  return extras;
}

// States of group Default keep their ID; other groups' states (weapon stances) are "GROUP/ID", as one ID
// names a state in several groups.
std::string state_name(const XtblState& state) {
  return xtbl_lower(state.group) == "default" || state.group.empty() ? state.id
                                                                     : state.group + "/" + state.id;
}

void add_states(const InstallView& install, const RfgCharacterIndex& index, const XtblCharacter& definition,
                Character& character, std::set<std::string>& claimed) {
  const auto* set = anim_set_of(index, definition.anim_set);
  if (set == nullptr) {
    character.missing.push_back(fmt::format("skeleton set table {}", xtbl_utf8(definition.anim_set)));
    return;
  }
  std::vector<std::string> duplicates;
  auto states = index.sets.resolve(*set, &duplicates);
  if (!states) {
    character.notes.push_back(states.error().to_string());
    return;
  }
  character.notes.push_back(fmt::format("skeleton set {} ({}): {} states with inheritance",
                                        xtbl_utf8(set->name), xtbl_utf8(definition.anim_set),
                                        states->size()));
  for (auto& duplicate : duplicates) character.notes.push_back(xtbl_utf8(duplicate));
  for (const auto& resolved : *states) {
    const std::string file_name = anim_file_name(resolved.state.animation);
    const auto* file = find_file(install, file_name);
    if (file == nullptr) {
      character.missing.push_back(
          missing_text(index,
                       fmt::format("animation {} (state \"{}\", group {})", xtbl_utf8(file_name),
                                   xtbl_utf8(resolved.state.id), xtbl_utf8(resolved.state.group)),
                       file_name));
      continue;
    }
    claimed.insert(file->address);
    character.animations.push_back(
        {xtbl_utf8(state_name(resolved.state)), {}, file->address, state_extras(index, resolved, file_name)});
  }
}

// The rig: Rig/Filename, else the anim set's Default_rig.
std::string rig_of(const RfgCharacterIndex& index, const XtblCharacter& definition, Character& character) {
  if (!definition.rig.empty()) return rig_file_name(definition.rig);
  const auto row = index.anim_set_files.find(base_key(definition.anim_set));
  if (row == index.anim_set_files.end() || row->second.default_rig.empty()) return {};
  character.notes.push_back("no Rig/Filename: the anim set's Default_rig " +
                            xtbl_utf8(row->second.default_rig));
  return rig_file_name(row->second.default_rig);
}

void add_rig_and_mesh(const InstallView& install, const RfgCharacterIndex& index,
                      const XtblCharacter& definition, Character& character, std::set<std::string>& claimed) {
  const std::string rig = rig_of(index, definition, character);
  if (const auto* file = find_file(install, rig)) {
    character.model = file->address;
    character.settings["rig"] = file->address;  // the animations' companion (--rig), as convert needs it
    claimed.insert(file->address);
    character.notes.push_back("rig " + xtbl_utf8(rig) + " found");
  } else {
    character.missing.push_back(rig.empty() ? "rig (the table names none)"
                                            : missing_text(index, "rig " + xtbl_utf8(rig), rig));
  }
  const std::string mesh = mesh_file_name(definition.model);
  const auto* mesh_file = find_file(install, mesh);
  character.notes.push_back(
      fmt::format("mesh {} ({}): {}; meshes are not converted (no public description of "
                  "their skinning)",
                  xtbl_utf8(mesh), xtbl_utf8(definition.model),
                  mesh_file ? "found at " + mesh_file->address : "not in the install"));
  for (const auto& head : definition.heads) {
    character.notes.push_back(fmt::format("head {} (base {}, lod {})", xtbl_utf8(head.name),
                                          xtbl_utf8(head.base_head), xtbl_utf8(head.lod_head)));
  }
  for (const auto& prop : definition.props) {
    std::string items;
    for (const auto& item : prop.items) items += (items.empty() ? "" : ", ") + xtbl_utf8(item.name);
    character.notes.push_back(
        fmt::format("prop {} ({}): {}", xtbl_utf8(prop.name), xtbl_utf8(prop.type), items));
  }
}

void add_rosters(const RfgCharacterIndex& index, const XtblCharacter& definition, Character& character) {
  for (const auto& entry : index.rosters) {
    if (xtbl_lower(entry.character) != xtbl_lower(definition.name)) continue;
    character.notes.push_back(fmt::format("multiplayer roster {} (mp_character.xtbl), shown as {}",
                                          xtbl_utf8(entry.roster), xtbl_utf8(entry.display_name)));
  }
}

// The rigs and animations of the view that no character claims.
void add_lone_files(const InstallView& install, const std::set<std::string>& claimed, CharacterList& list) {
  for (const char* extension : {".rig_pc", ".anim_pc"}) {
    for (const auto* file : install.with_extension(extension)) {
      if (!claimed.contains(file->address))
        list.lone.push_back({file->address, "no RFG character table names it (through its skeleton set)"});
    }
  }
}

}  // namespace

RfgCharacterIndex read_character_index(const InstallView& install) {
  RfgCharacterIndex index;
  std::set<std::string> names;  // each table once: the file the game's lookup opens
  for (const auto* listed : install.with_extension(".xtbl")) {
    const std::string name = base_key(listed->path);
    if (!names.insert(name).second) continue;
    const auto* file = install.find(name);
    add_table(install, file != nullptr ? *file : *listed, index);
  }
  for (const auto* manifest : install.with_extension(".asm_pc")) add_manifest(install, *manifest, index);
  return index;
}

CharacterList find_characters(const InstallView& install) {
  const RfgCharacterIndex index = read_character_index(install);
  CharacterList list;
  list.notes = index.notes;
  std::set<std::string> claimed;  // addresses of the rigs and animations some character uses
  for (const auto& entry : index.characters) {
    const XtblCharacter& definition = entry.character;
    Character character;
    character.family = "volition";
    character.name = xtbl_utf8(definition.name);
    character.defined_by = fmt::format("{} line {}", entry.table, entry.line);
    add_rig_and_mesh(install, index, definition, character, claimed);
    add_states(install, index, definition, character, claimed);
    add_rosters(index, definition, character);
    list.characters.push_back(std::move(character));
  }
  add_lone_files(install, claimed, list);
  return list;
}

}  // namespace bonebridge::volition
