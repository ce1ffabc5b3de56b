// SPDX-License-Identifier: MIT
// Characters found by the families' rows, and one character converted through the same pipeline as
// `convert IN... OUT.glb`: its first animation (or its model) is the base, each further animation appended
// under the game's name.
#include "bonebridge/services/characters.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "bonebridge/core/text.hpp"
#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/addressing.hpp"
#include "bonebridge/services/conversion.hpp"
#include "bonebridge/services/install.hpp"

namespace bonebridge {
namespace {

// The user's options that the character's family declares, under the character's own settings (which win:
// they are what the game defines).
Options character_options(const Character& character, const Options& options) {
  Options out;
  out.nearby = options.nearby;
  out.resolved_files = character.textures;
  out.documents = options.documents;
  if (const FormatFamily* family = find_family_by_id(character.family)) {
    for (const Setting& setting : family->settings) {
      if (const auto value = options.get(setting.name)) out.values[setting.name] = *value;
    }
  }
  for (const auto& [key, value] : character.settings) out.values[key] = value;
  return out;
}

// The animation's file as a glb keeps it: the name of the file on disk and the entries within it
// ("isle.si:pepper_walk.ani", "ANIM.HQR:12"), not the folders above it, which carry the user's own folder
// names (often their name) into every file they share.
std::string file_in_metadata(const std::string& address) {
  const auto split = split_address(address);
  if (!split) return std::filesystem::path(address).filename().string();
  std::string out = std::filesystem::path(split->file).filename().string();
  for (const auto& entry : split->entries) out += ":" + entry;
  return out;
}

std::map<std::string, std::string> animation_metadata(const Character& character,
                                                      const CharacterAnimation& animation) {
  std::map<std::string, std::string> metadata = animation.extras;
  auto names = nlohmann::json::array({animation.name});
  for (const auto& alias : animation.aliases) names.push_back(alias);
  metadata["game_names"] = names.dump();
  metadata["character"] = character.name;
  metadata["file"] = file_in_metadata(animation.file);
  // A family's extra that names one of the character's own files (a Sith puppet) is named as `file` is.
  for (auto& [key, value] : metadata) {
    if (std::find(character.sources.begin(), character.sources.end(), value) != character.sources.end())
      value = file_in_metadata(value);
  }
  return metadata;
}

nlohmann::json animation_json(const CharacterAnimation& animation) {
  nlohmann::json out{{"name", animation.name}, {"file", animation.file}};
  if (!animation.aliases.empty()) out["aliases"] = animation.aliases;
  if (!animation.extras.empty()) out["extras"] = animation.extras;
  return out;
}

nlohmann::json character_json(const Character& character) {
  auto animations = nlohmann::json::array();
  for (const auto& animation : character.animations) animations.push_back(animation_json(animation));
  return {{"name", character.name},
          {"family", character.family},
          {"defined_by", character.defined_by},
          {"sources", character.sources},
          {"model", character.model},
          {"animations", animations},
          {"settings", character.settings},
          {"textures", character.textures},
          {"missing", character.missing},
          {"notes", character.notes},
          {"absent", absent_from_install(character)}};
}

// Whether every animation lies inside the model's own file (a Resonite package's AnimX assets): the model's
// conversion then carries them all, named by its family.
bool animations_inside_model(const Character& character) {
  if (character.model.empty() || character.animations.empty()) return false;
  return std::all_of(character.animations.begin(), character.animations.end(),
                     [&](const CharacterAnimation& a) { return a.file.starts_with(character.model + ":"); });
}

}  // namespace

CharacterList find_characters(const InstallView& install) {
  CharacterList all;
  all.notes = install.notes();
  for (const auto& family : format_families()) {
    if (!family.find_characters) continue;
    CharacterList found = family.find_characters(install);
    std::move(found.characters.begin(), found.characters.end(), std::back_inserter(all.characters));
    std::move(found.lone.begin(), found.lone.end(), std::back_inserter(all.lone));
    std::move(found.notes.begin(), found.notes.end(), std::back_inserter(all.notes));
  }
  return all;
}

namespace {

// "a, b, c" of at most `shown` names, then how many more.
std::string names_of(const std::vector<const Character*>& characters, std::size_t shown) {
  std::string names;
  for (std::size_t i = 0; i < characters.size() && i < shown; ++i)
    names += (i ? ", " : "") + characters[i]->name;
  if (characters.size() > shown) names += fmt::format(" and {} more", characters.size() - shown);
  return names;
}

// "x (sith, static.jkl line 3); X (lba, FILE3D.HQR:2)": what tells same-named characters apart.
std::string defined_by(const std::vector<const Character*>& characters) {
  std::string text;
  for (const auto* character : characters)
    text += fmt::format("{}{} ({}, {})", text.empty() ? "" : "; ", character->name, character->family,
                        character->defined_by);
  return text;
}

}  // namespace

Result<FoundCharacter> find_character(const std::string& address, const std::string& name) {
  auto install = open_install(address);
  if (!install) return install.error();
  CharacterList list = find_characters(**install);
  std::vector<const Character*> exact, letters, all;
  const std::string folded = fold_case(name);
  for (const auto& character : list.characters) {
    all.push_back(&character);
    if (character.name == name) exact.push_back(&character);
    if (fold_case(character.name) == folded) letters.push_back(&character);
  }
  if (exact.size() == 1) return FoundCharacter{std::move(*install), *exact.front()};
  if (exact.empty() && letters.size() == 1) return FoundCharacter{std::move(*install), *letters.front()};
  const auto& candidates = exact.empty() ? letters : exact;
  if (!candidates.empty())
    return Error{
        "",
        fmt::format("{} characters are named '{}': {}", candidates.size(), name, defined_by(candidates)),
        {},
        {},
        address};
  if (all.empty())
    return Error{
        "", fmt::format("no character named '{}': the game defines none here", name), {}, {}, address};
  return Error{"",
               fmt::format("no character named '{}'; the {} here: {} (`bonebridge characters` lists them)",
                           name, all.size(), names_of(all, 12)),
               {},
               {},
               address};
}

std::set<std::string> character_files(const CharacterList& list) {
  std::set<std::string> files;
  for (const auto& character : list.characters) {
    if (!character.model.empty()) files.insert(character.model);
    files.insert(character.sources.begin(), character.sources.end());
    for (const auto& animation : character.animations) files.insert(animation.file);
  }
  return files;
}

Result<Converted<std::vector<std::uint8_t>>> export_character(const Character& character,
                                                              const Options& options,
                                                              const gltf::ExportOptions& export_options) {
  if (absent_from_install(character))
    return Error{
        "",
        fmt::format("character {} is not in this install: neither its model nor an animation is here",
                    character.name),
        {},
        {},
        character.defined_by};
  ConvertJob job;
  job.output = character.name + (export_options.binary ? ".glb" : ".gltf");
  job.to = export_options.binary ? "glb" : "gltf";
  job.format = character.family;
  job.options = character_options(character, options);
  job.generate_mesh = export_options.generate_mesh;
  const bool inside = animations_inside_model(character);
  for (const auto& animation : character.animations) {
    if (inside) break;
    (job.input.empty() ? job.input : job.more_inputs.emplace_back()) = animation.file;
    job.animation_names.push_back(animation.name);
    job.animation_metadata.push_back(animation_metadata(character, animation));
  }
  if (job.input.empty()) {
    job.input = character.model;
    if (!inside) job.animation_names.push_back(character.name);
  }
  auto converted = guard("character", [&] { return convert(job); });
  if (!converted) return converted.error();
  for (const auto& missing : character.missing) converted->notes.push_back("missing: " + missing);
  for (const auto& note : character.notes) converted->notes.push_back(note);
  return converted;
}

Result<Converted<std::vector<std::uint8_t>>> export_character(const FoundCharacter& found, Options options,
                                                              const gltf::ExportOptions& export_options) {
  options.nearby = found.install->nearby();
  return export_character(found.character, options, export_options);
}

nlohmann::json characters_json(const CharacterList& list) {
  auto characters = nlohmann::json::array();
  for (const auto& character : list.characters) characters.push_back(character_json(character));
  auto lone = nlohmann::json::array();
  for (const auto& file : list.lone) lone.push_back({{"file", file.file}, {"reason", file.reason}});
  return {{"characters", characters}, {"lone_files", lone}, {"notes", list.notes}};
}

std::string safe_file_name(const std::string& name) {
  std::string safe;
  for (const char c : name) {
    const auto u = static_cast<unsigned char>(c);
    const bool kept = std::isalnum(u) || c == '-' || c == '_' || c == '.' || c == ' ';
    safe += kept ? c : '_';
  }
  while (!safe.empty() && (safe.back() == ' ' || safe.back() == '.')) safe.pop_back();  // Windows drops them
  if (safe.empty() || safe == "." || safe == "..") safe = "_" + safe;
  return safe;
}

}  // namespace bonebridge
