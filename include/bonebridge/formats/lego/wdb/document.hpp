// SPDX-License-Identifier: MIT
#pragma once
// LEGO Island's WORLD.WDB, one struct per structure the game reads (../shared/research/characters.md part A
// §1; isledecomp/isle: ReadModelDbWorlds in LEGO1/modeldb/modeldb.cpp, LegoWorldPresenter::LoadWorld,
// LegoTexturePresenter::Read, LegoPartPresenter::Read, LegoModelPresenter::CreateROI, LegoImage::Read,
// LegoLOD::Read, LegoMesh::Read). Everything is kept as stored: names as raw bytes (the world table's names
// carry their NUL), raw LOD flags, spare bits of the packed vertex/normal counts, unknown mesh bytes, and any
// bytes the game skips over by seeking. Reading then writing a file gives the same bytes.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace bonebridge::lego::wdb {

inline constexpr std::uint32_t kModelVersion = 19;  // MODEL_VERSION, checked by LegoModelPresenter::CreateROI
inline constexpr std::uint32_t kLodNoData = 0x04;   // ViewLOD::SkipReadingData: nothing follows the flags
inline constexpr std::uint32_t kLodExtra = 0x08;    // ViewLOD::IsExtraLOD
inline constexpr std::uint32_t kCountMask = 0x7FFF;
inline constexpr std::uint32_t kCreateVertex = 0x80000000u;  // packed index: bit 31 creates a mesh vertex

// LegoImage: an 8-bit palette image, palette entries as R, G, B bytes.
struct Image {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::array<std::uint8_t, 3>> palette;  // at most 256 (LegoImage::m_palette[256])
  std::vector<std::uint8_t> pixels;                  // width * height palette indices, rows top first
  friend bool operator==(const Image&, const Image&) = default;
};

// A named texture. In part and model blobs a name starting with '^' stores two images; the game keeps one of
// them by a quality setting (the other is read and discarded) and registers it under the name without '^'.
struct Texture {
  std::string name;
  Image image;
  std::optional<Image> second;  // present exactly for '^' names in part and model blobs
  friend bool operator==(const Texture&, const Texture&) = default;
};

// LegoMesh: a mesh's colour and the names that select its texture or colour alias.
struct MeshProperties {
  std::array<std::uint8_t, 3> color{};  // R, G, B
  float alpha = 0;                      // <= 0: opaque
  std::uint8_t shading = 0;             // 0 flat, 1 Gouraud, 2 wireframe (LegoMesh::e_*)
  std::uint8_t lod_material = 0;        // m_unk0x0d: > 0 gives the mesh the shared LOD material
  std::uint8_t unused = 0;              // m_unk0x20, read and never used
  std::uint8_t use_alias = 0;           // colour from the material name's alias (LegoROI::GetRGBAColor)
  std::string texture_name;             // empty: no texture
  std::string material_name;
  friend bool operator==(const MeshProperties&, const MeshProperties&) = default;
};

// One mesh of a LOD. Each polygon corner is a packed u32: bit 31 set creates the next mesh vertex from
// position (bits 0-15) and normal (bits 16-30); bit 31 clear reuses mesh vertex (bits 0-15)
// (tgl/d3drm/meshbuilder.cpp CreateMesh).
struct Mesh {
  std::uint16_t vertex_count = 0;  // the mesh vertices the corners create
  std::vector<std::array<std::uint32_t, 3>> polygons;
  std::uint32_t uv_index_count = 0;  // when non-zero, one UV index per corner follows (polygons.size() x 3)
  std::vector<std::array<std::uint32_t, 3>> uv_indices;
  MeshProperties properties;
  friend bool operator==(const Mesh&, const Mesh&) = default;
};

struct Lod {
  std::uint32_t flags = 0;  // 0x04: nothing else stored (kLodNoData); 0x08: extra LOD
  // Bits of the packed count word that are not counts (bits 15 and 16); the counts come from the arrays.
  std::uint32_t count_spare_bits = 0;
  std::int32_t uv_count_field = 0;  // as stored when no UVs follow (zero or negative)
  std::vector<std::array<float, 3>> positions;
  std::vector<std::array<float, 3>> normals;
  std::vector<std::array<float, 2>> uvs;
  std::vector<Mesh> meshes;  // empty: a mesh count of 0 ends the LOD
  friend bool operator==(const Lod&, const Lod&) = default;
};

// A named LOD list (a part the characters use, e.g. "body", "claw-lft"), simplest LOD first.
struct Roi {
  std::string name;
  std::vector<Lod> lods;
  std::vector<std::uint8_t>
      skipped;  // bytes between the last LOD and the next ROI, which the game seeks over
  friend bool operator==(const Roi&, const Roi&) = default;
};

// LegoPartPresenter::Read: u32 texture block offset, u32 ROI count, ROIs, then the texture block.
struct PartBlob {
  std::vector<Roi> rois;
  std::vector<std::uint8_t> before_textures;  // between the last ROI and the texture block offset
  std::vector<Texture> textures;
  std::vector<std::uint8_t> trailing;
  friend bool operator==(const PartBlob&, const PartBlob&) = default;
};

// LegoModelPresenter::CreateROI: version, texture block offset, then the ROI count, a LegoAnim body and the
// ROI tree (kept as bytes: the model's ROI tree is not read here), then the texture block.
struct ModelBlob {
  std::uint32_t version = kModelVersion;
  std::vector<std::uint8_t> scene;  // from byte 8 to the texture block: ROI count, animation, ROI tree
  std::uint32_t skip_textures = 0;
  std::vector<Texture> textures;
  std::vector<std::uint8_t> trailing;
  friend bool operator==(const ModelBlob&, const ModelBlob&) = default;
};

struct PartRef {
  std::string name;  // as stored, with its NUL
  std::uint32_t length = 0;
  std::uint32_t offset = 0;  // absolute, into the file
  friend bool operator==(const PartRef&, const PartRef&) = default;
};

struct ModelRef {
  std::string name;  // as stored, with its NUL
  std::uint32_t length = 0;
  std::uint32_t offset = 0;
  std::string presenter;
  std::array<float, 3> location{};
  std::array<float, 3> direction{};
  std::array<float, 3> up{};
  std::uint8_t visible = 1;
  friend bool operator==(const ModelRef&, const ModelRef&) = default;
};

struct World {
  std::string name;  // as stored, with its NUL
  std::vector<PartRef> parts;
  std::vector<ModelRef> models;
  friend bool operator==(const World&, const World&) = default;
};

// A region of the file after the global blocks: the blob one or more references point at, or bytes no
// reference points at. A blob that does not parse as what its references say is kept as bytes.
struct Blob {
  std::uint32_t offset = 0;
  std::variant<PartBlob, ModelBlob, std::vector<std::uint8_t>> content;
  friend bool operator==(const Blob&, const Blob&) = default;
};

struct Document {
  std::vector<World> worlds;
  std::vector<Texture> global_textures;            // LegoTexturePresenter::Read: no '^' pairs
  std::vector<std::uint8_t> global_textures_rest;  // inside the block, after the textures
  PartBlob global_parts;
  std::vector<Blob> blobs;  // in file order, tiling the rest of the file
  friend bool operator==(const Document&, const Document&) = default;
};

}  // namespace bonebridge::lego::wdb
