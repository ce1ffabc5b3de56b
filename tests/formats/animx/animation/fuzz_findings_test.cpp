// SPDX-License-Identifier: MIT
// Inputs that crashed a fuzz target (../shared/fuzz-findings/, copied into the target's corpus so that the
// replay runs them too). Each must now fail as a positioned FormatError instead of terminating the process.
#include <gtest/gtest.h>

#include <string>

#include "bonebridge/formats/animx/animation/animj.hpp"
#include "support/samples.hpp"

namespace bonebridge::animx::animation {
namespace {

// Line 2 holds "6666666666666666666000000011099307541044177578E6666666665": a number whose exponent no
// double can hold. nlohmann-json reports that as out_of_range 406, which used to escape read_animj.
TEST(AnimjFuzzFindings, NumberOverflowIsAPositionedError) {
  const auto bytes =
      testing::read_bytes(testing::source_dir() / "fuzz/corpus/animx_animj/finding_number_overflow.animj");
  ASSERT_FALSE(bytes.empty());
  const auto result = read_animj({reinterpret_cast<const char*>(bytes.data()), bytes.size()});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().line, 2u);
  EXPECT_NE(result.error().message.find("number overflow"), std::string::npos) << result.error().to_string();
}

TEST(AnimjFuzzFindings, HugeNumbersAnywhereAreErrorsNotExceptions) {
  for (const std::string text :
       {"1e999", "[1e400]", "{\"name\": -1e400}", "{\"tracks\": [], \"globalDuration\": 1e39}"}) {
    const auto result = read_animj(text);
    EXPECT_FALSE(result.ok()) << text;
  }
}

}  // namespace
}  // namespace bonebridge::animx::animation
