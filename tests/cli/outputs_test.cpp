// SPDX-License-Identifier: MIT
// Issue 17: `batch` wrote `g/a/walk.ani` and `g/b/walk.ani` both to `out/walk.glb`, the second silently over
// the first. What is checked here: batch mirrors the input's subfolders; no run writes two outputs to one
// path, over an input, or over an existing file without --force; a refused run writes nothing at all. What
// each output must hold is what a direct `convert` of its input makes.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <sstream>

#include "cli/tool.hpp"

namespace bonebridge::testing {
namespace {

namespace fs = std::filesystem;

// Two different LEGO Island animations under one name in two folders.
class BatchTest : public ToolTest {
 protected:
  void SetUp() override {
    ToolTest::SetUp();
    copy_example("lego/waving_arm.ani", "g/a/walk.ani");
    copy_example("lego/camera_flyby.ani", "g/b/walk.ani");
  }

  ToolRun batch(std::vector<std::string> extra = {}) const {
    std::vector<std::string> args{"batch", scratch("g").string(), scratch("out").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return run(args);
  }

  // The .glb that `convert` makes of g/<folder>/walk.ani, written outside out/.
  std::vector<std::uint8_t> direct_conversion(const std::string& folder) const {
    const auto glb = scratch("direct_" + folder + ".glb");
    const auto result = run({"convert", scratch("g/" + folder + "/walk.ani").string(), glb.string()});
    EXPECT_EQ(result.code, 0) << result.err;
    return read_bytes(glb);
  }
};

TEST_F(BatchTest, SameNamesInTwoFoldersBecomeTwoOutputs) {
  const auto result = batch();
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out, "") << "status lines belong on standard error";
  EXPECT_NE(result.err.find(scratch("g/a/walk.ani").string() + " -> " + scratch("out/a/walk.glb").string()),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("batch: 2 written, 0 skipped (no glTF form), 0 failed"), std::string::npos)
      << result.err;

  const auto written = snapshot(scratch("out"));
  ASSERT_EQ(written.size(), 2u);
  ASSERT_TRUE(written.contains("a/walk.glb"));
  ASSERT_TRUE(written.contains("b/walk.glb"));
  EXPECT_EQ(written.at("a/walk.glb").bytes, direct_conversion("a"));
  EXPECT_EQ(written.at("b/walk.glb").bytes, direct_conversion("b"));
  EXPECT_NE(written.at("a/walk.glb").bytes, written.at("b/walk.glb").bytes)
      << "two different animations must make two different files";
}

TEST_F(BatchTest, ASecondRunRefusesAndLeavesEveryFileAsItWas) {
  ASSERT_EQ(batch().code, 0);
  age(scratch("out/a/walk.glb"));
  age(scratch("out/b/walk.glb"));
  const auto before = snapshot(scratch("out"));

  const auto result = batch();
  EXPECT_EQ(result.code, 1);
  EXPECT_EQ(result.out, "");
  for (const char* folder : {"a", "b"}) {
    const std::string existing = scratch(std::string("out/") + folder + "/walk.glb").string();
    const std::string input = scratch(std::string("g/") + folder + "/walk.ani").string();
    EXPECT_NE(result.err.find("'" + existing + "' already exists"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("conversion of '" + input + "'"), std::string::npos) << result.err;
  }
  EXPECT_NE(result.err.find("--force"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("nothing written (2 conflicts)"), std::string::npos) << result.err;
  EXPECT_EQ(snapshot(scratch("out")), before) << "a refused run changed or added files";
}

// Only the second output is in the way: a verb that wrote as it went would have written out/a/walk.glb first.
TEST_F(BatchTest, TheRefusalComesBeforeAnyWrite) {
  write_text(scratch("out/b/walk.glb"), "not written by bonebridge");
  const auto result = batch();
  EXPECT_EQ(result.code, 1);
  EXPECT_FALSE(fs::exists(scratch("out/a")))
      << "the first output (or its folder) was written before the refusal";
  EXPECT_EQ(read_text(scratch("out/b/walk.glb")), "not written by bonebridge");
}

TEST_F(BatchTest, ForceReplacesExistingOutputs) {
  write_text(scratch("out/b/walk.glb"), "not written by bonebridge");
  const auto result = batch({"--force"});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(read_bytes(scratch("out/a/walk.glb")), direct_conversion("a"));
  EXPECT_EQ(read_bytes(scratch("out/b/walk.glb")), direct_conversion("b"));
}

TEST_F(BatchTest, JsonPrintsOneLinePerItemOnStandardOutput) {
  const auto result = batch({"--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  std::istringstream lines(result.out);
  std::vector<nlohmann::json> records;
  for (std::string line; std::getline(lines, line);) records.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(records.size(), 2u) << result.out;
  for (std::size_t i = 0; i < 2; ++i) {
    const std::string folder = i == 0 ? "a" : "b";
    const auto output = scratch("out/" + folder + "/walk.glb");
    EXPECT_EQ(records[i]["input"], scratch("g/" + folder + "/walk.ani").string());
    EXPECT_EQ(records[i]["output"], output.string());
    EXPECT_EQ(records[i]["family"], "lego");
    EXPECT_EQ(records[i]["bytes"], fs::file_size(output));
  }
}

// .ani (LEGO Island) and .anim_pc (Volition) are both claimed, and both would become walk.glb: each keeps its
// own extension in front of the glTF one instead (issue 33's thin batch; the whole batch was refused before).
TEST_F(ToolTest, TwoInputsOfOneNameKeepTheirExtensions) {
  copy_example("lego/waving_arm.ani", "g/walk.ani");
  copy_example("volition/wave.anim_pc", "g/walk.anim_pc");
  const auto result = run({"batch", scratch("g").string(), scratch("out").string()});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_TRUE(fs::exists(scratch("out/walk.ani.glb")));
  EXPECT_TRUE(fs::exists(scratch("out/walk.anim_pc.glb")));
  EXPECT_FALSE(fs::exists(scratch("out/walk.glb")));
}

// Windows and macOS take Walk.glb and walk.glb for one file: the output folder may end up on either.
TEST_F(ToolTest, OutputsDifferingOnlyInLetterCaseAreRefused) {
  copy_example("lego/waving_arm.ani", "g/Walk.ani");
  copy_example("lego/camera_flyby.ani", "g/walk.ani");
  const auto result = run({"batch", scratch("g").string(), scratch("out").string()});
  EXPECT_EQ(result.code, 1);
  EXPECT_NE(result.err.find("letter case"), std::string::npos) << result.err;
  EXPECT_FALSE(fs::exists(scratch("out")));
}

// An archive's entries go to a folder of its name: entry I of ANIM.HQR becomes ANIM.HQR/I.glb, as a direct
// convert of ANIM.HQR:I makes it.
TEST_F(ToolTest, ArchiveEntriesKeepTheirNames) {
  const auto examples = source_dir() / "examples" / "lba";
  const std::string body = (examples / "BODY.HQR").string() + ":0";
  const auto result =
      run({"batch", (examples / "ANIM.HQR").string(), scratch("out").string(), "--body", body});
  ASSERT_EQ(result.code, 0) << result.err;
  const auto written = snapshot(scratch("out"));
  ASSERT_FALSE(written.empty());
  for (const auto& [name, state] : written) EXPECT_EQ(name.rfind("ANIM.HQR/", 0), 0u) << name;
  const auto direct = scratch("direct.glb");
  ASSERT_EQ(run({"convert", (examples / "ANIM.HQR").string() + ":0", direct.string(), "--body", body}).code,
            0);
  ASSERT_TRUE(written.contains("ANIM.HQR/0.glb"));
  EXPECT_EQ(written.at("ANIM.HQR/0.glb").bytes, read_bytes(direct));
}

TEST_F(ToolTest, ConvertRefusesAnExistingFileUnlessForced) {
  const auto input = copy_example("lego/waving_arm.ani", "walk.ani");
  const auto output = scratch("walk.glb");
  write_text(output, "not written by bonebridge");
  age(output);
  const auto before = snapshot(scratch());

  const auto refused = run({"convert", input.string(), output.string()});
  EXPECT_EQ(refused.code, 1);
  EXPECT_EQ(refused.out, "");
  EXPECT_NE(
      refused.err.find(fmt::format("'{}' already exists; refusing to replace it with the conversion of '{}'",
                                   output.string(), input.string())),
      std::string::npos)
      << refused.err;
  EXPECT_EQ(snapshot(scratch()), before);

  const auto forced = run({"convert", input.string(), output.string(), "--force"});
  ASSERT_EQ(forced.code, 0) << forced.err;
  EXPECT_EQ(forced.out, "") << "status lines belong on standard error";
  EXPECT_NE(forced.err.find(input.string() + " -> " + output.string()), std::string::npos) << forced.err;
  const auto fresh = scratch("fresh.glb");
  ASSERT_EQ(run({"convert", input.string(), fresh.string()}).code, 0);
  EXPECT_EQ(read_bytes(output), read_bytes(fresh));
}

TEST_F(ToolTest, ConvertNeverWritesOverAnInputEvenWithForce) {
  const auto input = copy_example("lego/waving_arm.ani", "walk.ani");
  const auto original = read_bytes(input);
  const auto onto_itself = run({"convert", input.string(), input.string(), "--to", "lego", "--force"});
  EXPECT_EQ(onto_itself.code, 1);
  EXPECT_NE(onto_itself.err.find("--in-place"), std::string::npos) << onto_itself.err;
  EXPECT_EQ(read_bytes(input), original);

  // A companion file is an input too.
  const auto anim = copy_example("volition/wave.anim_pc", "wave.anim_pc");
  const auto rig = copy_example("volition/wave_character.rig_pc", "wave_character.rig_pc");
  const auto rig_bytes = read_bytes(rig);
  const auto onto_rig = run({"convert", anim.string(), rig.string(), "--rig", rig.string(), "--force"});
  EXPECT_EQ(onto_rig.code, 1);
  EXPECT_NE(onto_rig.err.find(fmt::format("'{}' is read by this run", rig.string())), std::string::npos)
      << onto_rig.err;
  EXPECT_EQ(read_bytes(rig), rig_bytes);
}

// "-" is standard output, not a file named "-": the bytes are those of a conversion to a file.
TEST_F(ToolTest, ConvertToDashWritesTheFileToStandardOutput) {
  const auto input = copy_example("lego/waving_arm.ani", "walk.ani");
  const auto fresh = scratch("fresh.glb");
  ASSERT_EQ(run({"convert", input.string(), fresh.string()}).code, 0);
  const auto result = run({"convert", input.string(), "-", "--to", "glb"});
  ASSERT_EQ(result.code, 0) << result.err;
  const auto expected = read_bytes(fresh);
  EXPECT_EQ(result.out, std::string(expected.begin(), expected.end()));
  EXPECT_FALSE(fs::exists("-"));
}

// In place, the input is replaced by what a conversion of a copy of it to a new file holds.
TEST_F(ToolTest, InPlaceMayReplaceTheInput) {
  const auto input = copy_example("lego/waving_arm.ani", "walk.ani");
  const auto copy = copy_example("lego/waving_arm.ani", "copy.ani");
  const auto fresh = scratch("fresh.ani");
  ASSERT_EQ(run({"convert", copy.string(), fresh.string()}).code, 0);
  const auto result = run({"convert", input.string(), input.string(), "--in-place"});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(read_bytes(input), read_bytes(fresh));
}

}  // namespace
}  // namespace bonebridge::testing
