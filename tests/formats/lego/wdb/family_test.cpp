// SPDX-License-Identifier: MIT
// WORLD.WDB through the LEGO family row, as the tool reaches it: info, validate, encode, convert with --part,
// and an .ani converted with --world.
#include "bonebridge/formats/lego/family.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "character_wdb.hpp"
#include "hand_laid.hpp"
#include "support/samples.hpp"

namespace bonebridge::lego::wdb {
namespace {

Options with_extension(const std::string& extension, std::map<std::string, std::string> more = {}) {
  Options options(std::move(more));
  options.placement.extension = extension;
  return options;
}

Options wdb_options(std::map<std::string, std::string> more = {}) {
  return with_extension(".wdb", std::move(more));
}

TEST(WdbFamily, TheLegoRowOpensWdbFiles) {
  const FormatFamily row = lego::family();
  EXPECT_NE(std::find(row.extensions.begin(), row.extensions.end(), ".wdb"), row.extensions.end());
  const auto bytes = test::hand_laid_wdb();
  const auto document = row.open(bytes, wdb_options());
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  const auto info = (*document)->info();
  EXPECT_EQ(info["format"], "LEGO Island WORLD.WDB");
  EXPECT_EQ(info["worlds"], 1);
  EXPECT_EQ(info["parts"].size(), 3u);
  EXPECT_EQ(info["parts"][0]["vertices"], 7);  // head's last LOD: 3 + 4
  EXPECT_TRUE((*document)->check(true).empty());
  EXPECT_EQ(*(*document)->encode(), bytes);
  EXPECT_EQ((*document)->dump()["global_parts"]["rois"][1]["name"], "arm-lft");
  EXPECT_TRUE((*document)->no_gltf_form() == std::nullopt);
}

TEST(WdbFamily, ConvertsTheNamedPartAndAsksForOneOtherwise) {
  const auto document = lego::family().open(test::hand_laid_wdb(), wdb_options());
  ASSERT_TRUE(document.ok());
  const auto head = (*document)->to_core(wdb_options({{"part", "head"}}));
  ASSERT_TRUE(head.ok()) << head.error().to_string();
  EXPECT_EQ(head->scene.meshes.size(), 2u);
  const auto none = (*document)->to_core(wdb_options());
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("name one with --part"), std::string::npos);
}

TEST(WdbFamily, ValidateNamesTheBrokenCornerAndItsOffset) {
  auto bytes = test::hand_laid_wdb();
  const auto document = lego::family().open(bytes, wdb_options());
  ASSERT_TRUE(document.ok());
  // A "box" corner pointing at position 9 of 4: LOD 1's first polygon corner, after the 4 positions, 1
  // normal and the mesh's two u16 counts (see codec_test for the offsets before it).
  const auto boxes_at = (*document)->dump()["worlds"][0]["parts"][0]["offset"].get<std::size_t>();
  const std::size_t corner_at = boxes_at + 39 + 4 + 4 + 48 + 12 + 4;
  ASSERT_EQ(bytes[corner_at + 3], 0x80);
  bytes[corner_at] = 9;
  const auto broken = lego::family().open(bytes, wdb_options());
  ASSERT_TRUE(broken.ok());
  const auto diagnostics = (*broken)->check(false);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_TRUE(diagnostics[0].is_error);
  EXPECT_NE(diagnostics[0].where.message.find("part \"box\" LOD 1 mesh 0: polygon 0 corner 0: position 9"),
            std::string::npos)
      << diagnostics[0].where.message;
  EXPECT_EQ(diagnostics[0].where.offset, std::optional<std::uint64_t>(corner_at));
}

TEST(WdbFamily, AnAniConvertedWithWorldGetsItsBodies) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lego/walk-cycles/CNs001Pe.ani");
  const FormatFamily row = lego::family();
  const auto bytes = bonebridge::testing::read_bytes(path);
  const auto document = row.open(bytes, with_extension(".ani"));
  ASSERT_TRUE(document.ok());
  const auto bare = (*document)->to_core(with_extension(".ani"));
  ASSERT_TRUE(bare.ok());
  EXPECT_TRUE(bare->scene.meshes.empty());
  EXPECT_NE(bare->notes.back().find("--world WORLD.WDB"), std::string::npos);
  Options with_world = with_extension(".ani", {{"world", "CHARS.WDB"}});
  with_world.companions["world"] = test::character_wdb();
  const auto dressed = (*document)->to_core(with_world);
  ASSERT_TRUE(dressed.ok()) << dressed.error().to_string();
  EXPECT_EQ(dressed->scene.meshes.size(), 20u);
  EXPECT_EQ(dressed->scene.skeleton.joints.size(), bare->scene.skeleton.joints.size());
}

// An actor with no animation converts from WORLD.WDB itself (--actor), as CreateActorROI builds it at rest.
// The expected places are g_actorLODs' positions (decompiled legoactors.cpp; the same in an independent
// TypeScript port of the table): body (-0.00089, 0.436353, 0.007277), infohat (0.000191, 1.519793, 0.001767),
// x mirrored into glTF's frame; the directions are all (0, 0, 1) and the ups (0, 1, 0), so the parts are not
// turned.
TEST(WdbFamily, AnActorAtRestStandsOnItsPartsFromTheActorTable) {
  const FormatFamily row = lego::family();
  const auto bytes = test::character_wdb();
  const auto document = row.open(bytes, wdb_options());
  ASSERT_TRUE(document.ok());
  const auto mama = (*document)->to_core(with_extension(".wdb", {{"actor", "MAMA"}}));
  ASSERT_TRUE(mama.ok()) << mama.error().to_string();
  const Skeleton& skeleton = mama->scene.skeleton;
  ASSERT_EQ(skeleton.joints.size(), 11u);
  EXPECT_EQ(skeleton.joints[0].name, "mama");
  EXPECT_EQ(mama->scene.meshes.size(), 20u);  // ten parts, two meshes each in this WDB
  for (const auto& note : mama->notes) EXPECT_EQ(note.find("not drawn"), std::string::npos) << note;
  const auto place = [&](const std::string& name) {
    for (const auto& joint : skeleton.joints)
      if (joint.name == name) {
        EXPECT_EQ(joint.parent, 0) << name;
        EXPECT_NEAR(std::abs(joint.rest.rotation.w), 1.0, 1e-12) << name;
        return joint.rest.translation;
      }
    ADD_FAILURE() << "no joint " << name;
    return Vec3{};
  };
  const Vec3 body = place("body");
  EXPECT_NEAR(body.x, 0.00089, 1e-7);
  EXPECT_NEAR(body.y, 0.436353, 1e-7);
  EXPECT_NEAR(body.z, 0.007277, 1e-7);
  const Vec3 hat = place("infohat");
  EXPECT_NEAR(hat.x, -0.000191, 1e-7);
  EXPECT_NEAR(hat.y, 1.519793, 1e-7);
  EXPECT_NEAR(hat.z, 0.001767, 1e-7);

  const auto unknown = (*document)->to_core(with_extension(".wdb", {{"actor", "rabbit"}}));
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().message.find("no actor named \"rabbit\" among the game's 66"), std::string::npos)
      << unknown.error().message;
  const auto both = (*document)->to_core(with_extension(".wdb", {{"actor", "mama"}, {"part", "head"}}));
  EXPECT_FALSE(both.ok());
}

}  // namespace
}  // namespace bonebridge::lego::wdb
