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

}  // namespace
}  // namespace bonebridge::testing
