// SPDX-License-Identifier: MIT
#include "bonebridge/formats/animx/animation/skeleton.hpp"

#include <algorithm>

#include "bonebridge/core/axes.hpp"

namespace bonebridge::animx {

char transform_part(const Track& track) {
  if (track.property == "Position" && track.element == ElementType::Float3) return 'T';
  if (track.property == "Rotation" && track.element == ElementType::FloatQ) return 'R';
  if (track.property == "Scale" && track.element == ElementType::Float3) return 'S';
  return 0;
}

std::vector<std::string> joint_names(const animation::Document& document) {
  std::vector<std::string> names;
  const auto add = [&](const Track& track) {
    if (std::find(names.begin(), names.end(), track.node) == names.end()) names.push_back(track.node);
  };
  for (const auto& track : document.tracks) {
    if (transform_part(track)) add(track);
  }
  // A slot whose fields alone are animated (a light's intensity) is still a node of the scene: glTF needs
  // one, and the property tracks name it. After the transform joints, so that their indices stay as they
  // were.
  for (const auto& track : document.tracks) add(track);
  return names;
}

int joint_index(const Skeleton& skeleton, const std::string& name) {
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j) {
    if (skeleton.joints[j].name == name) return static_cast<int>(j);
  }
  return -1;
}

Skeleton clip_skeleton(const animation::Document& document, const std::optional<Skeleton>& gltf_skeleton) {
  Skeleton skeleton;
  if (gltf_skeleton) {
    skeleton = *gltf_skeleton;
    // glTF's frame to Resonite's: the X mirror is its own inverse.
    const auto to_resonite = AxisConversion::mirror_x();
    for (auto& joint : skeleton.joints) joint.rest = to_resonite.transform(joint.rest);
  }
  for (const auto& name : joint_names(document)) {
    if (joint_index(skeleton, name) < 0) skeleton.joints.push_back({name, -1, {}});
  }
  return skeleton;
}

}  // namespace bonebridge::animx
