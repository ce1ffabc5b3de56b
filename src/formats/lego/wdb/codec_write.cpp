// SPDX-License-Identifier: MIT
// The WORLD.WDB writer: the exact inverse of codec_read.cpp.
#include <fmt/format.h>

#include <set>
#include <utility>

#include "bonebridge/formats/lego/wdb/codec.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::lego::wdb {
namespace {

void write_string(ByteWriter& out, const std::string& text) {
  out.u32(static_cast<std::uint32_t>(text.size()));
  out.string(text);
}

template <std::size_t N, class T>
void write_arrays(ByteWriter& out, const std::vector<std::array<T, N>>& values) {
  for (const auto& value : values) {
    for (const T v : value) {
      if constexpr (std::is_same_v<T, float>) {
        out.f32(v);
      } else {
        out.u32(v);
      }
    }
  }
}

void write_image(ByteWriter& out, const Image& image) {
  out.u32(image.width);
  out.u32(image.height);
  out.u32(static_cast<std::uint32_t>(image.palette.size()));
  for (const auto& entry : image.palette) out.bytes(entry);
  out.bytes(image.pixels);
}

void write_texture(ByteWriter& out, const Texture& texture) {
  write_string(out, texture.name);
  write_image(out, texture.image);
  if (texture.second) write_image(out, *texture.second);
}

void write_properties(ByteWriter& out, const MeshProperties& properties) {
  out.bytes(properties.color);
  out.f32(properties.alpha);
  out.u8(properties.shading);
  out.u8(properties.lod_material);
  out.u8(properties.unused);
  out.u8(properties.use_alias);
  write_string(out, properties.texture_name);
  write_string(out, properties.material_name);
}

void write_mesh(ByteWriter& out, const Mesh& mesh) {
  out.u16(static_cast<std::uint16_t>(mesh.polygons.size()));
  out.u16(mesh.vertex_count);
  write_arrays(out, mesh.polygons);
  out.u32(mesh.uv_index_count);
  if (mesh.uv_index_count > 0) write_arrays(out, mesh.uv_indices);
  write_properties(out, mesh.properties);
}

// Where each mesh starts, [ROI][LOD][mesh], filled while writing a part blob when asked for.
using MeshOffsets = std::vector<std::vector<std::vector<std::size_t>>>;

void write_lod(ByteWriter& out, const Lod& lod, std::vector<std::size_t>* mesh_at) {
  out.u32(lod.flags);
  if (lod.flags & kLodNoData) return;
  out.u32(static_cast<std::uint32_t>(lod.meshes.size()));
  if (lod.meshes.empty()) return;
  const auto positions = static_cast<std::uint32_t>(lod.positions.size()) & kCountMask;
  const auto normals = static_cast<std::uint32_t>(lod.normals.size()) & kCountMask;
  out.u32(lod.count_spare_bits | positions | (normals << 17));
  out.s32(lod.uvs.empty() ? lod.uv_count_field : static_cast<std::int32_t>(lod.uvs.size()));
  write_arrays(out, lod.positions);
  write_arrays(out, lod.normals);
  write_arrays(out, lod.uvs);
  for (const auto& mesh : lod.meshes) {
    if (mesh_at != nullptr) mesh_at->push_back(out.size());
    write_mesh(out, mesh);
  }
}

void write_part(ByteWriter& out, const PartBlob& blob, MeshOffsets* offsets = nullptr) {
  out.u32(0);  // texture block offset, patched below
  out.u32(static_cast<std::uint32_t>(blob.rois.size()));
  for (const auto& roi : blob.rois) {
    write_string(out, roi.name);
    out.u32(static_cast<std::uint32_t>(roi.lods.size()));
    const std::size_t next_at = out.size();
    out.u32(0);  // next ROI offset, patched below
    if (offsets != nullptr) offsets->emplace_back();
    for (const auto& lod : roi.lods) {
      std::vector<std::size_t>* mesh_at = nullptr;
      if (offsets != nullptr) mesh_at = &offsets->back().emplace_back();
      write_lod(out, lod, mesh_at);
    }
    out.bytes(roi.skipped);
    out.patch_u32(next_at, static_cast<std::uint32_t>(out.size()));
  }
  out.bytes(blob.before_textures);
  out.patch_u32(0, static_cast<std::uint32_t>(out.size()));
  out.u32(static_cast<std::uint32_t>(blob.textures.size()));
  for (const auto& texture : blob.textures) write_texture(out, texture);
  out.bytes(blob.trailing);
}

void write_model(ByteWriter& out, const ModelBlob& blob) {
  out.u32(blob.version);
  out.u32(static_cast<std::uint32_t>(8 + blob.scene.size()));
  out.bytes(blob.scene);
  out.u32(static_cast<std::uint32_t>(blob.textures.size()));
  out.u32(blob.skip_textures);
  for (const auto& texture : blob.textures) write_texture(out, texture);
  out.bytes(blob.trailing);
}

std::vector<std::uint8_t> encode(const Blob& blob) {
  if (const auto* part = std::get_if<PartBlob>(&blob.content)) return write_part_blob(*part);
  if (const auto* model = std::get_if<ModelBlob>(&blob.content)) return write_model_blob(*model);
  return std::get<std::vector<std::uint8_t>>(blob.content);
}

void write_vector(ByteWriter& out, const std::array<float, 3>& v) {
  for (const float c : v) out.f32(c);
}

void write_worlds(ByteWriter& out, const std::vector<World>& worlds) {
  out.u32(static_cast<std::uint32_t>(worlds.size()));
  for (const auto& world : worlds) {
    write_string(out, world.name);
    out.u32(static_cast<std::uint32_t>(world.parts.size()));
    for (const auto& part : world.parts) {
      write_string(out, part.name);
      out.u32(part.length);
      out.u32(part.offset);
    }
    out.u32(static_cast<std::uint32_t>(world.models.size()));
    for (const auto& model : world.models) {
      write_string(out, model.name);
      out.u32(model.length);
      out.u32(model.offset);
      write_string(out, model.presenter);
      write_vector(out, model.location);
      write_vector(out, model.direction);
      write_vector(out, model.up);
      out.u8(model.visible);
    }
  }
}

void write_block(ByteWriter& out, const std::vector<std::uint8_t>& block) {
  out.u32(static_cast<std::uint32_t>(block.size()));
  out.bytes(block);
}

std::vector<std::uint8_t> global_textures(const Document& document) {
  ByteWriter out;
  out.u32(static_cast<std::uint32_t>(document.global_textures.size()));
  for (const auto& texture : document.global_textures) write_texture(out, texture);
  out.bytes(document.global_textures_rest);
  return std::move(out).take();
}

void check_lod(const Lod& lod, const std::string& where, std::vector<std::string>& problems) {
  if (lod.positions.size() > kCountMask || lod.normals.size() > kCountMask)
    problems.push_back(fmt::format("{}: more than {} positions or normals", where, kCountMask));
  if ((lod.count_spare_bits & ~0x00018000u) != 0)
    problems.push_back(
        fmt::format("{}: spare count bits 0x{:x} overlap the counts", where, lod.count_spare_bits));
  if (lod.uvs.size() > 0x7FFFFFFF) problems.push_back(fmt::format("{}: too many UVs", where));
  if ((lod.flags & kLodNoData) && !lod.meshes.empty())
    problems.push_back(fmt::format("{}: flag 0x04 (no data) set but {} meshes", where, lod.meshes.size()));
  for (std::size_t m = 0; m < lod.meshes.size(); ++m) {
    const Mesh& mesh = lod.meshes[m];
    if (mesh.polygons.size() > 0xFFFF)
      problems.push_back(
          fmt::format("{} mesh {}: {} polygons, at most 65535 fit", where, m, mesh.polygons.size()));
    if (mesh.uv_index_count > 0 && mesh.uv_indices.size() != mesh.polygons.size())
      problems.push_back(fmt::format("{} mesh {}: {} UV index rows for {} polygons", where, m,
                                     mesh.uv_indices.size(), mesh.polygons.size()));
  }
}

void check_textures(const std::vector<Texture>& textures, bool pairs, std::vector<std::string>& problems) {
  for (const auto& texture : textures) {
    const bool wants_pair = pairs && texture.name.starts_with('^');
    if (wants_pair != texture.second.has_value())
      problems.push_back(
          fmt::format("texture \"{}\": a second image goes with exactly the '^' names", texture.name));
    if (texture.image.pixels.size() != std::uint64_t{texture.image.width} * texture.image.height ||
        texture.image.palette.size() > 256)
      problems.push_back(
          fmt::format("texture \"{}\": pixels or palette do not match its size", texture.name));
  }
}

void check_part(const PartBlob& blob, std::vector<std::string>& problems) {
  for (const auto& roi : blob.rois) {
    for (std::size_t i = 0; i < roi.lods.size(); ++i)
      check_lod(roi.lods[i], fmt::format("part \"{}\" LOD {}", roi.name, i), problems);
  }
  check_textures(blob.textures, true, problems);
}

}  // namespace

std::vector<std::vector<std::vector<std::size_t>>> mesh_offsets(const PartBlob& blob) {
  ByteWriter out;
  MeshOffsets offsets;
  write_part(out, blob, &offsets);
  return offsets;
}

std::size_t global_parts_offset(const Document& document) {
  ByteWriter header;
  write_worlds(header, document.worlds);
  return header.size() + 4 + global_textures(document).size() + 4;
}

std::vector<std::uint8_t> write_part_blob(const PartBlob& blob) {
  ByteWriter out;
  write_part(out, blob);
  return std::move(out).take();
}

std::vector<std::uint8_t> write_model_blob(const ModelBlob& blob) {
  ByteWriter out;
  write_model(out, blob);
  return std::move(out).take();
}

std::vector<std::uint8_t> write(const Document& document) {
  ByteWriter out;
  write_worlds(out, document.worlds);
  write_block(out, global_textures(document));
  write_block(out, write_part_blob(document.global_parts));
  for (const auto& blob : document.blobs) out.bytes(encode(blob));
  return std::move(out).take();
}

std::vector<std::string> writable(const Document& document) {
  std::vector<std::string> problems;
  check_textures(document.global_textures, false, problems);
  check_part(document.global_parts, problems);
  ByteWriter header;
  write_worlds(header, document.worlds);
  std::size_t at =
      header.size() + 8 + global_textures(document).size() + write_part_blob(document.global_parts).size();
  // (offset, length) of every blob as the writer lays them out; an empty blob shares its offset with the
  // next.
  std::set<std::pair<std::uint64_t, std::uint64_t>> laid_out;
  for (const auto& blob : document.blobs) {
    if (blob.offset != at)
      problems.push_back(fmt::format("blob stored at byte {} is written at byte {}", blob.offset, at));
    const std::size_t length = encode(blob).size();
    laid_out.emplace(at, length);
    at += length;
    if (const auto* part = std::get_if<PartBlob>(&blob.content)) check_part(*part, problems);
    if (const auto* model = std::get_if<ModelBlob>(&blob.content))
      check_textures(model->textures, true, problems);
  }
  const auto check_ref = [&](const std::string& name, std::uint32_t offset, std::uint32_t length) {
    if (!laid_out.contains({offset, length}))
      problems.push_back(fmt::format("\"{}\" points at bytes {}+{}, which are not one blob as written",
                                     display_name(name), offset, length));
  };
  for (const auto& world : document.worlds) {
    for (const auto& part : world.parts) check_ref(part.name, part.offset, part.length);
    for (const auto& model : world.models) check_ref(model.name, model.offset, model.length);
  }
  return problems;
}

}  // namespace bonebridge::lego::wdb
