// SPDX-License-Identifier: MIT
#pragma once
// Generated geometry that makes a bare skeleton visible: a slim double pyramid from each joint's parent to
// the joint, bound to the parent, and a small marker at every joint, bound to the joint.
#include <vector>

#include "bonebridge/core/scene.hpp"

namespace bonebridge::gltf {

std::vector<RigidMesh> generate_bone_meshes(const Skeleton& skeleton, const std::vector<Mat4>& rest_model);

}  // namespace bonebridge::gltf
