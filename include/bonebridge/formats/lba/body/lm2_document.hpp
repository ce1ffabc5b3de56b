// SPDX-License-Identifier: MIT
#pragma once
// The LBA2 body (.lm2 / BODY.HQR entries of LBA2): a 96-byte header of counts and offsets, then eight
// sections (2point21/lba2-classic LIB386/H/OBJECT/AFF_OBJ.H T_BODY_HEADER and LIB386/H/AFF_OBJ.INC
// STRUC_OBJ_*). Every field is kept as stored, so that write(read(x)) == x.
#include <array>
#include <cstdint>
#include <vector>

namespace bonebridge::lba {

inline constexpr std::size_t kLm2HeaderSize = 0x60;
inline constexpr std::size_t kLm2MaxGroups = 30;  // MAX_NB_GROUPES

// T_BODY_HEADER.Info: version in the low byte, then the animated/no-sort/transparent bits.
inline constexpr std::uint32_t kLm2Animated = 1u << 8;

struct Lm2Group {                  // STRUC_OBJ_GROUPE
  std::uint16_t parent = 0xFFFF;   // OrgGroupe: the parent group, 0xFFFF for the root
  std::uint16_t pivot = 0;         // OrgPoint: index of the point (of the parent) the group turns about
  std::uint16_t point_count = 0;   // NbPts
  std::uint16_t normal_count = 0;  // NbNorm
  friend bool operator==(const Lm2Group&, const Lm2Group&) = default;
};

struct Lm2Point {  // STRUC_OBJ_POINT
  std::array<std::int16_t, 3> position{};
  std::uint16_t group = 0;
  friend bool operator==(const Lm2Point&, const Lm2Point&) = default;
};

struct Lm2Normal {  // a vertex or face normal: x, y, z and a fourth word (the shading prenormalisation)
  std::array<std::int16_t, 3> vector{};
  std::uint16_t fourth = 0;
  friend bool operator==(const Lm2Normal&, const Lm2Normal&) = default;
};

// STRUC_POLY_HEADER Obj_TypePoly bits.
inline constexpr std::uint16_t kLm2Quad = 1u << 15;         // MASK_QUADRILATERE
inline constexpr std::uint16_t kLm2Environment = 1u << 14;  // MASK_ENVIRONMENT
inline constexpr std::uint8_t kLm2LastLitType = 7;          // POLY_DITHER_TABLE: above it, textured

// One polygon record, as 16-bit words: points first (3 or 4), then colour and normal, then the texture or
// environment words of the record kind (STRUC_POLY3/4_LIGHT, _TEXTURE, _ENV).
struct Lm2Polygon {
  std::vector<std::uint16_t> words;
  friend bool operator==(const Lm2Polygon&, const Lm2Polygon&) = default;
};

struct Lm2PolygonSection {        // STRUC_POLY_HEADER then `polygons`
  std::uint16_t type = 0;         // poly type in the low byte, plus kLm2Quad / kLm2Environment
  std::uint32_t next_offset = 0;  // Obj_OffNextType as stored (the engine walks by record size instead)
  std::vector<Lm2Polygon> polygons;
  friend bool operator==(const Lm2PolygonSection&, const Lm2PolygonSection&) = default;
};

struct Lm2Primitive {  // STRUC_OBJ_LINE (type, colour, point, point) and STRUC_OBJ_SPHERE (type, colour,
                       // point, radius)
  std::uint16_t type = 0;
  std::uint16_t colour = 0;
  std::uint16_t a = 0;
  std::uint16_t b = 0;
  friend bool operator==(const Lm2Primitive&, const Lm2Primitive&) = default;
};

struct Lm2Texture {  // STRUC_OBJ_TEXTURE
  std::uint16_t origin = 0;
  std::uint16_t repeat_mask = 0;
  friend bool operator==(const Lm2Texture&, const Lm2Texture&) = default;
};

namespace body {
struct Lm2Document {
  std::uint32_t info = 0;
  std::uint16_t header_size = 0;  // SizeHeader as stored (0 in files made by fan tools)
  std::uint16_t dummy = 0;
  std::array<std::int32_t, 6> bounds{};  // xmin, xmax, ymin, ymax, zmin, zmax
  std::uint32_t polygon_count = 0;       // Obj_Nb_Polys as stored (the engine walks the sections instead)
  std::vector<Lm2Group> groups;
  std::vector<Lm2Point> points;
  std::vector<Lm2Normal> normals;
  std::vector<Lm2Normal> face_normals;
  std::vector<Lm2PolygonSection> sections;
  std::vector<Lm2Primitive> lines;
  std::vector<Lm2Primitive> spheres;
  std::vector<Lm2Texture> textures;
  // Bytes between the end of a section and the start of the next, in section order (header first); the
  // last holds whatever follows the textures.
  std::array<std::vector<std::uint8_t>, 9> gaps;
  friend bool operator==(const Lm2Document&, const Lm2Document&) = default;
};
}  // namespace body

}  // namespace bonebridge::lba
