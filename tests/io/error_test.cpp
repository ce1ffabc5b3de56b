// SPDX-License-Identifier: MIT
// No exception of any type leaves capture() or guard(): a library user cannot rely on the CLI's catch-all.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "bonebridge/io/error.hpp"

namespace bonebridge {
namespace {

TEST(Capture, TurnsEveryExceptionIntoAnErrorNamingTheFormat) {
  const auto out_of_range = capture("Test format", []() -> int { throw std::out_of_range("index 9"); });
  ASSERT_FALSE(out_of_range.ok());
  EXPECT_EQ(out_of_range.error().format, "Test format");
  EXPECT_NE(out_of_range.error().message.find("index 9"), std::string::npos);

  const auto unknown = capture("Test format", []() -> int { throw 42; });
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().format, "Test format");

  const auto positioned = capture("Test format", []() -> int {
    throw FormatError(Error{"Inner format", "expected A, found B", 12, {}, {}});
  });
  ASSERT_FALSE(positioned.ok());
  EXPECT_EQ(positioned.error().format, "Inner format");
  EXPECT_EQ(positioned.error().offset, 12u);

  const auto huge =
      capture("Test format", [] { return std::vector<int>(std::vector<int>().max_size() + 1); });
  EXPECT_FALSE(huge.ok());
}

TEST(Guard, KeepsAResultAndCatchesWhatEscapesIt) {
  const auto fine = guard("Test format", []() -> Result<int> { return 3; });
  ASSERT_TRUE(fine.ok());
  EXPECT_EQ(*fine, 3);
  const auto thrown = guard("Test format", []() -> Result<int> { throw std::runtime_error("boom"); });
  ASSERT_FALSE(thrown.ok());
  EXPECT_NE(thrown.error().message.find("boom"), std::string::npos);
}

}  // namespace
}  // namespace bonebridge
