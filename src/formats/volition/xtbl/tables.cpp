// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/xtbl/tables.hpp"

#include <algorithm>
#include <cctype>

#include "bonebridge/formats/volition/xtbl/codec.hpp"

namespace bonebridge::volition {
namespace {

// The children of `element` named `name`, found along `path` ("Heads/Head": every Head of every Heads).
std::vector<const XtblElement*> all_at(const XtblElement& element, std::string_view path) {
  std::vector<const XtblElement*> level = {&element};
  while (!path.empty()) {
    const auto slash = path.find('/');
    const auto name = path.substr(0, slash);
    std::vector<const XtblElement*> next;
    for (const auto* parent : level) {
      for (const auto& child : parent->children) {
        if (child.name == name) next.push_back(&child);
      }
    }
    level = std::move(next);
    path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash + 1);
  }
  return level;
}

XtblCharacter read_character(const XtblElement& entry) {
  XtblCharacter character{xtbl_text(entry, "Name"),
                          xtbl_text(entry, "Model/Filename"),
                          xtbl_text(entry, "Anim_Set"),
                          xtbl_text(entry, "Rig/Filename"),
                          {},
                          {},
                          entry.offset};
  for (const auto* head : all_at(entry, "Heads/Head")) {
    character.heads.push_back(
        {xtbl_text(*head, "Name"), xtbl_text(*head, "Base_Head"), xtbl_text(*head, "Lod_Head")});
  }
  for (const auto* prop : all_at(entry, "Props/Prop")) {
    XtblProp& out =
        character.props.emplace_back(XtblProp{xtbl_text(*prop, "Prop_Name"), xtbl_text(*prop, "Type"), {}});
    for (const auto* item : all_at(*prop, "Items/Item")) {
      out.items.push_back(
          {xtbl_text(*item, "Name"), xtbl_text(*item, "Character_Prop"), xtbl_text(*item, "Item_Prop")});
    }
  }
  return character;
}

XtblSkeletonSet read_skeleton_set(const XtblElement& entry) {
  XtblSkeletonSet set{xtbl_text(entry, "Name"), xtbl_text(entry, "Parent_Skeleton"), {}, entry.offset};
  for (const auto* group : all_at(entry, "Groups/Group")) {
    const std::string group_name = xtbl_text(*group, "group");
    for (const auto* state : all_at(*group, "States/State")) {
      set.states.push_back(
          {group_name, xtbl_text(*state, "ID"), xtbl_text(*state, "Animation/Filename"), state->offset});
    }
  }
  return set;
}

void read_anim_file(const XtblElement& entry, XtblTables& out) {
  const std::string file = xtbl_text(entry, "Animation/Filename");
  if (file.empty()) return;
  // A clip listed twice (anim_files.xtbl has both "civf_wlk_a" with no trigger and "civf_wlk_a.animx" with
  // four) keeps the first entry that has triggers.
  const auto [it, added] = out.clip_triggers.try_emplace(anim_file_name(file));
  if (!added && !it->second.empty()) return;
  for (const auto* trigger : all_at(entry, "Triggers/Trigger")) {
    it->second.push_back({xtbl_text(*trigger, "Name"), xtbl_text(*trigger, "Frame")});
  }
}

// `name` in lower case with its extension `from` replaced by `to`, or `to` appended when it has no extension;
// another extension is kept as written.
std::string replace_extension(const std::string& name, std::string_view from, std::string_view to) {
  std::string out = xtbl_lower(name);
  const auto dot = out.rfind('.');
  const auto separator = out.find_last_of("/\\");
  const bool has_extension = dot != std::string::npos && (separator == std::string::npos || dot > separator);
  if (has_extension && out.compare(dot, std::string::npos, from) != 0) return out;
  if (has_extension) out.erase(dot);
  return out + std::string(to);
}

}  // namespace

std::string xtbl_lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string rig_file_name(const std::string& table_name) {
  return replace_extension(table_name, ".rigx", ".rig_pc");
}

std::string anim_file_name(const std::string& table_name) {
  return replace_extension(table_name, ".animx", ".anim_pc");
}

std::string mesh_file_name(const std::string& table_name) {
  return replace_extension(table_name, ".cmeshx", ".ccmesh_pc");
}

XtblTables read_tables(const xtbl::Document& document) {
  XtblTables out;
  for (const auto* entry : all_at(document.root, "Table/Character"))
    out.characters.push_back(read_character(*entry));
  for (const auto* entry : all_at(document.root, "Table/Anim_Set_Filename")) {
    out.anim_set_files.push_back({xtbl_text(*entry, "Name"), xtbl_text(*entry, "Path"),
                                  xtbl_text(*entry, "Default_model"), xtbl_text(*entry, "Default_rig")});
  }
  for (const auto* entry : all_at(document.root, "Table/Skeleton_Set")) {
    // The table's <TableDescription> also describes a Skeleton_Set, but not under <Table>.
    out.skeleton_sets.push_back(read_skeleton_set(*entry));
  }
  for (const auto* entry : all_at(document.root, "Table/Files/Anim_files/Anim_file"))
    read_anim_file(*entry, out);
  for (const auto* roster : all_at(document.root, "Table/MP_character")) {
    for (const auto* element : all_at(*roster, "Character_Grid/Character_Element")) {
      out.rosters.push_back({xtbl_text(*roster, "Name"), xtbl_text(*element, "Character_Name"),
                             xtbl_text(*element, "Display_Name")});
    }
  }
  return out;
}

}  // namespace bonebridge::volition
