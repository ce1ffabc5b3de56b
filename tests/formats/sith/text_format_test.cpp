// SPDX-License-Identifier: MIT
// fixed_float's extra decimals (when the asked-for decimals do not read back) are found without
// std::to_chars, which the WebAssembly build's libc++ 13 lacks for floats: they must be the text
// std::to_chars gives in fixed notation (the shortest that reads back), which the writers produced before.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "bonebridge/formats/sith/text_format.hpp"

namespace bonebridge::sith {
namespace {

std::string shortest_fixed(float value) {
  char buffer[256];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
  return {buffer, result.ptr};
}

TEST(SithTextFormat, ExtraDecimalsAreTheShortestFixedTextThatReadsBack) {
  // Every 9973rd float bit pattern (finite ones), with the writers' 6 decimals.
  int checked = 0;
  for (std::uint64_t bits = 0; bits <= 0xFFFFFFFFu; bits += 9973) {
    const auto pattern = static_cast<std::uint32_t>(bits);
    float value;
    std::memcpy(&value, &pattern, sizeof value);
    if (!std::isfinite(value) || std::fabs(value) > 1e9f) continue;
    const std::string six = fixed_float(value, 0, 6);
    if (std::strtof(six.c_str(), nullptr) == value && six.find('.') + 7 == six.size()) continue;
    EXPECT_EQ(six, shortest_fixed(value)) << "bits 0x" << std::hex << pattern;
    ++checked;
  }
  EXPECT_GT(checked, 100000);
}

TEST(SithTextFormat, KnownValues) {
  EXPECT_EQ(fixed_float(0.5f, 10, 6), "  0.500000");
  EXPECT_EQ(fixed_float(1e-7f, 0, 6), "0.0000001");  // 6 decimals give 0.000000, which is not 1e-7
}

}  // namespace
}  // namespace bonebridge::sith
