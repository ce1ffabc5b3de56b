// SPDX-License-Identifier: MIT
// The bash completion script: made from the tool's own verbs and options, and valid bash.
#include <gtest/gtest.h>

#include "tool.hpp"

namespace bonebridge::testing {
namespace {

TEST_F(ToolTest, BashCompletionNamesEveryVerbAndIsValidBash) {
  const auto result = run({"completion", "bash"});
  ASSERT_EQ(result.code, 0) << result.err;
  for (const char* verb : {"formats", "info", "dump", "validate", "sample", "fidelity", "convert", "batch",
                           "ls", "extract", "pack", "completion"}) {
    EXPECT_NE(result.out.find(std::string(" ") + verb), std::string::npos) << verb;
  }
  EXPECT_NE(result.out.find("--recursive"), std::string::npos);
  EXPECT_NE(result.out.find("complete -o filenames -F _bonebridge bonebridge"), std::string::npos);
  write_text(scratch("completion.bash"), result.out);
  EXPECT_EQ(std::system(("bash -n " + shell_quote(scratch("completion.bash").string())).c_str()), 0);
  EXPECT_EQ(run({"completion", "zsh"}).code, 2);
}

}  // namespace
}  // namespace bonebridge::testing
