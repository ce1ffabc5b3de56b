// SPDX-License-Identifier: MIT
#include "bone_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bonebridge::gltf {
namespace {

// Any unit vector perpendicular to `d`.
Vec3 perpendicular(Vec3 d) {
  const Vec3 helper = std::abs(d.y) < 0.9 ? Vec3{0, 1, 0} : Vec3{1, 0, 0};
  const Vec3 p = cross(d, helper);
  return p * (1.0 / length(p));
}

// A double pyramid from `head` to `tail` in the frame of the joint it is bound to; `to_local` maps
// model-space rest positions into that frame.
RigidMesh bone_shape(const std::string& name, int joint, Vec3 head, Vec3 tail, double width,
                     const Mat4& to_local) {
  const Vec3 axis = tail - head;
  const Vec3 d = axis * (1.0 / length(axis));
  const Vec3 u = perpendicular(d);
  const Vec3 v = cross(d, u);
  const Vec3 waist = head + axis * 0.2;
  RigidMesh mesh;
  mesh.name = name;
  mesh.joint = joint;
  for (const Vec3 p :
       {head, waist + u * width, waist + v * width, waist - u * width, waist - v * width, tail}) {
    mesh.positions.push_back(transform_point(to_local, p));
  }
  mesh.triangles = {0, 2, 1, 0, 3, 2, 0, 4, 3, 0, 1, 4, 5, 1, 2, 5, 2, 3, 5, 3, 4, 5, 4, 1};
  return mesh;
}

RigidMesh joint_marker(const std::string& name, int joint, double size) {
  RigidMesh mesh;
  mesh.name = name;
  mesh.joint = joint;
  mesh.positions = {{size, 0, 0}, {-size, 0, 0}, {0, size, 0}, {0, -size, 0}, {0, 0, size}, {0, 0, -size}};
  mesh.triangles = {0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5};
  return mesh;
}

double skeleton_size(const std::vector<Mat4>& rest_model) {
  Vec3 low{std::numeric_limits<double>::max(), std::numeric_limits<double>::max(),
           std::numeric_limits<double>::max()};
  Vec3 high = low * -1.0;
  for (const auto& m : rest_model) {
    const Vec3 p = m.translation();
    low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
    high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
  }
  const double size = rest_model.empty() ? 0 : distance(low, high);
  return size > 0 ? size : 1.0;
}

}  // namespace

std::vector<RigidMesh> generate_bone_meshes(const Skeleton& skeleton, const std::vector<Mat4>& rest_model) {
  const double size = skeleton_size(rest_model);
  std::vector<RigidMesh> meshes;
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j) {
    const auto& joint = skeleton.joints[j];
    meshes.push_back(joint_marker(joint.name + " marker", static_cast<int>(j), size * 0.01));
    if (joint.parent < 0) continue;
    const auto parent = static_cast<std::size_t>(joint.parent);
    const Vec3 head = rest_model[parent].translation(), tail = rest_model[j].translation();
    const double bone_length = distance(head, tail);
    if (bone_length < size * 1e-4) continue;
    meshes.push_back(bone_shape(joint.name + " bone", joint.parent, head, tail,
                                std::min(bone_length * 0.1, size * 0.02),
                                inverse_affine(rest_model[parent])));
  }
  return meshes;
}

}  // namespace bonebridge::gltf
