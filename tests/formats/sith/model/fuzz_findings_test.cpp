// SPDX-License-Identifier: MIT
// Inputs that crashed a fuzz target (../shared/fuzz-findings/, copied into the target's corpus so that the
// replay runs them too). Each must now fail as a positioned FormatError.
#include <gtest/gtest.h>

#include <string>

#include "bonebridge/formats/sith/model/codec.hpp"
#include "support/samples.hpp"

namespace bonebridge::sith {
namespace {

// Node 0's parent is node 1, whose parent is 10 in a 2-node hierarchy. The cycle check used to climb from
// node 0 to node 1 and read hierarchy[10] before node 1's parent had been range-checked (heap overflow).
TEST(ModelFuzzFindings, ParentOutOfRangeFurtherDownIsRejectedOnItsRow) {
  const auto bytes =
      testing::read_bytes(testing::source_dir() / "fuzz/corpus/sith_model/finding_hierarchy_overflow.3do");
  ASSERT_FALSE(bytes.empty());
  const auto result = model::read(bytes);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("parent 10"), std::string::npos) << result.error().to_string();
  EXPECT_EQ(result.error().line, 5u) << result.error().to_string();
}

}  // namespace
}  // namespace bonebridge::sith
