// SPDX-License-Identifier: MIT
// Archives as first-class inputs: ls, extract, and ARCHIVE:ENTRY[:ENTRY] addresses for inputs and companions.
// The packfiles are laid out by our archive writer from the example files; what the tool reports is checked
// against those files' own bytes and sizes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "archive/rfgm_unpacked.hpp"
#include "archive/sha256.hpp"
#include "bonebridge/archive/gob.hpp"
#include "bonebridge/archive/si.hpp"
#include "bonebridge/archive/vpp.hpp"
#include "bonebridge/services/addressing.hpp"
#include "support/samples.hpp"
#include "tool.hpp"

namespace bonebridge {
namespace {

namespace fs = std::filesystem;

class ArchiveCli : public testing::ToolTest {
 protected:
  void SetUp() override {
    ToolTest::SetUp();
    folder_ = scratch();
    anim_ = testing::read_bytes(testing::source_dir() / "examples/volition/wave.anim_pc");
    rig_ = testing::read_bytes(testing::source_dir() / "examples/volition/wave_character.rig_pc");
    // hero.str2_pc (compacted, as RFG stores them) inside game.vpp_pc (uncompressed, 2048-aligned).
    const auto str2 = archive::write_vpp({{"wave.anim_pc", anim_, {}}, {"wave_character.rig_pc", rig_, {}}},
                                         archive::kRfgStr2);
    ASSERT_TRUE(str2.ok()) << str2.error().to_string();
    const auto vpp =
        archive::write_vpp({{"readme.txt", {'h', 'i'}, {}}, {"hero.str2_pc", *str2, {}}}, archive::kRfgVpp);
    ASSERT_TRUE(vpp.ok()) << vpp.error().to_string();
    str2_size_ = str2->size();
    std::ofstream(pack(), std::ios::binary)
        .write(reinterpret_cast<const char*>(vpp->data()), std::streamsize(vpp->size()));
  }
  // The tool with arguments separated by spaces (no argument here holds one).
  testing::ToolRun run_tool(const std::string& line) const {
    std::vector<std::string> args;
    for (std::size_t start = 0, end = 0; start < line.size(); start = end + 1) {
      end = std::min(line.find(' ', start), line.size());
      if (end > start) args.push_back(line.substr(start, end - start));
    }
    return run(args);
  }
  std::string pack() const { return (folder_ / "game.vpp_pc").string(); }

  fs::path folder_;
  std::vector<std::uint8_t> anim_, rig_;
  std::size_t str2_size_ = 0;
};

TEST_F(ArchiveCli, LsRecursiveJsonListsNestedEntriesWithTheirSizes) {
  const auto run = run_tool("ls --recursive --json " + pack());
  ASSERT_EQ(run.code, 0);
  const auto listing = nlohmann::json::parse(run.out);
  ASSERT_EQ(listing.size(), 4u) << listing.dump(1);
  EXPECT_EQ(listing[0]["path"], pack() + ":readme.txt");
  EXPECT_EQ(listing[0]["size"], 2);
  EXPECT_EQ(listing[1]["path"], pack() + ":hero.str2_pc");
  EXPECT_EQ(listing[1]["size"], str2_size_);
  EXPECT_EQ(listing[2]["path"], pack() + ":hero.str2_pc:wave.anim_pc");
  EXPECT_EQ(listing[2]["size"], anim_.size());
  EXPECT_EQ(listing[2]["compression"], "zlib (compacted)");
  EXPECT_EQ(listing[3]["path"], pack() + ":hero.str2_pc:wave_character.rig_pc");
  EXPECT_EQ(listing[3]["size"], rig_.size());
}

TEST_F(ArchiveCli, NestedEntryOpensWithACompanionFromTheSameArchive) {
  const std::string inner = pack() + ":hero.str2_pc:";
  const auto by_name =
      run_tool("info --json " + inner + "wave.anim_pc --rig " + inner + "wave_character.rig_pc");
  ASSERT_EQ(by_name.code, 0);
  const auto info = nlohmann::json::parse(by_name.out);
  EXPECT_EQ(info["family"], "volition");
  EXPECT_EQ(info["detected_by"], "extension");
  // By index, and by name in another case: the same file.
  const auto by_index = run_tool("info --json " + pack() + ":1:0 --rig " + inner + "WAVE_CHARACTER.RIG_PC");
  ASSERT_EQ(by_index.code, 0);
  EXPECT_EQ(nlohmann::json::parse(by_index.out), info);
}

TEST_F(ArchiveCli, ConvertReadsAnEntryAsItReadsTheFile) {
  const auto loose = folder_ / "wave.anim_pc";
  std::ofstream(loose, std::ios::binary)
      .write(reinterpret_cast<const char*>(anim_.data()), std::streamsize(anim_.size()));
  const auto rig = folder_ / "wave_character.rig_pc";
  std::ofstream(rig, std::ios::binary)
      .write(reinterpret_cast<const char*>(rig_.data()), std::streamsize(rig_.size()));
  const std::string inner = pack() + ":hero.str2_pc:";
  ASSERT_EQ(run_tool("convert " + inner + "wave.anim_pc " + (folder_ / "a.glb").string() + " --rig " + inner +
                     "wave_character.rig_pc")
                .code,
            0);
  ASSERT_EQ(
      run_tool("convert " + loose.string() + " " + (folder_ / "b.glb").string() + " --rig " + rig.string())
          .code,
      0);
  EXPECT_EQ(testing::read_bytes(folder_ / "a.glb"), testing::read_bytes(folder_ / "b.glb"));
}

TEST_F(ArchiveCli, ExtractWritesEntriesByteForByteAndNeverOverwritesUnasked) {
  const auto out = folder_ / "out";
  ASSERT_EQ(run_tool("extract --recursive " + pack() + " " + out.string()).code, 0);
  EXPECT_EQ(testing::read_bytes(out / "hero.str2_pc" / "wave.anim_pc"), anim_);
  EXPECT_EQ(testing::read_bytes(out / "hero.str2_pc" / "wave_character.rig_pc"), rig_);
  EXPECT_EQ(testing::read_bytes(out / "readme.txt"), (std::vector<std::uint8_t>{'h', 'i'}));
  std::ofstream(out / "readme.txt") << "mine";
  EXPECT_EQ(run_tool("extract --recursive " + pack() + " " + out.string()).code, 1);
  EXPECT_EQ(testing::read_bytes(out / "readme.txt"), (std::vector<std::uint8_t>{'m', 'i', 'n', 'e'}));
  EXPECT_EQ(run_tool("extract --recursive --force " + pack() + " " + out.string()).code, 0);
  EXPECT_EQ(testing::read_bytes(out / "readme.txt"), (std::vector<std::uint8_t>{'h', 'i'}));
  // Without --recursive the nested archive is one file, as stored.
  const auto flat = folder_ / "flat";
  ASSERT_EQ(run_tool("extract " + pack() + " " + flat.string()).code, 0);
  EXPECT_EQ(fs::file_size(flat / "hero.str2_pc"), str2_size_);
}

TEST_F(ArchiveCli, AMissingEntryIsAnErrorNamingTheArchive) {
  EXPECT_EQ(run_tool("info " + pack() + ":hero.str2_pc:run.anim_pc").code, 1);
  const auto run = run_tool("info " + pack() + ":nothing");
  EXPECT_EQ(run.code, 1);
  EXPECT_NE(run.err.find("no entry named \"nothing\""), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("game.vpp_pc"), std::string::npos) << run.err;
}

TEST_F(ArchiveCli, RealRedFactionPackfileListsRecursively) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/packfiles/dlcp01_activities.vpp_pc");
  const auto run = run_tool("ls --recursive --json " + path.string());
  ASSERT_EQ(run.code, 0);
  const auto listing = nlohmann::json::parse(run.out);
  EXPECT_GT(listing.size(), 1u);
}

// The proof of the archive issue: ls --recursive --json gives the sizes, and extract --recursive the bytes,
// that RFGM.Formats' own unpacked test data holds for each real packfile.
TEST_F(ArchiveCli, RealPackfilesListAndExtractAsRfgmFormatsUnpacksThem) {
  for (const char* name : {"dlc01_l1.vpp_pc", "dlcp01_activities.vpp_pc", "xray_effect.str2_pc"}) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("volition/packfiles/") + name);
    const auto listed = run_tool("ls --recursive --json " + path.string());
    ASSERT_EQ(listed.code, 0) << name;
    std::map<std::string, std::uint64_t> sizes;
    for (const auto& row : nlohmann::json::parse(listed.out)) {
      sizes[row["path"].get<std::string>().substr(path.string().size() + 1)] = row["size"];
    }
    const auto out = folder_ / name;
    ASSERT_EQ(run_tool("extract --recursive " + path.string() + " " + out.string()).code, 0) << name;
    std::size_t rows = 0;
    for (const auto& row : testing::kUnpacked) {
      if (std::string(row.archive) != name) continue;
      ++rows;
      std::string address = row.path;
      std::replace(address.begin(), address.end(), '/', ':');
      EXPECT_EQ(sizes[address], row.size) << row.path;
      if (fs::is_directory(out / row.path)) continue;  // a nested packfile, extracted as a folder
      EXPECT_EQ(testing::sha256(testing::read_bytes(out / row.path)), row.sha256) << row.path;
    }
    EXPECT_EQ(rows, sizes.size()) << name;
  }
}

TEST_F(ArchiveCli, ExtractThenPackLikeTheOriginalGivesTheSameBytes) {
  for (const char* name : {"dlc01_l1.vpp_pc", "dlcp01_activities.vpp_pc", "xray_effect.str2_pc"}) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("volition/packfiles/") + name);
    const auto out = folder_ / (std::string(name) + ".d");
    ASSERT_EQ(run_tool("extract --recursive " + path.string() + " " + out.string()).code, 0) << name;
    const auto packed = folder_ / name;
    ASSERT_EQ(run_tool("pack " + out.string() + " " + packed.string() + " --like " + path.string()).code, 0);
    EXPECT_EQ(testing::read_bytes(packed), testing::read_bytes(path)) << name;
  }
}

// A verb that reads one file, given a whole archive (outer or nested), says what it is and how to reach its
// files, rather than that nothing recognises it.
TEST_F(ArchiveCli, InfoOnAnArchiveSaysItHoldsFilesAndHowToReachThem) {
  for (const auto& address : {pack(), pack() + ":hero.str2_pc"}) {
    const auto run = run_tool("info " + address);
    EXPECT_EQ(run.code, 1);
    EXPECT_NE(run.err.find("Volition packfile"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("`bonebridge ls` lists its entries"), std::string::npos) << run.err;
  }
}

TEST_F(ArchiveCli, PackWithoutAModelHoldsTheFolderAndRefusesToOverwrite) {
  ASSERT_EQ(run_tool("extract --recursive " + pack() + " " + (folder_ / "d").string()).code, 0);
  const auto packed = folder_ / "again.vpp_pc";
  ASSERT_EQ(run_tool("pack " + (folder_ / "d").string() + " " + packed.string()).code, 0);
  const auto inner = packed.string() + ":hero.str2_pc:";
  const auto extracted = folder_ / "e";
  ASSERT_EQ(run_tool("extract --recursive " + packed.string() + " " + extracted.string()).code, 0);
  EXPECT_EQ(testing::read_bytes(extracted / "hero.str2_pc" / "wave.anim_pc"), anim_);
  EXPECT_EQ(testing::read_bytes(extracted / "readme.txt"), (std::vector<std::uint8_t>{'h', 'i'}));
  EXPECT_EQ(run_tool("pack " + (folder_ / "d").string() + " " + packed.string()).code, 1);
}

// One entry deep inside replaced: every other entry, at every level, reads back the same.
TEST_F(ArchiveCli, ReplacingANestedEntryKeepsEveryOtherEntry) {
  const std::vector<std::string> path = {"hero.str2_pc", "wave_character.rig_pc"};
  const std::vector<std::uint8_t> edited = {1, 2, 3, 4};
  const auto replaced = replace_entry("game.vpp_pc", testing::read_bytes(pack()), path, edited);
  ASSERT_TRUE(replaced.ok()) << replaced.error().to_string();
  const auto out = folder_ / "edited.vpp_pc";
  std::ofstream(out, std::ios::binary)
      .write(reinterpret_cast<const char*>(replaced->data()), std::streamsize(replaced->size()));
  EXPECT_EQ(read_address(out.string() + ":hero.str2_pc:wave_character.rig_pc")->bytes, edited);
  EXPECT_EQ(read_address(out.string() + ":hero.str2_pc:wave.anim_pc")->bytes, anim_);
  EXPECT_EQ(read_address(out.string() + ":readme.txt")->bytes, (std::vector<std::uint8_t>{'h', 'i'}));
}

// A folder holding a packfile: every file of a family inside is found (nested .str2_pc too) and converted
// when it has a glTF form; a cloth setup has none and is listed as skipped with the reason.
TEST_F(ArchiveCli, BatchFindsEveryFamilyFileInsideArchivesAndSkipsClothWithAReason) {
  const auto cloth = testing::read_bytes(testing::source_dir() / "fuzz/corpus/volition_cloth/chain.sim_pc");
  const auto str2 = archive::write_vpp(
      {{"wave.anim_pc", anim_, {}}, {"wave_character.rig_pc", rig_, {}}, {"chain.sim_pc", cloth, {}}},
      archive::kRfgStr2);
  ASSERT_TRUE(str2.ok());
  const auto vpp =
      archive::write_vpp({{"readme.txt", {'h', 'i'}, {}}, {"hero.str2_pc", *str2, {}}}, archive::kRfgVpp);
  ASSERT_TRUE(vpp.ok());
  fs::create_directories(folder_ / "games");
  std::ofstream(folder_ / "games" / "game.vpp_pc", std::ios::binary)
      .write(reinterpret_cast<const char*>(vpp->data()), std::streamsize(vpp->size()));
  const auto run =
      run_tool("batch --json " + (folder_ / "games").string() + " " + (folder_ / "out").string());
  ASSERT_EQ(run.code, 0) << run.err;
  std::vector<nlohmann::json> lines;
  for (std::size_t start = 0, end = 0; start < run.out.size(); start = end + 1) {
    end = run.out.find('\n', start);
    lines.push_back(nlohmann::json::parse(run.out.substr(start, end - start)));
  }
  ASSERT_EQ(lines.size(), 3u) << run.out;
  const auto out = folder_ / "out" / "game.vpp_pc" / "hero.str2_pc";
  EXPECT_TRUE(fs::exists(out / "wave.glb"));
  EXPECT_TRUE(fs::exists(out / "wave_character.glb"));
  EXPECT_FALSE(fs::exists(out / "chain.glb"));
  EXPECT_EQ(lines[2]["input"], (folder_ / "games" / "game.vpp_pc").string() + ":hero.str2_pc:chain.sim_pc");
  EXPECT_NE(lines[2]["skipped"].get<std::string>().find("cloth"), std::string::npos);
  EXPECT_NE(run.err.find("2 written, 1 skipped"), std::string::npos) << run.err;
}

// A GOB laid out by hand as Jedi Knight stores paths: '\' between folders, capitals kept. Extracting makes
// folders of them (not file names holding backslashes), packing the folder like the original gives its bytes
// back, and batch mirrors the same folders.
TEST_F(ArchiveCli, BackslashFoldersOfAGobBecomeFoldersAndPackBack) {
  const auto ani = testing::read_bytes(testing::source_dir() / "examples/lego/waving_arm.ani");
  const std::vector<std::pair<std::string, std::vector<std::uint8_t>>> files = {
      {"Anims\\Wave\\Waving_Arm.ani", ani}, {"misc\\readme.txt", {'h', 'i'}}};
  std::vector<std::uint8_t> gob = {'G', 'O', 'B', ' ', 0x14, 0, 0, 0, 0, 0, 0, 0};
  std::vector<std::uint32_t> offsets;
  for (const auto& [name, bytes] : files) {
    offsets.push_back(static_cast<std::uint32_t>(gob.size()));
    gob.insert(gob.end(), bytes.begin(), bytes.end());
  }
  const auto put32 = [&gob](std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
      gob[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v >> (8 * i));
  };
  const std::size_t directory = gob.size();
  put32(8, static_cast<std::uint32_t>(directory));
  gob.resize(directory + 4 + files.size() * 136, 0);
  put32(directory, static_cast<std::uint32_t>(files.size()));
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::size_t record = directory + 4 + i * 136;
    put32(record, offsets[i]);
    put32(record + 4, static_cast<std::uint32_t>(files[i].second.size()));
    std::copy(files[i].first.begin(), files[i].first.end(),
              gob.begin() + static_cast<std::ptrdiff_t>(record + 8));
  }
  const auto game = folder_ / "games" / "Res2.gob";
  fs::create_directories(game.parent_path());
  std::ofstream(game, std::ios::binary)
      .write(reinterpret_cast<const char*>(gob.data()), std::streamsize(gob.size()));

  const auto out = folder_ / "x";
  ASSERT_EQ(run_tool("extract " + game.string() + " " + out.string()).code, 0);
  EXPECT_EQ(testing::read_bytes(out / "Anims" / "Wave" / "Waving_Arm.ani"), ani);
  EXPECT_EQ(testing::read_bytes(out / "misc" / "readme.txt"), (std::vector<std::uint8_t>{'h', 'i'}));
  const auto packed = folder_ / "again.gob";
  ASSERT_EQ(run_tool("pack " + out.string() + " " + packed.string() + " --like " + game.string()).code, 0);
  EXPECT_EQ(testing::read_bytes(packed), gob);
  // An entry is named with either separator, in any case.
  EXPECT_EQ(read_address(game.string() + ":anims/wave/waving_arm.ANI")->bytes, ani);
  const auto batch = run_tool("batch " + (folder_ / "games").string() + " " + (folder_ / "out").string());
  ASSERT_EQ(batch.code, 0) << batch.err;
  EXPECT_TRUE(fs::exists(folder_ / "out" / "Res2.gob" / "Anims" / "Wave" / "Waving_Arm.glb")) << batch.err;
}

// An edited animation put back into the archive it came from: only with --in-place; the entry reads back as
// what convert writes for a loose file, and every other entry keeps its bytes.
TEST_F(ArchiveCli, ConvertInPlaceReplacesOneEntryOfANestedArchive) {
  const std::string inner = pack() + ":hero.str2_pc:";
  const auto glb = (folder_ / "wave.glb").string();
  ASSERT_EQ(
      run_tool("convert " + inner + "wave.anim_pc " + glb + " --rig " + inner + "wave_character.rig_pc").code,
      0);
  const auto rig = folder_ / "rig.rig_pc";
  std::ofstream(rig, std::ios::binary)
      .write(reinterpret_cast<const char*>(rig_.data()), std::streamsize(rig_.size()));
  const auto loose = (folder_ / "loose.anim_pc").string();
  ASSERT_EQ(run_tool("convert " + glb + " " + loose + " --rig " + rig.string()).code, 0);
  const auto before = testing::read_bytes(pack());
  EXPECT_EQ(run_tool("convert " + glb + " " + inner + "wave.anim_pc --rig " + rig.string()).code, 1);
  EXPECT_EQ(testing::read_bytes(pack()), before);
  ASSERT_EQ(run_tool("convert " + glb + " " + inner + "wave.anim_pc --in-place --rig " + rig.string()).code,
            0);
  EXPECT_EQ(read_address(inner + "wave.anim_pc")->bytes, testing::read_bytes(loose));
  EXPECT_EQ(read_address(inner + "wave_character.rig_pc")->bytes, rig_);
  EXPECT_EQ(read_address(pack() + ":readme.txt")->bytes, (std::vector<std::uint8_t>{'h', 'i'}));
}

// LEGO Island keeps every .ani inside SI files: an SI our writer lays out from the examples lists the
// animation by name, and `convert ISLE.SI:<name>.ani` gives what converting the loose file gives.
TEST_F(ArchiveCli, AnimationInsideAnSiConvertsByName) {
  const auto arm = testing::read_bytes(testing::source_dir() / "examples/lego/waving_arm.ani");
  const auto flyby = testing::read_bytes(testing::source_dir() / "examples/lego/camera_flyby.ani");
  const auto si =
      archive::si_kind().write({{"waving_arm.ani", arm, {}}, {"camera_flyby.ani", flyby, {}}}, nullptr);
  ASSERT_TRUE(si.ok()) << si.error().to_string();
  const auto isle = folder_ / "ISLE.SI";
  std::ofstream(isle, std::ios::binary)
      .write(reinterpret_cast<const char*>(si->data()), std::streamsize(si->size()));
  const auto listed = run_tool("ls --json " + isle.string());
  ASSERT_EQ(listed.code, 0) << listed.err;
  const auto listing = nlohmann::json::parse(listed.out);
  ASSERT_EQ(listing.size(), 2u);
  EXPECT_EQ(listing[0]["path"], isle.string() + ":waving_arm.ani");
  EXPECT_EQ(listing[0]["size"], arm.size());
  const auto loose = folder_ / "waving_arm.ani";
  std::ofstream(loose, std::ios::binary)
      .write(reinterpret_cast<const char*>(arm.data()), std::streamsize(arm.size()));
  ASSERT_EQ(run_tool("convert " + isle.string() + ":waving_arm.ani " + (folder_ / "a.glb").string()).code, 0);
  ASSERT_EQ(run_tool("convert " + loose.string() + " " + (folder_ / "b.glb").string()).code, 0);
  EXPECT_EQ(testing::read_bytes(folder_ / "a.glb"), testing::read_bytes(folder_ / "b.glb"));
}

// A .key and its .3do inside a GOB, as Jedi Knight and IJIM keep them: the model named by its archive path
// converts exactly as the loose pair does.
TEST_F(ArchiveCli, KeyAndModelInsideAGobConvertAsTheLoosePair) {
  BONEBRIDGE_REQUIRE_SAMPLE(key, "sith/ijim-sed-mod/sed_cable_car_door_close.key");
  BONEBRIDGE_REQUIRE_SAMPLE(model, "sith/ijim-sed-mod/sed_cable_car.3do");
  const auto gob =
      archive::gob_kind().write({{"3do\\sed_cable_car.3do", testing::read_bytes(model), {}},
                                 {"3do\\key\\sed_cable_car_door_close.key", testing::read_bytes(key), {}}},
                                nullptr);
  ASSERT_TRUE(gob.ok()) << gob.error().to_string();
  const auto game = folder_ / "Res2.gob";
  std::ofstream(game, std::ios::binary)
      .write(reinterpret_cast<const char*>(gob->data()), std::streamsize(gob->size()));
  const auto from_gob =
      run_tool("convert " + game.string() + ":3do\\key\\sed_cable_car_door_close.key " +
               (folder_ / "a.glb").string() + " --model " + game.string() + ":3do\\sed_cable_car.3do");
  ASSERT_EQ(from_gob.code, 0) << from_gob.err;
  ASSERT_EQ(
      run_tool("convert " + key.string() + " " + (folder_ / "b.glb").string() + " --model " + model.string())
          .code,
      0);
  EXPECT_EQ(testing::read_bytes(folder_ / "a.glb"), testing::read_bytes(folder_ / "b.glb"));
}

TEST_F(ArchiveCli, FormatsListsTheContainers) {
  const auto run = run_tool("formats --json");
  ASSERT_EQ(run.code, 0);
  std::vector<std::string> containers;
  for (const auto& row : nlohmann::json::parse(run.out)) {
    if (row.value("container", false)) containers.push_back(row["id"]);
  }
  EXPECT_EQ(containers, (std::vector<std::string>{"vpp", "gob", "si", "hqr", "wdb"}));
}

}  // namespace
}  // namespace bonebridge
