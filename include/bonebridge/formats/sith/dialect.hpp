// SPDX-License-Identifier: MIT
#pragma once
// What the Sith kinds' documents share: the games whose loaders differ, and the notes a tolerant reader keeps
// about what those loaders would do with a file (research/sith-key.md §1.3, §5).
#include <cstddef>
#include <cstdint>
#include <string>

namespace bonebridge::sith {

// The games whose loaders differ (§1.3, §5). JK and MotS share one loader but not the line buffer size.
enum class Dialect : std::uint8_t { JediKnight = 1, MysteriesOfTheSith = 2, InfernalMachine = 4 };
using DialectMask = std::uint8_t;
constexpr DialectMask kAllDialects = 7;
constexpr DialectMask mask(Dialect d) {
  return static_cast<DialectMask>(d);
}

// Something the tolerant reader accepted although a game's loader would not, or that the loader accepts but
// plays wrongly. `dialects` names the games concerned.
struct ReaderNote {
  std::uint64_t line = 0;
  std::size_t offset = 0;
  DialectMask dialects = kAllDialects;
  bool engine_rejects = true;  // the game fails to load the file (otherwise: loads it, but see message)
  std::string message;
};

}  // namespace bonebridge::sith
