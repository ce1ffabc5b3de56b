// SPDX-License-Identifier: MIT
#pragma once
// The family's settings: what a user sets (`Settings`, declared field by field in family.cpp, whose members
// carry the defaults), and what the kinds' bridges read (`BridgeOptions`: the settings with the companions
// they name already parsed): the game, where root motion goes, the unit scale, how a body is coloured and
// textured, how a written .anm may stray.
#include <array>
#include <optional>
#include <string>

#include "bonebridge/formats/lba/body/mesh.hpp"
#include "bonebridge/formats/lba/variant.hpp"
#include "bonebridge/plugin/options.hpp"

namespace bonebridge::lba {

inline constexpr double kDefaultUnitScale = 1.0 / 512.0;

// What a file is when its name does not say (--kind).
enum class FileKind { Anm, Body, Lm2, Hqr, Entity, Entities };
// The clock an .anm is sampled on (--clock): the ideal 50 Hz one, or the game's frame clock.
enum class Clock { Ideal, Game };

struct Settings {
  std::string body;          // companion: the body an .anm animates (a file or BODY.HQR:N)
  std::string palette;       // companion: the 768-byte palette that colours a body
  std::string texture_page;  // companion: the LBA2 texture page textured .lm2 polygons map
  Variant variant = Variant::Lba1;
  bool separate_root_motion = false;        // root motion in Clip::root_motion instead of on the root joint
  double unit_scale = kDefaultUnitScale;    // metres per game unit
  std::optional<std::array<int, 2>> light;  // ALPHA,BETA in the variant's angle units; unset: the game's
  double tolerance_units = 1;  // engine units a written .anm's playback may stray (the engine's own rounding)
  std::optional<FileKind> kind;
  Clock clock = Clock::Ideal;
  int update_ticks = 1;  // clock=game: ticks between two updates
};

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

// The settings a user gave in `options`, parsed by the plug-in API's one parser.
Result<Settings> family_settings(const Options& options);

}  // namespace bonebridge::lba
