// SPDX-License-Identifier: MIT
// Archives inside archives cannot loop (issue 38): an entry opens as an archive only when its name has an
// archive's extension and its kind finds entries in its bytes (a WDB part file, WORLD.WDB's <part>.wdb, holds
// only itself: it is a file), and at most kMaxArchiveDepth archives deep. ls -r, extract -r, batch,
// characters (the install view) and addresses all follow that one rule (services/addressing.hpp
// open_if_archive). The WORLD.WDB is the character one of the LEGO tests (one world, 37 global parts),
// written back by the project's WDB writer; the deep archives are GOBs written by the GOB writer.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "bonebridge/archive/gob.hpp"
#include "bonebridge/formats/lego/wdb/codec.hpp"
#include "bonebridge/services/addressing.hpp"
#include "bonebridge/services/install.hpp"
#include "formats/lego/wdb/character_wdb.hpp"
#include "support/samples.hpp"
#include "tool.hpp"

namespace bonebridge {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> written_world() {
  const auto document = lego::wdb::read(lego::wdb::test::character_wdb());
  EXPECT_TRUE(document.ok()) << document.error().to_string();
  return document.ok() ? lego::wdb::write(*document) : std::vector<std::uint8_t>{};
}

// `archives` GOBs, each but the innermost holding the next as "level<n>.gob"; the innermost holds
// "deepest.txt".
std::vector<std::uint8_t> nested_gobs(std::size_t archives) {
  std::vector<std::uint8_t> bytes;
  for (std::size_t level = archives; level-- > 0;) {
    std::vector<archive::EntrySource> entries;
    if (level + 1 == archives) {
      entries.push_back({"deepest.txt", {'h', 'i'}, {}});
    } else {
      entries.push_back({"level" + std::to_string(level + 1) + ".gob", std::move(bytes), {}});
    }
    auto gob = archive::gob_kind().write(entries, nullptr);
    EXPECT_TRUE(gob.ok());
    bytes = gob.ok() ? std::move(*gob) : std::vector<std::uint8_t>{};
  }
  return bytes;
}

class ArchiveNesting : public testing::ToolTest {
 protected:
  std::string world() const {
    testing::write_bytes(scratch("WORLD.WDB"), written_world());
    return scratch("WORLD.WDB").string();
  }
  std::size_t parts() const { return lego::wdb::test::character_lod_lists().size(); }
};

TEST_F(ArchiveNesting, RecursiveListingNamesEachPartOnceAsAFile) {
  const std::string wdb = world();
  const auto listing = run({"ls", "--recursive", "--json", wdb});
  ASSERT_EQ(listing.code, 0) << listing.err;
  const auto entries = nlohmann::json::parse(listing.out);
  std::set<std::string> paths;
  for (const auto& entry : entries) paths.insert(entry["path"].get<std::string>());
  EXPECT_EQ(entries.size(), parts());
  EXPECT_EQ(paths.size(), parts());
  for (const auto& name : lego::wdb::test::character_lod_lists())
    EXPECT_TRUE(paths.contains(wdb + ":" + name + ".wdb")) << name;
}

TEST_F(ArchiveNesting, RecursiveExtractWritesEachPartAsAFile) {
  const std::string wdb = world();
  const auto extracted = run({"extract", "--recursive", wdb, scratch("out").string()});
  ASSERT_EQ(extracted.code, 0) << extracted.err;
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(scratch("out"))) {
    EXPECT_TRUE(entry.is_regular_file()) << entry.path();
    ++files;
  }
  EXPECT_EQ(files, parts());
  EXPECT_TRUE(fs::is_regular_file(scratch("out/body.wdb")));
}

TEST_F(ArchiveNesting, BatchConvertsEachPartOnce) {
  const std::string wdb = world();
  const auto batch = run({"batch", wdb, scratch("out").string()});
  ASSERT_EQ(batch.code, 0) << batch.err;
  EXPECT_NE(batch.err.find(fmt::format("batch: {} written, 0 skipped (no glTF form), 0 failed", parts())),
            std::string::npos)
      << batch.err;
  EXPECT_TRUE(fs::is_regular_file(scratch("out/WORLD.WDB/body.glb")));
}

TEST_F(ArchiveNesting, CharactersAndTheirBatchReadTheWorldOnce) {
  const std::string wdb = world();
  const auto characters = run({"characters", "--json", wdb});
  ASSERT_EQ(characters.code, 0) << characters.err;
  EXPECT_TRUE(nlohmann::json::accept(characters.out)) << characters.out;
  const auto batch = run({"batch", "--characters", wdb, scratch("out").string()});
  ASSERT_EQ(batch.code, 0) << batch.err;
  EXPECT_NE(batch.err.find("0 failed"), std::string::npos) << batch.err;
}

// An actor the install holds no animation for converts at rest from WORLD.WDB (issue 37: it failed with "the
// file holds 37 parts; name one with --part"), so a batch of characters writes all 66 of the actor table.
TEST_F(ArchiveNesting, AnActorWithoutAnAnimationConvertsAtRest) {
  world();
  const auto mama =
      run({"convert", "--character", "mama", scratch("").string(), scratch("mama.glb").string()});
  ASSERT_EQ(mama.code, 0) << mama.err;
  EXPECT_TRUE(fs::is_regular_file(scratch("mama.glb")));
  EXPECT_NE(mama.err.find("actor \"mama\" at rest"), std::string::npos) << mama.err;
  const auto batch = run({"batch", "--characters", scratch("").string(), scratch("out").string()});
  ASSERT_EQ(batch.code, 0) << batch.err;
  EXPECT_NE(batch.err.find("66 characters and 0 lone files written"), std::string::npos) << batch.err;
}

TEST_F(ArchiveNesting, AnExtractedPartIsAFileInAFolderAndNoArchiveAlone) {
  const std::string wdb = world();
  ASSERT_EQ(run({"extract", wdb, scratch("parts").string()}).code, 0);
  const auto batch = run({"batch", scratch("parts").string(), scratch("out").string()});
  ASSERT_EQ(batch.code, 0) << batch.err;
  EXPECT_TRUE(fs::is_regular_file(scratch("out/body.glb"))) << batch.err;
  EXPECT_EQ(run({"characters", scratch("parts").string()}).code, 0);
  const auto listed = run({"ls", scratch("parts/body.wdb").string()});
  EXPECT_EQ(listed.code, 1);
  EXPECT_NE(listed.err.find("it is a part, not an archive"), std::string::npos) << listed.err;
}

TEST_F(ArchiveNesting, AnAddressThroughAPartNamesTheMissingEntry) {
  const std::string wdb = world();
  const auto through = run({"ls", wdb + ":body.wdb:body.wdb"});
  EXPECT_EQ(through.code, 1);
  EXPECT_NE(through.err.find(wdb + ":body.wdb: LEGO Island WORLD.WDB: has no entry 'body.wdb' (it is a part, "
                                   "not an archive)"),
            std::string::npos)
      << through.err;
  const auto deeper = run({"convert", wdb + ":body.wdb:body.wdb:body.wdb", scratch("x.glb").string()});
  EXPECT_EQ(deeper.code, 1);
  EXPECT_NE(deeper.err.find("has no entry 'body.wdb' (it is a part, not an archive)"), std::string::npos)
      << deeper.err;
  const auto part = run({"ls", wdb + ":body.wdb"});
  EXPECT_EQ(part.code, 1);
  EXPECT_NE(part.err.find(wdb + ":body.wdb: LEGO Island WORLD.WDB: it is a part, not an archive"),
            std::string::npos)
      << part.err;
  // The part itself still converts.
  EXPECT_EQ(run({"convert", wdb + ":body.wdb", scratch("body.glb").string()}).code, 0);
}

TEST_F(ArchiveNesting, ArchivesOpenAtMostEightDeep) {
  ASSERT_EQ(kMaxArchiveDepth, 8u);
  testing::write_bytes(scratch("eight.gob"), nested_gobs(8));
  const auto eight = run({"ls", "-r", "--json", scratch("eight.gob").string()});
  ASSERT_EQ(eight.code, 0) << eight.err;
  const auto entries = nlohmann::json::parse(eight.out);
  ASSERT_EQ(entries.size(), 8u);
  EXPECT_TRUE(entries.back()["path"].get<std::string>().ends_with(":level7.gob:deepest.txt")) << eight.out;

  testing::write_bytes(scratch("nine.gob"), nested_gobs(9));
  const std::string nine = scratch("nine.gob").string();
  for (const std::vector<std::string>& args : {std::vector<std::string>{"ls", "-r", nine},
                                               {"extract", "-r", nine, scratch("out").string()},
                                               {"batch", nine, scratch("batch").string()}}) {
    const auto refused = run(args);
    EXPECT_EQ(refused.code, 1) << args[0] << ": " << refused.err;
    EXPECT_NE(refused.err.find(":level8.gob: Sith GOB"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("an archive inside 8 others; bonebridge opens archives at most 8 deep"),
              std::string::npos)
        << args[0] << ": " << refused.err;
  }
  // The install view lists what it can and says where it stopped.
  const auto characters = run({"characters", nine});
  EXPECT_EQ(characters.code, 0) << characters.err;
  EXPECT_NE(characters.err.find("note: " + nine + ":level1.gob"), std::string::npos) << characters.err;
  std::string address = nine;
  for (int level = 1; level <= 8; ++level) address += ":level" + std::to_string(level) + ".gob";
  const auto addressed = run({"ls", address});
  EXPECT_EQ(addressed.code, 1);
  EXPECT_NE(addressed.err.find("at most 8 deep"), std::string::npos) << addressed.err;
}

// The rule itself, as the library gives it.
TEST(ArchiveNestingRule, APartFileIsAFileAndAWorldAnArchive) {
  const auto world = written_world();
  const auto read_world = [&]() -> Result<std::vector<std::uint8_t>> { return world; };
  const auto opened = open_if_archive({"WORLD.WDB", "WORLD.WDB", 0, read_world});
  ASSERT_TRUE(opened.ok()) << opened.error().to_string();
  ASSERT_NE(opened->get(), nullptr);
  const auto part = (*opened)->read(0);
  ASSERT_TRUE(part.ok());
  const auto as_part = open_if_archive(
      {"WORLD.WDB:body.wdb", "body.wdb", 1, [&]() -> Result<std::vector<std::uint8_t>> { return *part; }});
  ASSERT_TRUE(as_part.ok()) << as_part.error().to_string();
  EXPECT_EQ(as_part->get(), nullptr);
  EXPECT_FALSE(open_archive("body.wdb", *part).ok());
  const auto too_deep = open_if_archive({"x", "WORLD.WDB", kMaxArchiveDepth, read_world});
  ASSERT_FALSE(too_deep.ok());
  EXPECT_EQ(too_deep.error().file, "x");
  const auto plain = open_if_archive({"walk.ani", "walk.ani", 0, {}});
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->get(), nullptr);
}

TEST(ArchiveNestingRule, TheInstallViewListsEachPartOnceAsAFile) {
  const fs::path folder = fs::temp_directory_path() / ("bonebridge-nesting-" + std::to_string(::getpid()));
  testing::write_bytes(folder / "WORLD.WDB", written_world());
  const auto view = open_install((folder / "WORLD.WDB").string());
  ASSERT_TRUE(view.ok()) << view.error().to_string();
  EXPECT_EQ((*view)->files().size(), lego::wdb::test::character_lod_lists().size());
  for (const auto& file : (*view)->files()) EXPECT_FALSE(file.archive) << file.address;
  EXPECT_TRUE((*view)->notes().empty());
  fs::remove_all(folder);
}

}  // namespace
}  // namespace bonebridge
