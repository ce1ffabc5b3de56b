// SPDX-License-Identifier: MIT
#pragma once
// Characters as the games define them (core/character.hpp), found in an install by every family's row, and
// one character as one glTF file: the model once, each animation under the game's name.
#include <nlohmann/json.hpp>

#include <memory>
#include <set>
#include <string>

#include "bonebridge/gltf/gltf.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge {

// Every family's characters in `install`, in the registry's order, then each family's lone files.
CharacterList find_characters(const InstallView& install);

// A character and the install view it was found in: converting it reads its files through that view, so that
// each archive is opened once from finding to writing.
struct FoundCharacter {
  std::shared_ptr<const InstallView> install;
  Character character;
};
// The character `name` (as `characters` lists it; any letter case when no name matches exactly) among those
// the game defines at `address` (an install folder, an archive or a folder of files). When none has that name
// (or several do, in another case), the error names those there are.
Result<FoundCharacter> find_character(const std::string& address, const std::string& name);

// The addresses a list's characters use (models, animations, the files that define them): what a batch
// does not convert alone.
std::set<std::string> character_files(const CharacterList& list);

// One character as glTF: the model (with its textures) once, every animation present as a named glTF
// animation whose extras hold all the game's names for it and the character's facts. Animations the install
// lacks are notes. Fails only when nothing of the character converts (for a character absent_from_install,
// an error saying it is not in this install).
Result<Converted<std::vector<std::uint8_t>>> export_character(const Character& character,
                                                              const Options& options,
                                                              const gltf::ExportOptions& export_options);
// The same, reading through the view the character was found in.
Result<Converted<std::vector<std::uint8_t>>> export_character(const FoundCharacter& found, Options options,
                                                              const gltf::ExportOptions& export_options);

// What `characters --json` prints; each character's "absent" is absent_from_install.
nlohmann::json characters_json(const CharacterList& list);

// A character's name as a file name: letters, digits, '-', '_', '.', ' ' kept, anything else '_', never empty
// nor "." or "..".
std::string safe_file_name(const std::string& name);

}  // namespace bonebridge
