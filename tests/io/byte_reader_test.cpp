// SPDX-License-Identifier: MIT
#include "bonebridge/io/byte_reader.hpp"

#include <gtest/gtest.h>

#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge {
namespace {

TEST(ByteReader, ReadsLittleEndianScalars) {
  const std::uint8_t bytes[] = {0x11, 0x00, 0x00, 0x00, 0x34, 0x12, 0x00, 0x00, 0x80, 0x3f};
  ByteReader reader(bytes, "test");
  EXPECT_EQ(reader.u32("magic"), 0x11u);
  EXPECT_EQ(reader.u16("a"), 0x1234u);
  EXPECT_EQ(reader.f32("one"), 1.0f);
  EXPECT_TRUE(reader.at_end());
}

TEST(ByteReader, TruncationNamesOffsetFieldAndCounts) {
  const std::uint8_t bytes[] = {1, 2, 3, 4, 5, 6};
  ByteReader reader(bytes, "fmt");
  reader.u32("first");
  try {
    reader.u32("duration");
    FAIL() << "expected a FormatError";
  } catch (const FormatError& e) {
    EXPECT_EQ(e.error().offset, 4u);
    EXPECT_EQ(e.error().format, "fmt");
    EXPECT_NE(e.error().message.find("duration"), std::string::npos);
    EXPECT_NE(e.error().message.find("expected 4 bytes, found 2"), std::string::npos) << e.error().message;
  }
}

TEST(ByteReader, CountRejectsMoreItemsThanBytesLeft) {
  const std::uint8_t bytes[] = {0, 0, 0, 0, 0, 0, 0, 0};
  ByteReader reader(bytes, "fmt");
  EXPECT_EQ(reader.count(2, 4, "keys"), 2u);
  EXPECT_THROW(reader.count(3, 4, "keys"), FormatError);
  EXPECT_THROW(reader.count(0xFFFFFFFFu, 1, "keys"), FormatError);
}

TEST(ByteReader, CaptureTurnsErrorsIntoValues) {
  const std::uint8_t bytes[] = {1};
  const auto result = capture("fmt", [&] {
    ByteReader reader(bytes, "fmt");
    return reader.u32("x");
  });
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().to_string(),
            "fmt: at byte 0 (0x0): truncated x: expected 4 bytes, found 1 before the end of the data");
}

TEST(ByteWriter, FloatsKeepTheirBits) {
  ByteWriter writer;
  const float nan_with_payload = std::bit_cast<float>(0x7fc01234u);
  writer.f32(nan_with_payload);
  writer.f32(-0.0f);
  ByteReader reader(writer.data(), "test");
  EXPECT_EQ(std::bit_cast<std::uint32_t>(reader.f32("a")), 0x7fc01234u);
  EXPECT_EQ(std::bit_cast<std::uint32_t>(reader.f32("b")), 0x80000000u);
}

}  // namespace
}  // namespace bonebridge
