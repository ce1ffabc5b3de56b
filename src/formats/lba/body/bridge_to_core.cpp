// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/body/bridge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "bonebridge/formats/lba/body/engine.hpp"
#include "bonebridge/formats/lba/body/mesh.hpp"

namespace bonebridge::lba {
namespace {

Vec3 as_vec(const std::array<std::int16_t, 3>& v) {
  return {double(v[0]), double(v[1]), double(v[2])};
}

// Bind position of every point: assembled[i] = raw[i] + assembled[pivot of i's group] (§2.5).
std::vector<Vec3> assembled_points(const body::Document& body) {
  std::vector<Vec3> out(body.points.size());
  const auto owner = point_owners(body);
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    const auto& group = body.groups[g];
    const std::size_t pivot = group.pivot_point / 6;
    const Vec3 base = parent_index(group, g) >= 0 && pivot < out.size() ? out[pivot] : Vec3{};
    const std::size_t first = group.first_point / 6;
    for (std::size_t p = first; p < first + group.point_count && p < out.size(); ++p) {
      if (owner[p] == static_cast<int>(g)) out[p] = base + as_vec(body.points[p]);
    }
  }
  return out;
}

}  // namespace

// A joint's offset from its parent's origin: the pivot's stored point when the parent owns the pivot
// (the engine's rule), otherwise the bind-pose difference.
std::vector<Vec3> pivot_offsets(const body::Document& body) {
  std::vector<Vec3> offsets(body.groups.size());
  const auto owner = point_owners(body);
  const auto assembled = assembled_points(body);
  std::vector<Vec3> origin(body.groups.size());
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    const int parent = parent_index(body.groups[g], g);
    const std::size_t pivot = body.groups[g].pivot_point / 6;
    if (parent < 0 || pivot >= body.points.size()) continue;
    origin[g] = assembled[pivot];
    offsets[g] = owner[pivot] == parent ? as_vec(body.points[pivot]) : assembled[pivot] - origin[parent];
  }
  return offsets;
}

std::string joint_name(std::size_t group) {
  return group == 0 ? std::string("root") : fmt::format("group_{}", group);
}

Skeleton body_skeleton(const body::Document& body, Variant variant) {
  Skeleton skeleton;
  const auto offsets = pivot_offsets(body);
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    const auto& group = body.groups[g];
    Joint joint;
    joint.name = joint_name(g);
    joint.parent = parent_index(group, g);
    joint.rest.translation = offsets[g];
    if (joint.parent >= 0 && group.type == 0) {
      joint.rest.rotation = euler_to_quat(group.angles[0], group.angles[1], group.angles[2], variant);
    } else if (joint.parent >= 0 && group.type == 1) {
      joint.rest.translation =
          offsets[g] + Vec3{double(group.angles[0]), double(group.angles[1]), double(group.angles[2])};
    }
    skeleton.joints.push_back(joint);
  }
  return skeleton;
}

std::vector<RigidMesh> body_markers(const body::Document& body, double marker_size) {
  std::vector<RigidMesh> meshes;
  const auto owner = point_owners(body);
  const Vec3 axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  const std::uint32_t faces[8][3] = {{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4},
                                     {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}};
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    RigidMesh mesh;
    mesh.name = joint_name(g) + "_points";
    mesh.joint = static_cast<int>(g);
    for (std::size_t p = 0; p < body.points.size(); ++p) {
      if (owner[p] != static_cast<int>(g)) continue;
      const auto base = static_cast<std::uint32_t>(mesh.positions.size());
      for (const Vec3& axis : axes) mesh.positions.push_back(as_vec(body.points[p]) + axis * marker_size);
      for (const auto& face : faces) {
        for (const auto corner : face) mesh.triangles.push_back(base + corner);
      }
    }
    if (!mesh.positions.empty()) meshes.push_back(std::move(mesh));
  }
  return meshes;
}

Result<CoreConversion> body::to_core(const body::Document& stored, const BridgeOptions& options) {
  const body::Document body = posable_body(stored);
  CoreConversion out;
  out.scene.skeleton = body_skeleton(body, options.variant);
  if (body.geometry) {
    const TexturePage* page = options.texture_page ? &*options.texture_page : nullptr;
    BodyDrawing drawing = body_drawing(body, options.palette.value_or(placeholder_palette()), page,
                                       options.light, options.variant);
    out.scene.meshes = std::move(drawing.meshes);
    out.scene.materials = std::move(drawing.materials);
    out.scene.images = std::move(drawing.images);
    out.notes.insert(out.notes.end(), drawing.notes.begin(), drawing.notes.end());
    out.notes.push_back(fmt::format(
        "body colours: {}, lit at the rest pose by SetLightVector({}, {}, 0) with an identity world matrix",
        options.palette ? "the given palette" : "a placeholder palette (give the game's with --palette)",
        options.light.alpha, options.light.beta));
  } else {
    double extent = 0;
    for (std::size_t i = 0; i < 3; ++i)
      extent = std::max(extent, double(body.bounds[2 * i + 1] - body.bounds[2 * i]));
    out.scene.meshes = body_markers(body, std::max(2.0, extent / 150));
    out.notes.push_back("the body's drawing data did not decode (" + body.geometry_error +
                        "): each vertex is shown as a small marker rigidly bound to its group");
  }
  out.conversion = lba_to_gltf(options.unit_scale);
  out.conversion.apply(out.scene);
  for (std::size_t g = 0; g < body.groups.size(); ++g) out.core_joint_of.push_back(static_cast<int>(g));
  return out;
}

}  // namespace bonebridge::lba
