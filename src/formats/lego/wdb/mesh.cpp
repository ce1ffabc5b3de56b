// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/wdb/mesh.hpp"
#include "bonebridge/core/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "bonebridge/formats/lego/wdb/codec.hpp"

namespace bonebridge::lego::wdb {
namespace {

struct ColorAlias {
  std::string_view name;
  std::array<std::uint8_t, 3> rgb;
};

// g_roiColorAliases[22], isledecomp/isle @ 2614373c LEGO1/lego/sources/roi/legoroi.cpp lines 29-40 (every
// alpha there is 0).
constexpr std::array<ColorAlias, 22> kColorAliases{{
    {"lego black", {0x21, 0x21, 0x21}},       {"lego black f", {0x21, 0x21, 0x21}},
    {"lego black flat", {0x21, 0x21, 0x21}},  {"lego blue", {0x00, 0x54, 0x8c}},
    {"lego blue flat", {0x00, 0x54, 0x8c}},   {"lego brown", {0x4a, 0x23, 0x1a}},
    {"lego brown flt", {0x4a, 0x23, 0x1a}},   {"lego brown flat", {0x4a, 0x23, 0x1a}},
    {"lego drk grey", {0x40, 0x40, 0x40}},    {"lego drk grey flt", {0x40, 0x40, 0x40}},
    {"lego dk grey flt", {0x40, 0x40, 0x40}}, {"lego green", {0x00, 0x78, 0x2d}},
    {"lego green flat", {0x00, 0x78, 0x2d}},  {"lego lt grey", {0x82, 0x82, 0x82}},
    {"lego lt grey flt", {0x82, 0x82, 0x82}}, {"lego lt grey fla", {0x82, 0x82, 0x82}},
    {"lego red", {0xcb, 0x12, 0x20}},         {"lego red flat", {0xcb, 0x12, 0x20}},
    {"lego white", {0xfa, 0xfa, 0xfa}},       {"lego white flat", {0xfa, 0xfa, 0xfa}},
    {"lego yellow", {0xff, 0xb9, 0x00}},      {"lego yellow flat", {0xff, 0xb9, 0x00}},
}};

bool has_inh_prefix(std::string_view name) {
  return name.size() >= 3 && equal_folded(name.substr(0, 3), "inh");
}

}  // namespace

Result<ExpandedMesh> expand(const Lod& lod, const Mesh& mesh) {
  ExpandedMesh out;
  const bool textured = mesh.uv_index_count > 0 && !lod.uvs.empty();
  const std::size_t corners = mesh.polygons.size() * 3;
  out.triangles.reserve(corners);
  for (std::size_t i = 0; i < corners; ++i) {
    const std::uint32_t packed = mesh.polygons[i / 3][i % 3];
    const std::uint32_t low = packed & 0xFFFF;
    const auto fail = [&](std::string what) -> Error {
      return Error{kFormatName, fmt::format("polygon {} corner {}: {}", i / 3, i % 3, what), 4 * i, {}, {}};
    };
    if ((packed & kCreateVertex) == 0) {
      if (low >= out.positions.size())
        return fail(
            fmt::format("reuses mesh vertex {}, but only {} exist so far", low, out.positions.size()));
      out.triangles.push_back(low);
      continue;
    }
    const std::uint32_t normal = (packed >> 16) & kCountMask;
    if (low >= lod.positions.size())
      return fail(fmt::format("position {} is beyond the LOD's {} positions", low, lod.positions.size()));
    if (normal >= lod.normals.size())
      return fail(fmt::format("normal {} is beyond the LOD's {} normals", normal, lod.normals.size()));
    out.triangles.push_back(static_cast<std::uint32_t>(out.positions.size()));
    out.positions.push_back(lod.positions[low]);
    out.normals.push_back(lod.normals[normal]);
    if (textured) {
      const std::uint32_t uv = mesh.uv_indices[i / 3][i % 3];
      if (uv >= lod.uvs.size())
        return fail(fmt::format("UV {} is beyond the LOD's {} UVs", uv, lod.uvs.size()));
      out.uvs.push_back(lod.uvs[uv]);
    }
  }
  if (out.positions.size() != mesh.vertex_count) {
    return Error{kFormatName,
                 fmt::format("the corners create {} vertices, the mesh says {}", out.positions.size(),
                             mesh.vertex_count),
                 {},
                 {},
                 {}};
  }
  return out;
}

bool inherits_appearance(const MeshProperties& properties) {
  return has_inh_prefix(properties.texture_name) || has_inh_prefix(properties.material_name);
}

std::vector<std::size_t> game_order(const Lod& lod) {
  std::vector<std::size_t> order(lod.meshes.size());
  std::size_t forwards = 0;
  std::size_t backwards = lod.meshes.size();
  for (std::size_t i = 0; i < lod.meshes.size(); ++i) {
    if (inherits_appearance(lod.meshes[i].properties)) {
      order[--backwards] = i;
    } else {
      order[forwards++] = i;
    }
  }
  return order;
}

std::optional<std::array<std::uint8_t, 3>> color_alias(std::string_view name) {
  for (const auto& alias : kColorAliases) {
    if (equal_folded(alias.name, name)) return alias.rgb;
  }
  return std::nullopt;
}

MeshColor mesh_color(const MeshProperties& properties) {
  if (properties.use_alias) {
    // LegoLOD::Read starts from magenta with alpha 0 and keeps it when the alias is unknown.
    return {color_alias(properties.material_name).value_or(std::array<std::uint8_t, 3>{255, 0, 255}), 0};
  }
  return {properties.color, properties.alpha};
}

}  // namespace bonebridge::lego::wdb
