// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/body/codec.hpp"

#include <fmt/format.h>

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::lba {
namespace {

constexpr std::size_t kBodyGroupSize = 38;

BodyPolygon parse_polygon(ByteReader& reader) {
  BodyPolygon polygon;
  polygon.material = reader.u8("polygon material");
  const std::size_t count_offset = reader.offset();
  const std::uint8_t vertex_count = reader.u8("polygon vertex count");
  if (vertex_count == 0) {
    reader.fail_at(
        count_offset,
        "expected a polygon vertex count of 1 or more, found 0 (the renderer would read 256 vertices)");
  }
  polygon.colour = reader.u16("polygon colour");
  const PolygonLighting lighting = polygon_lighting(polygon.material);
  const bool gouraud = lighting == PolygonLighting::Gouraud;
  if (lighting == PolygonLighting::Flat) polygon.normal = reader.u16("polygon face normal");
  reader.count(vertex_count, gouraud ? 4 : 2, "polygon vertices");
  polygon.vertices.resize(vertex_count);
  for (auto& vertex : polygon.vertices) {
    if (gouraud) vertex.normal = reader.u16("polygon vertex normal");
    vertex.point = reader.u16("polygon vertex point");
  }
  return polygon;
}

BodyGeometry parse_geometry(ByteReader& reader) {
  BodyGeometry geometry;
  geometry.normals.resize(reader.count(reader.u16("normal count"), 8, "normals"));
  for (auto& normal : geometry.normals) {
    for (auto& v : normal.vector) v = reader.s16("normal vector");
    normal.range = reader.s16("normal range");
  }
  const std::size_t polygon_count = reader.count(reader.u16("polygon count"), 6, "polygons");
  geometry.polygons.reserve(polygon_count);
  for (std::size_t i = 0; i < polygon_count; ++i) geometry.polygons.push_back(parse_polygon(reader));
  geometry.lines.resize(reader.count(reader.u16("line count"), 8, "lines"));
  for (auto& line : geometry.lines) {
    line.material = reader.u8("line material");
    line.colour = reader.u8("line colour");
    line.unknown = reader.u16("line field +2");
    line.point_a = reader.u16("line point");
    line.point_b = reader.u16("line point");
  }
  geometry.spheres.resize(reader.count(reader.u16("sphere count"), 8, "spheres"));
  for (auto& sphere : geometry.spheres) {
    sphere.material = reader.u8("sphere material");
    sphere.colour = reader.u16("sphere colour");
    sphere.unknown = reader.u8("sphere field +3");
    sphere.radius = reader.u16("sphere radius");
    sphere.point = reader.u16("sphere point");
  }
  const auto trailing = reader.rest();
  geometry.trailing.assign(trailing.begin(), trailing.end());
  return geometry;
}

void parse_skeleton(ByteReader& reader, body::Document& body) {
  body.flags = reader.u16("body flags");
  for (auto& bound : body.bounds) bound = reader.s16("bounding box");
  const std::uint16_t info_size = reader.u16("info size");
  const auto info = reader.bytes(info_size, "info area");
  body.info.assign(info.begin(), info.end());
  const std::size_t point_count = reader.count(reader.u16("point count"), 6, "points");
  body.points.reserve(point_count);
  for (std::size_t i = 0; i < point_count; ++i) {
    std::array<std::int16_t, 3> point{};
    for (auto& v : point) v = reader.s16("point coordinate");
    body.points.push_back(point);
  }
  // Only animatable bodies store groups; the static renderer (RotateNuage) goes straight to the normals.
  if (!is_animatable(body)) return;
  const std::size_t group_count = reader.count(reader.u16("group count"), kBodyGroupSize, "groups");
  body.groups.reserve(group_count);
  for (std::size_t i = 0; i < group_count; ++i) {
    BodyGroup group;
    group.first_point = reader.u16("group first point");
    group.point_count = reader.u16("group point count");
    group.pivot_point = reader.u16("group pivot point");
    group.parent = reader.s16("group parent");
    group.type = reader.u16("group type");
    for (auto& angle : group.angles) angle = reader.s16("group rest angle");
    group.unknown16 = reader.u16("group field +16");
    group.normal_count = reader.u16("group normal count");
    for (auto& v : group.matrix) v = reader.s16("group matrix");
    body.groups.push_back(group);
  }
}

body::Document parse_body(ByteReader& reader) {
  body::Document body;
  parse_skeleton(reader, body);
  const std::size_t drawing_start = reader.offset();
  try {
    body.geometry = parse_geometry(reader);
  } catch (const FormatError& error) {
    body.geometry_error = error.error().to_string();
    reader.seek(drawing_start, "drawing data");
    const auto undecoded = reader.rest();
    body.undecoded.assign(undecoded.begin(), undecoded.end());
  }
  return body;
}

void write_groups(ByteWriter& out, const std::vector<BodyGroup>& groups) {
  out.u16(static_cast<std::uint16_t>(groups.size()));
  for (const auto& group : groups) {
    out.u16(group.first_point);
    out.u16(group.point_count);
    out.u16(group.pivot_point);
    out.s16(group.parent);
    out.u16(group.type);
    for (const auto angle : group.angles) out.s16(angle);
    out.u16(group.unknown16);
    out.u16(group.normal_count);
    for (const auto v : group.matrix) out.s16(v);
  }
}

void write_polygon(ByteWriter& out, const BodyPolygon& polygon) {
  out.u8(polygon.material);
  out.u8(static_cast<std::uint8_t>(polygon.vertices.size()));
  out.u16(polygon.colour);
  const PolygonLighting lighting = polygon_lighting(polygon.material);
  const bool gouraud = lighting == PolygonLighting::Gouraud;
  if (lighting == PolygonLighting::Flat) out.u16(polygon.normal);
  for (const auto& vertex : polygon.vertices) {
    if (gouraud) out.u16(vertex.normal);
    out.u16(vertex.point);
  }
}

void write_geometry(ByteWriter& out, const BodyGeometry& geometry) {
  out.u16(static_cast<std::uint16_t>(geometry.normals.size()));
  for (const auto& normal : geometry.normals) {
    for (const auto v : normal.vector) out.s16(v);
    out.s16(normal.range);
  }
  out.u16(static_cast<std::uint16_t>(geometry.polygons.size()));
  for (const auto& polygon : geometry.polygons) write_polygon(out, polygon);
  out.u16(static_cast<std::uint16_t>(geometry.lines.size()));
  for (const auto& line : geometry.lines) {
    out.u8(line.material);
    out.u8(line.colour);
    out.u16(line.unknown);
    out.u16(line.point_a);
    out.u16(line.point_b);
  }
  out.u16(static_cast<std::uint16_t>(geometry.spheres.size()));
  for (const auto& sphere : geometry.spheres) {
    out.u8(sphere.material);
    out.u16(sphere.colour);
    out.u8(sphere.unknown);
    out.u16(sphere.radius);
    out.u16(sphere.point);
  }
  out.bytes(geometry.trailing);
}

}  // namespace

Result<body::Document> body::read(std::span<const std::uint8_t> bytes) {
  return capture(kBodyFormat, [&] {
    ByteReader reader(bytes, kBodyFormat);
    return parse_body(reader);
  });
}

std::vector<std::uint8_t> body::write(const body::Document& body) {
  ByteWriter out;
  out.u16(body.flags);
  for (const auto bound : body.bounds) out.s16(bound);
  out.u16(static_cast<std::uint16_t>(body.info.size()));
  out.bytes(body.info);
  out.u16(static_cast<std::uint16_t>(body.points.size()));
  for (const auto& point : body.points) {
    for (const auto v : point) out.s16(v);
  }
  if (is_animatable(body)) write_groups(out, body.groups);
  if (body.geometry)
    write_geometry(out, *body.geometry);
  else
    out.bytes(body.undecoded);
  return std::move(out).take();
}

std::size_t polygon_record_size(const BodyPolygon& polygon) {
  const PolygonLighting lighting = polygon_lighting(polygon.material);
  return 4 + (lighting == PolygonLighting::Flat ? 2 : 0) +
         polygon.vertices.size() * (lighting == PolygonLighting::Gouraud ? 4 : 2);
}

}  // namespace bonebridge::lba
