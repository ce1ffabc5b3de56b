// SPDX-License-Identifier: MIT
// The node32 cloth layout (four RFG legpack .sim_pc files: 32-byte nodes, 20-byte links, 40-byte colliders),
// on bytes laid out by hand here. The layout itself was established against isaiah_legpack.sim_pc (node36)
// and isaiah_legpack_oasis.sim_pc (node32) of rfg-modding/RFGM.Formats' cloth_sim.vpp_pc: same setup, every
// kept value equal (cloth/document.hpp). The values below are our own, shaped like that setup.
#include <gtest/gtest.h>

#include <bit>

#include "bonebridge/formats/volition/cloth/codec.hpp"
#include "bonebridge/formats/volition/family.hpp"
#include "formats/volition/bytes_builder.hpp"

namespace bonebridge::volition {
namespace {

using test_bytes::Bytes;

// Header: 4 anchors, 1 simulated node, 4 links, 1 collider -> 84 + 5*32 + 4*20 + 40 = 364 bytes, while the
// node36 layout would need 84 + 5*36 + 4*16 + 52 = 380.
Bytes node32_file() {
  Bytes b;
  b.s32(1).text("Test_LegPack").zeros(28 - 13);
  b.s32(1).f32(0.85f).f32(0.01f).f32(5.0f).f32(1.5f).f32(0.05f);
  b.s32(4).s32(1).s32(4).s32(1).zeros(12);
  const int bones[4] = {1, 0, 0, 0};
  for (int bone : bones) b.s32(bone).s32(-1).s32(-1).s32(0).f32(0.0f).f32(0.5f).f32(-0.25f).f32(0.125f);
  b.s32(-1).s32(0).s32(0).s32(0).f32(1.0f).f32(0.04f).f32(-0.22f).f32(-0.03f);  // simulated node 4
  const std::uint32_t ends[4][2] = {{0, 4}, {4, 1}, {4, 3}, {4, 2}};
  const std::uint32_t collide[4] = {0, 0, 1, 1};
  for (int i = 0; i < 4; ++i)
    b.u32(ends[i][0]).u32(ends[i][1]).f32(0.25f + 0.03125f * float(i)).f32(1.0f).u32(collide[i]);
  b.s32(3).u16(0).u16(0).f32(0.11f).f32(0.48f).f32(-0.02f).f32(0.04f).f32(-0.02f).f32(0.0f).f32(-1.0f).f32(
      0.0f);
  return b;
}

TEST(ClothNode32, HandLaidFileReadsFieldByFieldAndWritesBackByteForByte) {
  const auto bytes = node32_file().data;
  ASSERT_EQ(bytes.size(), 364u);
  auto doc = cloth::read(bytes);
  ASSERT_TRUE(doc) << doc.error().to_string();
  EXPECT_EQ(doc->layout, ClothLayout::Node32);
  ASSERT_EQ(doc->nodes.size(), 5u);
  EXPECT_EQ(doc->nodes[0].bone_index, 1);
  EXPECT_EQ(doc->nodes[0].parent_node_index, -1);
  EXPECT_EQ(doc->nodes[0].pos, (ClothVec3{0.5f, -0.25f, 0.125f}));
  EXPECT_EQ(doc->nodes[4].parent_node_index, 0);
  EXPECT_EQ(doc->nodes[4].gravity_link, 0);
  EXPECT_EQ(std::bit_cast<float>(doc->nodes[4].wind_multiplier_bits), 1.0f);
  ASSERT_EQ(doc->links.size(), 4u);
  EXPECT_EQ(doc->links[2].node_index_1, 4u);
  EXPECT_EQ(doc->links[2].node_index_2, 3u);
  EXPECT_EQ(doc->links[2].length, 0.3125f);
  EXPECT_EQ(doc->links[2].collide, 1u);
  ASSERT_EQ(doc->colliders.size(), 1u);
  EXPECT_EQ(doc->colliders[0].bone_index, 3);
  EXPECT_EQ(doc->colliders[0].axis, (ClothVec3{0.0f, -1.0f, 0.0f}));
  EXPECT_TRUE(doc->trailing.empty());
  EXPECT_EQ(cloth::write(*doc), bytes);
}

TEST(ClothNode32, SniffedAsClothNeverAsARig) {
  EXPECT_EQ(sniff_kind(node32_file().data), FileKind::Cloth);
}

TEST(ClothNode32, EveryTruncationFailsWithAnOffset) {
  const auto bytes = node32_file().data;
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    auto doc = cloth::read(std::span(bytes).first(size));
    ASSERT_FALSE(doc) << "a truncation to " << size << " bytes was accepted";
    EXPECT_TRUE(doc.error().offset.has_value());
  }
}

// A node36 file cut to exactly the node32 size of its counts must not be taken for a node32 file: its s8
// fields read as s32 give absurd indices. Here: 2 anchors + 1 simulated node, 2 links, 0 colliders: node36
// needs 84 + 108 + 32 = 224 bytes, node32 84 + 96 + 40 = 220.
TEST(ClothNode32, ANode36FileCutToANode32SizeIsNotAccepted) {
  Bytes b;
  b.s32(1).text("cut").zeros(24).s32(1).f32(0.85f).f32(0.01f).f32(5.0f).f32(1.5f).f32(0.05f);
  b.s32(2).s32(1).s32(2).s32(0).zeros(12);
  for (int i = 0; i < 2; ++i) b.raw({0, 0xFF, 0xFF, 0}).u32(0).u32(0xCCCCCCCC).zeros(24);
  b.raw({0xFF, 0, 0, 0}).u32(0xFFFFFFFF).f32(1.0f).zeros(24);
  for (int i = 0; i < 2; ++i) b.u16(static_cast<std::uint32_t>(i)).u16(2).u32(0).f32(0.5f).f32(1.0f);
  ASSERT_EQ(b.size(), 224u);
  ASSERT_TRUE(cloth::read(b.data));
  auto cut = cloth::read(std::span(b.data).first(220));
  EXPECT_FALSE(cut);
}

}  // namespace
}  // namespace bonebridge::volition
