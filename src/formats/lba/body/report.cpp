// SPDX-License-Identifier: MIT
#include "report.hpp"

#include <fmt/format.h>

#include <numeric>

#include "bonebridge/formats/lba/body/codec.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"

namespace bonebridge::lba {
namespace {

using nlohmann::json;

Diagnostic diagnostic_at(std::size_t offset, std::string message, bool error = true) {
  return {error, Error{kBodyFormat, std::move(message), offset, {}, {}}};
}

class GeometryChecker {
 public:
  GeometryChecker(const body::Document& body, std::vector<Diagnostic>& out) : body_(body), out_(out) {}

  void point(std::size_t offset, const char* what, std::uint16_t reference) {
    if (reference % 6 == 0 && reference / 6u < body_.points.size()) return;
    out_.push_back(diagnostic_at(offset, fmt::format("{}: expected a point reference (×6) below {}, found {}",
                                                     what, 6 * body_.points.size(), reference)));
  }

  void normal(std::size_t offset, const char* what, std::uint16_t index) {
    if (index < body_.geometry->normals.size()) return;
    out_.push_back(diagnostic_at(offset, fmt::format("{}: expected a normal index below {}, found {}", what,
                                                     body_.geometry->normals.size(), index)));
  }

  // Each section takes the offset of its count and returns the offset after its records.
  std::size_t normals(std::size_t offset) {
    const auto& normals = body_.geometry->normals;
    const std::size_t consumed =
        std::accumulate(body_.groups.begin(), body_.groups.end(), std::size_t{0},
                        [](std::size_t sum, const BodyGroup& g) { return sum + g.normal_count; });
    if (is_animatable(body_) && consumed != normals.size())
      out_.push_back(
          diagnostic_at(offset,
                        fmt::format("the groups light {} normals but {} are stored; the renderer walks the "
                                    "groups' counts",
                                    consumed, normals.size()),
                        false));
    for (std::size_t i = 0; i < normals.size(); ++i) {
      if (normals[i].range == 0)
        out_.push_back(diagnostic_at(offset + 2 + 8 * i + 6, "normal range 0: the game divides by it"));
    }
    return offset + 2 + 8 * normals.size();
  }

  std::size_t polygons(std::size_t offset) {
    offset += 2;
    for (const auto& polygon : body_.geometry->polygons) {
      const PolygonLighting lighting = polygon_lighting(polygon.material);
      const bool gouraud = lighting == PolygonLighting::Gouraud;
      if (lighting == PolygonLighting::Flat) normal(offset + 4, "polygon face normal", polygon.normal);
      if (polygon.vertices.size() < 3)
        out_.push_back(diagnostic_at(
            offset + 1, fmt::format("polygon: {} vertices, fewer than a face needs", polygon.vertices.size()),
            false));
      std::size_t cursor = offset + 4 + (lighting == PolygonLighting::Flat ? 2 : 0);
      for (const auto& vertex : polygon.vertices) {
        if (gouraud) normal(cursor, "polygon vertex normal", vertex.normal);
        cursor += gouraud ? 2 : 0;
        point(cursor, "polygon vertex", vertex.point);
        cursor += 2;
      }
      offset += polygon_record_size(polygon);
    }
    return offset;
  }

  std::size_t lines(std::size_t offset) {
    offset += 2;
    for (const auto& line : body_.geometry->lines) {
      point(offset + 4, "line", line.point_a);
      point(offset + 6, "line", line.point_b);
      offset += 8;
    }
    return offset;
  }

  void spheres(std::size_t offset) {
    offset += 2;
    for (const auto& sphere : body_.geometry->spheres) {
      point(offset + 6, "sphere", sphere.point);
      offset += 8;
    }
  }

  void run() { spheres(lines(polygons(normals(body_drawing_offset(body_))))); }

 private:
  const body::Document& body_;
  std::vector<Diagnostic>& out_;
};

void check_geometry(const body::Document& body, std::vector<Diagnostic>& out) {
  if (!body.geometry) {
    out.push_back(diagnostic_at(body_drawing_offset(body),
                                "drawing data not decoded, kept as stored: " + body.geometry_error, false));
    return;
  }
  GeometryChecker(body, out).run();
}

json geometry_json(const BodyGeometry& geometry) {
  json normals = json::array(), polygons = json::array(), lines = json::array(), spheres = json::array();
  for (const auto& n : geometry.normals) normals.push_back({{"vector", n.vector}, {"range", n.range}});
  for (const auto& p : geometry.polygons) {
    json vertices = json::array();
    for (const auto& v : p.vertices) vertices.push_back({{"point_x6", v.point}, {"normal", v.normal}});
    polygons.push_back(
        {{"material", p.material}, {"colour", p.colour}, {"normal", p.normal}, {"vertices", vertices}});
  }
  for (const auto& l : geometry.lines) {
    lines.push_back({{"material", l.material},
                     {"colour", l.colour},
                     {"field_2", l.unknown},
                     {"point_a_x6", l.point_a},
                     {"point_b_x6", l.point_b}});
  }
  for (const auto& s : geometry.spheres) {
    spheres.push_back({{"material", s.material},
                       {"colour", s.colour},
                       {"field_3", s.unknown},
                       {"radius", s.radius},
                       {"point_x6", s.point}});
  }
  return {{"normals", normals},
          {"polygons", polygons},
          {"lines", lines},
          {"spheres", spheres},
          {"trailing", geometry.trailing}};
}

}  // namespace

std::vector<Error> body_problems(const body::Document& body) {
  std::vector<Error> problems;
  const auto problem = [&](std::size_t offset, std::string message) {
    problems.push_back(Error{kBodyFormat, std::move(message), offset, {}, {}});
  };
  const std::size_t groups_offset = body_groups_offset(body);
  if (is_animatable(body) && body.groups.empty())
    problem(groups_offset, "expected at least one group, found 0");
  std::vector<int> owner(body.points.size(), -1);
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    const auto& group = body.groups[g];
    const std::size_t record = groups_offset + 2 + 38 * g;
    const std::size_t first = group.first_point / 6;
    if (group.first_point % 6 != 0 || first + group.point_count > body.points.size()) {
      problem(record, fmt::format("group {}: points {}..+{} (×6: {}) lie outside the {} points", g, first,
                                  group.point_count, group.first_point, body.points.size()));
    }
    if (g > 0 && parent_index(group, g) < 0) {
      problem(record + 6,
              fmt::format("group {}: parent field {} is not 38 × an earlier group", g, group.parent));
    }
    const std::size_t pivot = group.pivot_point / 6;
    if (g > 0 && (group.pivot_point % 6 != 0 || pivot >= body.points.size() || owner[pivot] < 0)) {
      problem(record + 4,
              fmt::format("group {}: pivot point {} is not a point of an earlier group", g, pivot));
    }
    for (std::size_t p = first; p < std::min(first + group.point_count, body.points.size()); ++p) {
      if (owner[p] < 0) owner[p] = static_cast<int>(g);
    }
  }
  return problems;
}

std::vector<Diagnostic> check_body(const body::Document& body) {
  std::vector<Diagnostic> out;
  for (auto& problem : body_problems(body)) out.push_back({true, std::move(problem)});
  if (body.groups.size() > 30)
    out.push_back(diagnostic_at(
        0, fmt::format("{} groups: the LBA1 engine keeps 30 matrices", body.groups.size()), false));
  if (body.points.size() > 500)
    out.push_back(
        diagnostic_at(0, fmt::format("{} points: the LBA1 renderer handles 500", body.points.size()), false));
  if (!is_animatable(body))
    out.push_back(
        diagnostic_at(0, "flags lack INFO_ANIM (2): a static body, which no animation moves", false));
  check_geometry(body, out);
  return out;
}

json body_json(const body::Document& body) {
  json groups = json::array();
  for (const auto& g : body.groups) {
    groups.push_back({{"first_point_x6", g.first_point},
                      {"point_count", g.point_count},
                      {"pivot_point_x6", g.pivot_point},
                      {"parent_x38", g.parent},
                      {"type", g.type},
                      {"angles", g.angles},
                      {"field_16", g.unknown16},
                      {"normal_count", g.normal_count},
                      {"matrix_q14", g.matrix}});
  }
  json out = {{"flags", body.flags},
              {"bounds", body.bounds},
              {"info", body.info},
              {"points", body.points},
              {"groups", groups}};
  if (body.geometry) {
    out["geometry"] = geometry_json(*body.geometry);
  } else {
    out["undecoded_drawing_bytes"] = body.undecoded.size();
    out["drawing_error"] = body.geometry_error;
  }
  return out;
}

bool recognisable_body(const body::Document& body) {
  return body.geometry && body_problems(body).empty();
}

}  // namespace bonebridge::lba
