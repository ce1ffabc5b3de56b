// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include "bonebridge/formats/lba/body/lm2_codec.hpp"
#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::lba {
namespace {

// The sections in header order (T_BODY_HEADER: NbGroupes/OffGroupes ... NbTextures/OffTextures).
enum Section {
  kGroups,
  kPoints,
  kNormals,
  kFaceNormals,
  kPolygons,
  kLines,
  kSpheres,
  kTextures,
  kSectionCount
};
constexpr const char* kSectionNames[kSectionCount] = {"groups",   "points", "normals", "face normals",
                                                      "polygons", "lines",  "spheres", "textures"};
constexpr std::size_t kFixedRecordSize = 8;  // every section but polygons (4 for textures)

struct Placement {
  std::uint32_t count = 0;
  std::uint32_t offset = 0;
};

std::size_t record_size(Section section) {
  return section == kTextures ? 4 : kFixedRecordSize;
}

// Moves the reader from the end of the previous section to `offset`, keeping the bytes between.
std::vector<std::uint8_t> gap_before(ByteReader& reader, std::uint32_t offset, Section section) {
  if (offset < reader.offset() || offset > reader.size()) {
    throw FormatError(
        {kLm2Format,
         fmt::format("the {} section starts at byte {}, expected between the end of the previous "
                     "section ({}) and the end of the file ({})",
                     kSectionNames[section], offset, reader.offset(), reader.size()),
         36 + 8 * static_cast<std::uint64_t>(section),
         {},
         {}});
  }
  const auto bytes = reader.bytes(offset - reader.offset(), "bytes between sections");
  return {bytes.begin(), bytes.end()};
}

Lm2Normal read_normal(ByteReader& reader) {
  Lm2Normal normal;
  for (auto& v : normal.vector) v = reader.s16("normal");
  normal.fourth = reader.u16("normal's fourth word");
  return normal;
}

template <class Record, class ReadOne>
std::vector<Record> read_records(ByteReader& reader, Placement placement, Section section, ReadOne read_one) {
  std::vector<Record> records(reader.count(placement.count, record_size(section), kSectionNames[section]));
  for (auto& record : records) record = read_one(reader);
  return records;
}

Lm2PolygonSection read_polygon_section(ByteReader& reader, std::size_t end) {
  Lm2PolygonSection section;
  section.type = reader.u16("polygon type");
  const std::uint16_t count = reader.u16("polygon count");
  section.next_offset = reader.u32("offset of the next polygon type");
  const std::size_t words = lm2_polygon_words(section.type);
  if (static_cast<std::uint64_t>(count) * words * 2 > end - std::min(end, reader.offset())) {
    throw FormatError({kLm2Format,
                       fmt::format("{} polygons of type 0x{:04x} ({} bytes each) run past the polygon area, "
                                   "which ends at byte {}",
                                   count, section.type, words * 2, end),
                       reader.offset() - 6,
                       {},
                       {}});
  }
  section.polygons.resize(count);
  for (auto& polygon : section.polygons) {
    polygon.words.resize(words);
    for (auto& word : polygon.words) word = reader.u16("polygon record");
  }
  return section;
}

// The engine walks polygon sections from OffPolys until it lands exactly on OffLines (AFF_OBJ.ASM
// @@Loop_Polys).
std::vector<Lm2PolygonSection> read_polygon_sections(ByteReader& reader, std::size_t end) {
  std::vector<Lm2PolygonSection> sections;
  while (reader.offset() < end) {
    if (end - reader.offset() < 8) {
      throw FormatError({kLm2Format,
                         fmt::format("{} bytes before the lines section are too few for a polygon header (8)",
                                     end - reader.offset()),
                         reader.offset(),
                         {},
                         {}});
    }
    sections.push_back(read_polygon_section(reader, end));
  }
  return sections;
}

body::Lm2Document parse(ByteReader& reader) {
  body::Lm2Document body;
  body.info = reader.u32("info");
  body.header_size = reader.u16("header size");
  body.dummy = reader.u16("dummy");
  for (auto& bound : body.bounds) bound = reader.s32("bounding box");
  std::array<Placement, kSectionCount> at{};
  for (auto& placement : at) {
    placement.count = reader.u32("section count");
    placement.offset = reader.u32("section offset");
  }
  body.polygon_count = at[kPolygons].count;
  if (at[kGroups].count > kLm2MaxGroups) {
    throw FormatError({kLm2Format,
                       fmt::format("{} groups, at most {} expected", at[kGroups].count, kLm2MaxGroups),
                       32,
                       {},
                       {}});
  }
  const auto group = [](ByteReader& r) {
    return Lm2Group{r.u16("parent group"), r.u16("pivot point"), r.u16("point count"), r.u16("normal count")};
  };
  const auto point = [](ByteReader& r) {
    Lm2Point p;
    for (auto& v : p.position) v = r.s16("point");
    p.group = r.u16("point's group");
    return p;
  };
  const auto primitive = [](ByteReader& r) {
    return Lm2Primitive{r.u16("type"), r.u16("colour"), r.u16("point"), r.u16("point or radius")};
  };
  const auto texture = [](ByteReader& r) {
    return Lm2Texture{r.u16("texture origin"), r.u16("repeat mask")};
  };
  for (int s = 0; s < kSectionCount; ++s) {
    const auto section = static_cast<Section>(s);
    body.gaps[s] = gap_before(reader, at[s].offset, section);
    switch (section) {
      case kGroups:
        body.groups = read_records<Lm2Group>(reader, at[s], section, group);
        break;
      case kPoints:
        body.points = read_records<Lm2Point>(reader, at[s], section, point);
        break;
      case kNormals:
        body.normals = read_records<Lm2Normal>(reader, at[s], section, read_normal);
        break;
      case kFaceNormals:
        body.face_normals = read_records<Lm2Normal>(reader, at[s], section, read_normal);
        break;
      case kPolygons: {
        if (at[kLines].offset < reader.offset() || at[kLines].offset > reader.size()) {
          gap_before(reader, at[kLines].offset, kLines);  // throws with the lines' offset
        }
        body.sections = read_polygon_sections(reader, at[kLines].offset);
        break;
      }
      case kLines:
        body.lines = read_records<Lm2Primitive>(reader, at[s], section, primitive);
        break;
      case kSpheres:
        body.spheres = read_records<Lm2Primitive>(reader, at[s], section, primitive);
        break;
      case kTextures:
        body.textures = read_records<Lm2Texture>(reader, at[s], section, texture);
        break;
      case kSectionCount:
        break;
    }
  }
  const auto rest = reader.rest();
  body.gaps[kSectionCount] = {rest.begin(), rest.end()};
  return body;
}

void write_normal(ByteWriter& out, const Lm2Normal& normal) {
  for (const auto v : normal.vector) out.s16(v);
  out.u16(normal.fourth);
}

std::uint32_t as_u32(std::size_t value) {
  return static_cast<std::uint32_t>(value);
}

// The section bytes alone, so that their offsets can be written into the header first.
std::vector<std::uint8_t> section_bytes(const body::Lm2Document& body, Section section) {
  ByteWriter out;
  switch (section) {
    case kGroups:
      for (const auto& g : body.groups) {
        out.u16(g.parent), out.u16(g.pivot), out.u16(g.point_count), out.u16(g.normal_count);
      }
      break;
    case kPoints:
      for (const auto& p : body.points) {
        for (const auto v : p.position) out.s16(v);
        out.u16(p.group);
      }
      break;
    case kNormals:
      for (const auto& n : body.normals) write_normal(out, n);
      break;
    case kFaceNormals:
      for (const auto& n : body.face_normals) write_normal(out, n);
      break;
    case kPolygons:
      for (const auto& s : body.sections) {
        out.u16(s.type), out.u16(static_cast<std::uint16_t>(s.polygons.size())), out.u32(s.next_offset);
        for (const auto& polygon : s.polygons) {
          for (const auto word : polygon.words) out.u16(word);
        }
      }
      break;
    case kLines:
    case kSpheres:
      for (const auto& p : section == kLines ? body.lines : body.spheres) {
        out.u16(p.type), out.u16(p.colour), out.u16(p.a), out.u16(p.b);
      }
      break;
    case kTextures:
      for (const auto& t : body.textures) out.u16(t.origin), out.u16(t.repeat_mask);
      break;
    case kSectionCount:
      break;
  }
  return std::move(out).take();
}

std::uint32_t section_count(const body::Lm2Document& body, Section section) {
  switch (section) {
    case kGroups:
      return as_u32(body.groups.size());
    case kPoints:
      return as_u32(body.points.size());
    case kNormals:
      return as_u32(body.normals.size());
    case kFaceNormals:
      return as_u32(body.face_normals.size());
    case kPolygons:
      return body.polygon_count;
    case kLines:
      return as_u32(body.lines.size());
    case kSpheres:
      return as_u32(body.spheres.size());
    case kTextures:
      return as_u32(body.textures.size());
    case kSectionCount:
      break;
  }
  return 0;
}

}  // namespace

std::size_t lm2_polygon_words(std::uint16_t type) {
  if (type & kLm2Environment) return 8;            // STRUC_POLY3_ENV / STRUC_POLY4_ENV
  if ((type & 0xFF) <= kLm2LastLitType) return 6;  // STRUC_POLY3_LIGHT / STRUC_POLY4_LIGHT
  return (type & kLm2Quad) ? 16 : 12;              // STRUC_POLY4_TEXTURE / STRUC_POLY3_TEXTURE
}

std::size_t lm2_polygon_corners(std::uint16_t type) {
  return (type & kLm2Quad) ? 4 : 3;
}

bool lm2_textured(std::uint16_t type) {
  return !(type & kLm2Environment) && (type & 0xFF) > kLm2LastLitType;
}

bool lm2_chroma_keyed(std::uint16_t type) {
  const int poly = type & 0xFF;
  return lm2_textured(type) && poly <= 23 && (poly & 4) != 0;
}

Result<body::Lm2Document> body::read_lm2(std::span<const std::uint8_t> bytes) {
  return capture(kLm2Format, [&] {
    ByteReader reader(bytes, kLm2Format);
    return parse(reader);
  });
}

std::vector<std::uint8_t> body::write_lm2(const body::Lm2Document& body) {
  std::array<std::vector<std::uint8_t>, kSectionCount> sections;
  for (int s = 0; s < kSectionCount; ++s) sections[s] = section_bytes(body, static_cast<Section>(s));
  ByteWriter out;
  out.u32(body.info), out.u16(body.header_size), out.u16(body.dummy);
  for (const auto bound : body.bounds) out.s32(bound);
  std::size_t offset = kLm2HeaderSize;
  for (int s = 0; s < kSectionCount; ++s) {
    offset += body.gaps[s].size();
    out.u32(section_count(body, static_cast<Section>(s))), out.u32(as_u32(offset));
    offset += sections[s].size();
  }
  for (int s = 0; s < kSectionCount; ++s) {
    out.bytes(body.gaps[s]);
    out.bytes(sections[s]);
  }
  out.bytes(body.gaps[kSectionCount]);
  return std::move(out).take();
}

bool looks_like_lm2(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kLm2HeaderSize) return false;
  ByteReader reader(bytes, kLm2Format);
  reader.seek(32, "section table");
  std::uint32_t previous = kLm2HeaderSize;
  for (int s = 0; s < kSectionCount; ++s) {
    reader.u32("count");
    const std::uint32_t offset = reader.u32("offset");
    if (offset < previous || offset > bytes.size()) return false;
    previous = offset;
  }
  return true;
}

}  // namespace bonebridge::lba
