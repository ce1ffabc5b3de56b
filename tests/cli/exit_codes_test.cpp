// SPDX-License-Identifier: MIT
// The exit codes the README lists: 0 success, 1 invalid input, 2 usage error, 70 internal error (EX_SOFTWARE
// of sysexits.h), the last one reached through the test-only trigger BONEBRIDGE_TEST_INTERNAL_ERROR=1 that
// src/cli/main.cpp documents.
#include "cli/tool.hpp"

namespace bonebridge::testing {
namespace {

TEST_F(ToolTest, SuccessExitsZero) {
  const auto result = run({"formats"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_NE(result.out, "");
}

TEST_F(ToolTest, InvalidInputExitsOne) {
  write_text(scratch("cut.ani"), "LEGO");
  const auto result = run({"info", scratch("cut.ani").string()});
  EXPECT_EQ(result.code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_NE(result.err.find(scratch("cut.ani").string()), std::string::npos) << result.err;
}

TEST_F(ToolTest, UsageErrorExitsTwo) {
  EXPECT_EQ(run({"convert"}).code, 2);
  EXPECT_EQ(run({"no-such-verb"}).code, 2);
}

TEST_F(ToolTest, InternalErrorExitsSeventy) {
  const auto result = run({"formats"}, "BONEBRIDGE_TEST_INTERNAL_ERROR=1");
  EXPECT_EQ(result.code, 70);
  EXPECT_EQ(result.out, "");
  EXPECT_NE(result.err.find("bonebridge: internal error:"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace bonebridge::testing
