// SPDX-License-Identifier: MIT
#pragma once
// The .3do's share of a conversion to the core model (the skeleton itself is built with the KEY's motion, in
// key/bridge.hpp): geoset 0's meshes, each bound rigidly to the joint of the hierarchy row that draws it, in
// game units and axes; with their materials, the faces textured as the game draws them.
#include <optional>
#include <string>
#include <vector>

#include "bonebridge/core/scene.hpp"
#include "bonebridge/formats/sith/colormap/document.hpp"
#include "bonebridge/formats/sith/material/document.hpp"
#include "bonebridge/formats/sith/model/document.hpp"
#include "bonebridge/formats/sith/model/engine.hpp"

namespace bonebridge::sith {

// The mesh of every hierarchy row that has one, as the engine draws it (J_n · T(pivot_n)): vertices offset by
// the row's pivot, polygons as triangle fans, no materials. `core_joint_of` gives the core joint of each
// engine node.
std::vector<RigidMesh> model_meshes(const ModelContent& model, const std::vector<EngineNode>& nodes,
                                    const std::vector<int>& core_joint_of);

// What the model's MATERIALS rows were found to be.
struct ModelSurfaces {
  std::vector<std::optional<material::Document>>
      materials;                              // by MATERIALS row; nullopt: missing or unreadable
  std::optional<colormap::Document> palette;  // for 8-bit materials
  std::vector<std::string> notes;             // what was missing or unreadable, by name
};

struct ModelLook {
  std::vector<RigidMesh> meshes;
  std::vector<Material> materials;
  std::vector<Image> images;
  std::vector<std::string> notes;
};

// model_meshes, textured: one RigidMesh per (node mesh, material), a vertex per (vertex, texture vertex)
// pair; a core material per MATERIALS row and double-sidedness, with cel 0 of the row's .mat as its image
// (or its flat colour). UVs are the texture vertices as stored (IJIM's 3DO 2.2/2.3 store fractions with V
// counted down from the top row, often negative: glTF's repeat wrapping draws them as the game does), divided
// by the cel's size in 3DO 2.1 (JK stores texels).
ModelLook model_look(const ModelContent& model, const std::vector<EngineNode>& nodes,
                     const std::vector<int>& core_joint_of, const ModelSurfaces& surfaces);

}  // namespace bonebridge::sith
