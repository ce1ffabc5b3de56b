// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/ani/codec.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>

#include "bonebridge/io/byte_writer.hpp"
#include "formats/lego/fixtures.hpp"
#include "support/samples.hpp"

namespace bonebridge::lego::ani {
namespace {

std::size_t count_nodes(const Node& node) {
  std::size_t n = 1;
  for (const auto& child : node.children) n += count_nodes(child);
  return n;
}

template <class Member>
std::size_t count_keys(const Node& node, Member member) {
  std::size_t n = (node.*member).size();
  for (const auto& child : node.children) n += count_keys(child, member);
  return n;
}

std::uint32_t float_bits(float f) {
  std::uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return bits;
}

TEST(LegoCodec, SampleHeaderActorsAndTreeMatchTheNotes) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lego/pns065rd.ani");
  const auto bytes = bonebridge::testing::read_bytes(path);
  ASSERT_EQ(bytes.size(), 4788u);
  const auto document = read(bytes);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  const Header& h = document->header;
  EXPECT_EQ(h.magic, 0x11);
  EXPECT_NEAR(h.radius, 6.2227859, 1e-6);
  EXPECT_NEAR(h.center[0], 1.2569838, 1e-6);
  EXPECT_NEAR(h.center[1], 1.0807985, 1e-6);
  EXPECT_NEAR(h.center[2], -46.841011, 1e-5);
  EXPECT_EQ(h.parse_scene, 0);
  EXPECT_EQ(h.unused, 1);
  EXPECT_FALSE(document->camera.has_value());
  const std::vector<Actor> actors{{"RD", 2}, {"BIKERD", 1}, {"PG", 2}, {"BIKEPG", 1}};
  EXPECT_EQ(document->actors, actors);
  EXPECT_EQ(document->duration, 5200);
  EXPECT_EQ(count_nodes(document->root), 26u);
  EXPECT_EQ(count_keys(document->root, &Node::translation), 93u);
  EXPECT_EQ(count_keys(document->root, &Node::rotation), 132u);
  EXPECT_EQ(count_keys(document->root, &Node::scale), 0u);
  EXPECT_EQ(count_keys(document->root, &Node::morph), 0u);
  EXPECT_EQ(document->trailing, std::vector<std::uint8_t>{0});

  const Node& root = document->root;
  EXPECT_EQ(root.name, "-PNS065RD");
  ASSERT_EQ(root.children.size(), 2u);
  const Node& rd = root.children[0];
  EXPECT_EQ(rd.name, "RD");
  ASSERT_EQ(rd.translation.size(), 14u);
  ASSERT_EQ(rd.rotation.size(), 13u);
  EXPECT_EQ(rd.translation[0].time, 0u);
  EXPECT_EQ(rd.translation[0].flags, 0x01);
  EXPECT_NEAR(rd.translation[0].x, -2.3717687, 1e-6);
  EXPECT_NEAR(rd.translation[0].z, -44.077, 1e-4);
  // R[0] raw bytes from the notes: 00000001 05f67f3f 8fb051b0 48f78e3c 98b05130 (little-endian words).
  EXPECT_EQ(rd.rotation[0].flags, 0x01);
  EXPECT_EQ(float_bits(rd.rotation[0].w), 0x3f7ff605u);
  EXPECT_EQ(float_bits(rd.rotation[0].x), 0xb051b08fu);
  EXPECT_EQ(float_bits(rd.rotation[0].y), 0x3c8ef748u);
  EXPECT_EQ(float_bits(rd.rotation[0].z), 0x3051b098u);
  EXPECT_EQ(rd.rotation[1].time, 700u);
  EXPECT_EQ(rd.rotation[1].flags, 0x05);
  const Node& pg = root.children[1];
  ASSERT_EQ(pg.children.size(), 2u);
  const Node& mover = pg.children[1];
  EXPECT_EQ(mover.name, "-mover");
  ASSERT_EQ(mover.translation.size(), 28u);
  EXPECT_EQ(mover.translation[0].flags, 0x00);
  EXPECT_EQ(mover.translation[27].time, 5200u);
  EXPECT_EQ(mover.translation[27].flags, 0x00);
  EXPECT_NEAR(mover.rotation[0].w, -0.37460539, 1e-7);
  EXPECT_NEAR(mover.rotation[0].y, -0.92718434, 1e-7);
}

TEST(LegoCodec, SampleRoundTripIsByteIdentical) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lego/pns065rd.ani");
  const auto bytes = bonebridge::testing::read_bytes(path);
  const auto document = read(bytes);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  EXPECT_EQ(write(*document), bytes);
  EXPECT_TRUE(writable(*document).empty());
}

TEST(LegoCodec, GeneratedDocumentsRoundTrip) {
  for (const Document& original : {fixtures::waving_arm(), fixtures::camera_flyby()}) {
    const auto bytes = write(original);
    const auto back = read(bytes);
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    EXPECT_EQ(*back, original);
    EXPECT_EQ(write(*back), bytes);
  }
}

TEST(LegoCodec, GeneratedLayoutMatchesTheNotesByteForByte) {
  // Hand-computed layout of a minimal file: header, one actor, duration, one node with one key of each kind.
  // Key sizes: 4-byte packed header + payload, so 16 (vector), 20 (rotation, as the 20 raw bytes of the
  // sample's RD R[0] in the notes show; the notes' "20/24 bytes" labels are off by 4), 5 (morph).
  Document d;
  d.header.radius = 2.0f;
  d.actors = {{"A", 7}};
  d.duration = 100;
  d.root = Node{"N", {{5, 0x01, 1, 2, 3}}, {{6, 0x05, 1, 0, 0, 0}}, {}, {{7, 0, 0}}, {}};
  const auto bytes = write(d);
  const std::size_t expected_size = 0x20 + (4 + 1 + 4) + 4 + (4 + 1) + 2 + 16 + 2 + 20 + 2 + 2 + 5 + 4;
  ASSERT_EQ(bytes.size(), expected_size);
  EXPECT_EQ(bytes[0], 0x11);
  EXPECT_EQ(bytes[0x18], 1);  // the unused field defaults to the sample's value
  EXPECT_EQ(bytes[0x1C], 1);  // one actor
  const std::size_t rotation_key = 0x20 + 9 + 4 + 5 + 2 + 16 + 2;
  EXPECT_EQ(bytes[rotation_key], 6);
  EXPECT_EQ(bytes[rotation_key + 3], 0x05);  // flags in the top byte of the packed word
}

TEST(LegoCodec, EmptyActorNameHasNoTypeAndIsReportedAsUnwritable) {
  Document d = fixtures::waving_arm();
  d.actors.push_back({"", 0});
  const auto bytes = write(d);
  EXPECT_EQ(bytes.size(), write(fixtures::waving_arm()).size() + 4);
  const auto back = read(bytes);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(*back, d);
  ASSERT_EQ(writable(d).size(), 1u);
}

TEST(LegoCodec, CameraFlagFollowsTheCameraBlock) {
  Document d = fixtures::camera_flyby();
  d.header.parse_scene = 7;  // any non-zero value is kept as stored
  auto back = read(write(d));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->header.parse_scene, 7);
  d.camera.reset();
  back = read(write(d));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->header.parse_scene, 0);
  EXPECT_FALSE(back->camera);
}

TEST(LegoCodec, UnwritableTimesAndCountsAreReported) {
  Document d = fixtures::waving_arm();
  d.root.children[0].translation[0].time = 1u << 24;
  EXPECT_EQ(writable(d).size(), 1u);
  d = fixtures::waving_arm();
  d.root.translation.assign(65536, VectorKey{});
  EXPECT_EQ(writable(d).size(), 1u);
}

TEST(LegoCodec, EveryTruncationOfTheSampleFailsCleanlyWithAnOffset) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lego/pns065rd.ani");
  const auto bytes = bonebridge::testing::read_bytes(path);
  const std::size_t structure_end = 4787;  // the tree ends here; one pad byte follows
  for (std::size_t length = 0; length < structure_end; ++length) {
    const auto result = read(std::span(bytes.data(), length));
    ASSERT_FALSE(result.ok()) << "prefix of " << length << " bytes was accepted";
    ASSERT_TRUE(result.error().offset.has_value()) << result.error().to_string();
    EXPECT_LE(*result.error().offset, length);
    EXPECT_EQ(result.error().format, kFormatName);
  }
  const auto without_pad = read(std::span(bytes.data(), structure_end));
  ASSERT_TRUE(without_pad.ok());
  EXPECT_TRUE(without_pad->trailing.empty());
}

TEST(LegoCodec, WrongMagicNamesExpectedAndFound) {
  auto bytes = write(fixtures::waving_arm());
  bytes[0] = 0x12;
  const auto result = read(bytes);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().offset, 0u);
  EXPECT_NE(result.error().message.find("expected magic 0x11, found 0x12"), std::string::npos);
}

std::vector<std::uint8_t> header_then(std::uint32_t actor_count) {
  ByteWriter out;
  out.s32(kMagic);
  for (int i = 0; i < 4; ++i) out.f32(0);
  out.s32(0);
  out.s32(1);
  out.u32(actor_count);
  return std::move(out).take();
}

TEST(LegoCodec, AbsurdCountsFailFastWithoutAllocating) {
  const auto start = std::chrono::steady_clock::now();
  const auto actors = read(header_then(0xFFFFFFFFu));
  ASSERT_FALSE(actors.ok());
  EXPECT_EQ(actors.error().offset, 0x20u);
  EXPECT_NE(actors.error().message.find("actor count is 4294967295"), std::string::npos)
      << actors.error().message;

  // A node claiming 4 billion children, then one claiming 65535 translation keys.
  auto children = header_then(0);
  ByteWriter tail;
  tail.s32(0);  // duration
  tail.u32(0);  // root name
  for (int i = 0; i < 4; ++i) tail.u16(0);
  tail.u32(0xFFFFFFFFu);
  children.insert(children.end(), tail.data().begin(), tail.data().end());
  const auto tree = read(children);
  ASSERT_FALSE(tree.ok());
  EXPECT_NE(tree.error().message.find("child count"), std::string::npos);

  auto keys = header_then(0);
  ByteWriter key_tail;
  key_tail.s32(0);
  key_tail.u32(0);
  key_tail.u16(0xFFFF);
  keys.insert(keys.end(), key_tail.data().begin(), key_tail.data().end());
  const auto key_result = read(keys);
  ASSERT_FALSE(key_result.ok());
  EXPECT_NE(key_result.error().message.find("translation key count"), std::string::npos);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(100));
}

TEST(LegoCodec, DeepTreesAreRefusedNotRecursedIntoForever) {
  auto bytes = header_then(0);
  ByteWriter tail;
  tail.s32(0);
  for (std::size_t i = 0; i < kMaxTreeDepth + 2; ++i) {
    tail.u32(0);
    for (int k = 0; k < 4; ++k) tail.u16(0);
    tail.u32(1);
  }
  bytes.insert(bytes.end(), tail.data().begin(), tail.data().end());
  const auto result = read(bytes);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("deeper than"), std::string::npos) << result.error().message;
}

}  // namespace
}  // namespace bonebridge::lego::ani
