// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <map>
#include <utility>

#include "bonebridge/formats/sith/material/bridge.hpp"
#include "bonebridge/formats/sith/model/bridge.hpp"

namespace bonebridge::sith {
namespace {

// Polygon corners as a triangle fan: (0, i, i + 1).
template <class Corner>
void fan(std::size_t corners, Corner&& corner) {
  for (std::size_t i = 1; i + 1 < corners; ++i) {
    for (std::size_t c : {std::size_t{0}, i, i + 1}) corner(c);
  }
}

RigidMesh rigid_mesh(const ModelMesh& mesh, const EngineNode& node, int joint) {
  RigidMesh out;
  out.name = mesh.name;
  out.joint = joint;
  out.positions.reserve(mesh.vertices.size());
  // The engine draws a node's mesh with J_n · T(pivot_n): in the joint's frame a vertex sits at v + pivot.
  for (const auto& v : mesh.vertices) out.positions.push_back(to_vec3(v) + to_vec3(node.pivot));
  for (const ModelFace& face : mesh.faces) {
    fan(face.vertices.size(),
        [&](std::size_t c) { out.triangles.push_back(static_cast<std::uint32_t>(face.vertices[c])); });
  }
  return out;
}

// How one MATERIALS row is drawn.
struct RowLook {
  int image = -1;
  std::array<float, 2> uv_scale{1, 1};
  Material material;  // name, colour, image, alpha, filtering (double-sidedness is the face's: see add_mesh)
};

class LookBuilder {
 public:
  LookBuilder(const ModelContent& model, const ModelSurfaces& surfaces) : model_(model), surfaces_(surfaces) {
    look_.notes = surfaces.notes;
  }

  void add_mesh(const ModelMesh& mesh, const EngineNode& node, int joint) {
    std::map<int, std::size_t> group_of_material;  // core material -> index into look_.meshes
    // Per group: the group vertex of each (vertex, texture vertex) pair already added.
    std::map<std::size_t, std::map<std::pair<std::int32_t, std::int32_t>, std::uint32_t>> corners_of_group;
    for (const ModelFace& face : mesh.faces) {
      const int material = core_material(face);
      auto [at, added] = group_of_material.try_emplace(material, look_.meshes.size());
      if (added) look_.meshes.push_back(empty_group(mesh, joint, material));
      RigidMesh& group = look_.meshes[at->second];
      auto& corners = corners_of_group[at->second];
      const RowLook* row = row_of(face);
      const bool textured = row && row->image >= 0;
      if (textured && face.texture_vertices.size() != face.vertices.size()) ++faces_without_uvs_;
      const std::size_t first = group.triangles.size();
      fan(face.vertices.size(), [&](std::size_t c) {
        const std::int32_t uv = textured && c < face.texture_vertices.size() ? face.texture_vertices[c] : -1;
        const auto [slot, fresh] = corners.try_emplace({face.vertices[c], uv}, group.positions.size());
        if (fresh) add_corner(group, mesh, node, face.vertices[c], uv, textured ? row : nullptr);
        group.triangles.push_back(slot->second);
      });
      // A double-sided face (flag 0x1) is drawn from behind too: its triangles again, wound the other way, so
      // that each .mat stays one material whichever faces use it.
      if ((face.type & kFaceDoubleSided) != 0) {
        for (std::size_t t = first, end = group.triangles.size(); t < end; t += 3)
          group.triangles.insert(group.triangles.end(),
                                 {group.triangles[t], group.triangles[t + 2], group.triangles[t + 1]});
      }
    }
  }

  ModelLook finish() && {
    if (!look_.images.empty())
      look_.notes.push_back(fmt::format(
          "each textured material shows cel 0 of its .mat at the largest mip level{}",
          more_cels_ > 0 ? fmt::format(" ({} hold more cels, not exported)", more_cels_) : std::string()));
    if (faces_without_uvs_ > 0)
      look_.notes.push_back(
          fmt::format("{} textured faces without a texture vertex per corner: those corners "
                      "show the texture's top-left texel",
                      faces_without_uvs_));
    if (bad_uvs_ > 0)
      look_.notes.push_back(
          fmt::format("{} face corners name a texture vertex the mesh lacks: drawn at (0, 0)", bad_uvs_));
    return std::move(look_);
  }

 private:
  RigidMesh empty_group(const ModelMesh& mesh, int joint, int material) const {
    RigidMesh group;
    group.name = mesh.name;
    group.joint = joint;
    group.material = material;
    return group;
  }

  void add_corner(RigidMesh& group, const ModelMesh& mesh, const EngineNode& node, std::int32_t vertex,
                  std::int32_t uv, const RowLook* row) {
    // The engine draws a node's mesh with J_n · T(pivot_n): in the joint's frame a vertex sits at v + pivot.
    group.positions.push_back(to_vec3(mesh.vertices[static_cast<std::size_t>(vertex)]) + to_vec3(node.pivot));
    if (!row) return;
    std::array<float, 2> at{0, 0};
    if (uv >= 0 && static_cast<std::size_t>(uv) < mesh.texture_vertices.size()) {
      const auto& stored = mesh.texture_vertices[static_cast<std::size_t>(uv)];
      at = {stored[0] * row->uv_scale[0], stored[1] * row->uv_scale[1]};
    } else if (uv >= 0) {
      ++bad_uvs_;
    }
    group.uvs.push_back(at);
  }

  const RowLook* row_of(const ModelFace& face) {
    if (face.material < 0 || static_cast<std::size_t>(face.material) >= model_.materials.size())
      return nullptr;
    const auto row = static_cast<std::size_t>(face.material);
    if (auto it = rows_.find(row); it != rows_.end()) return &it->second;
    return &rows_.emplace(row, make_row(row)).first->second;
  }

  // -1 (the plain matte surface) for faces with no material or a row past the list.
  int core_material(const ModelFace& face) {
    const RowLook* row = row_of(face);
    if (!row) return -1;
    if (auto it = materials_.find(face.material); it != materials_.end()) return it->second;
    look_.materials.push_back(row->material);
    return materials_[face.material] = static_cast<int>(look_.materials.size() - 1);
  }

  RowLook make_row(std::size_t row) {
    RowLook look;
    const std::string& name = model_.materials[row];
    look.material.name = name;
    const std::optional<material::Document>* found =
        row < surfaces_.materials.size() ? &surfaces_.materials[row] : nullptr;
    if (!found || !*found) {
      look.material.base_color = {0.5, 0.5, 0.5, 1};  // the notes name the missing file
      return look;
    }
    const material::Document& mat = **found;
    const colormap::Document* palette = surfaces_.palette ? &*surfaces_.palette : nullptr;
    if (mat.cels.empty()) {
      look.material.base_color = mat_flat_color(mat, palette);
      return look;
    }
    auto image = shared_cel(mat, 0, palette, name.substr(0, name.rfind('.')));
    if (!image) {
      look_.notes.push_back(fmt::format("{}: {}; drawn grey", name, image.error().message));
      look.material.base_color = {0.5, 0.5, 0.5, 1};
      return look;
    }
    if (model_.version == "2.1")
      look.uv_scale = {static_cast<float>(1.0 / image->width), static_cast<float>(1.0 / image->height)};
    if (mat.cels.size() > 1) ++more_cels_;
    look.material.alpha = mat_alpha(mat);
    look.material.nearest = mat.header.format.bits_per_pixel == 8;  // palette art, unfiltered as in JK
    look.material.image = look.image = static_cast<int>(look_.images.size());
    look_.images.push_back(std::move(image).value());
    return look;
  }

  const ModelContent& model_;
  const ModelSurfaces& surfaces_;
  ModelLook look_;
  std::map<std::size_t, RowLook> rows_;
  std::map<std::int32_t, int> materials_;
  std::size_t faces_without_uvs_ = 0;
  std::size_t bad_uvs_ = 0;
  std::size_t more_cels_ = 0;
};

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

ModelLook model_look(const ModelContent& model, const std::vector<EngineNode>& nodes,
                     const std::vector<int>& core_joint_of, const ModelSurfaces& surfaces) {
  LookBuilder builder(model, surfaces);
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    const std::int32_t mesh = model.hierarchy[n].mesh;
    if (mesh >= 0) builder.add_mesh(model.meshes[static_cast<std::size_t>(mesh)], nodes[n], core_joint_of[n]);
  }
  return std::move(builder).finish();
}

}  // namespace bonebridge::sith
