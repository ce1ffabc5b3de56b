// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/rig/engine.hpp"

#include "bonebridge/formats/volition/rig/codec.hpp"

namespace bonebridge::volition {

EnginePose rig::engine_pose(const rig::Document& rig, double seconds) {
  EnginePose pose;
  pose.time = seconds;
  for (std::size_t i = 0; i < rig.bones.size(); ++i) {
    EngineJoint joint;
    joint.name = rig_bone_name(rig, i);
    joint.parent = rig.bones[i].parent;
    const RigVec3& offset = rig.bones[i].rel_bone_translation;
    joint.local.translation = {offset.x, offset.y, offset.z};
    pose.joints.push_back(std::move(joint));
  }
  compose_model_matrices(pose);
  return pose;
}

void compose_model_matrices(EnginePose& pose) {
  for (std::size_t i = 0; i < pose.joints.size(); ++i) {
    auto& joint = pose.joints[i];
    const Mat4 local = joint.local.matrix();
    const bool has_parent = joint.parent >= 0 && static_cast<std::size_t>(joint.parent) < i;
    joint.model = has_parent ? pose.joints[static_cast<std::size_t>(joint.parent)].model * local : local;
  }
}

}  // namespace bonebridge::volition
