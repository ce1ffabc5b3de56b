#include "bonebridge/formats/sith/model/bridge.hpp"

namespace bonebridge::sith {
namespace {

Vec3 as_vec3(const std::array<float, 3>& v) {
  return {v[0], v[1], v[2]};
}

RigidMesh rigid_mesh(const ModelMesh& mesh, const EngineNode& node, int joint) {
  RigidMesh out;
  out.name = mesh.name;
  out.joint = joint;
  out.positions.reserve(mesh.vertices.size());
  // The engine draws a node's mesh with J_n · T(pivot_n): in the joint's frame a vertex sits at v + pivot.
  for (const auto& v : mesh.vertices) out.positions.push_back(as_vec3(v) + as_vec3(node.pivot));
  for (const ModelFace& face : mesh.faces) {
    for (std::size_t i = 1; i + 1 < face.vertices.size(); ++i) {  // polygons as a fan
      for (std::int32_t index : {face.vertices[0], face.vertices[i], face.vertices[i + 1]}) {
        out.triangles.push_back(static_cast<std::uint32_t>(index));
      }
    }
  }
  return out;
}

}  // namespace

std::vector<RigidMesh> model_meshes(const ModelContent& model, const std::vector<EngineNode>& nodes,
                                    const std::vector<int>& core_joint_of) {
  std::vector<RigidMesh> meshes;
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    const std::int32_t mesh = model.hierarchy[n].mesh;
    if (mesh < 0) continue;
    meshes.push_back(rigid_mesh(model.meshes[static_cast<std::size_t>(mesh)], nodes[n], core_joint_of[n]));
  }
  return meshes;
}

}  // namespace bonebridge::sith
