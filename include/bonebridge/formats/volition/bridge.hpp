#pragma once
// Volition documents <-> the core model. Rotations stay LINEAR (the engine's assumed shortest-path slerp
// is glTF's), with consecutive keys kept in one hemisphere and long segments split so that Blender's
// component-wise nlerp stays close; translations LINEAR; times frames / fps -> seconds.
#include <string>
#include <vector>

#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/scene.hpp"
#include "bonebridge/formats/volition/anim_engine.hpp"
#include "bonebridge/formats/volition/rig_document.hpp"

namespace bonebridge::volition {

// The engine's frame is not documented in the notes; identity is the default, "mirror-x" (left-handed
// Y-up, as Direct3D titles usually are) is offered as an option. Both are assumptions.
AxisConversion volition_axes(const std::string& name);

// The rig's bind pose as a skeleton: bones (identity rotation, rel_bone_translation), then each tag as a
// child joint of its bone (rotation rows read as the images of the axes, assumed).
Skeleton rig_skeleton(const RigDocument& rig);

CoreConversion rig_to_core(const RigDocument& rig, const AxisConversion& axes);
// Without a rig the joints are the tracks, unparented, with zero rest offsets (noted).
CoreConversion anim_to_core(const AnimDocument& anim, const RigDocument* rig, const AnimSettings& settings,
                            const AxisConversion& axes, const std::string& clip_name);

// Largest angle between consecutive rotation keys the bridge leaves unsplit (radians, ~15 degrees).
inline constexpr double kMaxRotationSegment = 15.0 * 3.14159265358979323846 / 180.0;

}  // namespace bonebridge::volition
