// SPDX-License-Identifier: MIT
#pragma once
// Plain structs mirroring the Sith engine's .3do model files (research/sith-key.md §3): only what a skeleton
// and its rigid meshes need; every other section is kept as text. Values are kept as the engine stores them.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "bonebridge/formats/sith/dialect.hpp"

namespace bonebridge::sith {

// Face type bits (rdFace flags): the face is drawn from both sides.
inline constexpr std::uint32_t kFaceDoubleSided = 0x1;

struct ModelFace {
  std::int32_t material = 0;                   // a row of the MATERIALS list, -1 for none
  std::uint32_t type = 0;                      // kFaceDoubleSided, ...
  std::vector<std::int32_t> vertices;          // indices into the mesh's vertices, polygon order
  std::vector<std::int32_t> texture_vertices;  // per corner, into the mesh's texture vertices; may be empty
};

struct ModelMesh {
  std::int32_t index = 0;
  std::string name;
  std::vector<std::array<float, 3>> vertices;
  // u, v as stored: in texels in JK's 3DO 2.1, fractions of the texture's size in later versions.
  std::vector<std::array<float, 2>> texture_vertices;
  std::vector<ModelFace> faces;
};

struct HierarchyNode {
  std::int32_t num = 0;
  std::uint32_t flags = 0;
  std::uint32_t type = 0;  // node type bits: 0x1 torso, 0x2 left arm, ... (§2.6)
  std::int32_t mesh = -1;  // index into geoset 0's meshes, -1 for none
  std::int32_t parent = -1;
  std::int32_t child = -1;
  std::int32_t sibling = -1;
  std::int32_t num_children = 0;
  std::array<float, 3> position{};
  std::array<float, 3> rotation{};  // pitch, yaw, roll in degrees
  std::array<float, 3> pivot{};
  std::string name;  // hnodename, as written

  // Where the row sits in the source text, so that an edited hierarchy is written back in place.
  std::size_t source_begin = 0;
  std::size_t source_end = 0;
};

struct ModelContent {
  std::string version;                 // "2.3" from the "3DO 2.3" header line
  std::vector<std::string> materials;  // the MATERIALS list: .mat file names, row order
  std::vector<ModelMesh> meshes;       // geoset 0 (the most detailed level)
  std::vector<HierarchyNode> hierarchy;
};

namespace model {
struct Document {
  ModelContent content;
  std::string source_text;  // every section this project does not model lives only here
  ModelContent source_content;
  std::vector<ReaderNote> notes;
};
}  // namespace model

}  // namespace bonebridge::sith
