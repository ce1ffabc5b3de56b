// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "bonebridge/formats/lba/body/lm2_codec.hpp"

namespace bonebridge::lba {
namespace {

constexpr std::uint16_t kLba1Unlit = 0;  // an LBA1 material below 7: the palette colour as stored

std::uint16_t point_reference(std::uint16_t index) {
  return static_cast<std::uint16_t>(index * 6);
}

Error lm2_error(std::string message) {
  return Error{kLm2Format, std::move(message), {}, {}, {}};
}

Result<std::vector<BodyGroup>> groups_from_lm2(const body::Lm2Document& lm2) {
  std::vector<BodyGroup> groups;
  std::size_t first = 0;
  for (std::size_t g = 0; g < lm2.groups.size(); ++g) {
    const Lm2Group& in = lm2.groups[g];
    if (first + in.point_count > lm2.points.size()) {
      return lm2_error(fmt::format("group {} claims points {}..{}, but the body has {} points", g, first,
                                   first + in.point_count, lm2.points.size()));
    }
    for (std::size_t p = first; p < first + in.point_count; ++p) {
      if (lm2.points[p].group != g)
        return lm2_error(fmt::format("point {} belongs to group {}, expected {}", p, lm2.points[p].group, g));
    }
    if (in.pivot >= lm2.points.size() || (in.parent != 0xFFFF && in.parent >= g))
      return lm2_error(
          fmt::format("group {}: pivot point {} or parent {} out of range", g, in.pivot, in.parent));
    BodyGroup out;
    out.first_point = point_reference(static_cast<std::uint16_t>(first));
    out.point_count = in.point_count;
    out.pivot_point = point_reference(in.pivot);
    out.parent = in.parent == 0xFFFF ? std::int16_t{-1} : static_cast<std::int16_t>(in.parent * 38);
    groups.push_back(out);
    first += in.point_count;
  }
  return groups;
}

// A textured record's texture (AFF_OBJ.ASM @@Triangle_Texture_Solid, @@Quad_Texture_Solid): the handle
// (Poly3_HandleText, word 3 of a triangle; Poly4_HandleText, word 14 of a quad) picks a texture record, and
// the corners' MapU/MapV words follow the normal (words 6 on).
Result<PolygonTexture> texture_of(const body::Lm2Document& lm2, std::uint16_t type,
                                  const Lm2Polygon& record) {
  const std::size_t corners = lm2_polygon_corners(type);
  const std::uint16_t handle = record.words[corners == 4 ? 14 : 3];
  if (handle >= lm2.textures.size()) {
    return lm2_error(fmt::format("a polygon of type 0x{:04x} names texture {}, but the body has {}", type,
                                 handle, lm2.textures.size()));
  }
  PolygonTexture texture;
  texture.origin = lm2.textures[handle].origin;
  texture.repeat_mask = lm2.textures[handle].repeat_mask;
  texture.chroma_key = lm2_chroma_keyed(type);
  for (std::size_t c = 0; c < corners; ++c)
    texture.uvs.push_back({record.words[6 + 2 * c], record.words[7 + 2 * c]});
  return texture;
}

Result<BodyGeometry> geometry_from_lm2(const body::Lm2Document& lm2) {
  BodyGeometry geometry;
  for (const auto& section : lm2.sections) {
    const std::size_t corners = lm2_polygon_corners(section.type);
    for (const auto& record : section.polygons) {
      BodyPolygon polygon;
      polygon.material = kLba1Unlit;
      polygon.colour = record.words[4] & 0xFF;  // Poly*_Couleur's low byte: the palette index
      for (std::size_t c = 0; c < corners; ++c)
        polygon.vertices.push_back({point_reference(record.words[c]), 0});
      polygon.environment_mapped = (section.type & kLm2Environment) != 0;
      if (lm2_textured(section.type)) {
        auto texture = texture_of(lm2, section.type, record);
        if (!texture) return texture.error();
        polygon.texture = std::move(*texture);
      }
      geometry.polygons.push_back(std::move(polygon));
    }
  }
  for (const auto& line : lm2.lines) {
    geometry.lines.push_back({0, static_cast<std::uint8_t>(line.colour & 0xFF), 0, point_reference(line.a),
                              point_reference(line.b)});
  }
  for (const auto& sphere : lm2.spheres) {
    geometry.spheres.push_back(
        {0, static_cast<std::uint16_t>(sphere.colour & 0xFF), 0, sphere.b, point_reference(sphere.a)});
  }
  return geometry;
}

std::int16_t clamp16(std::int32_t v) {
  return static_cast<std::int16_t>(std::clamp<std::int32_t>(v, std::numeric_limits<std::int16_t>::min(),
                                                            std::numeric_limits<std::int16_t>::max()));
}

}  // namespace

Result<body::Document> body_from_lm2(const body::Lm2Document& lm2) {
  auto groups = groups_from_lm2(lm2);
  if (!groups) return groups.error();
  body::Document body;
  body.flags = 2;  // INFO_ANIM: the groups are used
  for (std::size_t i = 0; i < 6; ++i) body.bounds[i] = clamp16(lm2.bounds[i]);
  for (const auto& point : lm2.points) body.points.push_back(point.position);
  body.groups = std::move(*groups);
  auto geometry = geometry_from_lm2(lm2);
  if (!geometry) return geometry.error();
  body.geometry = std::move(*geometry);
  return body;
}

}  // namespace bonebridge::lba
