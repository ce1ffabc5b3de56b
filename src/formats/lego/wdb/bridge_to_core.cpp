// SPDX-License-Identifier: MIT
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "bonebridge/core/image_cache.hpp"
#include "bonebridge/core/text.hpp"
#include "bonebridge/formats/lego/wdb/bridge.hpp"
#include "bonebridge/formats/lego/wdb/codec.hpp"
#include "bonebridge/formats/lego/wdb/mesh.hpp"

namespace bonebridge::lego::wdb {
namespace {

// A neutral grey for "inh" meshes no actor colours (the game would leave them as the file has them).
constexpr std::array<std::uint8_t, 3> kNeutral{0x82, 0x82, 0x82};  // "lego lt grey"

// The name a texture is registered under: lower case, '^' removed (LegoPartPresenter::Read).
std::string registered_name(const std::string& stored) {
  return fold_case(stored.starts_with('^') ? std::string_view(stored).substr(1) : std::string_view(stored));
}

void add_textures(TextureLibrary& library, const std::vector<Texture>& textures) {
  for (const auto& texture : textures) {
    // The container keeps the first texture registered under a name (TextureContainer()->Get before Add).
    library.try_emplace(registered_name(texture.name), texture.second ? &*texture.second : &texture.image);
  }
}

double srgb_to_linear(std::uint8_t value) {
  const double c = value / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

bonebridge::Image to_rgba(const std::string& name, const wdb::Image& image) {
  bonebridge::Image out{name, image.width, image.height, {}};
  out.rgba.reserve(image.pixels.size() * 4);
  for (const std::uint8_t index : image.pixels) {
    const auto rgb =
        index < image.palette.size() ? image.palette[index] : std::array<std::uint8_t, 3>{0, 0, 0};
    out.rgba.insert(out.rgba.end(), {rgb[0], rgb[1], rgb[2], 255});
  }
  return out;
}

// Every byte to_rgba reads: the size, the palette (with its length) and the pixels; parts and models that
// show the same image share one decoding per run (core/image_cache.hpp).
std::vector<std::uint8_t> image_source(const wdb::Image& image) {
  std::vector<std::uint8_t> source;
  source.reserve(12 + image.palette.size() * 3 + image.pixels.size());
  for (const std::uint64_t field :
       {std::uint64_t{image.width}, std::uint64_t{image.height}, std::uint64_t{image.palette.size()}}) {
    for (int shift = 0; shift < 32; shift += 8) source.push_back(static_cast<std::uint8_t>(field >> shift));
  }
  for (const auto& rgb : image.palette) source.insert(source.end(), rgb.begin(), rgb.end());
  source.insert(source.end(), image.pixels.begin(), image.pixels.end());
  return source;
}

int image_index(Scene& scene, const std::string& name, const wdb::Image& image) {
  for (std::size_t i = 0; i < scene.images.size(); ++i)
    if (scene.images[i].name == name) return static_cast<int>(i);
  auto shared = cached_image(image_source(image), name,
                             [&]() -> Result<bonebridge::Image> { return to_rgba(name, image); });
  // to_rgba cannot fail, so neither can its cached form.
  scene.images.push_back(std::move(*shared));
  return static_cast<int>(scene.images.size() - 1);
}

int material_index(Scene& scene, Material material) {
  for (std::size_t i = 0; i < scene.materials.size(); ++i) {
    const Material& m = scene.materials[i];
    if (m.name == material.name && m.base_color == material.base_color && m.image == material.image)
      return static_cast<int>(i);
  }
  scene.materials.push_back(std::move(material));
  return static_cast<int>(scene.materials.size() - 1);
}

Material color_material(const std::array<std::uint8_t, 3>& rgb, float alpha) {
  Material material;
  material.name = fmt::format("lego #{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]);
  // Alpha <= 0 is opaque (tgl/d3drm/mesh.cpp SetColor).
  const double opacity = alpha > 0 && alpha < 1 ? alpha : 1.0;
  material.base_color = {srgb_to_linear(rgb[0]), srgb_to_linear(rgb[1]), srgb_to_linear(rgb[2]), opacity};
  if (opacity < 1) material.alpha = Material::Alpha::Blend;
  return material;
}

// The material of one mesh: its texture when the library has it, else its colour.
int mesh_material(Scene& scene, const MeshProperties& properties, const TextureLibrary& textures,
                  const InheritedLook* look, const std::string& where, std::vector<std::string>& notes) {
  const bool textured = !properties.texture_name.empty();
  if (inherits_appearance(properties)) {
    if (look == nullptr) {
      notes.push_back(
          fmt::format("{}: an \"inh\" mesh, coloured by the actor that wears it; neutral grey here", where));
      return material_index(scene, color_material(kNeutral, 0));
    }
    if (textured && look->texture) {
      const auto it = textures.find(fold_case(*look->texture));
      if (it != textures.end()) {
        Material material;
        material.name = *look->texture;
        material.image = image_index(scene, it->first, *it->second);
        material.nearest = true;
        return material_index(scene, std::move(material));
      }
      notes.push_back(
          fmt::format("{}: the actor's texture \"{}\" is not in the file", where, *look->texture));
    }
    if (!textured && look->rgb) return material_index(scene, color_material(*look->rgb, 0));
    return material_index(scene, color_material(kNeutral, 0));
  }
  if (textured) {
    const auto it = textures.find(fold_case(properties.texture_name));
    if (it != textures.end()) {
      Material material;
      material.name = properties.texture_name;
      material.image = image_index(scene, it->first, *it->second);
      material.nearest = true;
      return material_index(scene, std::move(material));
    }
    notes.push_back(fmt::format("{}: texture \"{}\" is not in the file; drawn in its colour", where,
                                properties.texture_name));
  }
  const MeshColor color = mesh_color(properties);
  return material_index(scene, color_material(color.rgb, color.alpha));
}

nlohmann::json lod_summary(const Roi& roi) {
  nlohmann::json lods = nlohmann::json::array();
  for (const auto& lod : roi.lods) {
    std::size_t vertices = 0;
    for (const auto& mesh : lod.meshes) vertices += mesh.vertex_count;
    lods.push_back({{"flags", lod.flags}, {"meshes", lod.meshes.size()}, {"vertices", vertices}});
  }
  return lods;
}

}  // namespace

TextureLibrary texture_library(const Document& document) {
  TextureLibrary library;
  add_textures(library, document.global_textures);
  add_textures(library, document.global_parts.textures);
  for (const auto& blob : document.blobs) {
    if (const auto* part = std::get_if<PartBlob>(&blob.content)) add_textures(library, part->textures);
    if (const auto* model = std::get_if<ModelBlob>(&blob.content); model && !model->skip_textures)
      add_textures(library, model->textures);
  }
  return library;
}

const Roi* find_part(const Document& document, std::string_view name) {
  const std::string wanted = fold_case(name);
  for (const auto& roi : document.global_parts.rois)
    if (fold_case(roi.name) == wanted) return &roi;
  for (const auto& blob : document.blobs) {
    if (const auto* part = std::get_if<PartBlob>(&blob.content)) {
      for (const auto& roi : part->rois)
        if (fold_case(roi.name) == wanted) return &roi;
    }
  }
  return nullptr;
}

std::vector<std::string> part_names(const Document& document) {
  std::vector<std::string> names;
  const auto add = [&](const PartBlob& blob) {
    for (const auto& roi : blob.rois)
      if (std::find(names.begin(), names.end(), roi.name) == names.end()) names.push_back(roi.name);
  };
  add(document.global_parts);
  for (const auto& blob : document.blobs)
    if (const auto* part = std::get_if<PartBlob>(&blob.content)) add(*part);
  return names;
}

void add_lod(Scene& scene, int joint, const Lod& lod, const std::string& part, const TextureLibrary& textures,
             const InheritedLook* look, std::vector<std::string>& notes) {
  for (const std::size_t index : game_order(lod)) {
    const Mesh& mesh = lod.meshes[index];
    const std::string where = fmt::format("part \"{}\" mesh {}", part, index);
    auto expanded = expand(lod, mesh);
    if (!expanded.ok()) {
      notes.push_back(fmt::format("{}: skipped: {}", where, expanded.error().message));
      continue;
    }
    RigidMesh out;
    out.name = fmt::format("{}/{}", part, index);
    out.joint = joint;
    for (const auto& p : expanded->positions) out.positions.push_back({p[0], p[1], p[2]});
    out.triangles = std::move(expanded->triangles);
    out.material = mesh_material(scene, mesh.properties, textures, look, where, notes);
    if (scene.materials[static_cast<std::size_t>(out.material)].image >= 0)
      out.uvs = std::move(expanded->uvs);
    scene.meshes.push_back(std::move(out));
  }
}

Result<CoreConversion> to_core(const Document& document, std::string_view part_name) {
  const Roi* roi = find_part(document, part_name);
  if (roi == nullptr) return Error{kFormatName, fmt::format("no part named \"{}\"", part_name), {}, {}, {}};
  CoreConversion result;
  result.scene.skeleton.joints.push_back({roi->name, -1, {}});
  if (roi->lods.empty()) {
    result.notes.push_back(fmt::format("part \"{}\" has no LOD", roi->name));
  } else {
    add_lod(result.scene, 0, roi->lods.back(), roi->name, texture_library(document), nullptr, result.notes);
  }
  result.scene.metadata["lego.wdb.part"] = roi->name;
  result.scene.metadata["lego.wdb.lods"] = lod_summary(*roi).dump();
  result.notes.push_back(
      fmt::format("part \"{}\": the most detailed of its {} LODs (the last); the others are "
                  "listed in scene metadata lego.wdb.lods",
                  roi->name, roi->lods.size()));
  result.conversion = AxisConversion::mirror_x();
  result.conversion.apply(result.scene);
  return result;
}

}  // namespace bonebridge::lego::wdb
