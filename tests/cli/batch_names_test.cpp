// SPDX-License-Identifier: MIT
// Issue 33 (a thin batch): files of one folder whose names differ only by their extension (a Sith folder's
// walk.3do and walk.key, a LEGO and a Volition clip of one name) would have shared one glTF name, and the
// whole batch was refused. Each now keeps its own extension in front of the glTF one; names that do not clash
// are as before.
#include "cli/tool.hpp"

namespace bonebridge::testing {
namespace {

class BatchNamesTest : public ToolTest {};

TEST_F(BatchNamesTest, FilesOfOneNameKeepTheirExtensions) {
  copy_example("lego/waving_arm.ani", "in/move.ani");
  copy_example("volition/wave.anim_pc", "in/MOVE.anim_pc");
  copy_example("lego/held_arm.ani", "in/held_arm.ani");
  const auto result = run({"batch", scratch("in").string(), scratch("out").string(), "-j", "1"});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_NE(result.err.find("batch: 3 written, 0 skipped (no glTF form), 0 failed"), std::string::npos)
      << result.err;
  EXPECT_TRUE(std::filesystem::exists(scratch("out/move.ani.glb")));
  EXPECT_TRUE(std::filesystem::exists(scratch("out/MOVE.anim_pc.glb")));
  EXPECT_TRUE(std::filesystem::exists(scratch("out/held_arm.glb")));
  // Each is its own file's conversion, as `convert` writes it.
  ASSERT_EQ(run({"convert", scratch("in/move.ani").string(), scratch("alone.glb").string()}).code, 0);
  EXPECT_EQ(read_bytes(scratch("alone.glb")), read_bytes(scratch("out/move.ani.glb")));
}

TEST_F(BatchNamesTest, AnArchiveThatDoesNotOpenFailsAloneAndTheOthersAreWritten) {
  copy_example("lego/waving_arm.ani", "in/waving_arm.ani");
  write_text(scratch("in/broken.gob"), "GOB \x14 not a real index");
  const auto result = run({"batch", scratch("in").string(), scratch("out").string()});
  EXPECT_EQ(result.code, 1);
  EXPECT_NE(result.err.find("broken.gob: Sith GOB"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("batch: 1 written, 0 skipped (no glTF form), 1 failed"), std::string::npos)
      << result.err;
  EXPECT_TRUE(std::filesystem::exists(scratch("out/waving_arm.glb")));
}

// The install view sorts an archive's entries by name; a batch reports them in the archive's own order (an
// HQR's numbered entries 0, 1, 2, ..., 10, 11, not 0, 1, 10, 11, 2).
TEST_F(BatchNamesTest, AnArchiveIsBatchedInItsOwnOrder) {
  ASSERT_EQ(
      run({"extract", copy_example("lba/ANIM.HQR", "ANIM.HQR").string(), scratch("anims").string()}).code, 0);
  std::filesystem::create_directories(scratch("twelve"));
  for (int i = 0; i < 12; ++i)
    std::filesystem::copy_file(scratch("anims/1"), scratch("twelve/" + std::to_string(i)));
  ASSERT_EQ(run({"pack", scratch("twelve").string(), scratch("BIG.HQR").string()}).code, 0);
  const auto result = run({"batch", scratch("BIG.HQR").string(), scratch("out").string(), "-j", "3"});
  ASSERT_EQ(result.code, 0) << result.err;
  std::size_t at = 0;
  for (int i = 0; i < 12; ++i) {
    const auto found = result.err.find("BIG.HQR:" + std::to_string(i) + " -> ", at);
    ASSERT_NE(found, std::string::npos) << "entry " << i << " not after entry " << i - 1 << ":\n"
                                        << result.err;
    at = found;
  }
}

}  // namespace
}  // namespace bonebridge::testing
