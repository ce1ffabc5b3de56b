// SPDX-License-Identifier: MIT
#include "bonebridge/core/skeleton.hpp"

namespace bonebridge {

void local_to_model(const Skeleton& skeleton, const std::vector<Transform>& locals,
                    std::vector<Mat4>& model) {
  model.resize(skeleton.joints.size());
  for (std::size_t i = 0; i < skeleton.joints.size(); ++i) {
    const int parent = skeleton.joints[i].parent;
    model[i] = parent < 0 ? locals[i].matrix() : model[static_cast<std::size_t>(parent)] * locals[i].matrix();
  }
}

std::vector<Mat4> rest_model(const Skeleton& skeleton) {
  std::vector<Transform> rest;
  for (const auto& joint : skeleton.joints) rest.push_back(joint.rest);
  std::vector<Mat4> model;
  local_to_model(skeleton, rest, model);
  return model;
}

bool is_topologically_ordered(const Skeleton& skeleton) {
  for (std::size_t i = 0; i < skeleton.joints.size(); ++i) {
    const int parent = skeleton.joints[i].parent;
    if (parent < -1 || parent >= static_cast<int>(i)) return false;
  }
  return true;
}

}  // namespace bonebridge
