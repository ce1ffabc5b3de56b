// SPDX-License-Identifier: MIT
#pragma once
// The Sith family's settings: what a user sets (`Settings`, declared field by field in family.cpp, whose
// members carry the defaults), and what every kind's bridge reads (`BridgeOptions`).
#include <optional>
#include <string>

#include "bonebridge/formats/sith/dialect.hpp"
#include "bonebridge/plugin/options.hpp"

namespace bonebridge::sith {

struct Settings {
  std::string model;                     // companion: the .3do whose hierarchy a .key or .pup animates
  std::string puppet;                    // companion: a .pup whose joint table names the head, neck and hip
  std::optional<std::string> materials;  // a folder of .mat files searched first
  std::string palette;                   // companion: the .cmp colour map of 8-bit materials
  std::optional<Dialect> variant;        // unset: IJIM's playback, and validate checks every game's rules
  double unit_scale = 1.0;               // metres per game unit
  std::optional<double> fps;             // a written .key's; unset: the clip's sith.fps, else 30
  double angle_tolerance = 0.01;         // degrees a rotation may leave the path
};

struct BridgeOptions {
  double unit_scale = 1.0;                   // metres per game unit
  double rotation_tolerance_degrees = 0.01;  // largest slerp-vs-Euler error left between rotation keys
  double max_key_angle_degrees = 15.0;       // keeps slerp and Blender's nlerp close (gltf-runtimes.md)
  double fps = 0;                            // core -> key: 0 means the clip's "sith.fps" metadata, else 30
  Dialect dialect = Dialect::InfernalMachine;
};

// The settings a user gave in `options`, parsed by the plug-in API's one parser.
Result<Settings> family_settings(const Options& options);

}  // namespace bonebridge::sith
