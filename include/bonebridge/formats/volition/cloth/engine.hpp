// SPDX-License-Identifier: MIT
#pragma once
// The pose of a cloth setup: its rest state. No solver is reproduced, so the pose is the same at every time.
#include "bonebridge/core/conversion.hpp"
#include "bonebridge/formats/volition/cloth/document.hpp"

namespace bonebridge::volition::cloth {

// The kind's one EnginePose fill: one unparented joint per node, at its local_space_pos, or at pos in the
// node32 layout, which has no other.
EnginePose engine_pose(const cloth::Document& cloth, double seconds);

}  // namespace bonebridge::volition::cloth
