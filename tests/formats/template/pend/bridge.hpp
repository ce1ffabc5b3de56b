// SPDX-License-Identifier: MIT
#pragma once
#include "bonebridge/core/conversion.hpp"
#include "formats/template/pend/document.hpp"
#include "formats/template/settings.hpp"

namespace bonebridge::pendulum::pend {

// Exact: the engine turns linearly in degrees and glTF slerps, which agree on arcs under 180 degrees; each
// arc is cut into pieces of at most 15 degrees (core/bake.hpp) at the engine's own angles, so that players
// that interpolate quaternions component-wise agree too.
Result<CoreConversion> to_core(const Document& document);  // never an error

// The scene's joints as a pendulum: each joint's rest length from its rest translation's -y, its rotation
// keys at whole milliseconds as angles about Z. The notes say what the format cannot hold.
Result<Converted<Document>> from_core(const Scene& scene, const Settings& settings);

}  // namespace bonebridge::pendulum::pend
