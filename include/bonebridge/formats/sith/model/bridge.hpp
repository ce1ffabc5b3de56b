#pragma once
// The .3do's share of a conversion to the core model (the skeleton itself is built with the KEY's motion, in
// key/bridge.hpp): geoset 0's meshes, each bound rigidly to the joint of the hierarchy row that draws it, in
// game units and axes.
#include <vector>

#include "bonebridge/core/scene.hpp"
#include "bonebridge/formats/sith/model/document.hpp"
#include "bonebridge/formats/sith/model/engine.hpp"

namespace bonebridge::sith {

// The mesh of every hierarchy row that has one, as the engine draws it (J_n · T(pivot_n)): vertices offset by
// the row's pivot, polygons as triangle fans. `core_joint_of` gives the core joint of each engine node.
std::vector<RigidMesh> model_meshes(const ModelContent& model, const std::vector<EngineNode>& nodes,
                                    const std::vector<int>& core_joint_of);

}  // namespace bonebridge::sith
