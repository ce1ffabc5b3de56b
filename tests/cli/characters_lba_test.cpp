// SPDX-License-Identifier: MIT
// An LBA2 install laid out by hand: RESS.HQR whose entry 44 is an entity table written byte by byte from
// FICHE.CPP's layout (not by our writer), BODY.HQR holding Twinsen's tunic body, ANIM.HQR two of his
// animations. `characters` names them by the generic ids of lba2-classic DEFINES.H; `batch --characters`
// writes one glb with both.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/body/codec.hpp"
#include "bonebridge/formats/lba/hqr/archive.hpp"
#include "formats/lba/lba_test_data.hpp"
#include "support/glb.hpp"
#include "support/samples.hpp"
#include "tool.hpp"

namespace bonebridge {
namespace {

namespace fs = std::filesystem;

// One entity: body GEN_BODY_NORMAL -> BODY.HQR 0; GEN_ANIM_MARCHE (1) -> ANIM.HQR 0; GEN_ANIM_TOMBE (7) ->
// ANIM.HQR 1; GEN_ANIM_SAUTE (14) -> ANIM.HQR 9, which the install lacks.
const std::vector<std::uint8_t> kEntityTable = {4,    0,    0,    0,                    // one offset
                                                0x01, 0x00, 4,    0, 0x00, 0x00,        // body
                                                0x03, 0x01, 0x00, 4, 0,    0x00, 0x00,  // walk
                                                0x03, 0x07, 0x00, 4, 1,    0x00, 0x00,  // fall
                                                0x03, 0x0E, 0x00, 4, 9,    0x00, 0x00,  // jump: no such entry
                                                0xFF};

void write_hqr(const fs::path& path, const std::vector<std::vector<std::uint8_t>>& entries) {
  std::vector<archive::EntrySource> sources;
  for (std::size_t i = 0; i < entries.size(); ++i) sources.push_back({std::to_string(i), entries[i], {}});
  const auto bytes = lba::hqr_kind().write(sources, nullptr);
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
}

using testing::glb_json;

class LbaCharacters : public testing::ToolTest {
 protected:
  void SetUp() override {
    ToolTest::SetUp();
    const auto lba = testing::samples_dir() / "lba";
    if (!fs::exists(lba / "Twinsen_Walk.anm")) GTEST_SKIP() << "SKIPPED LOUDLY: " << lba << " is absent";
    fs::create_directories(scratch("install"));
    std::vector<std::vector<std::uint8_t>> ress(45, std::vector<std::uint8_t>{0});
    ress[0] = std::vector<std::uint8_t>(768, 0x80);    // a grey palette
    ress[6] = std::vector<std::uint8_t>(65536, 0x10);  // a texture page
    ress[44] = kEntityTable;
    write_hqr(scratch("install/RESS.HQR"), ress);
    write_hqr(scratch("install/BODY.HQR"),
              {testing::read_bytes(lba / "lba2-bodies" / "My_Twinsen_Tunic_LBA2.lm2")});
    write_hqr(scratch("install/ANIM.HQR"),
              {testing::read_bytes(lba / "Twinsen_Walk.anm"), testing::read_bytes(lba / "Twinsen_Fall.anm")});
  }
};

TEST_F(LbaCharacters, TheEntityGivesTheBodyAndItsNamedAnimations) {
  const auto run = this->run({"characters", scratch("install").string(), "--json"});
  ASSERT_EQ(run.code, 0) << run.err;
  const auto list = nlohmann::json::parse(run.out);
  ASSERT_EQ(list["characters"].size(), 1u) << run.out;
  const auto& twinsen = list["characters"][0];
  const std::string install = scratch("install").string();
  EXPECT_EQ(twinsen["name"], "entity 0 GEN_BODY_NORMAL (0)");
  EXPECT_EQ(twinsen["model"], install + "/BODY.HQR:0");
  ASSERT_EQ(twinsen["animations"].size(), 2u);
  EXPECT_EQ(twinsen["animations"][0]["name"], "GEN_ANIM_MARCHE (1)");
  EXPECT_EQ(twinsen["animations"][0]["file"], install + "/ANIM.HQR:0");
  EXPECT_EQ(twinsen["animations"][1]["name"], "GEN_ANIM_TOMBE (7)");
  EXPECT_EQ(twinsen["settings"]["variant"], "lba2");
  EXPECT_EQ(twinsen["settings"]["palette"], install + "/RESS.HQR:0");
  ASSERT_EQ(twinsen["missing"].size(), 1u);
  EXPECT_NE(twinsen["missing"][0].get<std::string>().find("ANIM.HQR:9"), std::string::npos);
}

TEST_F(LbaCharacters, BatchWritesTheCharacterWithBothAnimations) {
  const auto run = this->run({"batch", scratch("install").string(), scratch("out").string(), "--characters"});
  ASSERT_EQ(run.code, 0) << run.err;
  const auto json = glb_json(scratch("out/entity 0 GEN_BODY_NORMAL _0_.glb"));
  ASSERT_FALSE(json.is_null()) << run.err;
  std::vector<std::string> names;
  for (const auto& animation : json["animations"]) names.push_back(animation["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"GEN_ANIM_MARCHE (1)", "GEN_ANIM_TOMBE (7)"}));
  EXPECT_FALSE(json["meshes"].empty());
}

TEST_F(LbaCharacters, TheEntityTableIsADocument) {
  const auto info = this->run({"info", scratch("install/RESS.HQR").string() + ":44", "--json"});
  ASSERT_EQ(info.code, 0) << info.err;
  EXPECT_EQ(nlohmann::json::parse(info.out)["entities"], 1);
  const auto dump = this->run({"dump", scratch("install/RESS.HQR").string() + ":44"});
  ASSERT_EQ(dump.code, 0) << dump.err;
  const auto records = nlohmann::json::parse(dump.out)["entities"][0]["records"];
  EXPECT_EQ(records[1]["name"], "GEN_ANIM_MARCHE (1)");
  EXPECT_EQ(records[0]["body_index"], 0);
}

// LBA1: FILE3D.HQR entry 0 laid out by hand (FICHE.C: u8 generic ids), a generated 7-group body and walk.
TEST_F(LbaCharacters, Lba1File3dEntriesAreCharactersToo) {
  fs::create_directories(scratch("lba1"));
  const std::vector<std::uint8_t> entity = {0x01, 0x00, 4, 0, 0x00, 0x00,  // GEN_BODY_NORMAL -> BODY.HQR 0
                                            0x03, 0x01, 4, 0, 0x00, 0x00,  // GEN_ANIM_MARCHE -> ANIM.HQR 0
                                            0xFF};
  write_hqr(scratch("lba1/FILE3D.HQR"), {entity});
  write_hqr(scratch("lba1/BODY.HQR"), {lba::body::write(lba::test::with_geometry(lba::test::tree_body(7)))});
  write_hqr(scratch("lba1/ANIM.HQR"), {lba::anm::write(lba::test::walk_like(7))});
  const auto run = this->run({"characters", scratch("lba1").string(), "--json"});
  ASSERT_EQ(run.code, 0) << run.err;
  const auto list = nlohmann::json::parse(run.out);
  ASSERT_EQ(list["characters"].size(), 1u) << run.out;
  EXPECT_EQ(list["characters"][0]["name"], "entity 0 GEN_BODY_NORMAL (0)");
  EXPECT_EQ(list["characters"][0]["defined_by"], "FILE3D.HQR:0");
  EXPECT_EQ(list["characters"][0]["settings"]["variant"], "lba1");
  const auto batch = this->run({"batch", scratch("lba1").string(), scratch("out1").string(), "--characters"});
  ASSERT_EQ(batch.code, 0) << batch.err;
  const auto json = glb_json(scratch("out1/entity 0 GEN_BODY_NORMAL _0_.glb"));
  ASSERT_EQ(json["animations"].size(), 1u) << batch.err;
  EXPECT_EQ(json["animations"][0]["name"], "GEN_ANIM_MARCHE (1)");
}

}  // namespace
}  // namespace bonebridge
