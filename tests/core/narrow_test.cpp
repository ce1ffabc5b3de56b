// SPDX-License-Identifier: MIT
// Checked narrowing of 64-bit sizes to size_t: a value a 32-bit build cannot address is an error naming the
// field and the value, never a silent truncation.
#include "bonebridge/core/narrow.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

namespace bonebridge {
namespace {

constexpr std::uint64_t kLargest = std::numeric_limits<std::size_t>::max();

TEST(Narrow, ValuesThatFitPassUnchanged) {
  EXPECT_EQ(*to_size(0, "test", "a count"), 0u);
  EXPECT_EQ(*to_size(kLargest, "test", "a count"), kLargest);
  EXPECT_EQ(checked_size(4096, "test", "a count"), 4096u);
}

TEST(Narrow, TheErrorNamesTheFieldTheValueAndTheOffset) {
  const Error error = size_error(std::uint64_t{1} << 32, "SI", "entry 3's size", 28);
  EXPECT_EQ(error.format, "SI");
  EXPECT_EQ(error.offset, 28u);
  EXPECT_NE(error.message.find("entry 3's size is 4294967296"), std::string::npos) << error.message;
}

// Only where size_t is narrower than 64 bits (the WebAssembly build's); elsewhere every value fits.
TEST(Narrow, AValueBeyondSizeTIsAnErrorWhereSizeTIsNarrow) {
  if constexpr (sizeof(std::size_t) < sizeof(std::uint64_t)) {
    EXPECT_FALSE(to_size(kLargest + 1, "test", "a count"));
    EXPECT_THROW(checked_size(kLargest + 1, "test", "a count"), FormatError);
  }
}

}  // namespace
}  // namespace bonebridge
