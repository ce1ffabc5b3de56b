// SPDX-License-Identifier: MIT
#pragma once
// The LBA1 body, field for field as stored (research/lba1-anm.md §2.5). Raw values are kept unmasked and
// unvalidated so that a read followed by a write gives the same bytes.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bonebridge::lba {

// LBA1 body (BODY.HQR entry). Offsets into the point and group tables are kept in their stored units
// (×6 for points, ×38 for parents) so that odd values survive a round trip.
struct BodyGroup {
  std::uint16_t first_point = 0;  // ×6
  std::uint16_t point_count = 0;
  std::uint16_t pivot_point = 0;  // ×6
  std::int16_t parent = -1;       // ×38 byte offset, −1 = root
  std::uint16_t type = 0;
  std::array<std::int16_t, 3> angles{};  // rest alpha, beta, gamma (the live pose at run time)
  std::uint16_t unknown16 = 0;           // +16, unexplained
  std::uint16_t normal_count = 0;
  std::array<std::int16_t, 9> matrix{};  // Q14 scratch matrix
  friend bool operator==(const BodyGroup&, const BodyGroup&) = default;
};

// The drawing data after the groups, as the renderer walks it (P_OBJET.ASM ComputeAnimNormal, P_OB_ISO.ASM
// AffObjetIso): normals, polygons, lines, spheres. Point references are byte offsets (×6) as stored.
struct BodyNormal {
  std::array<std::int16_t, 3> vector{};
  std::int16_t range = 0;  // the pre-normalised length the lit dot product is divided by
  friend bool operator==(const BodyNormal&, const BodyNormal&) = default;
};

struct PolygonVertex {
  std::uint16_t point = 0;   // ×6
  std::uint16_t normal = 0;  // index into the normals; stored per vertex only for Gouraud polygons
  friend bool operator==(const PolygonVertex&, const PolygonVertex&) = default;
};

// What an LBA2 textured polygon maps (lba2-classic AFF_OBJ.ASM @@Triangle_Texture_Solid and its kin): the
// texel at (u, v) is page[origin + ((v·256 + u) & repeat_mask)] (POLYTEXT.ASM Filler_Texture). Only .lm2
// bodies have textured polygons; LBA1 bodies never fill this.
struct PolygonTexture {
  std::uint16_t origin = 0;                       // Obj_OrgMap of the polygon's texture record: y·256 + x
  std::uint16_t repeat_mask = 0xFFFF;             // Obj_RepMask: 0xFFFF = the whole page, no repeat
  bool chroma_key = false;                        // POLY_TEXTURE*_INC types: texel 0 is not drawn
  std::vector<std::array<std::uint16_t, 2>> uvs;  // MapU, MapV per corner, 8.8 fixed point in texels
  friend bool operator==(const PolygonTexture&, const PolygonTexture&) = default;
};

struct BodyPolygon {
  std::uint8_t material = 0;  // 0-6 unlit fills, 7-8 flat lit (one normal), 9+ Gouraud (a normal per vertex)
  std::uint16_t colour = 0;   // low byte: palette index the shade is added to; high byte: second colour
  std::uint16_t normal = 0;   // the face normal of flat-lit polygons (materials 7 and 8)
  std::vector<PolygonVertex> vertices;    // count stored as one byte
  std::optional<PolygonTexture> texture;  // LBA2 textured polygons
  bool environment_mapped = false;        // LBA2 MASK_ENVIRONMENT polygons (mapped from their normals)
  friend bool operator==(const BodyPolygon&, const BodyPolygon&) = default;
};

struct BodyLine {
  std::uint8_t material = 0;
  std::uint8_t colour = 0;  // palette index
  std::uint16_t unknown = 0;
  std::uint16_t point_a = 0;  // ×6
  std::uint16_t point_b = 0;  // ×6
  friend bool operator==(const BodyLine&, const BodyLine&) = default;
};

struct BodySphere {
  std::uint8_t material = 0;
  std::uint16_t colour = 0;  // bytes +1 and +2; the low byte is the palette index
  std::uint8_t unknown = 0;  // byte +3
  std::uint16_t radius = 0;
  std::uint16_t point = 0;  // ×6
  friend bool operator==(const BodySphere&, const BodySphere&) = default;
};

struct BodyGeometry {
  std::vector<BodyNormal> normals;
  std::vector<BodyPolygon> polygons;
  std::vector<BodyLine> lines;
  std::vector<BodySphere> spheres;
  std::vector<std::uint8_t> trailing;  // after the spheres (retail body 1 has 2 pad bytes)
  friend bool operator==(const BodyGeometry&, const BodyGeometry&) = default;
};

namespace body {
struct Document {
  std::uint16_t flags = 0;               // bit 1 (INFO_ANIM): animatable
  std::array<std::int16_t, 6> bounds{};  // xmin, xmax, ymin, ymax, zmin, zmax
  std::vector<std::uint8_t> info;        // u16 size at +14, then this scratch area
  std::vector<std::array<std::int16_t, 3>> points;
  std::vector<BodyGroup> groups;
  // Decoded when the bytes after the groups parse as drawing data; otherwise those bytes stay in `undecoded`
  // (with the reason in `geometry_error`) so that the file still round trips and the skeleton still loads.
  std::optional<BodyGeometry> geometry;
  std::vector<std::uint8_t> undecoded;
  std::string geometry_error;
  friend bool operator==(const Document&, const Document&) = default;
};
}  // namespace body

}  // namespace bonebridge::lba
