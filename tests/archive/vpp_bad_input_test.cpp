// SPDX-License-Identifier: MIT
// Damaged and hostile packfiles: counts and offsets checked before use, decompression bounded by the declared
// sizes, a damaged entry failing alone with the entry's name and a byte offset.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>

#include "archive_support.hpp"
#include "bonebridge/archive/vpp.hpp"

namespace bonebridge::archive {
namespace {

using testing::open_or_fail;
using testing::peek32;
using testing::poke32;
using testing::text_bytes;

// Version 3 offsets (RfgToolsPlusPlus Packfile.md): header fields, the directory at 2048 with 28-byte records
// {name offset, sector, start, hash, size, compressed size, parent}.
constexpr std::size_t kCountAt = 0x154;
constexpr std::size_t kDataSizeAt = 0x164;
constexpr std::size_t kCompressedSizeAt = 0x168;
constexpr std::size_t kRecords = 2048;
constexpr std::size_t kRecordSize = 28;
constexpr std::size_t kStartField = 8;
constexpr std::size_t kSizeField = 16;
constexpr std::size_t kNameField = 0;

std::vector<std::uint8_t> zeros(std::size_t n) {
  return std::vector<std::uint8_t>(n, 0);
}

std::vector<EntrySource> three_entries() {
  return {{"first.txt", text_bytes("the first entry, readable"), std::nullopt},
          {"second.bin", zeros(4000), std::nullopt},
          {"third.txt", text_bytes("the third entry, readable too"), std::nullopt}};
}

std::vector<std::uint8_t> written(const std::vector<EntrySource>& entries, const VppLayout& layout) {
  auto bytes = write_vpp(entries, layout);
  EXPECT_TRUE(bytes.ok());
  return bytes.ok() ? *bytes : std::vector<std::uint8_t>{};
}

void expect_fails_with(const Result<std::vector<std::uint8_t>>& result, const std::string& text) {
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().format, kVppFormat);
  EXPECT_NE(result.error().message.find(text), std::string::npos) << result.error().to_string();
  EXPECT_TRUE(result.error().offset.has_value()) << result.error().to_string();
}

// A stream that decodes to 1 MiB behind a directory that declares 100 bytes: reading stops after 100 bytes
// and one more (the output buffer is the declared size), instead of inflating the rest.
TEST(VppBadInput, CompactedStreamClaimingMoreThanDeclaredFailsFast) {
  auto bytes = written({{"big.bin", zeros(1 << 20), std::nullopt}}, kRfgStr2);
  poke32(bytes, kDataSizeAt, 100);
  poke32(bytes, kRecords + kSizeField, 100);
  const auto archive = open_or_fail(vpp_kind(), bytes);
  ASSERT_NE(archive, nullptr);
  EXPECT_EQ(archive->entries()[0].size, 100u);
  const auto read = archive->read(0);
  expect_fails_with(read, "holds more than the 100 bytes declared");
  EXPECT_NE(read.error().message.find("'big.bin'"), std::string::npos);
}

TEST(VppBadInput, PerEntryStreamLongerOrShorterThanDeclared) {
  const VppLayout compressed{3, kVppCompressed, 2048, 9};
  auto longer = written(three_entries(), compressed);
  poke32(longer, kRecords + kRecordSize + kSizeField, 10);
  const auto archive = open_or_fail(vpp_kind(), longer);
  ASSERT_NE(archive, nullptr);
  expect_fails_with(archive->read(1), "holds more than the 10 bytes declared");
  EXPECT_TRUE(archive->read(0).ok());
  EXPECT_TRUE(archive->read(2).ok());

  auto shorter = written(three_entries(), compressed);
  poke32(shorter, kRecords + kRecordSize + kSizeField, 5000);
  const auto short_archive = open_or_fail(vpp_kind(), shorter);
  ASSERT_NE(short_archive, nullptr);
  expect_fails_with(short_archive->read(1), "ends after 4000 of the 5000 bytes declared");
}

// Sizes that no zlib stream of the stored length can reach are refused before anything is allocated.
TEST(VppBadInput, DecompressionBombsAreRefusedBeforeAllocating) {
  auto compacted = written(three_entries(), kRfgStr2);
  poke32(compacted, kDataSizeAt, 0xFFFFFF00);
  const auto opened = vpp_kind().open(compacted);
  ASSERT_FALSE(opened.ok());
  EXPECT_NE(opened.error().message.find("decompression bomb"), std::string::npos)
      << opened.error().to_string();
  EXPECT_EQ(opened.error().offset, kDataSizeAt);

  auto per_entry = written(three_entries(), VppLayout{3, kVppCompressed, 2048, 9});
  poke32(per_entry, kRecords + kSizeField, 0xFFFFFF00);
  const auto archive = open_or_fail(vpp_kind(), per_entry);
  ASSERT_NE(archive, nullptr);
  expect_fails_with(archive->read(0), "decompression bomb");
  EXPECT_TRUE(archive->read(1).ok());
}

// The start of a version 3 data block: header, directory and names each fill one 2048-byte section here.
constexpr std::size_t kDataAt = 3 * 2048;

TEST(VppBadInput, DamagedPerEntryStreamFailsAloneWithNameAndOffset) {
  auto bytes = written(three_entries(), VppLayout{3, kVppCompressed, 2048, 9});
  const std::size_t second_at = kDataAt + peek32(bytes, kRecords + kRecordSize + kStartField);
  bytes[second_at] = 0x77;  // no longer a zlib header (compression method 7)
  const auto archive = open_or_fail(vpp_kind(), bytes);
  ASSERT_NE(archive, nullptr);
  const auto read = archive->read(1);
  expect_fails_with(read, "entry 1 'second.bin'");
  // The offset is where zlib gave up: past the two header bytes it rejected.
  EXPECT_EQ(read.error().offset, second_at + 2);
  EXPECT_NE(read.error().message.find(fmt::format("starts at byte {}", second_at)), std::string::npos);
  EXPECT_EQ(*archive->read(0), three_entries()[0].bytes);
  EXPECT_EQ(*archive->read(2), three_entries()[2].bytes);
}

// One stream for all: entries decoded before the damage stay readable, the rest fail with their names.
TEST(VppBadInput, DamagedCompactedStreamKeepsWhatCameBefore) {
  auto bytes = written(three_entries(), kRfgStr2);
  const std::uint32_t first_segment = peek32(bytes, kRecords + 20);
  const std::uint32_t second_segment = peek32(bytes, kRecords + kRecordSize + 20);
  // Garbage over the third entry's segment.
  for (std::size_t i = kDataAt + first_segment + second_segment; i < bytes.size(); ++i) bytes[i] = 0xFF;
  const auto archive = open_or_fail(vpp_kind(), bytes);
  ASSERT_NE(archive, nullptr);
  EXPECT_EQ(*archive->read(0), three_entries()[0].bytes);
  EXPECT_EQ(*archive->read(1), three_entries()[1].bytes);
  const auto third = archive->read(2);
  expect_fails_with(third, "entry 2 'third.txt'");
  EXPECT_GE(*third.error().offset, kDataAt + first_segment + second_segment);
}

TEST(VppBadInput, EntryPastTheEndFailsAlone) {
  auto bytes = written(three_entries(), kRfgVpp);
  poke32(bytes, kRecords + 2 * kRecordSize + kStartField, 0x7FFFFFF0);
  const auto archive = open_or_fail(vpp_kind(), bytes);
  ASSERT_NE(archive, nullptr);
  const auto read = archive->read(2);
  expect_fails_with(read, "entry 2 'third.txt'");
  EXPECT_EQ(read.error().offset, kRecords + 2 * kRecordSize);
  EXPECT_TRUE(archive->read(0).ok());
}

void expect_vpp_open_fails(const std::vector<std::uint8_t>& bytes, const std::string& text) {
  const auto opened = vpp_kind().open(bytes);
  ASSERT_FALSE(opened.ok()) << text;
  EXPECT_NE(opened.error().message.find(text), std::string::npos) << opened.error().to_string();
  EXPECT_TRUE(opened.error().offset.has_value()) << opened.error().to_string();
}

TEST(VppBadInput, DirectoryDamageFailsTheOpen) {
  const auto good = written(three_entries(), kRfgVpp);
  auto count = good;
  poke32(count, kCountAt, 0x7FFFFFFF);
  expect_vpp_open_fails(count, "entry count is 2147483647");
  auto name = good;
  poke32(name, kRecords + kRecordSize + kNameField, 5000);
  expect_vpp_open_fails(name, "names offset 5000");
  auto unterminated = good;
  const std::size_t names_at = 2 * 2048;
  const std::uint32_t names_size = peek32(good, 0x160);
  for (std::size_t i = names_at; i < names_at + names_size; ++i) unterminated[i] = 'x';
  expect_vpp_open_fails(unterminated, "no terminating NUL");
  auto flags = good;
  poke32(flags, 0x14C, 4);
  expect_vpp_open_fails(flags, "expected flags 0 to 3");
  auto version = good;
  poke32(version, 4, 5);
  expect_vpp_open_fails(version, "expected version 3, 4, 6 or 10");
  EXPECT_FALSE(vpp_kind().sniff(version));
  auto magic = good;
  magic[0] = 'X';
  expect_vpp_open_fails(magic, "expected magic");
  expect_vpp_open_fails(std::vector<std::uint8_t>(good.begin(), good.begin() + 100), "truncated header");
  auto compressed = written(three_entries(), kRfgStr2);
  poke32(compressed, kCompressedSizeAt, 0x10000000);
  expect_vpp_open_fails(compressed, "runs past the end of the file");
}

// Every prefix and every single-byte change of a small archive in each mode: opening and reading never
// crash, and every failure names a byte offset.
TEST(VppBadInput, TruncationsAndByteFlipsNeverCrash) {
  const std::vector<EntrySource> entries{{"a.txt", text_bytes("alpha"), std::nullopt},
                                         {"b.txt", text_bytes("beta beta beta beta"), std::nullopt}};
  for (const VppLayout layout : {kRfgStr2, VppLayout{10, kVppCompressed, 1, 9}, VppLayout{6, 0, 2048, 9}}) {
    const auto bytes = written(entries, layout);
    const auto exercise = [](const std::vector<std::uint8_t>& input) {
      const auto opened = vpp_kind().open(input);
      if (!opened.ok()) {
        EXPECT_TRUE(opened.error().offset.has_value()) << opened.error().to_string();
        return;
      }
      for (std::size_t i = 0; i < (*opened)->entries().size(); ++i) {
        const auto read = (*opened)->read(i);
        if (!read.ok()) {
          EXPECT_TRUE(read.error().offset.has_value()) << read.error().to_string();
        }
      }
    };
    for (std::size_t length = 0; length < bytes.size(); length += 7) {
      exercise(std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(length)));
    }
    for (std::size_t at = 0; at < bytes.size(); ++at) {
      if (bytes[at] == 0 && at % 16 != 0)
        continue;  // keep the run short: most padding bytes tell nothing new
      auto flipped = bytes;
      flipped[at] ^= 0xA5;
      exercise(flipped);
    }
  }
}

}  // namespace
}  // namespace bonebridge::archive
