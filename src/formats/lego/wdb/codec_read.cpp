// SPDX-License-Identifier: MIT
// The WORLD.WDB reader, following the decompiled loaders named in document.hpp.
#include <fmt/format.h>

#include <cstring>
#include <map>
#include <utility>

#include "bonebridge/formats/lego/wdb/codec.hpp"
#include "bonebridge/io/byte_reader.hpp"

namespace bonebridge::lego::wdb {
namespace {

constexpr std::size_t kMaxPalette = 256;
constexpr std::size_t kMinImageSize = 12;
constexpr std::size_t kMinTextureSize = 4 + kMinImageSize;
constexpr std::size_t kMinPropertiesSize = 3 + 4 + 4 + 4 + 4;
constexpr std::size_t kMinMeshSize = 2 + 2 + 4 + kMinPropertiesSize;
constexpr std::size_t kMinLodSize = 4;
constexpr std::size_t kMinRoiSize = 12;
constexpr std::size_t kMinPartRefSize = 12;
constexpr std::size_t kMinModelRefSize = 4 + 8 + 4 + 36 + 1;
constexpr std::size_t kMinWorldSize = 12;
constexpr std::uint32_t kCountSpareBits = 0x00018000;  // bits 15 and 16 of the packed count word

// Runs `parse`, prefixing any error it raises with where in the file it was (a part name, a LOD index).
template <class F>
auto within(const std::string& where, F&& parse) -> decltype(parse()) {
  try {
    return parse();
  } catch (const FormatError& e) {
    Error error = e.error();
    error.message = where + ": " + error.message;
    throw FormatError(std::move(error));
  }
}

std::string read_string(ByteReader& reader, std::string_view what) {
  const std::size_t length = reader.count(reader.u32(what), 1, what);
  return reader.string(length, what);
}

std::vector<std::uint8_t> read_bytes(ByteReader& reader, std::size_t count, std::string_view what) {
  const auto view = reader.bytes(count, what);
  return {view.begin(), view.end()};
}

// Moves to `target`, which must not lie behind the cursor; returns the bytes skipped over.
std::vector<std::uint8_t> skip_to(ByteReader& reader, std::uint64_t target, std::string_view what) {
  if (target < reader.offset()) {
    reader.fail(
        fmt::format("{} is {}, behind the data already read (byte {})", what, target, reader.offset()));
  }
  if (target > reader.size()) {
    reader.fail(fmt::format("{} is {}, past the end of the {} bytes", what, target, reader.size()));
  }
  return read_bytes(reader, static_cast<std::size_t>(target - reader.offset()), what);
}

Image read_image(ByteReader& reader) {
  Image image;
  image.width = reader.u32("image width");
  image.height = reader.u32("image height");
  const std::uint32_t colours = reader.u32("palette size");
  if (colours > kMaxPalette) {
    reader.fail(fmt::format("palette size is {}, the game holds at most {} colours", colours, kMaxPalette));
  }
  image.palette.resize(reader.count(colours, 3, "palette size"));
  for (auto& entry : image.palette) {
    const auto rgb = reader.bytes(3, "palette entry");
    entry = {rgb[0], rgb[1], rgb[2]};
  }
  const std::uint64_t pixels = std::uint64_t{image.width} * image.height;
  image.pixels = read_bytes(reader, reader.count(pixels, 1, "image pixels (width x height)"), "image pixels");
  return image;
}

std::vector<Texture> read_textures(ByteReader& reader, bool hi_lo_pairs) {
  const std::size_t count = reader.count(reader.u32("texture count"), kMinTextureSize, "texture count");
  std::vector<Texture> textures(count);
  for (auto& texture : textures) {
    texture.name = read_string(reader, "texture name length");
    within(fmt::format("texture \"{}\"", texture.name), [&] {
      texture.image = read_image(reader);
      if (hi_lo_pairs && texture.name.starts_with('^')) texture.second = read_image(reader);
    });
  }
  return textures;
}

template <std::size_t N, class T>
std::vector<std::array<T, N>> read_arrays(ByteReader& reader, std::size_t count, std::string_view what) {
  const auto raw = reader.bytes(reader.count(count, N * 4, what) * N * 4, what);
  std::vector<std::array<T, N>> values(count);
  if (count != 0) std::memcpy(values.data(), raw.data(), raw.size());
  return values;
}

MeshProperties read_properties(ByteReader& reader) {
  MeshProperties properties;
  const auto rgb = reader.bytes(3, "mesh colour");
  properties.color = {rgb[0], rgb[1], rgb[2]};
  properties.alpha = reader.f32("mesh alpha");
  properties.shading = reader.u8("mesh shading");
  properties.lod_material = reader.u8("mesh LOD material flag");
  properties.unused = reader.u8("mesh unused byte");
  properties.use_alias = reader.u8("mesh alias flag");
  properties.texture_name = read_string(reader, "mesh texture name length");
  properties.material_name = read_string(reader, "mesh material name length");
  return properties;
}

Mesh read_mesh(ByteReader& reader) {
  Mesh mesh;
  const std::uint16_t polygons = reader.u16("mesh polygon count");
  mesh.vertex_count = reader.u16("mesh vertex count");
  mesh.polygons = read_arrays<3, std::uint32_t>(reader, polygons, "mesh polygon indices");
  mesh.uv_index_count = reader.u32("mesh UV index count");
  if (mesh.uv_index_count > 0)
    mesh.uv_indices = read_arrays<3, std::uint32_t>(reader, polygons, "mesh UV indices");
  mesh.properties = read_properties(reader);
  return mesh;
}

Lod read_lod(ByteReader& reader) {
  Lod lod;
  lod.flags = reader.u32("LOD flags");
  if (lod.flags & kLodNoData) return lod;
  const std::size_t meshes = reader.count(reader.u32("LOD mesh count"), kMinMeshSize, "LOD mesh count");
  if (meshes == 0) return lod;
  const std::uint32_t packed = reader.u32("LOD vertex and normal counts");
  lod.count_spare_bits = packed & kCountSpareBits;
  const std::int32_t uvs = reader.s32("LOD UV count");
  if (uvs <= 0) lod.uv_count_field = uvs;
  lod.positions = read_arrays<3, float>(reader, packed & kCountMask, "LOD positions");
  lod.normals = read_arrays<3, float>(reader, (packed >> 17) & kCountMask, "LOD normals");
  lod.uvs = read_arrays<2, float>(reader, uvs > 0 ? static_cast<std::size_t>(uvs) : 0, "LOD UVs");
  lod.meshes.reserve(meshes);
  for (std::size_t i = 0; i < meshes; ++i) {
    lod.meshes.push_back(within(fmt::format("mesh {}", i), [&] { return read_mesh(reader); }));
  }
  return lod;
}

Roi read_roi(ByteReader& reader) {
  Roi roi;
  roi.name = read_string(reader, "ROI name length");
  return within(fmt::format("part \"{}\"", roi.name), [&] {
    const std::size_t lods = reader.count(reader.u32("LOD count"), kMinLodSize, "LOD count");
    const std::uint32_t next = reader.u32("next ROI offset");
    roi.lods.reserve(lods);
    for (std::size_t i = 0; i < lods; ++i) {
      roi.lods.push_back(within(fmt::format("LOD {}", i), [&] { return read_lod(reader); }));
    }
    roi.skipped = skip_to(reader, next, "next ROI offset");
    return roi;
  });
}

PartBlob read_part(ByteReader& reader) {
  PartBlob blob;
  const std::uint32_t textures_at = reader.u32("texture block offset");
  const std::size_t rois = reader.count(reader.u32("ROI count"), kMinRoiSize, "ROI count");
  blob.rois.reserve(rois);
  for (std::size_t i = 0; i < rois; ++i) blob.rois.push_back(read_roi(reader));
  blob.before_textures = skip_to(reader, textures_at, "texture block offset");
  blob.textures = read_textures(reader, true);
  blob.trailing = read_bytes(reader, reader.remaining(), "trailing bytes");
  return blob;
}

ModelBlob read_model(ByteReader& reader) {
  ModelBlob blob;
  blob.version = reader.u32("model version");
  if (blob.version != kModelVersion) {
    reader.fail_at(0, fmt::format("expected model version {}, found {}", kModelVersion, blob.version));
  }
  const std::uint32_t textures_at = reader.u32("texture block offset");
  blob.scene = skip_to(reader, textures_at, "texture block offset");
  const std::size_t count = reader.count(reader.u32("texture count"), kMinTextureSize, "texture count");
  blob.skip_textures = reader.u32("skip textures flag");
  blob.textures.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    Texture texture;
    texture.name = read_string(reader, "texture name length");
    within(fmt::format("texture \"{}\"", texture.name), [&] {
      texture.image = read_image(reader);
      if (texture.name.starts_with('^')) texture.second = read_image(reader);
    });
    blob.textures.push_back(std::move(texture));
  }
  blob.trailing = read_bytes(reader, reader.remaining(), "trailing bytes");
  return blob;
}

// Parses a blob on its own bytes, reporting offsets in the whole file.
template <class F>
auto read_at(std::span<const std::uint8_t> bytes, std::uint64_t base, F&& parse) {
  return capture(kFormatName, [&] {
    try {
      ByteReader reader(bytes, kFormatName);
      return parse(reader);
    } catch (const FormatError& e) {
      Error error = e.error();
      if (error.offset) *error.offset += base;
      throw FormatError(std::move(error));
    }
  });
}

PartRef read_part_ref(ByteReader& reader) {
  PartRef part;
  part.name = read_string(reader, "part name length");
  part.length = reader.u32("part data length");
  part.offset = reader.u32("part data offset");
  return part;
}

std::array<float, 3> read_vector(ByteReader& reader, std::string_view what) {
  return {reader.f32(what), reader.f32(what), reader.f32(what)};
}

ModelRef read_model_ref(ByteReader& reader) {
  ModelRef model;
  model.name = read_string(reader, "model name length");
  model.length = reader.u32("model data length");
  model.offset = reader.u32("model data offset");
  model.presenter = read_string(reader, "presenter name length");
  model.location = read_vector(reader, "model location");
  model.direction = read_vector(reader, "model direction");
  model.up = read_vector(reader, "model up");
  model.visible = reader.u8("model visible flag");
  return model;
}

World read_world(ByteReader& reader) {
  World world;
  world.name = read_string(reader, "world name length");
  const std::size_t parts = reader.count(reader.u32("part count"), kMinPartRefSize, "part count");
  for (std::size_t i = 0; i < parts; ++i) world.parts.push_back(read_part_ref(reader));
  const std::size_t models = reader.count(reader.u32("model count"), kMinModelRefSize, "model count");
  for (std::size_t i = 0; i < models; ++i) world.models.push_back(read_model_ref(reader));
  return world;
}

enum class BlobKind { Part, Model, Conflicting };
struct Region {
  std::uint32_t length;
  BlobKind kind;
  std::string first_name;
};

void add_region(std::map<std::uint32_t, Region>& regions, std::uint32_t offset, std::uint32_t length,
                BlobKind kind, const std::string& name, const ByteReader& reader) {
  const auto [it, added] = regions.try_emplace(offset, Region{length, kind, name});
  if (added) return;
  if (it->second.length != length) {
    reader.fail(fmt::format("\"{}\" and \"{}\" both start at byte {} but are {} and {} bytes long",
                            display_name(it->second.first_name), display_name(name), offset,
                            it->second.length, length));
  }
  if (it->second.kind != kind) it->second.kind = BlobKind::Conflicting;
}

Blob read_region(std::span<const std::uint8_t> file, std::uint32_t offset, const Region& region) {
  const auto bytes = file.subspan(offset, region.length);
  Blob blob{offset, std::vector<std::uint8_t>(bytes.begin(), bytes.end())};
  if (region.kind == BlobKind::Part) {
    if (auto part = read_part_blob(bytes, offset); part.ok()) blob.content = std::move(part).value();
  } else if (region.kind == BlobKind::Model) {
    if (auto model = read_model_blob(bytes, offset); model.ok()) blob.content = std::move(model).value();
  }
  return blob;
}

// The blobs the world table points at, in file order, with the bytes between them.
std::vector<Blob> read_blobs(ByteReader& reader, const std::vector<World>& worlds,
                             std::span<const std::uint8_t> file) {
  std::map<std::uint32_t, Region> regions;
  for (const auto& world : worlds) {
    for (const auto& part : world.parts)
      add_region(regions, part.offset, part.length, BlobKind::Part, part.name, reader);
    for (const auto& model : world.models)
      add_region(regions, model.offset, model.length, BlobKind::Model, model.name, reader);
  }
  std::vector<Blob> blobs;
  for (const auto& [offset, region] : regions) {
    if (offset < reader.offset()) {
      reader.fail_at(offset, fmt::format("\"{}\" starts inside the data before it (which ends at byte {})",
                                         display_name(region.first_name), reader.offset()));
    }
    if (std::uint64_t{offset} + region.length > file.size()) {
      reader.fail(fmt::format("\"{}\" is {} bytes at byte {}, past the end of the {}-byte file",
                              display_name(region.first_name), region.length, offset, file.size()));
    }
    if (offset > reader.offset()) {
      const std::uint32_t gap_at = static_cast<std::uint32_t>(reader.offset());
      blobs.push_back({gap_at, read_bytes(reader, offset - gap_at, "bytes between blobs")});
    }
    blobs.push_back(read_region(file, offset, region));
    reader.seek(offset + std::size_t{region.length}, "blob end");
  }
  if (!reader.at_end()) {
    const auto at = static_cast<std::uint32_t>(reader.offset());
    blobs.push_back({at, read_bytes(reader, reader.remaining(), "trailing bytes")});
  }
  return blobs;
}

}  // namespace

Result<PartBlob> read_part_blob(std::span<const std::uint8_t> bytes, std::uint64_t base) {
  return read_at(bytes, base, [](ByteReader& reader) { return read_part(reader); });
}

Result<ModelBlob> read_model_blob(std::span<const std::uint8_t> bytes, std::uint64_t base) {
  return read_at(bytes, base, [](ByteReader& reader) { return read_model(reader); });
}

Result<Document> read(std::span<const std::uint8_t> bytes) {
  return capture(kFormatName, [&] {
    ByteReader reader(bytes, kFormatName);
    Document document;
    const std::size_t worlds = reader.count(reader.u32("world count"), kMinWorldSize, "world count");
    for (std::size_t i = 0; i < worlds; ++i) document.worlds.push_back(read_world(reader));

    const std::uint32_t textures_size = reader.u32("global texture block size");
    const std::size_t textures_at = reader.offset();
    auto textures =
        read_at(reader.bytes(textures_size, "global texture block"), textures_at, [](ByteReader& block) {
          return within("global texture block", [&] {
            auto list = read_textures(block, false);  // LegoTexturePresenter::Read knows no '^' pairs
            return std::pair(std::move(list), read_bytes(block, block.remaining(), "trailing bytes"));
          });
        });
    if (!textures.ok()) throw FormatError(textures.error());
    document.global_textures = std::move(textures->first);
    document.global_textures_rest = std::move(textures->second);

    const std::uint32_t parts_size = reader.u32("global part block size");
    const std::size_t parts_at = reader.offset();
    auto parts = read_part_blob(reader.bytes(parts_size, "global part block"), parts_at);
    if (!parts.ok()) throw FormatError(parts.error());
    document.global_parts = std::move(parts).value();

    document.blobs = read_blobs(reader, document.worlds, bytes);
    return document;
  });
}

std::optional<Error> blob_error(const Document& document, std::size_t index) {
  if (index >= document.blobs.size()) return std::nullopt;
  const Blob& blob = document.blobs[index];
  const auto* raw = std::get_if<std::vector<std::uint8_t>>(&blob.content);
  if (raw == nullptr) return std::nullopt;
  for (const auto& world : document.worlds) {
    for (const auto& part : world.parts) {
      if (part.offset != blob.offset) continue;
      if (auto parsed = read_part_blob(*raw, blob.offset); !parsed.ok()) return parsed.error();
    }
    for (const auto& model : world.models) {
      if (model.offset != blob.offset) continue;
      if (auto parsed = read_model_blob(*raw, blob.offset); !parsed.ok()) return parsed.error();
    }
  }
  return std::nullopt;
}

std::string_view display_name(std::string_view stored) {
  return stored.substr(0, stored.find('\0'));
}

}  // namespace bonebridge::lego::wdb
