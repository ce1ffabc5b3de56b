// SPDX-License-Identifier: MIT
// HQR facts from research/lba1-anm.md §3 and the declared sizes in shared/samples/lba/SOURCES.md.
#include <gtest/gtest.h>

#include <numeric>

#include "bonebridge/formats/lba/hqr/codec.hpp"
#include "bonebridge/io/byte_writer.hpp"
#include "support/samples.hpp"

namespace bonebridge::lba {
namespace {

const char* const kArchiveSamples[] = {"SIMPLE.HQR", "BLANKS.HQR", "COMPRESSED.HQR", "HIDDEN.HQR",
                                       "VIRTUAL.HQR"};

hqr::Document read_sample(const std::filesystem::path& path) {
  auto archive = hqr::read(testing::read_bytes(path));
  EXPECT_TRUE(archive.ok()) << path << ": " << (archive.ok() ? "" : archive.error().to_string());
  return archive.ok() ? *archive : hqr::Document{};
}

TEST(LbaHqr, EveryArchiveRoundTripsByteForByteAndDecodesToDeclaredSizes) {
  for (const char* name : kArchiveSamples) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("lba/") + name);
    const auto bytes = testing::read_bytes(path);
    const hqr::Document archive = read_sample(path);
    EXPECT_EQ(hqr::write(archive), bytes) << name;
    for (const auto& block : archive.blocks) {
      const auto decoded = decode_entry(block.entry);
      ASSERT_TRUE(decoded.ok()) << name << ": " << decoded.error().to_string();
      EXPECT_EQ(decoded->size(), block.entry.size) << name;
    }
  }
}

TEST(LbaHqr, RewrittenArchivesDecodeToTheSameEntries) {
  for (const char* name : kArchiveSamples) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("lba/") + name);
    const hqr::Document archive = read_sample(path);
    for (const std::uint16_t method : {std::uint16_t{0}, std::uint16_t{1}, std::uint16_t{2}}) {
      std::vector<std::optional<std::vector<std::uint8_t>>> entries;
      for (std::size_t i = 0; i < archive.slots.size(); ++i) {
        auto entry = hqr_entry(archive, i);
        entries.push_back(entry.ok() ? std::optional(*entry) : std::nullopt);
      }
      const auto rebuilt = hqr::read(hqr::write(build_hqr(entries, method)));
      ASSERT_TRUE(rebuilt.ok()) << name;
      ASSERT_EQ(rebuilt->slots.size(), entries.size());
      for (std::size_t i = 0; i < entries.size(); ++i) {
        auto entry = hqr_entry(*rebuilt, i);
        ASSERT_EQ(entry.ok(), entries[i].has_value()) << name << " entry " << i;
        if (entry.ok()) {
          EXPECT_EQ(*entry, *entries[i]) << name << " entry " << i << " method " << method;
        }
      }
    }
  }
}

TEST(LbaHqr, CompressedSampleHoldsOneEntryPerMethod) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lba/COMPRESSED.HQR");
  const hqr::Document archive = read_sample(path);
  ASSERT_EQ(archive.slots.size(), 3u);
  const std::uint32_t sizes[] = {128, 19116, 2426};
  for (std::uint16_t i = 0; i < 3; ++i) {
    const auto& entry = archive.blocks.at(*archive.slots[i]).entry;
    EXPECT_EQ(entry.method, i);
    const auto decoded = hqr_entry(archive, i);
    ASSERT_TRUE(decoded.ok()) << decoded.error().to_string();
    EXPECT_EQ(decoded->size(), sizes[i]);
  }
  // Entry 2 is LBA2 text (a u16 offset table, then the strings).
  const auto text = *hqr_entry(archive, 2);
  EXPECT_NE(std::string(text.begin(), text.end()).find("Please insert TWINSEN's ODYSSEY CD-ROM"),
            std::string::npos);
}

TEST(LbaHqr, BlankSharedAndHiddenEntries) {
  BONEBRIDGE_REQUIRE_SAMPLE(blanks_path, "lba/BLANKS.HQR");
  const hqr::Document blanks = read_sample(blanks_path);
  ASSERT_EQ(blanks.slots.size(), 4u);
  EXPECT_TRUE(blanks.slots[0] && !blanks.slots[1] && blanks.slots[2] && !blanks.slots[3]);
  EXPECT_FALSE(hqr_entry(blanks, 1).ok());

  BONEBRIDGE_REQUIRE_SAMPLE(virtual_path, "lba/VIRTUAL.HQR");
  const hqr::Document shared = read_sample(virtual_path);
  EXPECT_EQ(shared.slots.size(), 101u);
  EXPECT_EQ(shared.blocks.size(), 1u);

  BONEBRIDGE_REQUIRE_SAMPLE(hidden_path, "lba/HIDDEN.HQR");
  const hqr::Document hidden = read_sample(hidden_path);
  ASSERT_EQ(hidden.blocks.size(), 3u);
  std::size_t hidden_count = 0;
  for (const auto& block : hidden.blocks) hidden_count += block.hidden.size();
  EXPECT_EQ(hidden_count, 2u);  // 454 and 12 bytes chained after entry 1
}

TEST(LbaHqr, UnknownMethodIsRejected) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lba/INVALID.HQR");
  const auto result = hqr::read(testing::read_bytes(path));
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().offset, 16u);  // the method field of the entry at 8
}

TEST(LbaHqr, OverlappingEntriesAreRejected) {
  // Two slots 5 bytes apart: the first entry's 10-byte header would run into the second.
  ByteWriter out;
  for (const std::uint32_t offset : {12u, 17u, 40u}) out.u32(offset);
  out.bytes(std::vector<std::uint8_t>(28, 0));
  const auto result = hqr::read(std::move(out).take());
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().offset, 12u);
}

TEST(LbaHqr, EveryTruncationFailsWithAnOffset) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lba/COMPRESSED.HQR");
  const auto bytes = testing::read_bytes(path);
  for (std::size_t size = 0; size < bytes.size(); size += (size < 64 ? 1 : 97)) {
    const auto result = hqr::read(std::span(bytes).first(size));
    ASSERT_FALSE(result.ok()) << size;
    ASSERT_TRUE(result.error().offset.has_value()) << size;
  }
}

// Hand-made streams: a flag byte, then literals (bit 1) or u16 matches (bit 0).
TEST(LbaHqr, DecodesHandMadeStreamsWithBothMinimumMatches) {
  // Method 1: literal 'a', then match distance 1 length (3 & 15) + 2 = 5: "aaaaaa".
  HqrEntry lzs{6, 1, {0b01, 'a', 0x03, 0x00}};
  EXPECT_EQ(*decode_entry(lzs), std::vector<std::uint8_t>(6, 'a'));
  // Method 2: literals 'a' 'b', then distance 2 length 0 + 3: "ababa".
  HqrEntry lzmit{5, 2, {0b011, 'a', 'b', 0x10, 0x00}};
  EXPECT_EQ(*decode_entry(lzmit), (std::vector<std::uint8_t>{'a', 'b', 'a', 'b', 'a'}));
  // A match running past the declared size is refused (Expand only stops on exactly zero).
  HqrEntry overrun{4, 1, {0b01, 'a', 0x03, 0x00}};
  EXPECT_FALSE(decode_entry(overrun).ok());
  // A match reaching before the start is refused.
  HqrEntry before{4, 1, {0b01, 'a', 0x13, 0x00}};
  EXPECT_FALSE(decode_entry(before).ok());
}

TEST(LbaHqr, DecompressionBombFailsFast) {
  HqrEntry bomb{0xFFFFFFFFu, 2, {0x00, 0xFF, 0xFF}};
  const auto result = decode_entry(bomb);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("cannot come from"), std::string::npos);
}

TEST(LbaHqr, WriterStoresWhenCompressionDoesNotHelp) {
  std::vector<std::uint8_t> noise(64);
  std::iota(noise.begin(), noise.end(), std::uint8_t{0});
  EXPECT_EQ(encode_entry(noise, 1).method, 0);
  const std::vector<std::uint8_t> zeros(4096, 0);
  const HqrEntry packed = encode_entry(zeros, 2);
  EXPECT_EQ(packed.method, 2);
  EXPECT_LT(packed.stored.size(), 600u);
  EXPECT_EQ(*decode_entry(packed), zeros);
}

TEST(LbaHqr, BlankFirstEntryIsWrittenEmpty) {
  // Slot 0 also gives the table size (§3: entries = offset[0]/4 − 1), so it cannot be blank.
  const auto bytes = hqr::write(build_hqr({std::nullopt, std::vector<std::uint8_t>{1, 2, 3}}, 0));
  // Table of 3 slots (12 bytes), an empty entry header (10), then the 3-byte entry (10 + 3).
  EXPECT_EQ(bytes.size(), 12u + 10 + 13);
  EXPECT_EQ(bytes[0], 12);
  const auto archive = hqr::read(bytes);
  ASSERT_TRUE(archive.ok());
  EXPECT_TRUE(hqr_entry(*archive, 0)->empty());
  EXPECT_EQ(*hqr_entry(*archive, 1), (std::vector<std::uint8_t>{1, 2, 3}));
}

}  // namespace
}  // namespace bonebridge::lba
