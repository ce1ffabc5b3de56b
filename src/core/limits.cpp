// SPDX-License-Identifier: MIT
#include "bonebridge/core/limits.hpp"

#include <fmt/format.h>

namespace bonebridge {

Status check_limit(const std::string& format, const FileLimit& limit, std::uint64_t count,
                   const std::string& where, std::vector<std::string>& notes) {
  if (count <= limit.maximum) return Ok{};
  const std::string over = fmt::format("{}: {} {}, {} over the limit of {} ({})", where, count, limit.what,
                                       count - limit.maximum, limit.maximum, limit.source);
  if (!limit.note_only) return Error{format, over, {}, {}, {}};
  notes.push_back("may not load: " + over);
  return Ok{};
}

std::string describe_limit(const FileLimit& limit) {
  return fmt::format("{}: at most {}{} ({})", limit.what, limit.maximum,
                     limit.note_only ? " (a note when over)" : "", limit.source);
}

}  // namespace bonebridge
