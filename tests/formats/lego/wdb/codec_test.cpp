// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/wdb/codec.hpp"

#include <gtest/gtest.h>

#include "hand_laid.hpp"

namespace bonebridge::lego::wdb {
namespace {

TEST(WdbCodec, ReadsTheHandLaidFileAsLaidOut) {
  const auto bytes = test::hand_laid_wdb();
  const auto document = read(bytes);
  ASSERT_TRUE(document.ok()) << document.error().to_string();

  ASSERT_EQ(document->worlds.size(), 1u);
  const World& world = document->worlds[0];
  EXPECT_EQ(display_name(world.name), "ACT1");
  EXPECT_EQ(world.name.size(), 5u);  // the NUL is stored
  ASSERT_EQ(world.parts.size(), 1u);
  EXPECT_EQ(display_name(world.parts[0].name), "boxes");
  ASSERT_EQ(world.models.size(), 1u);
  const ModelRef& chair = world.models[0];
  EXPECT_EQ(display_name(chair.presenter), "LegoModelPresenter");
  EXPECT_EQ(chair.location, (std::array<float, 3>{1, 2, 3}));
  EXPECT_EQ(chair.direction, (std::array<float, 3>{0, 0, 1}));
  EXPECT_EQ(chair.up, (std::array<float, 3>{0, 1, 0}));
  EXPECT_EQ(chair.visible, 1);

  ASSERT_EQ(document->global_textures.size(), 1u);
  EXPECT_EQ(document->global_textures[0].name, "face.gif");
  EXPECT_EQ(document->global_textures[0].image.pixels, (std::vector<std::uint8_t>{0, 1, 1, 0}));

  const PartBlob& parts = document->global_parts;
  ASSERT_EQ(parts.rois.size(), 2u);
  const Roi& head = parts.rois[0];
  EXPECT_EQ(head.name, "head");
  ASSERT_EQ(head.lods.size(), 2u);
  EXPECT_EQ(head.lods[0].positions.size(), 3u);
  EXPECT_EQ(head.lods[0].meshes.size(), 1u);
  const Lod& detailed = head.lods[1];
  EXPECT_EQ(detailed.positions.size(), 7u);
  EXPECT_EQ(detailed.normals.size(), 1u);
  EXPECT_EQ(detailed.uvs.size(), 4u);
  ASSERT_EQ(detailed.meshes.size(), 2u);
  EXPECT_EQ(detailed.meshes[0].properties.material_name, "inh");
  EXPECT_EQ(detailed.meshes[0].vertex_count, 3);
  EXPECT_EQ(detailed.meshes[1].vertex_count, 4);
  EXPECT_EQ(detailed.meshes[1].polygons[1], (std::array<std::uint32_t, 3>{0, 2, 0x80000006u}));
  EXPECT_EQ(detailed.meshes[1].uv_index_count, 6u);
  EXPECT_EQ(detailed.meshes[1].properties.texture_name, "face.gif");

  const Roi& arm = parts.rois[1];
  EXPECT_EQ(arm.name, "arm-lft");
  ASSERT_EQ(arm.lods.size(), 2u);
  EXPECT_EQ(arm.lods[0].flags, kLodNoData);
  EXPECT_TRUE(arm.lods[0].meshes.empty());
  EXPECT_EQ(arm.lods[1].uvs.size(), 3u);

  ASSERT_EQ(parts.textures.size(), 1u);
  EXPECT_EQ(parts.textures[0].name, "^chest.gif");
  EXPECT_EQ(parts.textures[0].image.width, 4u);
  EXPECT_EQ(parts.textures[0].image.palette.size(), 3u);
  ASSERT_TRUE(parts.textures[0].second.has_value());
  EXPECT_EQ(parts.textures[0].second->width, 2u);
  EXPECT_EQ(parts.textures[0].second->pixels, (std::vector<std::uint8_t>{1, 0}));

  ASSERT_EQ(document->blobs.size(), 2u);
  const auto* boxes = std::get_if<PartBlob>(&document->blobs[0].content);
  ASSERT_NE(boxes, nullptr);
  EXPECT_EQ(document->blobs[0].offset, world.parts[0].offset);
  ASSERT_EQ(boxes->rois.size(), 1u);
  EXPECT_EQ(boxes->rois[0].lods[0].flags, 0u);
  EXPECT_TRUE(boxes->rois[0].lods[0].meshes.empty());
  EXPECT_EQ(boxes->rois[0].lods[1].meshes[0].properties.color, (std::array<std::uint8_t, 3>{0, 0, 255}));
  const auto* model = std::get_if<ModelBlob>(&document->blobs[1].content);
  ASSERT_NE(model, nullptr);
  EXPECT_EQ(model->version, 19u);
  EXPECT_EQ(model->skip_textures, 1u);
  EXPECT_EQ(model->scene.size(), 8u);
  ASSERT_EQ(model->textures.size(), 1u);
  EXPECT_EQ(model->textures[0].name, "wood.gif");
}

TEST(WdbCodec, WritesTheHandLaidFileBackByteForByte) {
  const auto bytes = test::hand_laid_wdb();
  const auto document = read(bytes);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  EXPECT_TRUE(writable(*document).empty());
  EXPECT_EQ(write(*document), bytes);
}

TEST(WdbCodec, KeepsBytesNoReferencePointsAtAndBytesTheGameSeeksOver) {
  auto bytes = test::hand_laid_wdb();
  bytes.push_back(0xAB);  // after the last blob
  const auto document = read(bytes);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  ASSERT_EQ(document->blobs.size(), 3u);
  EXPECT_EQ(std::get<std::vector<std::uint8_t>>(document->blobs[2].content), std::vector<std::uint8_t>{0xAB});
  EXPECT_EQ(write(*document), bytes);
}

TEST(WdbCodec, APartWhoseLodRunsPastItsBytesIsKeptAsBytesWithItsError) {
  auto bytes = test::hand_laid_wdb();
  auto document = read(bytes);
  ASSERT_TRUE(document.ok());
  const std::uint32_t boxes_at = document->worlds[0].parts[0].offset;
  // "box" LOD 1's packed count word: ROI at +8: name (4 + 3), LOD count, next offset, LOD 0 (8 bytes), then
  // LOD 1 flags and mesh count; claim 0x7FFF positions.
  const std::size_t packed_at = boxes_at + 8 + 7 + 4 + 4 + 8 + 8;
  ASSERT_EQ(bytes[packed_at], 4);  // 4 positions as laid out
  bytes[packed_at] = 0xFF;
  bytes[packed_at + 1] = 0x7F;
  document = read(bytes);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  EXPECT_TRUE(std::holds_alternative<std::vector<std::uint8_t>>(document->blobs[0].content));
  const auto error = blob_error(*document, 0);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->message.find("part \"box\""), std::string::npos) << error->message;
  EXPECT_NE(error->message.find("LOD 1"), std::string::npos) << error->message;
  EXPECT_NE(error->message.find("LOD positions"), std::string::npos) << error->message;
  ASSERT_TRUE(error->offset.has_value());
  EXPECT_EQ(*error->offset, packed_at + 8);  // after the packed word and the UV count
  EXPECT_TRUE(std::holds_alternative<ModelBlob>(document->blobs[1].content));  // the others still read
  EXPECT_EQ(write(*document), bytes);
}

TEST(WdbCodec, ATruncatedWorldTableNamesTheFieldAndOffset) {
  auto bytes = test::hand_laid_wdb();
  bytes.resize(17);  // world count, name "ACT1\0", part count 1, and no part
  const auto document = read(bytes);
  ASSERT_FALSE(document.ok());
  EXPECT_EQ(document.error().format, kFormatName);
  ASSERT_TRUE(document.error().offset.has_value());
  EXPECT_EQ(*document.error().offset, 17u);
  EXPECT_NE(document.error().message.find("part count"), std::string::npos) << document.error().message;
}

TEST(WdbCodec, AReferencePastTheEndIsAnErrorInsideTheFile) {
  auto bytes = test::hand_laid_wdb();
  // "boxes"'s data length: after the world count, "ACT1\0", the part count and "boxes\0" (4+9+4+10 bytes).
  bytes[27 + 2] = 0x10;  // + 1 MiB
  const auto document = read(bytes);
  ASSERT_FALSE(document.ok());
  EXPECT_NE(document.error().message.find("\"boxes\" is"), std::string::npos) << document.error().message;
  EXPECT_NE(document.error().message.find("past the end"), std::string::npos);
  ASSERT_TRUE(document.error().offset.has_value());
  EXPECT_LE(*document.error().offset, bytes.size());
}

TEST(WdbCodec, RefusesAWorldCountTheBytesCannotHold) {
  const std::vector<std::uint8_t> bytes{0xFF, 0xFF, 0xFF, 0x7F, 0, 0, 0, 0};
  const auto document = read(bytes);
  ASSERT_FALSE(document.ok());
  EXPECT_NE(document.error().message.find("world count"), std::string::npos);
}

TEST(WdbCodec, RefusesAModelOfAnotherVersion) {
  auto bytes = test::hand_laid_wdb();
  const auto document = read(bytes);
  ASSERT_TRUE(document.ok());
  const std::uint32_t chair_at = document->worlds[0].models[0].offset;
  bytes[chair_at] = 18;
  const auto changed = read(bytes);
  ASSERT_TRUE(changed.ok());
  const auto error = blob_error(*changed, 1);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->message.find("expected model version 19, found 18"), std::string::npos) << error->message;
  EXPECT_EQ(error->offset, std::optional<std::uint64_t>(chair_at));
}

}  // namespace
}  // namespace bonebridge::lego::wdb
