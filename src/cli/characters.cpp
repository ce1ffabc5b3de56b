// SPDX-License-Identifier: MIT
// characters: what the game defines in an install, an archive or a folder: one entry per character with its
// model, its animations under the game's names, its textures and what the install lacks; then the files that
// belong to no character, with the reason.
#include <fmt/format.h>

#include <fmt/ranges.h>

#include <iostream>

#include "bonebridge/services/characters.hpp"
#include "bonebridge/services/install.hpp"
#include "verbs.hpp"

namespace bonebridge::cli {
namespace {

void print_character(const Character& character) {
  std::cout << fmt::format("{} ({}, {})\n", character.name, character.family, character.defined_by);
  std::cout << "  model: " << (character.model.empty() ? "(none found)" : character.model) << "\n";
  std::cout << fmt::format("  animations: {}\n", character.animations.size());
  for (const auto& animation : character.animations) {
    std::cout << fmt::format("    {}: {}", animation.name, animation.file);
    if (!animation.aliases.empty())
      std::cout << fmt::format(" (also {})", fmt::join(animation.aliases, ", "));
    std::cout << "\n";
  }
  if (!character.textures.empty())
    std::cout << fmt::format("  textures: {} found\n", character.textures.size());
  for (const auto& missing : character.missing) std::cout << "  missing: " << missing << "\n";
  for (const auto& note : character.notes) std::cout << "  note: " << note << "\n";
}

// The characters in the install, each in full; those not in it (absent_from_install) counted, and with
// --verbose listed by name.
int run_characters(const std::string& input, bool json) {
  auto install = open_install(input);
  if (!install) return report_error(install.error());
  const CharacterList list = find_characters(**install);
  if (json) {
    std::cout << characters_json(list).dump(2, ' ', false, kReplaceInvalidUtf8) << "\n";
    return kSuccess;
  }
  std::vector<const Character*> absent;
  for (const auto& character : list.characters) {
    if (!absent_from_install(character)) {
      print_character(character);
    } else {
      absent.push_back(&character);
    }
  }
  if (!absent.empty() && verbosity() == Verbosity::Verbose) {
    std::cout << fmt::format("not in this install: {}\n", absent.size());
    for (const auto* character : absent)
      std::cout << fmt::format("  {} ({}, {})\n", character->name, character->family, character->defined_by);
  }
  if (!list.lone.empty()) std::cout << fmt::format("files of no character: {}\n", list.lone.size());
  for (const auto& lone : list.lone) std::cout << fmt::format("  {}: {}\n", lone.file, lone.reason);
  for (const auto& note : list.notes) status() << "note: " << note << "\n";
  status() << fmt::format("characters: {}, not in this install: {}, files of no character: {}\n",
                          list.characters.size() - absent.size(), absent.size(), list.lone.size());
  return kSuccess;
}

}  // namespace

Verb add_characters(CLI::App& app) {
  auto* command = app.add_subcommand(
      "characters", "The characters the game defines in an install folder, an archive or a folder of files");
  auto input = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  command->add_option("input", *input, "Install folder, archive (GAME.GOB, RESS.HQR) or folder of files")
      ->required();
  command->add_flag("--json", *json, "A JSON object: characters, lone_files, notes");
  return {command, [input, json] { return run_characters(*input, *json); }};
}

}  // namespace bonebridge::cli
