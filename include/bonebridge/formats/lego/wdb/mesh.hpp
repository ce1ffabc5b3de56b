// SPDX-License-Identifier: MIT
#pragma once
// What the game builds from a LOD's meshes (the WDB "engine"): each mesh's vertices expanded from the packed
// corner indices as Direct3D RM receives them (tgl/d3drm/meshbuilder.cpp CreateMesh), the meshes in the order
// LegoLOD::Read stores them ("inh" meshes last, legolod.cpp), and each mesh's colour as LegoLOD::Read sets
// it.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bonebridge/formats/lego/wdb/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lego::wdb {

struct ExpandedMesh {
  std::vector<std::array<float, 3>> positions;  // the game's axes: left-handed, Y up
  std::vector<std::array<float, 3>> normals;
  std::vector<std::array<float, 2>> uvs;  // empty when the mesh has no UV indices or the LOD no UVs
  std::vector<std::uint32_t> triangles;   // three mesh-vertex indices per polygon, as stored
};

// The mesh's vertices and triangles; an error names the polygon corner and the index that is out of range,
// its offset the corner's byte offset from the mesh's first corner (the corners follow the mesh's two u16
// counts).
Result<ExpandedMesh> expand(const Lod& lod, const Mesh& mesh);

// The meshes of `lod` in the game's order: meshes whose texture or material name starts with "inh"
// (case-insensitively) are stored from the end backwards, the others from the front (LegoLOD::Read).
std::vector<std::size_t> game_order(const Lod& lod);
bool inherits_appearance(const MeshProperties& properties);

// The colour LegoLOD::Read gives an untextured mesh: the alias's RGB when use_alias is set and the material
// names one of the 22 aliases of legoroi.cpp, else the stored RGB and alpha. 0..255 RGB, alpha as stored.
struct MeshColor {
  std::array<std::uint8_t, 3> rgb{};
  float alpha = 0;
};
MeshColor mesh_color(const MeshProperties& properties);

// g_roiColorAliases (isledecomp/isle LEGO1/lego/sources/roi/legoroi.cpp): "lego red" -> (0xcb, 0x12, 0x20).
std::optional<std::array<std::uint8_t, 3>> color_alias(std::string_view name);

}  // namespace bonebridge::lego::wdb
