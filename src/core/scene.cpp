// SPDX-License-Identifier: MIT
#include "bonebridge/core/scene.hpp"

namespace bonebridge {

Scene reorder_joints(const Scene& scene, const std::vector<int>& order) {
  std::vector<int> new_index(order.size(), -1);
  for (std::size_t i = 0; i < order.size(); ++i)
    new_index[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
  const auto renumber = [&](int joint) {
    return joint < 0 ? joint : new_index[static_cast<std::size_t>(joint)];
  };
  Scene out = scene;
  out.skeleton.joints.clear();
  for (const int old : order) {
    Joint joint = scene.skeleton.joints[static_cast<std::size_t>(old)];
    joint.parent = renumber(joint.parent);
    out.skeleton.joints.push_back(std::move(joint));
  }
  for (auto& clip : out.clips) {
    for (auto& channels : clip.joints) channels.joint = renumber(channels.joint);
    for (auto& track : clip.visibility) track.joint = renumber(track.joint);
  }
  for (auto& mesh : out.meshes) {
    mesh.joint = renumber(mesh.joint);
    for (int& joint : mesh.vertex_joints) joint = renumber(joint);
  }
  return out;
}

}  // namespace bonebridge
