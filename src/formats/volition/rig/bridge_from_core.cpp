// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/rig/bridge.hpp"

#include <utility>

#include "bonebridge/formats/volition/rig/codec.hpp"

namespace bonebridge::volition {

Result<Converted<rig::Document>> rig::from_core(const Skeleton& skeleton, PointerWidth width) {
  std::vector<std::string> notes;
  const std::vector<Mat4> model = rest_model(skeleton);
  std::vector<RigBoneSpec> bones;
  bool rotated = false;
  for (std::size_t i = 0; i < skeleton.joints.size(); ++i) {
    const Vec3 p = model[i].translation();
    bones.push_back({skeleton.joints[i].name,
                     skeleton.joints[i].parent,
                     {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)}});
    rotated = rotated || angle_between(skeleton.joints[i].rest.rotation, Quat{}) > 1e-6;
  }
  if (rotated) {
    notes.push_back(
        "rest rotations are not stored (crunched rigs have none): the bind pose keeps positions only");
  }
  return Converted<rig::Document>{make_rig(width, bones, {}), std::move(notes)};
}

}  // namespace bonebridge::volition
