// SPDX-License-Identifier: MIT
// LBA2 bodies (.lm2). Layout from 2point21/lba2-classic LIB386/H/OBJECT/AFF_OBJ.H (T_BODY_HEADER) and
// LIB386/H/AFF_OBJ.INC (STRUC_OBJ_GROUPE, STRUC_OBJ_POINT, STRUC_POLY_HEADER, STRUC_POLY3/4_LIGHT/_TEXTURE/
// _ENV, STRUC_OBJ_LINE, STRUC_OBJ_SPHERE, STRUC_OBJ_TEXTURE).
#include <gtest/gtest.h>

#include "bonebridge/formats/lba/body/lm2_codec.hpp"
#include "bonebridge/formats/lba/family.hpp"
#include "bonebridge/formats/lba/hqr/archive.hpp"
#include "bonebridge/io/byte_writer.hpp"
#include "support/samples.hpp"

namespace bonebridge::lba {
namespace {

constexpr const char* kBodies[] = {"lba/lba2-bodies/My_Twinsen_Tunic_LBA2.lm2",
                                   "lba/lba2-bodies/Human_Hand.lm2", "lba/lba2-bodies/Pigsen_LBA2.lm2"};

TEST(Lm2Codec, RealBodiesRoundTripByteForByte) {
  for (const char* name : kBodies) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, name);
    const auto bytes = testing::read_bytes(path);
    const auto body = body::read_lm2(bytes);
    ASSERT_TRUE(body.ok()) << name << ": " << body.error().to_string();
    EXPECT_EQ(body::write_lm2(*body), bytes) << name;
    EXPECT_TRUE(looks_like_lm2(bytes)) << name;
  }
}

// Values read off Human_Hand.lm2 with Python's struct module at the header's offsets (groups at 96, points at
// 240, normals at 1824, polygons 3408..10528), independently of this codec.
TEST(Lm2Codec, HumanHandFieldsMatchAHandDecoding) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lba/lba2-bodies/Human_Hand.lm2");
  const auto body = body::read_lm2(testing::read_bytes(path));
  ASSERT_TRUE(body.ok()) << body.error().to_string();
  EXPECT_EQ(body->info, 0u);
  ASSERT_EQ(body->groups.size(), 18u);
  EXPECT_EQ(body->groups[0], (Lm2Group{0xFFFF, 0, 2, 0}));
  EXPECT_EQ(body->groups[2], (Lm2Group{1, 2, 43, 0}));
  EXPECT_EQ(body->groups[4], (Lm2Group{3, 46, 8, 0}));
  ASSERT_EQ(body->points.size(), 198u);
  EXPECT_EQ(body->points[1], (Lm2Point{{0, 72, 67}, 0}));
  EXPECT_EQ(body->points[3], (Lm2Point{{-25, 431, -79}, 2}));
  EXPECT_EQ(body->normals.size(), 198u);
  EXPECT_TRUE(body->face_normals.empty());
  // 356 sections of one POLY_DITHER triangle each (type 5, 12-byte STRUC_POLY3_LIGHT, next offset 20).
  ASSERT_EQ(body->sections.size(), 356u);
  EXPECT_EQ(body->polygon_count, 356u);
  for (const auto& section : body->sections) {
    EXPECT_EQ(section.type, 5);
    EXPECT_EQ(section.next_offset, 20u);
    ASSERT_EQ(section.polygons.size(), 1u);
    EXPECT_EQ(section.polygons[0].words.size(), 6u);
  }
  EXPECT_TRUE(body->lines.empty() && body->spheres.empty() && body->textures.empty());
}

// A body laid out by hand: one group and one point, a 2-byte gap before the points, no normals, three polygon
// sections (a lit triangle, a textured quad, an environment triangle), a line, a sphere, a texture and 3
// trailing bytes.
std::vector<std::uint8_t> hand_laid_body() {
  ByteWriter out;
  out.u32(kLm2Animated | 3), out.u16(0x60), out.u16(0);
  for (const std::int32_t bound : {-10, 10, 0, 20, -5, 5}) out.s32(bound);
  // (count, offset) pairs: groups 96 (8 bytes), gap 2, points 106 (8), normals 114 (0), face normals 114 (0),
  // polygons 114: 8+12 + 8+32 + 8+16 = 84 bytes, lines 198 (8), spheres 206 (8), textures 214 (4), end 218.
  const std::uint32_t table[8][2] = {{1, 96},  {1, 106}, {0, 114}, {0, 114},
                                     {3, 114}, {1, 198}, {1, 206}, {1, 214}};
  for (const auto& [count, offset] : table) out.u32(count), out.u32(offset);
  out.u16(0xFFFF), out.u16(0), out.u16(1), out.u16(0);  // group: root, pivot point 0, 1 point, 0 normals
  out.u16(0xABCD);                                      // the gap
  out.s16(1), out.s16(-2), out.s16(3), out.u16(0);      // point 0 of group 0
  out.u16(4), out.u16(1), out.u32(20);                  // POLY_GOURAUD triangle section
  for (const int w : {0, 0, 0, 0, 0x44, 0}) out.u16(static_cast<std::uint16_t>(w));
  out.u16(static_cast<std::uint16_t>(kLm2Quad | 9)), out.u16(1),
      out.u32(40);  // POLY_TEXTURE_FLAT quad section
  for (std::uint16_t w = 0; w < 16; ++w) out.u16(static_cast<std::uint16_t>(100 + w));
  out.u16(static_cast<std::uint16_t>(kLm2Environment | 1)), out.u16(1),
      out.u32(24);  // environment-mapped triangle section
  for (std::uint16_t w = 0; w < 8; ++w) out.u16(static_cast<std::uint16_t>(200 + w));
  out.u16(0), out.u16(0x21), out.u16(0), out.u16(0);  // line
  out.u16(1), out.u16(0x31), out.u16(0), out.u16(7);  // sphere of radius 7
  out.u16(0x1234), out.u16(0x00FF);                   // texture
  out.u8(9), out.u8(8), out.u8(7);                    // trailing
  return std::move(out).take();
}

TEST(Lm2Codec, HandLaidBytesReadAsLaidAndWriteBack) {
  const auto bytes = hand_laid_body();
  ASSERT_EQ(bytes.size(), 221u);
  const auto body = body::read_lm2(bytes);
  ASSERT_TRUE(body.ok()) << body.error().to_string();
  EXPECT_EQ(body->info & 0xFF, 3u);
  EXPECT_TRUE(body->info & kLm2Animated);
  EXPECT_EQ(body->bounds, (std::array<std::int32_t, 6>{-10, 10, 0, 20, -5, 5}));
  EXPECT_EQ(body->gaps[1], (std::vector<std::uint8_t>{0xCD, 0xAB}));
  EXPECT_EQ(body->points[0], (Lm2Point{{1, -2, 3}, 0}));
  ASSERT_EQ(body->sections.size(), 3u);
  EXPECT_EQ(body->sections[0].polygons[0].words[4], 0x44);  // Poly3_Couleur
  EXPECT_EQ(body->sections[1].polygons[0].words.size(), 16u);
  EXPECT_EQ(body->sections[1].polygons[0].words[14], 114);  // Poly4_HandleText
  EXPECT_EQ(body->sections[2].polygons[0].words.size(), 8u);
  EXPECT_EQ(lm2_polygon_corners(body->sections[1].type), 4u);
  EXPECT_EQ(body->lines[0].colour, 0x21);
  EXPECT_EQ(body->spheres[0].b, 7);
  EXPECT_EQ(body->textures[0], (Lm2Texture{0x1234, 0x00FF}));
  EXPECT_EQ(body->gaps[8], (std::vector<std::uint8_t>{9, 8, 7}));
  EXPECT_EQ(body::write_lm2(*body), bytes);
}

TEST(Lm2Codec, EveryTruncationFailsWithAnOffset) {
  const auto bytes = hand_laid_body();
  // The last three bytes are trailing: cutting them leaves a complete body. Every shorter cut must fail.
  for (std::size_t size = 0; size < bytes.size() - 3; ++size) {
    const auto body = body::read_lm2(std::span(bytes).first(size));
    ASSERT_FALSE(body.ok()) << "accepted a cut at " << size;
    EXPECT_TRUE(body.error().offset.has_value()) << body.error().to_string();
  }
}

TEST(Lm2Codec, SectionsOutOfOrderOrOverrunningAreRefusedByName) {
  auto bytes = hand_laid_body();
  bytes[36 + 8 * 1] = 90;  // points offset 106 -> 90, inside the groups
  auto body = body::read_lm2(bytes);
  ASSERT_FALSE(body.ok());
  EXPECT_NE(body.error().message.find("points section starts at byte 90"), std::string::npos)
      << body.error().message;
  EXPECT_EQ(body.error().offset, 44u);

  bytes = hand_laid_body();
  bytes[114 + 2] = 20;  // the first polygon section claims 20 triangles: 240 bytes, 76 remain before 198
  body = body::read_lm2(bytes);
  ASSERT_FALSE(body.ok());
  EXPECT_EQ(body.error().offset, 116u) << body.error().to_string();  // the count field

  bytes = hand_laid_body();
  bytes[32] = 31;  // 31 groups: more than MAX_NB_GROUPES
  EXPECT_FALSE(body::read_lm2(bytes).ok());
}

// The engine's model: ×6 point references, ×38 parent offsets (LBA1 BodyGroup), colours from the low byte.
TEST(Lm2Body, BecomesTheEnginesBodyModel) {
  body::Lm2Document lm2;
  lm2.groups = {{0xFFFF, 0, 2, 0}, {0, 1, 1, 0}};
  lm2.points = {{{0, 0, 0}, 0}, {{0, 50, 0}, 0}, {{10, 0, 0}, 1}};
  lm2.sections = {{0x8004, 20, {{{0, 1, 2, 1, 0x1234, 0}}}}};
  lm2.spheres = {{0, 0x0077, 2, 9}};
  const auto body = body_from_lm2(lm2);
  ASSERT_TRUE(body.ok()) << body.error().to_string();
  ASSERT_EQ(body->groups.size(), 2u);
  EXPECT_EQ(body->groups[0].parent, -1);
  EXPECT_EQ(body->groups[1].parent, 0);        // group 0 × 38
  EXPECT_EQ(body->groups[1].first_point, 12);  // point 2 × 6
  EXPECT_EQ(body->groups[1].pivot_point, 6);   // point 1 × 6
  ASSERT_EQ(body->geometry->polygons.size(), 1u);
  const auto& quad = body->geometry->polygons[0];
  ASSERT_EQ(quad.vertices.size(), 4u);
  EXPECT_EQ(quad.vertices[2].point, 12);
  EXPECT_EQ(quad.colour, 0x34);
  EXPECT_EQ(body->geometry->spheres[0].point, 12);
  EXPECT_EQ(body->geometry->spheres[0].radius, 9);

  lm2.points[2].group = 0;  // group 1's point now claims group 0
  EXPECT_FALSE(body_from_lm2(lm2).ok());
}

TEST(Lm2Body, PublicBodiesBecomeEngineBodies) {
  for (const char* name : kBodies) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, name);
    const auto lm2 = body::read_lm2(testing::read_bytes(path));
    ASSERT_TRUE(lm2.ok());
    const auto body = body_from_lm2(*lm2);
    ASSERT_TRUE(body.ok()) << name << ": " << body.error().to_string();
    EXPECT_EQ(body->groups.size(), lm2->groups.size());
    EXPECT_EQ(body->geometry->polygons.size(), lm2->polygon_count);
  }
}

// A .lm2 on its own, named as users name it: opened by the family as an LBA2 body, written back byte for
// byte, and convertible (the rest pose, with its mesh).
TEST(Lm2Family, AnLm2FileOpensOnItsOwn) {
  for (const char* name : kBodies) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, name);
    const auto bytes = testing::read_bytes(path);
    Options options;
    options.placement.extension = ".lm2";
    const auto document = family().open(bytes, options);
    ASSERT_TRUE(document.ok()) << name << ": " << document.error().to_string();
    EXPECT_EQ((*document)->info()["format"], kLm2Format) << name;
    EXPECT_EQ(*(*document)->encode(), bytes) << name;
    const auto core = (*document)->to_core(options);
    ASSERT_TRUE(core.ok()) << name << ": " << core.error().to_string();
    EXPECT_FALSE(core->scene.skeleton.joints.empty()) << name;
  }
}

}  // namespace
}  // namespace bonebridge::lba
