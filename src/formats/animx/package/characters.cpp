// SPDX-License-Identifier: MIT
// Resonite avatars in an install (adapter.hpp): one character per package with a slot tree. An avatar has
// no animation set of its own; its animations are the AnimX assets its package holds
// (research/characters.md part A §3).
#include <fmt/format.h>

#include "bonebridge/formats/animx/package/adapter.hpp"
#include "bonebridge/formats/animx/package/bridge.hpp"
#include "bonebridge/formats/animx/package/codec.hpp"

namespace bonebridge::animx::package {
namespace {

std::string character_name(const package::Document& package, const SlotTree& slots, const InstallFile& file) {
  const auto name = package.record.find("name");
  if (name != package.record.end() && name->is_string() && !name->get<std::string>().empty()) return *name;
  if (!slots.slots.front().name.empty()) return slots.slots.front().name;
  return file.path;
}

Result<Character> read_character(const InstallView& install, const InstallFile& file) {
  const auto bytes = install.read(file);
  if (!bytes) return bytes.error();
  auto package = package::read(*bytes);
  if (!package) return package.error();
  const auto slots = read_slots(package->tree);
  if (!slots) return slots.error();
  Character character;
  character.family = "animx";
  character.name = character_name(*package, *slots, file);
  character.defined_by = file.address + ":" + kRecordEntry;
  character.model = file.address;
  character.notes.push_back("meshes (MeshX) are not converted; the skeleton is the slot hierarchy");
  const auto bound = bind(*package, *slots);
  if (!bound) {
    character.missing.push_back(bound.error().message);
    return character;
  }
  for (const auto& animation : bound->animations) {
    character.animations.push_back(
        {animation.name, {}, file.address + ":" + asset_entry(animation.asset), {}});
  }
  if (!bound->animations.empty()) {
    character.notes.push_back("the package's own conversion plays its animations; each is an entry of it");
  }
  return character;
}

}  // namespace

CharacterList find_characters(const InstallView& install) {
  CharacterList list;
  for (const InstallFile* file : install.with_extension(".resonitepackage")) {
    auto character = read_character(install, *file);
    if (character) {
      list.characters.push_back(std::move(character).value());
    } else {
      Error error = character.error();
      error.file = file->address;
      list.notes.push_back(error.to_string());
    }
  }
  return list;
}

}  // namespace bonebridge::animx::package
