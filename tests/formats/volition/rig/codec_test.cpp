// SPDX-License-Identifier: MIT
// Rigs built byte by byte from the layout table of the research notes (§2), in both pointer widths.
#include <gtest/gtest.h>

#include "bonebridge/formats/volition/rig/codec.hpp"
#include "bonebridge/formats/volition/rig/engine.hpp"
#include "formats/volition/bytes_builder.hpp"

namespace bonebridge::volition {
namespace {

using test_bytes::Bytes;

TEST(BoneNameHash, MatchesTheNotesValues) {
  // Notes §6, computed there with HashVolition.
  EXPECT_EQ(bone_name_hash("pelvis"), 0x64B77A2Fu);
  EXPECT_EQ(bone_name_hash("head"), 0x01A64824u);
  EXPECT_EQ(bone_name_hash("root"), 0x01CEEBB4u);
  EXPECT_EQ(bone_name_hash("spine2"), 0xB1A2F96Eu);
  EXPECT_EQ(bone_name_hash("l-thigh"), 0x35A68F63u);
  EXPECT_EQ(bone_name_hash("Pelvis"), bone_name_hash("pelvis"));
}

// Two bones (root at bind (0,1,0), pelvis child at bind (0,1.5,0.25)) and one tag on the pelvis.
Bytes hand_rig(PointerWidth width) {
  const bool eight = width == PointerWidth::Eight;
  Bytes b;
  b.zeros(32);                           // name, filled at runtime
  b.u32(0).u32(2).u32(1).u32(1).u32(1);  // flags, num_bones, common, virtual, num_tags
  if (eight) {
    b.u32(0);                                     // pad at 0x34
    b.u32(0).u32(0).u32(0).u32(0).u32(0).u32(0);  // three 8-byte slots
  } else {
    b.u32(0).u32(0).u32(0);
  }
  EXPECT_EQ(b.size(), eight ? 0x50u : 0x40u);
  b.u32(0x01CEEBB4).u32(0x64B77A2F);  // checksums of "root", "pelvis"
  if (eight) {
    EXPECT_EQ(b.size() % 8, 0u);  // 0x58: already aligned
  }
  auto slot = [&](std::uint32_t v) {
    b.u32(v);
    if (eight) b.u32(0);
  };
  slot(0);  // "root" at 0 in the name region
  b.f32(0).f32(-1).f32(0).f32(0).f32(1).f32(0).s32(-1).s32(-1);
  slot(5);  // "pelvis"
  b.f32(0).f32(-1.5f).f32(-0.25f).f32(0).f32(0.5f).f32(0.25f).s32(0).s32(-1);
  slot(12);  // "hsattach"
  for (float v : {0.f, 0.f, 1.f, 0.f, 1.f, 0.f, -1.f, 0.f, 0.f}) b.f32(v);
  b.f32(0.1f).f32(0.2f).f32(0.3f).s32(1).s32(-1);
  b.text("root").text("pelvis").text("hsattach");
  return b;
}

class RigWidth : public ::testing::TestWithParam<PointerWidth> {};

TEST_P(RigWidth, ReadsTheHandBuiltLayout) {
  const auto bytes = hand_rig(GetParam()).data;
  auto rig = rig::read(bytes);  // width detected
  ASSERT_TRUE(rig) << rig.error().to_string();
  EXPECT_EQ(rig->width, GetParam());
  ASSERT_EQ(rig->bones.size(), 2u);
  ASSERT_EQ(rig->tags.size(), 1u);
  EXPECT_EQ(rig_bone_name(*rig, 0), "root");
  EXPECT_EQ(rig_bone_name(*rig, 1), "pelvis");
  EXPECT_EQ(rig_tag_name(*rig, 0), "hsattach");
  EXPECT_EQ(rig->bones[1].parent, 0);
  EXPECT_EQ(rig->bones[1].inv_translation, (RigVec3{0, -1.5f, -0.25f}));
  EXPECT_EQ(rig->bones[1].rel_bone_translation, (RigVec3{0, 0.5f, 0.25f}));
  EXPECT_EQ(rig->tags[0].parent, 1);
  EXPECT_EQ(rig->tags[0].rotation[2], 1.0f);
  EXPECT_EQ(rig->tags[0].translation, (RigVec3{0.1f, 0.2f, 0.3f}));
  EXPECT_EQ(rig->num_common_bones, 1u);
  EXPECT_EQ(rig->num_virtual_bones, 1u);
  EXPECT_EQ(rig::write(*rig), bytes);
}

TEST_P(RigWidth, BindPoseModelPositionsAreTheNegatedInvTranslation) {
  auto rig = rig::read(hand_rig(GetParam()).data, GetParam());
  ASSERT_TRUE(rig);
  const auto pose = rig::engine_pose(*rig, 0);
  ASSERT_EQ(pose.joints.size(), 2u);
  // pelvis bind position (0, 1.5, 0.25) = -inv_translation, reached through the parent offsets.
  EXPECT_DOUBLE_EQ(pose.joints[1].model.m[13], 1.5);
  EXPECT_DOUBLE_EQ(pose.joints[1].model.m[14], 0.25);
}

TEST_P(RigWidth, MadeRigsReadBackToTheSameDocument) {
  const auto rig =
      make_rig(GetParam(), {{"root", -1, {0, 0, 0}}, {"pelvis", 0, {0, 1, 0}}, {"spine2", 1, {0, 1.25f, 0}}},
               {{"hsattach", 2, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {0, 0.1f, 0}}});
  EXPECT_EQ(rig.bone_name_checksums[2], 0xB1A2F96Eu);
  const auto bytes = rig::write(rig);
  auto back = rig::read(bytes, GetParam());
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(*back, rig);
  auto detected = rig::read(bytes);
  ASSERT_TRUE(detected);
  EXPECT_EQ(detected->width, GetParam());
}

TEST_P(RigWidth, EveryTruncationFailsWithAnOffset) {
  const auto bytes = hand_rig(GetParam()).data;
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    auto rig = rig::read(std::span(bytes).first(size), GetParam());
    ASSERT_FALSE(rig) << "accepted a truncation to " << size;
    EXPECT_TRUE(rig.error().offset.has_value());
  }
}

INSTANTIATE_TEST_SUITE_P(Volition, RigWidth, ::testing::Values(PointerWidth::Four, PointerWidth::Eight));

TEST(RigCodec, AbsurdBoneCountFailsFast) {
  auto bytes = hand_rig(PointerWidth::Eight).data;
  bytes[0x24] = 0xFF;
  bytes[0x25] = 0xFF;
  bytes[0x26] = 0xFF;
  bytes[0x27] = 0xFF;
  auto rig = rig::read(bytes, PointerWidth::Eight);
  ASSERT_FALSE(rig);
  EXPECT_EQ(rig.error().offset, 0x50u);
  EXPECT_NE(rig.error().message.find("num_bones"), std::string::npos);
}

TEST(RigCodec, ParentAfterChildIsRejectedAtItsOffset) {
  auto bytes = hand_rig(PointerWidth::Four).data;
  const std::size_t root_parent = 0x40 + 8 + 4 + 24;  // header, checksums, name slot, two vectors
  bytes[root_parent] = 1;
  bytes[root_parent + 1] = bytes[root_parent + 2] = bytes[root_parent + 3] = 0;
  auto rig = rig::read(bytes, PointerWidth::Four);
  ASSERT_FALSE(rig);
  EXPECT_EQ(rig.error().offset, root_parent);
}

}  // namespace
}  // namespace bonebridge::volition
