// SPDX-License-Identifier: MIT
// A part of the hand-laid WORLD.WDB to the core model and to a glTF the Khronos validator accepts. Expected
// values are read off the layout in hand_laid.hpp.
#include "bonebridge/formats/lego/wdb/bridge.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "bonebridge/core/image_cache.hpp"
#include "bonebridge/formats/lego/wdb/codec.hpp"
#include "bonebridge/formats/lego/wdb/mesh.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "hand_laid.hpp"
#include "support/samples.hpp"

namespace bonebridge::lego::wdb {
namespace {

Document hand_laid() {
  auto document = read(test::hand_laid_wdb());
  EXPECT_TRUE(document.ok());
  return std::move(document).value();
}

bool has_note(const std::vector<std::string>& notes, const std::string& text) {
  return std::any_of(notes.begin(), notes.end(),
                     [&](const std::string& note) { return note.find(text) != std::string::npos; });
}

TEST(WdbBridge, APartIsItsLastLodInTheGamesMeshOrder) {
  const auto converted = wdb::to_core(hand_laid(), "HEAD");  // looked up case-insensitively, as the game
  ASSERT_TRUE(converted.ok()) << converted.error().to_string();
  const Scene& scene = converted->scene;
  ASSERT_EQ(scene.skeleton.joints.size(), 1u);
  EXPECT_EQ(scene.skeleton.joints[0].name, "head");
  // LOD 1 stores the "inh" triangle first and the quad second; LegoLOD::Read puts inh meshes last.
  ASSERT_EQ(scene.meshes.size(), 2u);
  EXPECT_EQ(scene.meshes[0].name, "head/1");
  EXPECT_EQ(scene.meshes[0].positions.size(), 4u);
  EXPECT_EQ(scene.meshes[0].triangles.size(), 6u);
  EXPECT_EQ(scene.meshes[0].uvs.size(), 4u);
  EXPECT_EQ(scene.meshes[1].name, "head/0");
  EXPECT_EQ(scene.meshes[1].positions.size(), 3u);
  EXPECT_TRUE(scene.meshes[1].uvs.empty());
  // Quad position 1 is (1, 0, 0) in the game's left-handed frame: X mirrored for glTF.
  EXPECT_DOUBLE_EQ(scene.meshes[0].positions[1].x, -1.0);
  EXPECT_TRUE(has_note(converted->notes, "\"inh\" mesh"));
  EXPECT_EQ(scene.metadata.at("lego.wdb.lods"),
            R"([{"flags":0,"meshes":1,"vertices":3},{"flags":0,"meshes":2,"vertices":7}])");
}

TEST(WdbBridge, PaletteImagesBecomeRgba) {
  const auto head = wdb::to_core(hand_laid(), "head");
  ASSERT_TRUE(head.ok());
  const Scene& scene = head->scene;
  ASSERT_EQ(scene.images.size(), 1u);
  EXPECT_EQ(scene.images[0].name, "face.gif");
  // Palette (255,0,0), (0,0,255); pixels 0 1 / 1 0.
  EXPECT_EQ(scene.images[0].rgba,
            (std::vector<std::uint8_t>{255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255, 255, 0, 0, 255}));
  const Material& textured = scene.materials.at(static_cast<std::size_t>(scene.meshes[0].material));
  EXPECT_EQ(textured.image, 0);
  EXPECT_TRUE(textured.nearest);
}

// Two conversions of one run that show the same image decode it once: the second part's image comes from
// the cache, the same pixels as with the cache off.
TEST(WdbBridge, TwoConversionsOfOneRunShareTheImageDecoding) {
  reset_image_cache(0);
  const auto uncached = wdb::to_core(hand_laid(), "head");
  ASSERT_TRUE(uncached.ok());
  reset_image_cache(std::size_t{32} << 20);
  const auto first = wdb::to_core(hand_laid(), "head");
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(image_cache_statistics().decodings, 1u);
  EXPECT_EQ(image_cache_statistics().hits, 0u);
  const auto second = wdb::to_core(hand_laid(), "head");
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(image_cache_statistics().decodings, 1u);
  EXPECT_EQ(image_cache_statistics().hits, 1u);
  ASSERT_EQ(second->scene.images.size(), 1u);
  EXPECT_EQ(second->scene.images[0].name, "face.gif");
  EXPECT_EQ(second->scene.images[0].rgba, uncached->scene.images[0].rgba);
  EXPECT_EQ(first->scene.images[0].rgba, uncached->scene.images[0].rgba);
  reset_image_cache(std::size_t{32} << 20);
}

TEST(WdbBridge, OfAHiLoPairTheSecondImageIsKept) {
  const auto arm = wdb::to_core(hand_laid(), "arm-lft");
  ASSERT_TRUE(arm.ok());
  ASSERT_EQ(arm->scene.images.size(), 1u);
  EXPECT_EQ(arm->scene.images[0].name, "chest.gif");
  EXPECT_EQ(arm->scene.images[0].width, 2u);
  EXPECT_EQ(arm->scene.images[0].rgba, (std::vector<std::uint8_t>{4, 5, 6, 255, 1, 2, 3, 255}));
}

// LegoModelPresenter::CreateROI registers a model's textures only when skipTextures is 0.
TEST(WdbBridge, ModelTexturesJoinTheLibraryUnlessSkipped) {
  Document document = hand_laid();
  EXPECT_EQ(texture_library(document).size(), 2u);  // face.gif (global), chest.gif (global parts)
  EXPECT_FALSE(texture_library(document).contains("wood.gif"));
  std::get<ModelBlob>(document.blobs[1].content).skip_textures = 0;
  EXPECT_TRUE(texture_library(document).contains("wood.gif"));
}

TEST(WdbBridge, ABadCornerSkipsItsMeshWithANoteAndKeepsTheOthers) {
  Document document = hand_laid();
  document.global_parts.rois[0].lods[1].meshes[1].polygons[0][0] = kCreateVertex | 99;
  const auto converted = wdb::to_core(document, "head");
  ASSERT_TRUE(converted.ok());
  EXPECT_EQ(converted->scene.meshes.size(), 1u);
  EXPECT_TRUE(has_note(converted->notes, "part \"head\" mesh 1: skipped: polygon 0 corner 0: position 99"));
}

TEST(WdbBridge, AMissingPartIsAnError) {
  const auto converted = wdb::to_core(hand_laid(), "nose");
  ASSERT_FALSE(converted.ok());
  EXPECT_NE(converted.error().message.find("no part named \"nose\""), std::string::npos);
}

TEST(WdbBridge, ReusedCornersPointAtEarlierMeshVertices) {
  const Document document = hand_laid();
  const Lod& lod = document.global_parts.rois[0].lods[1];
  const auto quad = expand(lod, lod.meshes[1]);
  ASSERT_TRUE(quad.ok()) << quad.error().message;
  EXPECT_EQ(quad->triangles, (std::vector<std::uint32_t>{0, 1, 2, 0, 2, 3}));
  EXPECT_EQ(quad->positions[3], (std::array<float, 3>{0, 1, 0}));  // LOD position 6
  EXPECT_EQ(quad->uvs[3], (std::array<float, 2>{0, 1}));           // UV index 3
}

TEST(WdbBridge, ColorAliasesAreTheGamesTable) {
  EXPECT_EQ(color_alias("LEGO Red"), (std::array<std::uint8_t, 3>{0xcb, 0x12, 0x20}));
  EXPECT_EQ(color_alias("lego yellow flat"), (std::array<std::uint8_t, 3>{0xff, 0xb9, 0x00}));
  EXPECT_FALSE(color_alias("lego pink").has_value());
}

TEST(WdbBridge, EveryPartExportPassesTheKhronosValidator) {
  if (std::system("node --version > /dev/null 2>&1") != 0)
    GTEST_SKIP() << "SKIPPED LOUDLY: node is absent, the validator cannot run";
  const Document document = hand_laid();
  const auto dir = std::filesystem::temp_directory_path() / "bonebridge-lego-wdb-test";
  std::filesystem::create_directories(dir);
  for (const auto& name : part_names(document)) {
    const auto converted = wdb::to_core(document, name);
    ASSERT_TRUE(converted.ok());
    const auto glb = gltf::write(converted->scene, {});
    ASSERT_TRUE(glb.ok()) << glb.error().to_string();
    const auto path = dir / (name + ".glb");
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(glb->data()), static_cast<std::streamsize>(glb->size()));
    const auto script = bonebridge::testing::source_dir() / "tests/runtime/validate.mjs";
    const std::string command = "node '" + script.string() + "' '" + path.string() + "' > /dev/null";
    EXPECT_EQ(std::system(command.c_str()), 0) << "the Khronos validator rejected " << path;
  }
}

}  // namespace
}  // namespace bonebridge::lego::wdb
