// SPDX-License-Identifier: MIT
// Cloth (.sim_pc) codec against the five real RFG samples; golden values are the ones the research notes
// (§9.3) and shared/samples/volition/SOURCES.md read from the hex dumps.
#include <gtest/gtest.h>

#include <cmath>

#include "bonebridge/formats/volition/cloth/codec.hpp"
#include "support/samples.hpp"

namespace bonebridge::volition {
namespace {

struct ClothCounts {
  const char* file;
  std::size_t bytes, anchors, simulated, links, colliders;
  std::int32_t passes;
};

// From SOURCES.md and notes §9.3 (num_passes 1, 1, 1, 3, 2 in file order banner_bm, blair, chain_a, jean,
// mila).
constexpr ClothCounts kSamples[] = {
    {"volition/banner_bm.sim_pc", 900, 4, 8, 24, 0, 1}, {"volition/blair.sim_pc", 1256, 10, 6, 34, 1, 1},
    {"volition/chain_a.sim_pc", 328, 2, 3, 4, 0, 1},    {"volition/jean.sim_pc", 1812, 7, 12, 49, 5, 3},
    {"volition/mila.sim_pc", 500, 3, 2, 5, 3, 2},
};

class ClothSample : public ::testing::TestWithParam<ClothCounts> {};

TEST_P(ClothSample, ReadsCountsAndRoundTripsByteForByte) {
  const auto& expected = GetParam();
  BONEBRIDGE_REQUIRE_SAMPLE(path, expected.file);
  const auto bytes = testing::read_bytes(path);
  ASSERT_EQ(bytes.size(), expected.bytes);
  auto doc = cloth::read(bytes);
  ASSERT_TRUE(doc) << doc.error().to_string();
  EXPECT_EQ(doc->version, 1);
  EXPECT_EQ(static_cast<std::size_t>(doc->num_anchor_nodes), expected.anchors);
  EXPECT_EQ(doc->nodes.size(), expected.anchors + expected.simulated);
  EXPECT_EQ(doc->links.size(), expected.links);
  EXPECT_EQ(doc->colliders.size(), expected.colliders);
  EXPECT_EQ(doc->num_passes, expected.passes);
  EXPECT_FLOAT_EQ(doc->air_resistance, 0.85f);  // 0.85 in all five
  EXPECT_TRUE(doc->trailing.empty());
  EXPECT_EQ(doc->unknown_words, (std::array<std::uint32_t, 3>{0, 0, 0}));
  EXPECT_EQ(cloth::write(*doc), bytes);
}

TEST_P(ClothSample, LinkLengthIsTheDistanceBetweenLocalSpacePositions) {
  // Notes §9.3: equal within 1e-3 for every link of the five files.
  BONEBRIDGE_REQUIRE_SAMPLE(path, GetParam().file);
  auto doc = cloth::read(testing::read_bytes(path));
  ASSERT_TRUE(doc);
  for (const auto& link : doc->links) {
    ASSERT_LT(link.node_index_1, doc->nodes.size());
    ASSERT_LT(link.node_index_2, doc->nodes.size());
    const auto& a = doc->nodes[link.node_index_1].local_space_pos;
    const auto& b = doc->nodes[link.node_index_2].local_space_pos;
    const double d = std::sqrt(double(a.x - b.x) * (a.x - b.x) + double(a.y - b.y) * (a.y - b.y) +
                               double(a.z - b.z) * (a.z - b.z));
    EXPECT_NEAR(link.length, d, 1e-3);
  }
}

TEST_P(ClothSample, EveryTruncationFailsCleanlyWithAnOffset) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, GetParam().file);
  const auto bytes = testing::read_bytes(path);
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    auto doc = cloth::read(std::span(bytes).first(size));
    if (size >= kClothHeaderSize && doc) {
      // A cut exactly at an array boundary cannot be told from a file with trailing bytes; none of those
      // parse here because the counts in the header demand the full arrays.
      FAIL() << "a truncation to " << size << " bytes was accepted";
    }
    ASSERT_FALSE(doc);
    EXPECT_TRUE(doc.error().offset.has_value());
    EXPECT_EQ(doc.error().format, kClothFormat);
  }
}

INSTANTIATE_TEST_SUITE_P(Volition, ClothSample, ::testing::ValuesIn(kSamples));

TEST(ClothCodec, ChainAFieldsMatchTheHexDumpInTheNotes) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/chain_a.sim_pc");
  auto doc = cloth::read(testing::read_bytes(path));
  ASSERT_TRUE(doc);
  EXPECT_EQ(cloth_name(*doc), "chain_a");
  EXPECT_EQ(doc->name[8], 0xCC);   // fill after the NUL
  EXPECT_EQ(doc->name[27], 0x00);  // name ends with 0x00 at 0x1F
  EXPECT_FLOAT_EQ(doc->wind_multiplier, 0.0015f);
  EXPECT_FLOAT_EQ(doc->wind_const, 5.0f);
  EXPECT_FLOAT_EQ(doc->gravity_multiplier, 2.0f);
  EXPECT_FLOAT_EQ(doc->object_velocity_inheritance, 0.3f);
  const auto& node0 = doc->nodes[0];
  EXPECT_EQ(node0.bone_index, 0);
  EXPECT_EQ(node0.parent_node_index, -1);
  EXPECT_EQ(node0.gravity_link, -1);
  EXPECT_EQ(node0.anchor, 0);
  EXPECT_EQ(node0.collide, 0u);
  EXPECT_EQ(node0.wind_multiplier_bits, 0xCCCCCCCCu);
  EXPECT_NEAR(node0.local_space_pos.x, 0.590, 1e-3);
  EXPECT_NEAR(node0.local_space_pos.y, 0.672, 1e-3);
  EXPECT_EQ(node0.local_space_pos.z, 0.0f);
  const std::uint16_t ends[4][2] = {{0, 2}, {2, 3}, {3, 4}, {4, 1}};
  const float lengths[4] = {0.5757f, 0.7153f, 0.5828f, 0.0112f};
  const float unknowns[4] = {0.05f, 0.05f, 0.05f, 0.01f};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(doc->links[i].node_index_1, ends[i][0]);
    EXPECT_EQ(doc->links[i].node_index_2, ends[i][1]);
    EXPECT_EQ(doc->links[i].collide, 0u);
    EXPECT_NEAR(doc->links[i].length, lengths[i], 1e-4);
    EXPECT_NEAR(doc->links[i].unknown, unknowns[i], 1e-4);
  }
  // Every simulated node hangs from an earlier node; every anchor has none.
  for (std::size_t i = 0; i < doc->nodes.size(); ++i) {
    if (i < 2) {
      EXPECT_EQ(doc->nodes[i].parent_node_index, -1);
    } else {
      EXPECT_GE(doc->nodes[i].parent_node_index, 0);
      EXPECT_LT(doc->nodes[i].parent_node_index, static_cast<int>(i));
    }
  }
}

TEST(ClothCodec, BlairColliderMatchesTheNotes) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/blair.sim_pc");
  auto doc = cloth::read(testing::read_bytes(path));
  ASSERT_TRUE(doc);
  ASSERT_EQ(doc->colliders.size(), 1u);
  const auto& c = doc->colliders[0];
  EXPECT_EQ(c.bone_index, 7);
  EXPECT_EQ(c.is_capsule, 1);
  EXPECT_EQ(c.do_scale, 0);
  EXPECT_NEAR(c.radius, 0.1546, 1e-4);
  EXPECT_NEAR(c.height, 0.4089, 1e-4);
  const double axis =
      std::sqrt(double(c.axis.x) * c.axis.x + double(c.axis.y) * c.axis.y + double(c.axis.z) * c.axis.z);
  EXPECT_NEAR(axis, 1.0, 1e-4);
}

TEST(ClothCodec, JeanKeepsColliderBitMasksAndNameLeftovers) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/jean.sim_pc");
  auto doc = cloth::read(testing::read_bytes(path));
  ASSERT_TRUE(doc);
  bool saw_0c = false, saw_12 = false;
  for (const auto& node : doc->nodes) {
    saw_0c |= node.collide == 0x0Cu;
    saw_12 |= node.collide == 0x12u;
  }
  EXPECT_TRUE(saw_0c);
  EXPECT_TRUE(saw_12);
  EXPECT_EQ(doc->nodes[0].wind_multiplier_bits, 0u);  // jean's anchors hold 0.0, not fill
}

TEST(ClothCodec, MilaHasASimulatedNodeWithWindThreeQuarters) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/mila.sim_pc");
  auto doc = cloth::read(testing::read_bytes(path));
  ASSERT_TRUE(doc);
  bool found = false;
  for (std::size_t i = static_cast<std::size_t>(doc->num_anchor_nodes); i < doc->nodes.size(); ++i) {
    found |= std::bit_cast<float>(doc->nodes[i].wind_multiplier_bits) == 0.75f;
  }
  EXPECT_TRUE(found);
}

TEST(ClothCodec, AbsurdCountFailsFastWithoutAllocating) {
  std::vector<std::uint8_t> bytes(kClothHeaderSize, 0);
  bytes[0] = 1;
  bytes[0x38] = 0xFF;  // num_anchor_nodes = 0x7FFFFFFF
  bytes[0x39] = 0xFF;
  bytes[0x3A] = 0xFF;
  bytes[0x3B] = 0x7F;
  auto doc = cloth::read(bytes);
  ASSERT_FALSE(doc);
  EXPECT_EQ(doc.error().offset, kClothHeaderSize);
  bytes[0x3B] = 0xFF;  // -1
  doc = cloth::read(bytes);
  ASSERT_FALSE(doc);
  EXPECT_EQ(doc.error().offset, 0x38u);
}

TEST(ClothCodec, RejectsOtherVersionsNamingTheFoundValue) {
  std::vector<std::uint8_t> bytes(kClothHeaderSize, 0);
  bytes[0] = 5;
  auto doc = cloth::read(bytes);
  ASSERT_FALSE(doc);
  EXPECT_EQ(doc.error().offset, 0u);
  EXPECT_NE(doc.error().message.find("found 5"), std::string::npos);
}

}  // namespace
}  // namespace bonebridge::volition
