// SPDX-License-Identifier: MIT
// Issue 15: batch runs on all cores (-j N), keeps going past a bad file and names it again in its summary,
// and --quiet / --verbose set how much the tool says. What must hold: the files written with -j 4 are the
// bytes -j 1 writes; a bad file fails alone (exit 1) and the others are written; --quiet says nothing on
// success but still reports errors.
#include "cli/tool.hpp"

namespace bonebridge::testing {
namespace {

namespace fs = std::filesystem;

class BatchJobsTest : public ToolTest {
 protected:
  void SetUp() override {
    ToolTest::SetUp();
    for (const char* name : {"waving_arm", "camera_flyby", "held_arm", "stored_active", "long_camera_move"}) {
      for (int copy = 0; copy < 4; ++copy)
        copy_example(std::string("lego/") + name + ".ani",
                     "in/" + std::string(name) + std::to_string(copy) + ".ani");
    }
  }
};

TEST_F(BatchJobsTest, ParallelOutputsAreTheSerialOnes) {
  ASSERT_EQ(run({"batch", scratch("in").string(), scratch("serial").string(), "-j", "1"}).code, 0);
  const auto parallel = run({"batch", scratch("in").string(), scratch("parallel").string(), "-j", "4"});
  ASSERT_EQ(parallel.code, 0) << parallel.err;
  EXPECT_NE(parallel.err.find("batch: 20 written, 0 skipped (no glTF form), 0 failed"), std::string::npos);
  std::size_t compared = 0;
  for (const auto& entry : fs::directory_iterator(scratch("serial"))) {
    EXPECT_EQ(read_bytes(entry.path()), read_bytes(scratch("parallel") / entry.path().filename()))
        << entry.path().filename();
    ++compared;
  }
  EXPECT_EQ(compared, 20u);
}

// Issue 27: the largest inputs are converted first, so that a large model taken last does not leave the
// other jobs idle while it converts alone. With one job the order shows in when each output was written:
// every output of the largest input (camera_flyby.ani, 420 bytes: its 4 copies and a fifth whose name sorts
// last) is written no later than any other output. Reports stay in the items' order.
TEST_F(BatchJobsTest, TheLargestInputsAreTakenFirst) {
  copy_example("lego/camera_flyby.ani", "in/zz_largest.ani");
  const auto result = run({"batch", scratch("in").string(), scratch("out").string(), "-j", "1"});
  ASSERT_EQ(result.code, 0) << result.err;
  std::uintmax_t largest = 0;
  for (const auto& entry : fs::directory_iterator(scratch("in")))
    largest = std::max(largest, entry.file_size());
  ASSERT_EQ(largest, fs::file_size(scratch("in/zz_largest.ani")));
  auto first_other = fs::file_time_type::max();
  auto last_other = fs::file_time_type::min();
  auto last_largest = fs::file_time_type::min();
  for (const auto& entry : fs::directory_iterator(scratch("in"))) {
    const auto written =
        fs::last_write_time(scratch("out") / entry.path().filename().replace_extension(".glb"));
    if (entry.file_size() == largest) {
      last_largest = std::max(last_largest, written);
    } else {
      first_other = std::min(first_other, written);
      last_other = std::max(last_other, written);
    }
  }
  EXPECT_LE(last_largest, first_other);
  EXPECT_LT(last_largest, last_other);
  EXPECT_LT(result.err.find("waving_arm3.ani"), result.err.find("zz_largest.ani")) << result.err;
}

TEST_F(BatchJobsTest, ABadFileFailsAloneAndIsNamedInTheSummary) {
  write_text(scratch("in/broken.ani"), "not an animation");
  const auto result = run({"batch", scratch("in").string(), scratch("out").string(), "-j", "3"});
  EXPECT_EQ(result.code, 1);
  EXPECT_NE(result.err.find("batch: 20 written, 0 skipped (no glTF form), 1 failed"), std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("  failed: " + scratch("in/broken.ani").string()), std::string::npos)
      << result.err;
  EXPECT_TRUE(fs::exists(scratch("out/waving_arm0.glb")));
  EXPECT_FALSE(fs::exists(scratch("out/broken.glb")));
}

TEST_F(BatchJobsTest, QuietSaysOnlyErrors) {
  const auto quiet = run({"batch", scratch("in").string(), scratch("out").string(), "--quiet"});
  EXPECT_EQ(quiet.code, 0);
  EXPECT_EQ(quiet.err, "");
  const auto before_verb =
      run({"-q", "convert", scratch("in/held_arm0.ani").string(), scratch("a.glb").string()});
  EXPECT_EQ(before_verb.code, 0);
  EXPECT_EQ(before_verb.err, "");
  const auto failing = run({"-q", "info", scratch("missing.ani").string()});
  EXPECT_EQ(failing.code, 1);
  EXPECT_NE(failing.err.find("bonebridge: error:"), std::string::npos);
}

TEST_F(BatchJobsTest, VerboseAddsEveryItemsNotes) {
  const auto verbose =
      run({"batch", scratch("in").string(), scratch("out").string(), "--verbose", "-j", "1"});
  EXPECT_EQ(verbose.code, 0);
  EXPECT_NE(verbose.err.find("  note: camera: extra joint \"camera\""), std::string::npos) << verbose.err;
  EXPECT_EQ(run({"batch", scratch("in").string(), scratch("o2").string(), "-q", "-v"}).code, 2);
}

}  // namespace
}  // namespace bonebridge::testing
