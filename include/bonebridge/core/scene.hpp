#pragma once
#include <map>
#include <string>
#include <vector>

#include "bonebridge/core/clip.hpp"
#include "bonebridge/core/skeleton.hpp"

namespace bonebridge {

// Geometry rigidly bound to one joint, positions in that joint's local frame (a .3do mesh, an LBA body part).
struct RigidMesh {
  std::string name;
  int joint = 0;
  std::vector<Vec3> positions;
  std::vector<std::uint32_t> triangles;  // three indices per triangle
};

struct Scene {
  Skeleton skeleton;
  std::vector<Clip> clips;
  std::vector<RigidMesh> meshes;  // when empty, the glTF writer may generate bone shapes
  std::map<std::string, std::string> metadata;
};

}  // namespace bonebridge
