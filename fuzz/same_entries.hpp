// SPDX-License-Identifier: MIT
#pragma once
// What each container's fuzz target checks of its file-backed reader (an archive on disk read where its
// entries lie) once both readers opened the same bytes: the same entries, each read, and read as stored, to
// the same bytes or failing where the in-memory reader fails.
#include <cstdlib>

#include "bonebridge/archive/archive.hpp"

namespace bonebridge::fuzzing {

inline void expect_same_entries(const archive::Archive& in_memory, const archive::Archive& from_file) {
  const auto same = [](const auto& a, const auto& b) { return a.ok() == b.ok() && (!a.ok() || *a == *b); };
  if (from_file.entries().size() != in_memory.entries().size()) std::abort();
  for (std::size_t i = 0; i < in_memory.entries().size(); ++i) {
    if (from_file.entries()[i].name != in_memory.entries()[i].name) std::abort();
    if (!same(in_memory.read(i), from_file.read(i))) std::abort();
    if (!same(in_memory.read_stored(i), from_file.read_stored(i))) std::abort();
  }
}

}  // namespace bonebridge::fuzzing
