// SPDX-License-Identifier: MIT
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "bonebridge/core/clip.hpp"
#include "bonebridge/core/skeleton.hpp"

namespace bonebridge {

// Geometry whose every vertex is rigidly bound to one joint, each position in its joint's local frame (a .3do
// mesh on one joint, an LBA body whose polygons span groups).
struct RigidMesh {
  std::string name;
  int joint = 0;
  std::vector<Vec3> positions;
  std::vector<std::uint32_t> triangles;  // three indices per triangle, counter-clockwise seen from the front
  std::vector<int> vertex_joints;        // a joint per vertex; empty = every vertex on `joint`
  std::vector<Vec3> colors;              // linear RGB in [0, 1] per vertex; empty = uncoloured
  std::vector<std::uint32_t> lines;      // two indices per segment
  // Texture coordinates per vertex, (0, 0) at the image's top-left corner and (1, 1) at its bottom-right, as
  // glTF counts them; empty = untextured. Faces with different materials are different meshes.
  std::vector<std::array<float, 2>> uvs;
  int material = -1;  // into Scene::materials; -1 = a plain matte surface

  int joint_of(std::size_t vertex) const { return vertex_joints.empty() ? joint : vertex_joints[vertex]; }
};

// A picture in 8-bit RGBA, rows from top to bottom.
struct Image {
  std::string name;
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::uint8_t> rgba;  // width * height * 4 bytes
};

// A surface as the game draws it: a base colour, multiplied by an image where there is one.
struct Material {
  enum class Alpha { Opaque, Mask, Blend };
  std::string name;
  std::array<double, 4> base_color{1, 1, 1, 1};  // linear RGBA
  int image = -1;                                // into Scene::images; -1 = the colour alone
  bool nearest = false;                          // texels unfiltered, as palette art is drawn
  Alpha alpha = Alpha::Opaque;
  bool double_sided = false;
};

struct Scene {
  Skeleton skeleton;
  std::vector<Clip> clips;
  std::vector<RigidMesh> meshes;  // when empty, the glTF writer may generate bone shapes
  std::vector<Material> materials;
  std::vector<Image> images;
  std::map<std::string, std::string> metadata;
};

// The scene with its joints in a new order: joint i of the result is joint order[i] of `scene` (`order` a
// permutation that keeps parents before children); parents, channels, visibility and meshes follow.
Scene reorder_joints(const Scene& scene, const std::vector<int>& order);

}  // namespace bonebridge
