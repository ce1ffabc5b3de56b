// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/pup/submodes.hpp"

#include <algorithm>
#include <array>

namespace bonebridge::sith {
namespace {

// Jedi Knight's table, then Mysteries of the Sith's two additions (OpenJKDF2 sithPuppet.c, "// MOTS").
constexpr std::array<std::string_view, 45> kJediKnight = {
    "--reserved--", "stand",   "walk",      "run",    "walkback", "strafeleft",    "straferight", "death",
    "fire",         "fire3",   "fire4",     "death2", "hit",      "hit2",          "rising",      "toss",
    "place",        "drop",    "fire2",     "fall",   "land",     "crouchforward", "crouchback",  "activate",
    "magic",        "choke",   "leap",      "jump",   "reserved", "block",         "block2",      "turnleft",
    "turnright",    "fidget",  "fidget2",   "magic2", "magic3",   "victory",       "windup",      "holster",
    "drawfists",    "drawgun", "drawsaber", "charge", "buttpunch"};
constexpr std::size_t kJediKnightOnly = 43;

constexpr std::array<std::string_view, 84> kInfernalMachine = {"--reserved--",
                                                               "stand",
                                                               "walk",
                                                               "run",
                                                               "walkback",
                                                               "hopback",
                                                               "hopleft",
                                                               "hopright",
                                                               "strafeleft",
                                                               "straferight",
                                                               "turnleft",
                                                               "turnright",
                                                               "slidedownfwd",
                                                               "slidedownback",
                                                               "leap",
                                                               "jumpready",
                                                               "jumpup",
                                                               "jumpfwd",
                                                               "rising",
                                                               "fall",
                                                               "death",
                                                               "death2",
                                                               "fidget",
                                                               "fidget2",
                                                               "pickup",
                                                               "pushpullready",
                                                               "pushitem",
                                                               "pullitem",
                                                               "mountledge",
                                                               "grabledge",
                                                               "hangledge",
                                                               "hangshimleft",
                                                               "hangshimright",
                                                               "mountwall",
                                                               "climbwallidle",
                                                               "climbwallup",
                                                               "climbwalldown",
                                                               "climbwallleft",
                                                               "climbwallright",
                                                               "climbpullingup",
                                                               "whipclimbmount",
                                                               "whipclimbidle",
                                                               "whipclimbup",
                                                               "whipclimbdown",
                                                               "whipclimbleft",
                                                               "whipclimbright",
                                                               "whipclimbdismount",
                                                               "whipswingmount",
                                                               "whipswing",
                                                               "mountfromwater",
                                                               "divefromsurface",
                                                               "mount1mstep",
                                                               "mount2mledge",
                                                               "jumprollback",
                                                               "jumprollfwd",
                                                               "land",
                                                               "hitheadl",
                                                               "hitheadr",
                                                               "hitsidel",
                                                               "hitsider",
                                                               "activate",
                                                               "activatehigh",
                                                               "drawweapon",
                                                               "aimweapon",
                                                               "holsterweapon",
                                                               "fire",
                                                               "fire2",
                                                               "fire3",
                                                               "fire4",
                                                               "stand2walk",
                                                               "walk2stand",
                                                               "stand2crawl",
                                                               "crawl2stand",
                                                               "walk2attack",
                                                               "victory",
                                                               "hit",
                                                               "hit2",
                                                               "grabarms",
                                                               "reserved",
                                                               "climbtoclimb",
                                                               "climbtohang",
                                                               "leapleft",
                                                               "leapright",
                                                               "fallforward"};

}  // namespace

std::span<const std::string_view> submode_names(Dialect dialect) {
  switch (dialect) {
    case Dialect::JediKnight:
      return std::span(kJediKnight).first(kJediKnightOnly);
    case Dialect::MysteriesOfTheSith:
      return kJediKnight;
    case Dialect::InfernalMachine:
      break;
  }
  return kInfernalMachine;
}

std::optional<std::size_t> submode_index(Dialect dialect, std::string_view name) {
  const auto names = submode_names(dialect);
  // Index 0 is never looked up: the engine hashes entries 1.. only.
  const auto it = std::find(names.begin() + 1, names.end(), name);
  if (it == names.end()) return std::nullopt;
  return static_cast<std::size_t>(it - names.begin());
}

}  // namespace bonebridge::sith
