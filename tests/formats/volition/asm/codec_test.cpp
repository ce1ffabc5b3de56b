// SPDX-License-Identifier: MIT
// .asm_pc manifests: a hand-laid manifest (bytes written out below from the layout in asm/document.hpp) and
// the two real ones in shared/samples, whose values were decoded with a separate Python script.
#include <gtest/gtest.h>

#include "../xtbl/fake_install.hpp"
#include "bonebridge/formats/volition/asm/codec.hpp"
#include "bonebridge/formats/volition/family.hpp"
#include "bonebridge/formats/volition/xtbl/characters.hpp"
#include "support/samples.hpp"

namespace bonebridge::volition {
namespace {

void name(std::vector<std::uint8_t>& out, std::string_view text) {
  out.push_back(static_cast<std::uint8_t>(text.size()));
  out.push_back(0);
  out.insert(out.end(), text.begin(), text.end());
}

void u32(std::vector<std::uint8_t>& out, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

// One Human container "selma" holding selma.rig_pc (CPU file 100 bytes) and civf_wlk_a.anim_pc (AnimFile,
// 60 + 40 bytes), with its size list.
std::vector<std::uint8_t> hand_manifest() {
  std::vector<std::uint8_t> out = {0xED, 0xFE, 0xEF, 0xBE, 5, 0, 1, 0};
  name(out, "selma");
  out.insert(out.end(), {20, 0x80, 0x00, 2, 0});  // type Human, flags HasSizeList, 2 primitives
  u32(out, 2048);                                 // data offset
  u32(out, 3);                                    // size count
  u32(out, 777);                                  // compressed size
  u32(out, 100);
  u32(out, 60);
  u32(out, 40);
  name(out, "selma.rig_pc");
  out.insert(out.end(), {0, 1, 2, 3});
  u32(out, 100);
  u32(out, 0);
  name(out, "civf_wlk_a.anim_pc");
  out.insert(out.end(), {17, 0, 0, 0});
  u32(out, 60);
  u32(out, 40);
  return out;
}

TEST(AsmCodec, ReadsAHandLaidManifestAndWritesItBack) {
  const auto bytes = hand_manifest();
  const auto manifest = asm_::read(bytes);
  ASSERT_TRUE(manifest.ok()) << manifest.error().to_string();
  ASSERT_EQ(manifest->containers.size(), 1u);
  const auto& selma = manifest->containers[0];
  EXPECT_EQ(selma.name, "selma");
  EXPECT_EQ(asm_container_type(selma.type), "Human");
  EXPECT_EQ(selma.flags, 0x80);
  EXPECT_EQ(selma.data_offset, 2048u);
  EXPECT_EQ(selma.compressed_size, 777u);
  EXPECT_EQ(selma.sizes, (std::vector<std::int32_t>{100, 60, 40}));
  ASSERT_EQ(selma.primitives.size(), 2u);
  EXPECT_EQ(selma.primitives[0].name, "selma.rig_pc");
  EXPECT_EQ(selma.primitives[0].allocator, 1);
  EXPECT_EQ(selma.primitives[0].flags, 2);
  EXPECT_EQ(selma.primitives[0].split_extension_index, 3);
  EXPECT_EQ(asm_primitive_type(selma.primitives[1].type), "AnimFile");
  EXPECT_EQ(selma.primitives[1].data_size, 40);
  EXPECT_TRUE(manifest->trailing.empty());
  const auto written = asm_::write(*manifest);
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(*written, bytes);
  EXPECT_TRUE(family().sniff(bytes));
  const auto document = open_volition(bytes, {});
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  EXPECT_EQ((*document)->info()["container_types"]["Human"], 1);
}

TEST(AsmCodec, ACutManifestIsAnErrorAtItsOffset) {
  auto bytes = hand_manifest();
  bytes.resize(bytes.size() - 2);  // inside the last primitive's data size (at byte size - 4)
  const auto manifest = asm_::read(bytes);
  ASSERT_FALSE(manifest.ok());
  EXPECT_EQ(manifest.error().format, kAsmFormat);
  ASSERT_TRUE(manifest.error().offset.has_value());
  EXPECT_EQ(*manifest.error().offset, bytes.size() - 2);

  bytes = hand_manifest();
  bytes[4] = 6;
  const auto version = asm_::read(bytes);
  ASSERT_FALSE(version.ok());
  EXPECT_EQ(version.error().offset, 4u);
}

std::vector<std::uint8_t> entry_of(const testing::FakeInstall& install, std::string_view suffix) {
  for (const auto& file : install.files()) {
    if (file.key.ends_with(suffix)) return *install.read(file);
  }
  return {};
}

TEST(AsmCodec, TheRealManifestsReadAndWriteBack) {
  BONEBRIDGE_REQUIRE_SAMPLE(activities, "volition/packfiles/dlcp01_activities.vpp_pc");
  BONEBRIDGE_REQUIRE_SAMPLE(level, "volition/packfiles/dlc01_l1.vpp_pc");
  testing::FakeInstall install("packfiles");
  ASSERT_TRUE(install.add_packfile("dlcp01_activities.vpp_pc", testing::read_bytes(activities)));
  ASSERT_TRUE(install.add_packfile("dlc01_l1.vpp_pc", testing::read_bytes(level)));

  const auto empty_bytes = entry_of(install, "dlc01_l1.asm_pc");
  ASSERT_EQ(empty_bytes.size(), 8u);
  const auto empty = asm_::read(empty_bytes);
  ASSERT_TRUE(empty.ok()) << empty.error().to_string();
  EXPECT_TRUE(empty->containers.empty());

  const auto bytes = entry_of(install, "dlc_activity_containers.asm_pc");
  ASSERT_EQ(bytes.size(), 598u);
  const auto manifest = asm_::read(bytes);
  ASSERT_TRUE(manifest.ok()) << manifest.error().to_string();
  ASSERT_EQ(manifest->containers.size(), 8u);
  const auto& first = manifest->containers[0];
  EXPECT_EQ(first.name, "dlc_ORaid_07_08_Level_1");
  EXPECT_EQ(asm_container_type(first.type), "LayerSmall");
  EXPECT_EQ(first.flags, 0x80);
  EXPECT_EQ(first.data_offset, 6144u);
  EXPECT_EQ(first.compressed_size, 3715u);
  ASSERT_EQ(first.primitives.size(), 1u);
  EXPECT_EQ(first.primitives[0].name, "dlc01_07_08_128.layer_pc");
  EXPECT_EQ(asm_primitive_type(first.primitives[0].type), "Zone");
  EXPECT_EQ(first.primitives[0].header_size, 13752);
  EXPECT_EQ(first.sizes, (std::vector<std::int32_t>{13752}));
  const auto written = asm_::write(*manifest);
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(*written, bytes);
}

TEST(AsmCodec, AMissingFileSaysWhichContainerTheManifestPutsItIn) {
  const std::string table =
      "<root><Table><Character><Name>Selma</Name><Model><Filename>selma.cmeshx</Filename></Model>"
      "<Anim_Set>Kid.xtbl</Anim_Set><Rig><Filename>Selma.rigx</Filename></Rig></Character></Table></root>";
  const std::string set =
      "<root><Table><Skeleton_Set><Name>Kid</Name><Groups><Group><group>Default</group><States><State>"
      "<ID>walk</ID><Animation><Filename>civf_wlk_a</Filename></Animation></State></States></Group></Groups>"
      "</Skeleton_Set></Table></root>";
  testing::FakeInstall install("install");
  install.add("table.vpp_pc", "character.xtbl", {table.begin(), table.end()});
  install.add("table.vpp_pc", "kid.xtbl", {set.begin(), set.end()});
  install.add("humans.vpp_pc", "humans.asm_pc", hand_manifest());
  const auto list = family().find_characters(install);
  ASSERT_EQ(list.characters.size(), 1u);
  const auto& missing = list.characters[0].missing;
  ASSERT_EQ(missing.size(), 2u);
  EXPECT_EQ(missing[0],
            "rig selma.rig_pc, listed in container selma.str2_pc (Human, in humans.vpp_pc:humans.asm_pc)");
  EXPECT_EQ(missing[1],
            "animation civf_wlk_a.anim_pc (state \"walk\", group Default), listed in container selma.str2_pc "
            "(Human, in humans.vpp_pc:humans.asm_pc)");
}

}  // namespace
}  // namespace bonebridge::volition
