// SPDX-License-Identifier: MIT
#pragma once
// A character as a game defines it: a model (or body, rig, skeleton), the animations the game plays on it
// under the game's own names, its textures, and what the definition names but the install lacks. It knows no
// format: each family's row finds its game's characters in an install (io/install_view.hpp) and fills these
// plain structs; the registry turns one into a glTF file (services/characters.hpp).
#include <map>
#include <string>
#include <vector>

namespace bonebridge {

// One animation file a character plays.
struct CharacterAnimation {
  std::string name;                  // the game's name: "mode 0 / walk", "GEN_ANIM_WALK (1)", a state's ID
  std::vector<std::string> aliases;  // further names the game gives the same file (several submodes, one key)
  std::string file;                  // the file's address (GAME.GOB:3do\key\walk.key, ANIM.HQR:12)
  std::map<std::string, std::string> extras;  // facts kept on the glTF animation (JSON text values)
};

struct Character {
  std::string family;                // the registry id of the family that defines it ("sith", "lba")
  std::string name;                  // the game's name (template, entity, actor)
  std::string defined_by;            // where: "static.jkl line 120", "FILE3D.HQR:3"
  std::vector<std::string> sources;  // the files that define it (template file, puppet, entity): addresses
  std::string model;  // the model's (body's, rig's) address; empty when none is defined or found
  std::vector<CharacterAnimation> animations;
  // Family options the conversion needs besides the model: {"variant", "lba2"}, {"palette", "RESS.HQR:0"}.
  std::map<std::string, std::string> settings;
  std::vector<std::string> textures;  // texture files found (addresses)
  std::vector<std::string> missing;   // what the definition names but the install lacks
  std::vector<std::string> notes;     // what was matched, guessed or assumed
};

// Whether the install holds none of the character's files (no model, no animation): the game defines it (a
// folder of its tables names it) but its files are elsewhere. Such a character is "not in this install",
// which is not a failure: nothing of it can be converted here.
inline bool absent_from_install(const Character& character) {
  return character.model.empty() && character.animations.empty();
}

// A file of a family's kinds that no character claims, and why.
struct LoneFile {
  std::string file;  // address
  std::string reason;
};

struct CharacterList {
  std::vector<Character> characters;
  std::vector<LoneFile> lone;
  std::vector<std::string> notes;  // definitions that could not be read, with file and line
};

}  // namespace bonebridge
