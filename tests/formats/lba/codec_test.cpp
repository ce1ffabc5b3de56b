// SPDX-License-Identifier: MIT
// Round trips of every sample and the layout facts of research/lba1-anm.md §1 and
// shared/samples/lba/SOURCES.md.
#include <gtest/gtest.h>

#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/body/codec.hpp"
#include "support/samples.hpp"

namespace bonebridge::lba {
namespace {

const char* const kAnimationSamples[] = {
    "Twinsen_Walk.anm",      "Twinsen_Walk_Back.anm", "Twinsen_Run.anm",
    "Twinsen_Turn_Left.anm", "Twinsen_Fall.anm",      "Twinsen_Run_Alt.anm",
    "ANIM_Test.anm",         "ANIM_CUSTOM.anm",       "Human_Hand_P1.anm"};

TEST(LbaAnimationCodec, EverySampleRoundTripsByteForByte) {
  for (const char* name : kAnimationSamples) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("lba/") + name);
    const auto bytes = testing::read_bytes(path);
    const auto animation = anm::read(bytes);
    ASSERT_TRUE(animation.ok()) << name << ": " << animation.error().to_string();
    EXPECT_TRUE(animation->trailing.empty()) << name;  // every sample is exactly 8 + N(8 + 8G) bytes
    EXPECT_EQ(anm::write(*animation), bytes) << name;
  }
}

// Values from SOURCES.md: N = 5, G = 24, loop 1, durations 300/200/200/200/200, step z 0 then +240.
TEST(LbaAnimationCodec, TwinsenWalkHeaderMatchesTheNotes) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lba/Twinsen_Walk.anm");
  const auto animation = anm::read(testing::read_bytes(path));
  ASSERT_TRUE(animation.ok());
  ASSERT_EQ(animation->keyframes.size(), 5u);
  EXPECT_EQ(animation->group_count, 24);
  EXPECT_EQ(animation->loop_frame, 1);
  EXPECT_EQ(animation->unused, 0);
  const std::uint16_t durations[] = {300, 200, 200, 200, 200};
  for (std::size_t k = 0; k < 5; ++k) {
    EXPECT_EQ(animation->keyframes[k].duration, durations[k]);
    EXPECT_EQ(animation->keyframes[k].step[2], k == 0 ? 0 : 240);
    EXPECT_EQ(animation->keyframes[k].groups.size(), 24u);
  }
}

// SOURCES.md: entry-0 type 1 (master rotation), yaw deltas 0/408/408/0.
TEST(LbaAnimationCodec, TurnLeftKeepsTheMasterSlot) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lba/Twinsen_Turn_Left.anm");
  const auto animation = anm::read(testing::read_bytes(path));
  ASSERT_TRUE(animation.ok());
  const std::int16_t yaw[] = {0, 408, 408, 0};
  ASSERT_EQ(animation->keyframes.size(), 4u);
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(animation->keyframes[k].groups[0].type, 1);
    EXPECT_EQ(animation->keyframes[k].groups[0].b, yaw[k]);
  }
}

TEST(LbaAnimationCodec, RawValuesSurviveUnchanged) {
  anm::Document animation;
  animation.group_count = 2;
  animation.loop_frame = 7;  // out of range on purpose: the codec does not judge
  animation.unused = 0xBEEF;
  Keyframe keyframe{3, {-1, 2, -32768}, {{0x8001, 0, 1024, -1}, {1, 32767, -5000, 2047}}};
  animation.keyframes = {keyframe, keyframe};
  const auto bytes = anm::write(animation);
  ASSERT_EQ(bytes.size(), 8u + 2 * (8 + 8 * 2));
  // Hand-encoded header: N = 2, G = 2, loop 7, unused 0xBEEF, little-endian.
  const std::uint8_t header[] = {2, 0, 2, 0, 7, 0, 0xEF, 0xBE};
  EXPECT_TRUE(std::equal(std::begin(header), std::end(header), bytes.begin()));
  const auto back = anm::read(bytes);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, animation);
}

TEST(LbaAnimationCodec, EveryTruncationOfASampleFailsWithAnOffset) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lba/ANIM_Test.anm");
  const auto bytes = testing::read_bytes(path);
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    const auto result = anm::read(std::span(bytes).first(size));
    ASSERT_FALSE(result.ok()) << size;
    ASSERT_TRUE(result.error().offset.has_value()) << size;
    EXPECT_LE(*result.error().offset, size);
    EXPECT_EQ(result.error().format, kAnmFormat);
  }
}

TEST(LbaAnimationCodec, AbsurdCountsFailBeforeAllocating) {
  const std::vector<std::uint8_t> bytes = {0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 1, 2, 3};
  const auto result = anm::read(bytes);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().offset, 8u);
}

body::Document two_group_body() {
  body::Document body;
  body.flags = 2;
  body.bounds = {-10, 10, 0, 100, -10, 10};
  body.info.assign(10, 0);
  body.points = {{0, 0, 0}, {0, 50, 0}, {0, 30, 0}, {10, 0, 0}};
  BodyGroup root;
  root.first_point = 0;
  root.point_count = 2;
  root.pivot_point = 0;
  root.parent = -1;
  BodyGroup arm;
  arm.first_point = 2 * 6;
  arm.point_count = 2;
  arm.pivot_point = 1 * 6;
  arm.parent = 0;
  body.groups = {root, arm};
  body.geometry = BodyGeometry{};
  return body;
}

TEST(LbaBodyCodec, RoundTripsAndPlacesPointsAfterTheInfoArea) {
  const body::Document body = two_group_body();
  const auto bytes = body::write(body);
  // §2.5: the point count sits at 16 + infoSize = 26 with the retail info size of 10; empty drawing data is
  // four zero counts.
  ASSERT_GT(bytes.size(), 28u);
  EXPECT_EQ(bytes[14], 10);
  EXPECT_EQ(bytes[26], 4);
  EXPECT_EQ(bytes.size(), 26u + 2 + 4 * 6 + 2 + 2 * 38 + 4 * 2);
  const auto back = body::read(bytes);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(*back, body);
}

// Drawing records laid out by hand from P_OB_ISO.ASM AffObjetIso / P_OBJET.ASM ComputeAnimNormal.
TEST(LbaBodyCodec, DrawingRecordsHaveTheRenderersLayout) {
  body::Document body = two_group_body();
  body.groups[1].normal_count = 1;
  std::vector<std::uint8_t> bytes = body::write(body);
  bytes.resize(bytes.size() - 8);  // drop the four empty counts
  const std::vector<std::uint8_t> drawing = {
      1, 0, 0, 0, 0, 0, 64, 0, 20, 0,                      // 1 normal (0, 0, 64), range 20
      3, 0,                                                // 3 polygons
      0, 3, 0x34, 0x12, 0, 0, 6, 0, 12, 0,                 // unlit: material 0, 3 points, colour 0x1234
      7, 3, 0x40, 0, 0, 0, 0, 0, 6, 0, 18, 0,              // flat: material 7, face normal 0
      9, 3, 0x50, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 12, 0,  // Gouraud: (normal, point) per vertex
      1, 0, 2, 0x60, 0xCD, 0xAB, 0, 0, 18, 0,              // 1 line: material 2, colour 0x60, field 0xABCD,
                                                           // points 0, 3
      1, 0, 3, 0x70, 0x01, 0x99, 8, 0, 6, 0,               // 1 sphere: material 3, colour 0x0170, byte 0x99,
                                                           // radius 8, point 1
      0xEE, 0xFF};                                         // trailing
  bytes.insert(bytes.end(), drawing.begin(), drawing.end());
  const auto read = body::read(bytes);
  ASSERT_TRUE(read.ok()) << read.error().to_string();
  ASSERT_TRUE(read->geometry.has_value()) << read->geometry_error;
  const BodyGeometry& g = *read->geometry;
  ASSERT_EQ(g.normals.size(), 1u);
  EXPECT_EQ(g.normals[0].vector, (std::array<std::int16_t, 3>{0, 0, 64}));
  EXPECT_EQ(g.normals[0].range, 20);
  ASSERT_EQ(g.polygons.size(), 3u);
  EXPECT_EQ(g.polygons[0].colour, 0x1234);
  EXPECT_EQ(g.polygons[0].vertices[2].point, 12);
  EXPECT_EQ(g.polygons[1].material, 7);
  EXPECT_EQ(g.polygons[1].vertices[2].point, 18);
  EXPECT_EQ(g.polygons[2].vertices[1].point, 6);
  EXPECT_EQ(g.polygons[2].vertices[2].point, 12);
  ASSERT_EQ(g.lines.size(), 1u);
  EXPECT_EQ(g.lines[0].colour, 0x60);
  EXPECT_EQ(g.lines[0].unknown, 0xABCD);
  EXPECT_EQ(g.lines[0].point_b, 18);
  ASSERT_EQ(g.spheres.size(), 1u);
  EXPECT_EQ(g.spheres[0].colour, 0x0170);
  EXPECT_EQ(g.spheres[0].unknown, 0x99);
  EXPECT_EQ(g.spheres[0].radius, 8);
  EXPECT_EQ(g.trailing, (std::vector<std::uint8_t>{0xEE, 0xFF}));
  EXPECT_EQ(body::write(*read), bytes);
}

TEST(LbaBodyCodec, StaticBodiesStoreNoGroups) {
  body::Document body = two_group_body();
  body.flags = 0;
  body.groups.clear();
  body.geometry->normals.push_back({{1, 2, 3}, 4});
  const auto bytes = body::write(body);
  // Without INFO_ANIM the normal count follows the points directly (P_OB_ISO.ASM RotateNuage).
  ASSERT_EQ(bytes.size(), 26u + 2 + 4 * 6 + 2 + 8 + 3 * 2);
  EXPECT_EQ(bytes[26 + 2 + 24], 1);
  const auto back = body::read(bytes);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(*back, body);
}

TEST(LbaBodyCodec, UndecodableDrawingDataIsKeptAndExplained) {
  body::Document body = two_group_body();
  auto bytes = body::write(body);
  const std::size_t drawing = bytes.size() - 8;
  bytes[drawing + 2] = 1;                                  // one polygon ...
  const std::vector<std::uint8_t> polygon = {0, 0, 1, 0};  // ... with 0 vertices
  bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(drawing + 4), polygon.begin(), polygon.end());
  const auto read = body::read(bytes);
  ASSERT_TRUE(read.ok()) << read.error().to_string();
  EXPECT_FALSE(read->geometry.has_value());
  EXPECT_NE(read->geometry_error.find(std::to_string(drawing + 5)), std::string::npos)
      << read->geometry_error;
  EXPECT_NE(read->geometry_error.find("256"), std::string::npos) << read->geometry_error;
  EXPECT_EQ(read->groups.size(), 2u);
  EXPECT_EQ(body::write(*read), bytes);
}

TEST(LbaBodyCodec, EveryTruncationFailsWithAnOffsetOrKeepsTheDrawingBytes) {
  const body::Document body = two_group_body();
  const auto bytes = body::write(body);
  const std::size_t drawing = bytes.size() - 8;
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    const auto result = body::read(std::span(bytes).first(size));
    if (size < drawing) {
      ASSERT_FALSE(result.ok()) << size;
      ASSERT_TRUE(result.error().offset.has_value());
      continue;
    }
    ASSERT_TRUE(result.ok()) << size;
    EXPECT_FALSE(result->geometry.has_value()) << size;
    EXPECT_EQ(body::write(*result),
              std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size)));
  }
}

}  // namespace
}  // namespace bonebridge::lba
