// SPDX-License-Identifier: MIT
#pragma once
// A WORLD.WDB laid out byte by byte from the decompiled loaders (isledecomp/isle: ReadModelDbWorlds,
// LegoWorldPresenter::LoadWorld, LegoTexturePresenter::Read, LegoPartPresenter::Read,
// LegoModelPresenter::CreateROI, LegoImage::Read, LegoLOD::Read, LegoMesh::Read), without the codec under
// test. Layout, in file order:
//   world table: 1 world "ACT1" with part ref "boxes" and model "chair"
//   global texture block: "face.gif" (2x2, 2 colours)
//   global part block: ROIs "head" (LOD 0: red triangle; LOD 1: an "inh" triangle first, then a quad textured
//     "face.gif") and "arm-lft" (LOD 0: flag 0x04, no data; LOD 1: a triangle textured "chest.gif"), then the
//     texture "^chest.gif" as a hi/lo pair (4x2 then 2x1)
//   blob "boxes": ROI "box" (LOD 0: mesh count 0; LOD 1: a blue quad)
//   blob "chair": model version 19, 8 opaque scene bytes, skipTextures 1, texture "wood.gif" (1x1)
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace bonebridge::lego::wdb::test {

class Bytes {
 public:
  Bytes& u8(std::uint8_t v) {
    data.push_back(v);
    return *this;
  }
  Bytes& u16(std::uint16_t v) {
    return u8(static_cast<std::uint8_t>(v)).u8(static_cast<std::uint8_t>(v >> 8));
  }
  Bytes& u32(std::uint32_t v) {
    return u16(static_cast<std::uint16_t>(v)).u16(static_cast<std::uint16_t>(v >> 16));
  }
  Bytes& f32(float v) { return u32(std::bit_cast<std::uint32_t>(v)); }
  Bytes& str(const std::string& s) {  // u32 length, then the bytes (NULs included when in `s`)
    u32(static_cast<std::uint32_t>(s.size()));
    data.insert(data.end(), s.begin(), s.end());
    return *this;
  }
  Bytes& raw(const std::vector<std::uint8_t>& v) {
    data.insert(data.end(), v.begin(), v.end());
    return *this;
  }
  void patch(std::size_t at, std::uint32_t v) { std::memcpy(data.data() + at, &v, 4); }
  std::size_t size() const { return data.size(); }
  std::vector<std::uint8_t> data;
};

// A corner that creates a mesh vertex from position p and normal n (bit 31 set), or reuses mesh vertex v.
constexpr std::uint32_t create(std::uint32_t p, std::uint32_t n) {
  return 0x80000000u | (n << 16) | p;
}
constexpr std::uint32_t reuse(std::uint32_t v) {
  return v;
}

// LegoImage: width, height, palette count, RGB triples, width*height indices.
inline void image(Bytes& b, std::uint32_t w, std::uint32_t h, const std::vector<std::uint8_t>& palette_rgb,
                  const std::vector<std::uint8_t>& pixels) {
  b.u32(w).u32(h).u32(static_cast<std::uint32_t>(palette_rgb.size() / 3)).raw(palette_rgb).raw(pixels);
}

// LegoMesh: RGB, alpha, shading, LOD-material byte, unused byte, alias flag, texture name, material name.
inline void mesh_properties(Bytes& b, std::uint8_t r, std::uint8_t g, std::uint8_t bl,
                            const std::string& texture, const std::string& material) {
  b.u8(r).u8(g).u8(bl).f32(0.0f).u8(1).u8(0).u8(0).u8(0).str(texture).str(material);
}

// LOD header: flags, mesh count, packed counts (vertices low 15 bits, normals from bit 17), UV count.
inline void lod_header(Bytes& b, std::uint32_t meshes, std::uint32_t positions, std::uint32_t normals,
                       std::int32_t uvs) {
  b.u32(0).u32(meshes).u32(positions | (normals << 17)).u32(static_cast<std::uint32_t>(uvs));
}

// A unit triangle: 3 positions, 1 normal; one mesh of one polygon creating 3 vertices.
inline void triangle_lod(Bytes& b, float z, bool uvs, const std::string& texture, const std::string& material,
                         std::uint8_t r, std::uint8_t g, std::uint8_t bl) {
  lod_header(b, 1, 3, 1, uvs ? 3 : 0);
  b.f32(0).f32(0).f32(z).f32(1).f32(0).f32(z).f32(0).f32(1).f32(z);
  b.f32(0).f32(0).f32(-1);
  if (uvs) b.f32(0).f32(0).f32(1).f32(0).f32(0).f32(1);
  b.u16(1).u16(3).u32(create(0, 0)).u32(create(1, 0)).u32(create(2, 0));
  b.u32(uvs ? 3 : 0);
  if (uvs) b.u32(0).u32(1).u32(2);
  mesh_properties(b, r, g, bl, texture, material);
}

// The quad mesh body: 2 polygons, 4 vertices; the second polygon reuses mesh vertices 0 and 2.
inline void quad_mesh(Bytes& b, std::uint32_t first_position, bool uvs) {
  const std::uint32_t p = first_position;
  b.u16(2).u16(4);
  b.u32(create(p, 0)).u32(create(p + 1, 0)).u32(create(p + 2, 0));
  b.u32(reuse(0)).u32(reuse(2)).u32(create(p + 3, 0));
  b.u32(uvs ? 6 : 0);
  if (uvs) b.u32(0).u32(1).u32(2).u32(0).u32(2).u32(3);
}

inline void quad_positions(Bytes& b) {
  b.f32(0).f32(0).f32(0).f32(1).f32(0).f32(0).f32(1).f32(1).f32(0).f32(0).f32(1).f32(0);
}

inline void global_parts(Bytes& b) {
  const std::size_t start = b.size();
  b.u32(0);  // texture block offset, patched
  b.u32(2);  // ROI count
  // ROI "head"
  b.str("head").u32(2);
  std::size_t next = b.size();
  b.u32(0);
  triangle_lod(b, 0.0f, false, "", "", 255, 0, 0);
  // LOD 1: two meshes, 7 positions (3 for the triangle, 4 for the quad), 1 normal, 4 UVs
  lod_header(b, 2, 7, 1, 4);
  b.f32(0).f32(0).f32(1).f32(1).f32(0).f32(1).f32(0).f32(1).f32(1);
  quad_positions(b);
  b.f32(0).f32(0).f32(-1);
  b.f32(0).f32(0).f32(1).f32(0).f32(1).f32(1).f32(0).f32(1);
  b.u16(1).u16(3).u32(create(0, 0)).u32(create(1, 0)).u32(create(2, 0)).u32(0);
  mesh_properties(b, 0, 0, 0, "", "inh");
  quad_mesh(b, 3, true);
  mesh_properties(b, 255, 255, 255, "face.gif", "");
  b.patch(next, static_cast<std::uint32_t>(b.size() - start));
  // ROI "arm-lft"
  b.str("arm-lft").u32(2);
  next = b.size();
  b.u32(0);
  b.u32(0x04);  // LOD 0: no data follows
  triangle_lod(b, 0.5f, true, "chest.gif", "", 255, 255, 255);
  b.patch(next, static_cast<std::uint32_t>(b.size() - start));
  // texture block
  b.patch(start, static_cast<std::uint32_t>(b.size() - start));
  b.u32(1).str("^chest.gif");
  image(b, 4, 2, {10, 20, 30, 40, 50, 60, 70, 80, 90}, {0, 1, 2, 0, 2, 1, 0, 1});
  image(b, 2, 1, {1, 2, 3, 4, 5, 6}, {1, 0});
}

inline void boxes_blob(Bytes& b) {
  const std::size_t start = b.size();
  b.u32(0).u32(1);
  b.str("box").u32(2);
  const std::size_t next = b.size();
  b.u32(0);
  b.u32(0).u32(0);  // LOD 0: flags 0, mesh count 0
  lod_header(b, 1, 4, 1, 0);
  quad_positions(b);
  b.f32(0).f32(0).f32(-1);
  quad_mesh(b, 0, false);
  mesh_properties(b, 0, 0, 255, "", "");
  b.patch(next, static_cast<std::uint32_t>(b.size() - start));
  b.patch(start, static_cast<std::uint32_t>(b.size() - start));
  b.u32(0);  // no textures
}

inline void chair_blob(Bytes& b) {
  b.u32(19).u32(8 + 8);
  b.u32(0).u32(0xDEADBEEF);  // the scene (ROI count, animation, ROI tree), opaque to the reader
  b.u32(1).u32(1).str("wood.gif");
  image(b, 1, 1, {200, 100, 50}, {0});
}

// The whole file.
inline std::vector<std::uint8_t> hand_laid_wdb() {
  Bytes b;
  b.u32(1).str(std::string("ACT1", 5));
  b.u32(1).str(std::string("boxes", 6));
  const std::size_t boxes_ref = b.size();
  b.u32(0).u32(0);
  b.u32(1).str(std::string("chair", 6));
  const std::size_t chair_ref = b.size();
  b.u32(0).u32(0);
  b.str(std::string("LegoModelPresenter", 19));
  b.f32(1).f32(2).f32(3).f32(0).f32(0).f32(1).f32(0).f32(1).f32(0).u8(1);
  // global texture block
  Bytes textures;
  textures.u32(1).str("face.gif");
  image(textures, 2, 2, {255, 0, 0, 0, 0, 255}, {0, 1, 1, 0});
  b.u32(static_cast<std::uint32_t>(textures.size())).raw(textures.data);
  // global part block
  Bytes parts;
  global_parts(parts);
  b.u32(static_cast<std::uint32_t>(parts.size())).raw(parts.data);
  // blobs
  Bytes boxes;
  boxes_blob(boxes);
  b.patch(boxes_ref, static_cast<std::uint32_t>(boxes.size()));
  b.patch(boxes_ref + 4, static_cast<std::uint32_t>(b.size()));
  b.raw(boxes.data);
  Bytes chair;
  chair_blob(chair);
  b.patch(chair_ref, static_cast<std::uint32_t>(chair.size()));
  b.patch(chair_ref + 4, static_cast<std::uint32_t>(b.size()));
  b.raw(chair.data);
  return b.data;
}

}  // namespace bonebridge::lego::wdb::test
