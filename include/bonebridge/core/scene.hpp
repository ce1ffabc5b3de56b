#pragma once
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

  int joint_of(std::size_t vertex) const { return vertex_joints.empty() ? joint : vertex_joints[vertex]; }
};

struct Scene {
  Skeleton skeleton;
  std::vector<Clip> clips;
  std::vector<RigidMesh> meshes;  // when empty, the glTF writer may generate bone shapes
  std::map<std::string, std::string> metadata;
};

}  // namespace bonebridge
