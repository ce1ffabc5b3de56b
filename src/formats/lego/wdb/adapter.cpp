// SPDX-License-Identifier: MIT
#include "adapter.hpp"

#include <fmt/format.h>

#include "bonebridge/formats/lego/settings.hpp"
#include "bonebridge/formats/lego/wdb/bridge.hpp"
#include "bonebridge/formats/lego/wdb/character.hpp"
#include "bonebridge/formats/lego/wdb/codec.hpp"
#include "bonebridge/formats/lego/wdb/mesh.hpp"

namespace bonebridge::lego::wdb {
namespace {

using nlohmann::json;

std::string hex(std::span<const std::uint8_t> bytes) {
  std::string text;
  for (const auto b : bytes) text += fmt::format("{:02x}", b);
  return text;
}

// Stored names are 8-bit text; dumped byte for byte as Latin-1 so that JSON always gets valid UTF-8.
std::string text(std::string_view stored) {
  std::string out;
  for (const char c : stored) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80) {
      out += c;
    } else {
      out += static_cast<char>(0xC0 | (byte >> 6));
      out += static_cast<char>(0x80 | (byte & 0x3F));
    }
  }
  return out;
}

json image_json(const wdb::Image& image) {
  json palette = json::array();
  for (const auto& rgb : image.palette) palette.push_back({rgb[0], rgb[1], rgb[2]});
  return {
      {"width", image.width}, {"height", image.height}, {"palette", palette}, {"pixels", hex(image.pixels)}};
}

json textures_json(const std::vector<Texture>& textures) {
  json list = json::array();
  for (const auto& texture : textures) {
    json entry{{"name", text(texture.name)}, {"image", image_json(texture.image)}};
    if (texture.second) entry["second"] = image_json(*texture.second);
    list.push_back(std::move(entry));
  }
  return list;
}

json mesh_json(const Mesh& mesh) {
  const MeshProperties& p = mesh.properties;
  return {{"vertex_count", mesh.vertex_count},
          {"polygons", mesh.polygons},
          {"uv_index_count", mesh.uv_index_count},
          {"uv_indices", mesh.uv_indices},
          {"color", p.color},
          {"alpha", p.alpha},
          {"shading", p.shading},
          {"lod_material", p.lod_material},
          {"unused", p.unused},
          {"use_alias", p.use_alias},
          {"texture", text(p.texture_name)},
          {"material", text(p.material_name)}};
}

json lod_json(const Lod& lod) {
  json meshes = json::array();
  for (const auto& mesh : lod.meshes) meshes.push_back(mesh_json(mesh));
  return {{"flags", lod.flags},
          {"count_spare_bits", lod.count_spare_bits},
          {"uv_count_field", lod.uv_count_field},
          {"positions", lod.positions},
          {"normals", lod.normals},
          {"uvs", lod.uvs},
          {"meshes", std::move(meshes)}};
}

json part_json(const PartBlob& blob) {
  json rois = json::array();
  for (const auto& roi : blob.rois) {
    json lods = json::array();
    for (const auto& lod : roi.lods) lods.push_back(lod_json(lod));
    rois.push_back({{"name", text(roi.name)}, {"lods", std::move(lods)}, {"skipped", hex(roi.skipped)}});
  }
  return {{"kind", "part"},
          {"rois", std::move(rois)},
          {"before_textures", hex(blob.before_textures)},
          {"textures", textures_json(blob.textures)},
          {"trailing", hex(blob.trailing)}};
}

json blob_json(const Blob& blob) {
  json out;
  if (const auto* part = std::get_if<PartBlob>(&blob.content)) {
    out = part_json(*part);
  } else if (const auto* model = std::get_if<ModelBlob>(&blob.content)) {
    out = {{"kind", "model"},
           {"version", model->version},
           {"scene", hex(model->scene)},
           {"skip_textures", model->skip_textures},
           {"textures", textures_json(model->textures)},
           {"trailing", hex(model->trailing)}};
  } else {
    out = {{"kind", "bytes"}, {"bytes", hex(std::get<std::vector<std::uint8_t>>(blob.content))}};
  }
  out["offset"] = blob.offset;
  return out;
}

json worlds_json(const std::vector<World>& worlds) {
  json list = json::array();
  for (const auto& world : worlds) {
    json parts = json::array();
    for (const auto& part : world.parts)
      parts.push_back({{"name", text(part.name)}, {"length", part.length}, {"offset", part.offset}});
    json models = json::array();
    for (const auto& model : world.models) {
      models.push_back({{"name", text(model.name)},
                        {"length", model.length},
                        {"offset", model.offset},
                        {"presenter", text(model.presenter)},
                        {"location", model.location},
                        {"direction", model.direction},
                        {"up", model.up},
                        {"visible", model.visible}});
    }
    list.push_back({{"name", text(world.name)}, {"parts", std::move(parts)}, {"models", std::move(models)}});
  }
  return list;
}

Diagnostic diagnostic(bool is_error, std::string message, std::optional<std::uint64_t> offset = {}) {
  return {is_error, Error{kFormatName, std::move(message), offset, {}, {}}};
}

// Every mesh whose corners point past its LOD's arrays (an error at the corner's byte) and every texture name
// the file does not hold (a warning at the mesh's byte). `base` is where the blob starts in the file.
void check_meshes(const PartBlob& blob, std::size_t base, const TextureLibrary& textures,
                  std::vector<Diagnostic>& out) {
  const auto offsets = mesh_offsets(blob);
  for (std::size_t r = 0; r < blob.rois.size(); ++r) {
    const Roi& roi = blob.rois[r];
    for (std::size_t l = 0; l < roi.lods.size(); ++l) {
      const Lod& lod = roi.lods[l];
      for (std::size_t m = 0; m < lod.meshes.size(); ++m) {
        const std::string where = fmt::format("part \"{}\" LOD {} mesh {}", text(roi.name), l, m);
        const std::size_t mesh_at = base + offsets[r][l][m];
        if (auto expanded = expand(lod, lod.meshes[m]); !expanded.ok()) {
          const std::uint64_t corner_at = mesh_at + 4 + expanded.error().offset.value_or(0);
          out.push_back(diagnostic(true, where + ": " + expanded.error().message, corner_at));
        }
        const MeshProperties& p = lod.meshes[m].properties;
        std::string name = p.texture_name;
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (!name.empty() && !inherits_appearance(p) && !textures.contains(name))
          out.push_back(diagnostic(
              false, fmt::format("{}: texture \"{}\" is not in the file", where, text(name)), mesh_at));
      }
    }
  }
}

class WdbDocument final : public PoselessDocument {
 public:
  explicit WdbDocument(wdb::Document document)
      : PoselessDocument(kFormatName, "a world database holds parts and models, not an animation"),
        document_(std::move(document)) {}

  json info() const override {
    std::size_t parts = 0, models = 0;
    for (const auto& world : document_.worlds) {
      parts += world.parts.size();
      models += world.models.size();
    }
    json lod_lists = json::array();
    for (const auto& name : part_names(document_)) {
      const Roi* roi = find_part(document_, name);
      std::size_t vertices = 0;
      if (!roi->lods.empty())
        for (const auto& mesh : roi->lods.back().meshes) vertices += mesh.vertex_count;
      lod_lists.push_back({{"name", text(name)}, {"lods", roi->lods.size()}, {"vertices", vertices}});
    }
    return {{"format", kFormatName},
            {"worlds", document_.worlds.size()},
            {"part_references", parts},
            {"model_references", models},
            {"global_textures", document_.global_textures.size()},
            {"global_parts", document_.global_parts.rois.size()},
            {"textures", texture_library(document_).size()},
            {"parts", std::move(lod_lists)}};
  }

  json dump() const override {
    json blobs = json::array();
    for (const auto& blob : document_.blobs) blobs.push_back(blob_json(blob));
    return {{"format", kFormatName},
            {"worlds", worlds_json(document_.worlds)},
            {"global_textures", textures_json(document_.global_textures)},
            {"global_textures_rest", hex(document_.global_textures_rest)},
            {"global_parts", part_json(document_.global_parts)},
            {"blobs", std::move(blobs)}};
  }

  std::vector<Diagnostic> check(bool /*strict*/) const override {
    std::vector<Diagnostic> out;
    for (const auto& problem : writable(document_)) out.push_back(diagnostic(true, problem));
    for (std::size_t i = 0; i < document_.blobs.size(); ++i) {
      if (auto error = blob_error(document_, i)) out.push_back({true, *error});
    }
    const TextureLibrary textures = texture_library(document_);
    check_meshes(document_.global_parts, global_parts_offset(document_), textures, out);
    for (const auto& blob : document_.blobs)
      if (const auto* part = std::get_if<PartBlob>(&blob.content))
        check_meshes(*part, blob.offset, textures, out);
    return out;
  }

  Result<CoreConversion> to_core(const Options& options) const override {
    auto settings = family_settings(options);
    if (!settings) return settings.error();
    const std::string& part = settings->part;
    if (!settings->actor.empty() && !part.empty())
      return Error{kFormatName, "--part and --actor name two things to convert; give one", {}, {}, {}};
    if (!settings->actor.empty()) return actor_to_core(document_, settings->actor);
    const auto names = part_names(document_);
    if (part.empty() && names.size() == 1)
      return wdb::to_core(document_, names.front());  // an extracted part
    if (part.empty()) {
      return Error{kFormatName,
                   fmt::format("the file holds {} parts; name one with --part (the first is \"{}\")",
                               names.size(), names.empty() ? "" : text(names.front())),
                   {},
                   {},
                   {}};
    }
    return wdb::to_core(document_, part);
  }

  std::optional<std::string> no_gltf_form() const override { return std::nullopt; }

  Result<std::vector<std::uint8_t>> encode() const override { return write(document_); }

 private:
  wdb::Document document_;
};

}  // namespace

Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes) {
  auto document = read(bytes);
  if (!document.ok()) return document.error();
  return std::unique_ptr<bonebridge::Document>(std::make_unique<WdbDocument>(std::move(document).value()));
}

}  // namespace bonebridge::lego::wdb
