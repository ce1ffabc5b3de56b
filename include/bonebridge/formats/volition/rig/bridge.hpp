// SPDX-License-Identifier: MIT
#pragma once
// Crunched rig <-> the core model: the bind pose as a skeleton, with the tags as child joints.
#include <string>
#include <vector>

#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/skeleton.hpp"
#include "bonebridge/formats/volition/rig/document.hpp"

namespace bonebridge::volition {

// The rig's bind pose as a skeleton: bones (identity rotation, rel_bone_translation), then each tag as a
// child joint of its bone (rotation rows read as the images of the axes, assumed).
Skeleton rig_skeleton(const rig::Document& rig);

namespace rig {
Result<CoreConversion> to_core(const rig::Document& rig, const AxisConversion& axes);  // never an error

// A crunched rig from a core skeleton: bind positions from the rest pose in model space, names hashed.
// Rest rotations cannot be stored (crunched rigs have none); the notes say so. Never an error.
Result<Converted<rig::Document>> from_core(const Skeleton& skeleton, PointerWidth width);
}  // namespace rig

}  // namespace bonebridge::volition
