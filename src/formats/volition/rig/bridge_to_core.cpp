// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/rig/bridge.hpp"

#include <fmt/format.h>

#include <cmath>

#include "bonebridge/formats/volition/rig/codec.hpp"

namespace bonebridge::volition {
namespace {

Vec3 to_vec3(const RigVec3& v) {
  return {v.x, v.y, v.z};
}

Quat tag_rotation(const RigTag& tag) {
  Mat3 m;
  for (std::size_t i = 0; i < 9; ++i) m.m[i] = tag.rotation[i];  // row i of the file = column i here
  if (std::abs(determinant(m) - 1.0) > 1e-3) return {};
  const Quat q = normalize(to_quat(m));
  return std::isfinite(q.x + q.y + q.z + q.w) ? q : Quat{};
}

}  // namespace

Skeleton rig_skeleton(const rig::Document& rig) {
  Skeleton skeleton;
  for (std::size_t i = 0; i < rig.bones.size(); ++i) {
    Joint joint;
    joint.name = printable(rig_bone_name(rig, i));
    if (joint.name.empty()) joint.name = fmt::format("bone {}", i);
    joint.parent = rig.bones[i].parent < static_cast<int>(i) ? rig.bones[i].parent : -1;
    joint.rest.translation = to_vec3(rig.bones[i].rel_bone_translation);
    skeleton.joints.push_back(std::move(joint));
  }
  for (std::size_t i = 0; i < rig.tags.size(); ++i) {
    Joint joint;
    joint.name = printable(rig_tag_name(rig, i));
    if (joint.name.empty()) joint.name = fmt::format("tag {}", i);
    joint.parent = rig.tags[i].parent < static_cast<int>(rig.bones.size()) ? rig.tags[i].parent : -1;
    joint.rest.translation = to_vec3(rig.tags[i].translation);
    joint.rest.rotation = tag_rotation(rig.tags[i]);
    skeleton.joints.push_back(std::move(joint));
  }
  return skeleton;
}

Result<CoreConversion> rig::to_core(const rig::Document& rig, const AxisConversion& axes) {
  CoreConversion out;
  out.scene.skeleton = rig_skeleton(rig);
  out.conversion = axes;
  for (std::size_t i = 0; i < rig.bones.size(); ++i) out.core_joint_of.push_back(static_cast<int>(i));
  out.notes.push_back("bind pose: crunched rigs store no rotation; every bone rests unrotated");
  if (!rig.tags.empty()) {
    out.notes.push_back(
        "tags are child joints of their bones; the 3x3 rows are read as the images of the x, y "
        "and z axes (assumed)");
  }
  out.notes.push_back("axes: " + axes.description() + " (the engine's frame is not documented; assumed)");
  out.scene.metadata["source"] = "Volition .rig_pc";
  axes.apply(out.scene);
  return out;
}

}  // namespace bonebridge::volition
