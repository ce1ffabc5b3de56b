// SPDX-License-Identifier: MIT
#pragma once
// The family's typed settings (family.cpp parses them from the registry's Options), read by both kinds'
// bridges: the game, where root motion goes, the unit scale, and how a body is coloured and textured.
#include <optional>
#include <string>

#include "bonebridge/formats/lba/body/mesh.hpp"
#include "bonebridge/formats/lba/variant.hpp"

namespace bonebridge::lba {

inline constexpr double kDefaultUnitScale = 1.0 / 512.0;

struct BridgeOptions {
  Variant variant = Variant::Lba1;
  bool separate_root_motion = false;  // root motion in Clip::root_motion instead of on the root joint
  double unit_scale = kDefaultUnitScale;
  std::string clip_name = "anim";
  std::optional<Palette> palette;           // without one, placeholder_palette() colours the body
  std::optional<TexturePage> texture_page;  // without one, textured LBA2 polygons are drawn flat
  Light light;                              // in the variant's angle units
  // Writing: how far (engine units: angle units for rotations, game units for moves and the actor's place)
  // the engine's playback of the written keyframes may stray from the glTF's motion. The engine's own
  // rounding, a unit, by default (issue 28).
  double tolerance_units = 1;
};

}  // namespace bonebridge::lba
