#include "bonebridge/formats/lba/body/mesh.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "bonebridge/formats/lba/body/codec.hpp"

namespace bonebridge::lba {
namespace {

constexpr std::size_t kPaletteBytes = 768;

Vec3 linear_colour(const Rgb& srgb) {
  const auto channel = [](std::uint8_t v) {
    const double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  };
  return {channel(srgb[0]), channel(srgb[1]), channel(srgb[2])};
}

// The point a stored ×6 reference names, when it names one.
std::optional<std::size_t> point_of(const Body& body, std::uint16_t reference) {
  if (reference % 6 != 0 || reference / 6u >= body.points.size()) return std::nullopt;
  return reference / 6u;
}

class MeshBuilder {
 public:
  MeshBuilder(const Body& body, const Palette& palette) : body_(body), palette_(palette) {
    owner_ = point_owners(body);
    mesh_.name = "body";
  }

  // A vertex at a point, in its owning group's frame, offset by `offset`; nullopt for an unowned point.
  std::optional<std::uint32_t> vertex(std::size_t point, int palette_index, Vec3 offset = {}) {
    if (owner_[point] < 0) return std::nullopt;
    const auto& raw = body_.points[point];
    mesh_.positions.push_back(Vec3{double(raw[0]), double(raw[1]), double(raw[2])} + offset);
    mesh_.vertex_joints.push_back(owner_[point]);
    mesh_.colors.push_back(linear_colour(palette_[static_cast<std::size_t>(palette_index & 0xFF)]));
    return static_cast<std::uint32_t>(mesh_.positions.size() - 1);
  }

  void polygon(const BodyPolygon& polygon, const std::vector<int>& corner_colours) {
    std::vector<std::uint32_t> corners;
    for (std::size_t i = 0; i < polygon.vertices.size(); ++i) {
      const auto point = point_of(body_, polygon.vertices[i].point);
      const auto v = point ? vertex(*point, corner_colours[i]) : std::nullopt;
      if (!v) return;
      corners.push_back(*v);
    }
    for (std::size_t i = 1; i + 1 < corners.size(); ++i)
      mesh_.triangles.insert(mesh_.triangles.end(), {corners[0], corners[i], corners[i + 1]});
  }

  void line(const BodyLine& line) {
    const auto a = point_of(body_, line.point_a), b = point_of(body_, line.point_b);
    if (!a || !b) return;
    const auto va = vertex(*a, line.colour), vb = vertex(*b, line.colour);
    if (va && vb) mesh_.lines.insert(mesh_.lines.end(), {*va, *vb});
  }

  // A latitude-longitude sphere of 6 bands and 8 sectors around the point.
  void sphere(const BodySphere& sphere) {
    constexpr int kBands = 6, kSectors = 8;
    const auto point = point_of(body_, sphere.point);
    if (!point || owner_[*point] < 0) return;
    const double radius = sphere.radius;
    const auto first = static_cast<std::uint32_t>(mesh_.positions.size());
    for (int band = 0; band <= kBands; ++band) {
      const double polar = kPi * band / kBands;
      for (int sector = 0; sector < kSectors; ++sector) {
        const double azimuth = 2 * kPi * sector / kSectors;
        const Vec3 offset{std::sin(polar) * std::cos(azimuth), std::cos(polar),
                          std::sin(polar) * std::sin(azimuth)};
        vertex(*point, sphere.colour & 0xFF, offset * radius);
      }
    }
    const auto at = [&](int band, int sector) {
      return first + static_cast<std::uint32_t>(band * kSectors + sector % kSectors);
    };
    for (int band = 0; band < kBands; ++band) {
      for (int sector = 0; sector < kSectors; ++sector) {
        // The first band's upper edge and the last band's lower edge are single points: one triangle each.
        if (band > 0)
          mesh_.triangles.insert(mesh_.triangles.end(),
                                 {at(band, sector), at(band, sector + 1), at(band + 1, sector + 1)});
        if (band < kBands - 1)
          mesh_.triangles.insert(mesh_.triangles.end(),
                                 {at(band, sector), at(band + 1, sector + 1), at(band + 1, sector)});
      }
    }
  }

  RigidMesh take() { return std::move(mesh_); }

 private:
  const Body& body_;
  const Palette& palette_;
  std::vector<int> owner_;
  RigidMesh mesh_;
};

}  // namespace

Result<Palette> read_palette(std::span<const std::uint8_t> bytes) {
  if (bytes.size() != kPaletteBytes) {
    return Error{"LBA palette",
                 "expected 768 bytes (256 RGB entries), found " + std::to_string(bytes.size()),
                 {},
                 {},
                 {}};
  }
  const bool vga_levels = std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t v) { return v <= 63; });
  Palette palette{};
  for (std::size_t i = 0; i < kPaletteBytes; ++i) {
    const int v = vga_levels ? (bytes[i] * 255 + 31) / 63 : bytes[i];
    palette[i / 3][i % 3] = static_cast<std::uint8_t>(v);
  }
  return palette;
}

Palette placeholder_palette() {
  Palette palette{};
  for (int ramp = 0; ramp < 16; ++ramp) {
    const double hue = ramp / 16.0 * 6.0;
    const double r = std::clamp(std::abs(hue - 3) - 1, 0.0, 1.0);
    const double g = std::clamp(2 - std::abs(hue - 2), 0.0, 1.0);
    const double b = std::clamp(2 - std::abs(hue - 4), 0.0, 1.0);
    for (int step = 0; step < 16; ++step) {
      const double value = 0.25 + 0.75 * step / 15.0;
      palette[static_cast<std::size_t>(ramp * 16 + step)] = {
          static_cast<std::uint8_t>(std::lround(255 * r * value)),
          static_cast<std::uint8_t>(std::lround(255 * g * value)),
          static_cast<std::uint8_t>(std::lround(255 * b * value))};
    }
  }
  return palette;
}

std::vector<std::vector<int>> polygon_palette_indices(const Body& body, const std::vector<int>& intensities) {
  std::vector<std::vector<int>> out;
  if (!body.geometry) return out;
  const auto intensity = [&](std::uint16_t normal) {
    return normal < intensities.size() ? intensities[normal] : 0;
  };
  for (const auto& polygon : body.geometry->polygons) {
    const int base = polygon.colour;
    std::vector<int> corners;
    for (const auto& vertex : polygon.vertices) {
      int index = base;
      switch (polygon_lighting(polygon.material)) {
        case PolygonLighting::Gouraud:
          index += intensity(vertex.normal);
          break;
        case PolygonLighting::Flat:
          index += intensity(polygon.normal);
          break;
        case PolygonLighting::Unlit:
          break;
      }
      corners.push_back(index & 0xFF);
    }
    out.push_back(std::move(corners));
  }
  return out;
}

std::vector<RigidMesh> body_meshes(const Body& body, const Palette& palette, Light light, Variant variant) {
  if (!body.geometry) return {};
  const PosedBody rest = pose_body(body, {}, 0, variant);
  const auto intensities = normal_intensities(body, rest, light_vector(light.alpha, light.beta, variant));
  const auto corner_colours = polygon_palette_indices(body, intensities);
  MeshBuilder builder(body, palette);
  for (std::size_t i = 0; i < body.geometry->polygons.size(); ++i)
    builder.polygon(body.geometry->polygons[i], corner_colours[i]);
  for (const auto& line : body.geometry->lines) builder.line(line);
  for (const auto& sphere : body.geometry->spheres) builder.sphere(sphere);
  RigidMesh mesh = builder.take();
  if (mesh.positions.empty()) return {};
  mesh.joint = mesh.vertex_joints.front();
  return {std::move(mesh)};
}

}  // namespace bonebridge::lba
