// SPDX-License-Identifier: MIT
#pragma once
// The pose of a crunched rig: its bind pose, which an animation's tracks then override joint by joint.
#include "bonebridge/core/conversion.hpp"
#include "bonebridge/formats/volition/rig/document.hpp"

namespace bonebridge::volition {

namespace rig {
// The kind's one EnginePose fill: the rig's bind pose (identity rotations, rel_bone_translation offsets),
// the same at every time.
EnginePose engine_pose(const rig::Document& rig, double seconds);
}  // namespace rig

// Each joint's model matrix from its local transform and its parent's model matrix; a parent that does
// not precede its child is ignored (the joint is a root).
void compose_model_matrices(EnginePose& pose);

}  // namespace bonebridge::volition
