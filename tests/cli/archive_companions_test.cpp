// SPDX-License-Identifier: MIT
// Files that a document names, found inside the archive that holds it, as the game finds them: a model's .mat
// files in Res2.gob's mat\ folder, a puppet's keys in its 3do\key\ folder. Folders are relative to the file,
// names match in any letter case, '/' and '\' are one separator; a name never reaches outside its folder.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "bonebridge/archive/gob.hpp"
#include "bonebridge/services/addressing.hpp"
#include "support/glb.hpp"
#include "support/samples.hpp"
#include "tool.hpp"

namespace bonebridge {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> text(const char* s) {
  return {s, s + std::strlen(s)};
}

using testing::glb_json;

class ArchiveCompanions : public testing::ToolTest {
 protected:
  // Jedi Knight's Res2.gob layout (our GOB writer stores the names lower-case with backslashes, as the engine
  // looks them up).
  std::string hand_gob() const {
    const auto gob = archive::gob_kind().write({{"3do\\ky.3do", text("model"), {}},
                                                {"3do\\key\\ky_walk.key", text("walk"), {}},
                                                {"MAT\\Ky_Face.mat", text("face"), {}},
                                                {"misc\\pup\\ky.pup", text("puppet"), {}}},
                                               nullptr);
    EXPECT_TRUE(gob.ok());
    testing::write_bytes(scratch("Res2.gob"), gob.ok() ? *gob : std::vector<std::uint8_t>{});
    return scratch("Res2.gob").string();
  }
};

TEST_F(ArchiveCompanions, FoldersNearAnEntryAreFoldersOfItsArchive) {
  const std::string gob = hand_gob();
  const auto files = archive_files();
  EXPECT_EQ(files->folder_near(gob + ":3do\\ky.3do", "../mat"), gob + ":mat");
  EXPECT_EQ(files->folder_near(gob + ":3do/KY.3DO", "."), gob + ":3do");
  EXPECT_EQ(files->folder_near(gob + ":misc\\pup\\ky.pup", "../../3do/key/"), gob + ":3do/key");
  EXPECT_EQ(files->folder_near(gob + ":3do\\ky.3do", "../../mat"), std::nullopt);  // above the archive's top
  EXPECT_EQ(files->folder_near(gob + ":3do\\ky.3do", "nothere"), std::nullopt);
  EXPECT_TRUE(files->is_folder(gob + ":mat"));
  EXPECT_TRUE(files->is_folder(gob + ":"));
  EXPECT_FALSE(files->is_folder(gob + ":3do\\ky.3do"));  // a file, not a folder
}

TEST_F(ArchiveCompanions, NamesMatchInAnyCaseAndNeverReachOutsideTheirFolder) {
  const std::string gob = hand_gob();
  const auto files = archive_files();
  const auto face = files->find(gob + ":MAT", "Ky_Face.MAT");
  ASSERT_EQ(face, gob + ":mat\\ky_face.mat");  // the stored name, which reads back
  const auto bytes = files->read(*face);
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  EXPECT_EQ(*bytes, text("face"));
  EXPECT_EQ(files->find(gob + ":3do/key", "KY_WALK.KEY"), gob + ":3do\\key\\ky_walk.key");
  EXPECT_EQ(files->find(gob + ":3do", "..\\MAT\\Ky_Face.mat"), std::nullopt);
  EXPECT_EQ(files->find(gob + ":3do", "key/ky_walk.key"), std::nullopt);
  EXPECT_EQ(files->find(gob + ":", "ky.3do"), std::nullopt);  // not at the top
  // An address names an entry the same way ('/' for '\', any case).
  const auto model = read_address(gob + ":3do/KY.3DO");
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  EXPECT_EQ(model->bytes, text("model"));
}

TEST_F(ArchiveCompanions, OnDiskTheSameFoldersAreFoldersOnDisk) {
  testing::write_bytes(scratch("game/3do/ky.3do"), text("model"));
  testing::write_bytes(scratch("game/mat/KY_FACE.MAT"), text("face"));
  const auto files = archive_files();
  const auto folder = files->folder_near(scratch("game/3do/ky.3do").string(), "../mat");
  ASSERT_TRUE(folder.has_value());
  EXPECT_EQ(fs::path(*folder), scratch("game/mat"));
  const auto face = files->find(*folder, "ky_face.mat");
  ASSERT_TRUE(face.has_value());
  EXPECT_EQ(fs::path(*face), scratch("game/mat/KY_FACE.MAT"));
  EXPECT_EQ(files->find(*folder, "../3do/ky.3do"), std::nullopt);
}

// The IJIM creature in its game layout (3do\, 3do\key\, mat\, misc\pup\), once as loose files and once packed
// into a GOB by `bonebridge pack`: the puppet inside the GOB finds its three keys and the model's 11
// materials inside the GOB and converts to the same bytes as the loose puppet.
TEST_F(ArchiveCompanions, APuppetInsideAGobConvertsAsTheLooseGameTree) {
  BONEBRIDGE_REQUIRE_SAMPLE(sed, "sith/ijim-sed-mod");
  const fs::path tree = scratch("tree");
  fs::create_directories(tree / "3do/key");
  fs::create_directories(tree / "mat");
  fs::create_directories(tree / "misc/pup");
  fs::copy_file(sed / "sed_pd.3do", tree / "3do/sed_pd.3do");
  for (const char* key : {"sed_pdgo.key", "sed_pdstand.key", "sed_pdhit.key"})
    fs::copy_file(sed / key, tree / "3do/key" / key);
  for (const auto& mat : fs::directory_iterator(sed / "mat"))
    fs::copy_file(mat.path(), tree / "mat" / mat.path().filename());
  fs::copy_file(sed / "sedpd.pup", tree / "misc/pup/sedpd.pup");
  const std::string gob = scratch("sed.gob").string();
  ASSERT_EQ(run({"pack", tree.string(), gob}).code, 0);

  const auto from_gob = run({"convert", gob + ":misc\\pup\\sedpd.pup", scratch("gob.glb").string(), "--model",
                             gob + ":3do/SED_PD.3do"});
  ASSERT_EQ(from_gob.code, 0) << from_gob.err;
  const auto loose = run({"convert", (tree / "misc/pup/sedpd.pup").string(), scratch("loose.glb").string(),
                          "--model", (tree / "3do/sed_pd.3do").string()});
  ASSERT_EQ(loose.code, 0) << loose.err;
  const auto json = glb_json(scratch("gob.glb"));
  EXPECT_EQ(json["animations"].size(), 3u);
  EXPECT_EQ(json["images"].size(), 11u);
  EXPECT_EQ(testing::read_bytes(scratch("gob.glb")), testing::read_bytes(scratch("loose.glb")));
  // Only the key the sample's puppet names but the mod does not ship is missing, in both.
  EXPECT_EQ(from_gob.err.find("not found (looked in"), std::string::npos) << from_gob.err;
  EXPECT_NE(from_gob.err.find("sed_pdidle.key is left out"), std::string::npos) << from_gob.err;
  EXPECT_NE(loose.err.find("sed_pdidle.key is left out"), std::string::npos) << loose.err;
}

TEST_F(ArchiveCompanions, MaterialsMayNameAFolderInsideAnArchive) {
  BONEBRIDGE_REQUIRE_SAMPLE(sed, "sith/ijim-sed-mod");
  std::vector<archive::EntrySource> entries{
      {"models\\sed_pd.3do", testing::read_bytes(sed / "sed_pd.3do"), {}}};
  for (const auto& mat : fs::directory_iterator(sed / "mat"))
    entries.push_back({"textures\\" + mat.path().filename().string(), testing::read_bytes(mat.path()), {}});
  const auto written = archive::gob_kind().write(entries, nullptr);
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  const std::string gob = scratch("mod.gob").string();
  testing::write_bytes(gob, *written);
  const std::string key = (sed / "sed_pdgo.key").string();

  const auto found = run({"convert", key, scratch("a.glb").string(), "--model", gob + ":models\\sed_pd.3do",
                          "--materials", gob + ":Textures"});
  ASSERT_EQ(found.code, 0) << found.err;
  EXPECT_EQ(glb_json(scratch("a.glb"))["images"].size(), 11u);
  // Without --materials, textures\ is none of the model's folders: grey faces, each missing .mat named.
  const auto grey = run({"convert", key, scratch("b.glb").string(), "--model", gob + ":models\\sed_pd.3do"});
  ASSERT_EQ(grey.code, 0) << grey.err;
  EXPECT_NE(grey.err.find("material sed_pbtop.mat not found"), std::string::npos) << grey.err;
  const auto wrong = run({"convert", key, scratch("c.glb").string(), "--model", gob + ":models\\sed_pd.3do",
                          "--materials", gob + ":nothere"});
  EXPECT_EQ(wrong.code, 2);
  EXPECT_NE(wrong.err.find("--materials"), std::string::npos) << wrong.err;
  EXPECT_FALSE(fs::exists(scratch("c.glb")));
}

}  // namespace
}  // namespace bonebridge
