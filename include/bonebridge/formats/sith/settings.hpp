// SPDX-License-Identifier: MIT
#pragma once
// The Sith family's typed settings, parsed from the tool's options in family.cpp and read by every kind's
// bridge and adapter.
#include "bonebridge/formats/sith/dialect.hpp"

namespace bonebridge::sith {

struct BridgeOptions {
  double unit_scale = 1.0;                   // metres per game unit
  double rotation_tolerance_degrees = 0.01;  // largest slerp-vs-Euler error left between rotation keys
  double max_key_angle_degrees = 15.0;       // keeps slerp and Blender's nlerp close (gltf-runtimes.md)
  double fps = 0;                            // core -> key: 0 means the clip's "sith.fps" metadata, else 30
  Dialect dialect = Dialect::InfernalMachine;
};

}  // namespace bonebridge::sith
