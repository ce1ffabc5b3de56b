// SPDX-License-Identifier: MIT
#pragma once
// What the games and their loaders accept (issue 28): a writer must not hand a game a file it cannot load or
// that overruns one of its fixed arrays. Each family keeps a small table of its limits, each with where it
// comes from (the format's field width, an engine source and symbol); `formats` lists them, and a writer
// checks its document against them before encoding. Over a limit seen in an engine source (or the field's
// width) is an error; over one only presumed, or holding for some of the family's games only, is a note.
#include <cstdint>
#include <string>
#include <vector>

#include "bonebridge/io/error.hpp"

namespace bonebridge {

struct FileLimit {
  std::string what;           // "keys per channel"
  std::uint64_t maximum = 0;  // the largest count the game takes
  std::string source;         // where the limit comes from
  // Only presumed (no engine source read), or holding for some of the family's games only (JK's 8 markers,
  // where IJIM takes 16): over it is a note, not an error.
  bool note_only = false;
};

// Ok when `count` (of `limit.what`, at `where`) is within the limit. Over it: an Error in `format`'s name
// naming the limit, its source and by how much; for a note_only limit, Ok and that text appended to `notes`.
Status check_limit(const std::string& format, const FileLimit& limit, std::uint64_t count,
                   const std::string& where, std::vector<std::string>& notes);

// "keys per channel: at most 65535 (u16 count, ...)" for `formats`.
std::string describe_limit(const FileLimit& limit);

}  // namespace bonebridge
