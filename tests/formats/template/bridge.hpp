// SPDX-License-Identifier: MIT
#pragma once
#include <cstddef>

#include "bonebridge/core/conversion.hpp"
#include "formats/template/document.hpp"

namespace bonebridge::pendulum {

struct Settings {
  std::size_t clip = 0;  // which clip of a scene to write
};

// Exact: the engine turns linearly in degrees and glTF slerps, which agree on arcs under 180 degrees; each
// arc is cut into pieces of at most 15 degrees (core/bake.hpp) at the engine's own angles, so that players
// that interpolate quaternions component-wise agree too.
CoreConversion to_core(const Document& document);

// The scene's joints as a pendulum: each joint's rest length from its rest translation's -y, its rotation
// keys at whole milliseconds as angles about Z. The notes say what the format cannot hold.
Result<Converted<Document>> from_core(const Scene& scene, const Settings& settings);

}  // namespace bonebridge::pendulum
