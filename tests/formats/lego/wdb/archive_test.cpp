// SPDX-License-Identifier: MIT
// The hand-laid WORLD.WDB browsed as an archive: its parts, and its worlds' blobs as stored.
#include "bonebridge/formats/lego/wdb/archive.hpp"

#include <gtest/gtest.h>

#include "bonebridge/formats/lego/wdb/bridge.hpp"
#include "bonebridge/formats/lego/wdb/codec.hpp"
#include "hand_laid.hpp"

namespace bonebridge::lego::wdb {
namespace {

std::unique_ptr<archive::Archive> opened() {
  auto archive = wdb_kind().open(test::hand_laid_wdb());
  EXPECT_TRUE(archive.ok()) << archive.error().to_string();
  return std::move(archive).value();
}

TEST(WdbArchive, ListsThePartsThenEachWorldsBlobs) {
  const auto archive = opened();
  std::vector<std::string> names;
  for (const auto& entry : archive->entries()) names.push_back(entry.name);
  EXPECT_EQ(names, (std::vector<std::string>{"head.wdb", "arm-lft.wdb", "box.wdb", "ACT1/parts/boxes.bin",
                                             "ACT1/models/chair.bin"}));
}

TEST(WdbArchive, APartEntryIsAWorldDatabaseOfItsOwnWithItsTextures) {
  const auto archive = opened();
  const auto bytes = archive->read(0);
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(archive->entries()[0].size, bytes->size());
  const auto part = read(*bytes);
  ASSERT_TRUE(part.ok()) << part.error().to_string();
  EXPECT_TRUE(part->worlds.empty());
  ASSERT_EQ(part->global_parts.rois.size(), 1u);
  EXPECT_EQ(part->global_parts.rois[0].name, "head");
  ASSERT_EQ(part->global_textures.size(), 1u);
  EXPECT_EQ(part->global_textures[0].name, "face.gif");
  EXPECT_EQ(write(*part), *bytes);
  const auto converted = wdb::to_core(*part, "head");
  ASSERT_TRUE(converted.ok());
  EXPECT_EQ(converted->scene.meshes.size(), 2u);
  EXPECT_EQ(converted->scene.images.size(), 1u);
}

TEST(WdbArchive, APairedTextureTravelsAsTheImageTheGameKeeps) {
  const auto archive = opened();
  const auto part = read(*archive->read(1));
  ASSERT_TRUE(part.ok());
  ASSERT_EQ(part->global_textures.size(), 1u);
  EXPECT_EQ(part->global_textures[0].name, "chest.gif");
  EXPECT_EQ(part->global_textures[0].image.width, 2u);  // the second image of "^chest.gif" (2x1)
}

TEST(WdbArchive, WorldBlobsAreTheStoredBytes) {
  const auto bytes = test::hand_laid_wdb();
  const auto document = read(bytes);
  ASSERT_TRUE(document.ok());
  const auto archive = opened();
  const auto chair = archive->read(4);
  ASSERT_TRUE(chair.ok());
  const ModelRef& model = document->worlds[0].models[0];
  EXPECT_EQ(*chair, std::vector<std::uint8_t>(bytes.begin() + model.offset,
                                              bytes.begin() + model.offset + model.length));
  EXPECT_EQ((*chair)[0], 19);  // the model version
  EXPECT_FALSE(archive->read(5).ok());
}

// A part file lists only itself, so it is no archive (issue 38): `ls -r` would otherwise open it without end.
TEST(WdbArchive, APartFileHoldsNoEntriesOfItsOwn) {
  const auto& kind = wdb_kind();
  ASSERT_TRUE(kind.holds_entries);
  EXPECT_EQ(kind.lone_file, "a part");
  const auto world = test::hand_laid_wdb();
  EXPECT_TRUE(kind.holds_entries(world));
  const auto part = opened()->read(0);
  ASSERT_TRUE(part.ok());
  EXPECT_FALSE(kind.holds_entries(*part));
  // Too short to tell: left to `open`, whose error says what is wrong.
  EXPECT_TRUE(kind.holds_entries(std::vector<std::uint8_t>(part->begin(), part->begin() + 6)));
  // No world and two global parts: each part an entry of its own.
  const auto document = read(world);
  ASSERT_TRUE(document.ok());
  Document two;
  two.global_parts.rois = {document->global_parts.rois[0], document->global_parts.rois[1]};
  EXPECT_TRUE(kind.holds_entries(write(two)));
}

}  // namespace
}  // namespace bonebridge::lego::wdb
