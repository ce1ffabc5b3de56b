// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/cloth/engine.hpp"

#include <fmt/format.h>

namespace bonebridge::volition::cloth {

EnginePose engine_pose(const cloth::Document& cloth, double seconds) {
  EnginePose pose;
  pose.time = seconds;
  pose.joints.resize(cloth.nodes.size());
  for (std::size_t i = 0; i < cloth.nodes.size(); ++i) {
    EngineJoint& joint = pose.joints[i];
    joint.name = fmt::format("node {}", i);
    joint.parent = -1;
    const auto& node = cloth.nodes[i];
    const auto& p = cloth.layout == ClothLayout::Node36 ? node.local_space_pos : node.pos;
    joint.local = {};
    joint.local.translation = {p.x, p.y, p.z};
    joint.model = joint.local.matrix();
  }
  return pose;
}

}  // namespace bonebridge::volition::cloth
