// SPDX-License-Identifier: MIT
#pragma once
// A Sith .pup (puppet) file as written: which .key plays for each move of a character, per mode (unarmed,
// armed, swimming...). The engine reads it line by line with stdConffile_ReadArgs: what follows '#' is a
// comment, arguments are split at blanks and commas, and each is `key=value` or a bare word. The document
// keeps each line's arguments as written and everything around them, so that an unchanged file is written
// back byte for byte; what the lines mean to the game is pup/engine.hpp's.
#include <string>
#include <vector>

namespace bonebridge::sith {

struct PupLine {
  std::string indent;                  // blanks and commas before the first argument
  std::vector<std::string> arguments;  // as written, case kept: "Mode=1", "sed_pdgo.key", "0x01"
  std::vector<std::string> gaps;       // after each argument, the blanks and commas up to the next one
  std::string comment;                 // from '#' (or a ';' opening the line) to the end, without the ending
  std::string ending;                  // "\n", "\r\n", or "" for a last line without one
};

namespace pup {
struct Document {
  std::vector<PupLine> lines;
};
}  // namespace pup

}  // namespace bonebridge::sith
