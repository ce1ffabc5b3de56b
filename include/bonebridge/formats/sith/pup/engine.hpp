// SPDX-License-Identifier: MIT
#pragma once
// What the game makes of a .pup: sithAnimClass_LoadPupEntry (OpenJKDF2 src/World/sithAnimClass.c), which
// reads the lines as stdConffile_ReadArgs splits them (lowercased, comments gone, continuations joined):
// - `Mode=N` starts mode N (atoi); `, BasedOn=M` first copies mode M's moves as they stand at that line;
// - `Joints` starts rows `PART=JOINT` up to `end`, kept for body parts 0..9 only;
// - any other line of two or more arguments is a move row `move keyfile [flags [lo [hi]]]`: flags in hex
//   (sscanf %x, a failed scan keeping the previous row's value), priorities by atoi, hi defaulting to lo,
//   the key "none" for no key. Rows before any Mode line belong to mode 0; a later row for the same move
//   in the same mode replaces the earlier one.
// The game then keeps only the moves its own table of submodes names (the tables differ between Jedi Knight
// and the Infernal Machine); that lookup is not made here, so every row counts.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "bonebridge/formats/sith/pup/document.hpp"

namespace bonebridge::sith {

struct PuppetMove {
  int mode = 0;
  std::string move;  // lowercased, as the engine looks it up
  std::string key;   // the key file's name with the case as written, or "none"
  std::uint32_t flags = 0;
  int low_priority = 0;
  int high_priority = 0;
  std::uint64_t line = 0;  // 1-based line of the row
};

struct PuppetClass {
  std::vector<PuppetMove> rows;  // every move row, in file order
  // Every mode a line names (Mode=, BasedOn=, or a row's), its moves by name, BasedOn copies included.
  std::map<int, std::map<std::string, PuppetMove>> modes;
  std::map<int, int> joints;  // body part -> joint of the model
};

PuppetClass load_puppet(const pup::Document& file);

// The key files the rows name ("none" aside), once each in the order of first mention; names that differ
// only in case are one file, as on the game's file system.
std::vector<std::string> puppet_keys(const PuppetClass& puppet);

}  // namespace bonebridge::sith
