// SPDX-License-Identifier: MIT
#pragma once
// The family's settings: what a user sets, declared field by field in family.cpp (the members carry the
// defaults), and read by the row (from_core) and the kinds' adapters (an .ani's --world, a WORLD.WDB's
// --part).
#include <cstddef>
#include <string>

#include "bonebridge/formats/lego/ani/bridge.hpp"
#include "bonebridge/plugin/options.hpp"

namespace bonebridge::lego {

struct Settings {
  std::size_t clip = 0;  // which animation of a glTF to write
  std::string part;      // WORLD.WDB: the part to convert ("" : the only one)
  std::string actor;     // WORLD.WDB: the actor to build at rest from its parts, instead of a part
  std::string world;     // companion: the game's WORLD.WDB, whose bodies dress an .ani's actors
  // Writing: how far a dropped key may be from the game's interpolation of the kept ones.
  double distance_tolerance = kDefaultKeyTolerance.position;  // game units
  double angle_tolerance = kDefaultKeyTolerance.radians;      // radians (given in degrees)
};

// The settings a user gave in `options`, parsed by the plug-in API's one parser.
Result<Settings> family_settings(const Options& options);

}  // namespace bonebridge::lego
