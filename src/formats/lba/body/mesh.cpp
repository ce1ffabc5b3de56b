// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/body/mesh.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <tuple>

#include "bonebridge/core/image_cache.hpp"
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
std::optional<std::size_t> point_of(const body::Document& body, std::uint16_t reference) {
  if (reference % 6 != 0 || reference / 6u >= body.points.size()) return std::nullopt;
  return reference / 6u;
}

// The image a texture record shows, as the filler reads it (POLYTEXT.ASM Filler_Texture): texel (u, v) is
// page[origin + ((v·256 + u) & repeat_mask)], in its palette colour; a keyed record leaves texel 0 clear.
// Past the page's end the game reads whatever follows it; here the address wraps to the page's start.
Image texture_image(const TexturePage& page, const Palette& palette, const PolygonTexture& texture,
                    std::string name) {
  Image image{std::move(name), 256, 256, {}};
  image.rgba.reserve(kTexturePageBytes * 4);
  for (unsigned v = 0; v < 256; ++v) {
    for (unsigned u = 0; u < 256; ++u) {
      const std::uint8_t index = page[(texture.origin + ((v << 8 | u) & texture.repeat_mask)) & 0xFFFF];
      const Rgb& rgb = palette[index];
      const std::uint8_t alpha = texture.chroma_key && index == 0 ? 0 : 255;
      image.rgba.insert(image.rgba.end(), {rgb[0], rgb[1], rgb[2], alpha});
    }
  }
  return image;
}

// Every byte texture_image reads: the page, the palette and the record's origin, mask and key; two models
// showing the same record of the same page in the same palette share one decoding (core/image_cache.hpp).
std::vector<std::uint8_t> texture_source(const TexturePage& page, const Palette& palette,
                                         const PolygonTexture& texture) {
  std::vector<std::uint8_t> source(page.begin(), page.end());
  source.reserve(page.size() + palette.size() * 3 + 5);
  for (const Rgb& rgb : palette) source.insert(source.end(), rgb.begin(), rgb.end());
  source.insert(
      source.end(),
      {static_cast<std::uint8_t>(texture.origin & 0xFF), static_cast<std::uint8_t>(texture.origin >> 8),
       static_cast<std::uint8_t>(texture.repeat_mask & 0xFF),
       static_cast<std::uint8_t>(texture.repeat_mask >> 8), static_cast<std::uint8_t>(texture.chroma_key)});
  return source;
}

Image shared_texture_image(const TexturePage& page, const Palette& palette, const PolygonTexture& texture,
                           const std::string& name) {
  auto image = cached_image(texture_source(page, palette, texture), name,
                            [&]() -> Result<Image> { return texture_image(page, palette, texture, name); });
  // texture_image cannot fail, so neither can its cached form.
  return std::move(*image);
}

// MapU/MapV are 8.8 texels (POLY.ASM Calc_TextureLeftSlope shifts them to 16.16; CORRECT_TEXTURE, which
// would add half a texel, is not defined), so texel floor(U / 256) of 256: the glTF coordinate U / 65536
// lands in that texel under nearest filtering.
std::array<float, 2> texture_coordinate(const std::array<std::uint16_t, 2>& uv) {
  return {static_cast<float>(uv[0] / 65536.0), static_cast<float>(uv[1] / 65536.0)};
}

class MeshBuilder {
 public:
  MeshBuilder(const body::Document& body, const Palette& palette, const TexturePage* page)
      : body_(body), palette_(palette), page_(page) {
    owner_ = point_owners(body);
    flat_.name = "body";
  }

  // A vertex at a point, in its owning group's frame, offset by `offset`; nullopt for an unowned point.
  std::optional<std::uint32_t> vertex(RigidMesh& mesh, std::size_t point, Vec3 offset = {}) {
    if (owner_[point] < 0) return std::nullopt;
    const auto& raw = body_.points[point];
    mesh.positions.push_back(Vec3{double(raw[0]), double(raw[1]), double(raw[2])} + offset);
    mesh.vertex_joints.push_back(owner_[point]);
    return static_cast<std::uint32_t>(mesh.positions.size() - 1);
  }

  // A vertex of the flat-coloured mesh, in a palette colour.
  std::optional<std::uint32_t> coloured_vertex(std::size_t point, int palette_index, Vec3 offset = {}) {
    const auto v = vertex(flat_, point, offset);
    if (v) flat_.colors.push_back(linear_colour(palette_[static_cast<std::size_t>(palette_index & 0xFF)]));
    return v;
  }

  void polygon(const BodyPolygon& polygon, const std::vector<int>& corner_colours) {
    const bool textured = page_ && polygon.texture;
    RigidMesh& mesh = textured ? textured_mesh(*polygon.texture) : flat_;
    std::vector<std::uint32_t> corners;
    for (std::size_t i = 0; i < polygon.vertices.size(); ++i) {
      const auto point = point_of(body_, polygon.vertices[i].point);
      if (!point) return;
      const auto v = textured ? vertex(mesh, *point) : coloured_vertex(*point, corner_colours[i]);
      if (!v) return;
      if (textured) mesh.uvs.push_back(texture_coordinate(polygon.texture->uvs[i]));
      corners.push_back(*v);
    }
    for (std::size_t i = 1; i + 1 < corners.size(); ++i)
      mesh.triangles.insert(mesh.triangles.end(), {corners[0], corners[i], corners[i + 1]});
  }

  void line(const BodyLine& line) {
    const auto a = point_of(body_, line.point_a), b = point_of(body_, line.point_b);
    if (!a || !b) return;
    const auto va = coloured_vertex(*a, line.colour), vb = coloured_vertex(*b, line.colour);
    if (va && vb) flat_.lines.insert(flat_.lines.end(), {*va, *vb});
  }

  // A latitude-longitude sphere of 6 bands and 8 sectors around the point.
  void sphere(const BodySphere& sphere) {
    constexpr int kBands = 6, kSectors = 8;
    const auto point = point_of(body_, sphere.point);
    if (!point || owner_[*point] < 0) return;
    const double radius = sphere.radius;
    const auto first = static_cast<std::uint32_t>(flat_.positions.size());
    for (int band = 0; band <= kBands; ++band) {
      const double polar = kPi * band / kBands;
      for (int sector = 0; sector < kSectors; ++sector) {
        const double azimuth = 2 * kPi * sector / kSectors;
        const Vec3 offset{std::sin(polar) * std::cos(azimuth), std::cos(polar),
                          std::sin(polar) * std::sin(azimuth)};
        coloured_vertex(*point, sphere.colour & 0xFF, offset * radius);
      }
    }
    const auto at = [&](int band, int sector) {
      return first + static_cast<std::uint32_t>(band * kSectors + sector % kSectors);
    };
    for (int band = 0; band < kBands; ++band) {
      for (int sector = 0; sector < kSectors; ++sector) {
        // The first band's upper edge and the last band's lower edge are single points: one triangle each.
        if (band > 0)
          flat_.triangles.insert(flat_.triangles.end(),
                                 {at(band, sector), at(band, sector + 1), at(band + 1, sector + 1)});
        if (band < kBands - 1)
          flat_.triangles.insert(flat_.triangles.end(),
                                 {at(band, sector), at(band + 1, sector + 1), at(band + 1, sector)});
      }
    }
  }

  // The flat mesh first, then one mesh per texture record; meshes without a vertex are left out.
  BodyDrawing take() {
    BodyDrawing out;
    out.materials = std::move(materials_);
    out.images = std::move(images_);
    out.notes = std::move(notes_);
    out.meshes.push_back(std::move(flat_));
    for (auto& mesh : textured_) out.meshes.push_back(std::move(mesh));
    std::erase_if(out.meshes, [](const RigidMesh& mesh) { return mesh.positions.empty(); });
    for (auto& mesh : out.meshes) mesh.joint = mesh.vertex_joints.front();
    return out;
  }

 private:
  // The mesh of a texture record, its material and image made on first use.
  RigidMesh& textured_mesh(const PolygonTexture& texture) {
    const auto key = std::tuple(texture.origin, texture.repeat_mask, texture.chroma_key);
    if (const auto found = mesh_of_.find(key); found != mesh_of_.end()) return textured_[found->second];
    const std::string name = fmt::format("texture_{:04x}_{:04x}{}", texture.origin, texture.repeat_mask,
                                         texture.chroma_key ? "_keyed" : "");
    if (texture.origin + texture.repeat_mask > 0xFFFF) {
      notes_.push_back(
          fmt::format("{} reaches past the 64 KB texture page, where the game reads whatever "
                      "follows it; those texels wrap to the page's start here",
                      name));
    }
    images_.push_back(shared_texture_image(*page_, palette_, texture, name));
    Material material;
    material.name = name;
    material.image = static_cast<int>(images_.size() - 1);
    material.nearest = true;
    if (texture.chroma_key) material.alpha = Material::Alpha::Mask;
    materials_.push_back(std::move(material));
    RigidMesh mesh;
    mesh.name = "body_" + name;
    mesh.material = static_cast<int>(materials_.size() - 1);
    mesh_of_.emplace(key, textured_.size());
    textured_.push_back(std::move(mesh));
    return textured_.back();
  }

  const body::Document& body_;
  const Palette& palette_;
  const TexturePage* page_;
  std::vector<int> owner_;
  RigidMesh flat_;
  std::vector<RigidMesh> textured_;  // textured_[i] uses materials_[i]
  std::map<std::tuple<std::uint16_t, std::uint16_t, bool>, std::size_t> mesh_of_;
  std::vector<Material> materials_;
  std::vector<Image> images_;
  std::vector<std::string> notes_;
};

// What the textured and environment-mapped polygons became.
std::vector<std::string> surface_notes(const body::Document& body, bool has_page) {
  std::size_t textured = 0, environment = 0;
  for (const auto& polygon : body.geometry->polygons) {
    textured += polygon.texture.has_value();
    environment += polygon.environment_mapped;
  }
  std::vector<std::string> notes;
  if (textured > 0 && !has_page) {
    notes.push_back(
        fmt::format("the body has {} textured polygons, drawn flat in their colour (give the LBA2 "
                    "texture page, RESS.HQR:6, with --texture-page)",
                    textured));
  } else if (textured > 0) {
    notes.push_back(
        fmt::format("{} textured polygons show the texture page's texels unshaded (the game shades "
                    "the lit texture types through its colour tables)",
                    textured));
  } else if (has_page) {
    notes.push_back("the texture page is unused: the body has no textured polygons");
  }
  if (environment > 0) {
    notes.push_back(
        fmt::format("{} environment-mapped polygons are drawn flat in their colour (the game maps "
                    "them from their normals as the object turns)",
                    environment));
  }
  return notes;
}

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

std::vector<std::vector<int>> polygon_palette_indices(const body::Document& body,
                                                      const std::vector<int>& intensities) {
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

Result<TexturePage> read_texture_page(std::span<const std::uint8_t> bytes) {
  if (bytes.size() != kTexturePageBytes) {
    return Error{
        "LBA2 texture page",
        fmt::format("expected {} bytes (256×256 palette indices), found {}", kTexturePageBytes, bytes.size()),
        {},
        {},
        {}};
  }
  return TexturePage(bytes.begin(), bytes.end());
}

BodyDrawing body_drawing(const body::Document& body, const Palette& palette, const TexturePage* page,
                         Light light, Variant variant) {
  if (!body.geometry) return {};
  const PosedBody rest = pose_body(body, {}, {}, variant);
  const auto intensities = normal_intensities(body, rest, light_vector(light.alpha, light.beta, variant));
  const auto corner_colours = polygon_palette_indices(body, intensities);
  MeshBuilder builder(body, palette, page);
  for (std::size_t i = 0; i < body.geometry->polygons.size(); ++i)
    builder.polygon(body.geometry->polygons[i], corner_colours[i]);
  for (const auto& line : body.geometry->lines) builder.line(line);
  for (const auto& sphere : body.geometry->spheres) builder.sphere(sphere);
  BodyDrawing drawing = builder.take();
  for (auto& note : surface_notes(body, page != nullptr)) drawing.notes.push_back(std::move(note));
  return drawing;
}

}  // namespace bonebridge::lba
