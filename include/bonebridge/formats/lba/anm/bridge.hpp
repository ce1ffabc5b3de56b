// SPDX-License-Identifier: MIT
#pragma once
// .anm (+ the body it animates) <-> the core model, in the units and frame of frame.hpp.
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/formats/lba/anm/document.hpp"
#include "bonebridge/formats/lba/anm/engine.hpp"
#include "bonebridge/formats/lba/body/document.hpp"
#include "bonebridge/formats/lba/frame.hpp"
#include "bonebridge/formats/lba/settings.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lba::anm {

// Bakes the ideal-clock engine states into LINEAR keys on the engine's tick grid (LBA1: every 50 Hz tick;
// LBA2: every 20 ms plus each keyframe), rotation keys kept in one hemisphere and split to at most 15°.
// Without a body, the placeholder body of engine.hpp gives a flat skeleton at the origin.
Result<CoreConversion> to_core(const anm::Document& animation, const body::Document* body,
                               const BridgeOptions& options);

// A core scene (in glTF's frame) back to an animation: keyframes at the clip's key times rounded to ticks,
// rotations decomposed into the LBA Euler order, translation joints as type 1, step and yaw from the root
// motion (or the root joint). The notes list what could not be kept.
Result<Converted<anm::Document>> from_core(const Scene& scene, const BridgeOptions& options);

}  // namespace bonebridge::lba::anm
