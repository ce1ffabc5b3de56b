// SPDX-License-Identifier: MIT
// Packfiles laid out by hand from the published layouts (version 3: RfgToolsPlusPlus
// Documentation/Packfile.md and RFGM.Formats rfg_vpp.ksy; versions 4, 6, 10: ThomasJepp.SaintsRow
// Packfiles/Version04, 06, 0A), read, written back, and our writer's output read back in every version and
// mode.
#include <gtest/gtest.h>

#include <string>

#include "archive_support.hpp"
#include "bonebridge/archive/vpp.hpp"
#include "formats/volition/bytes_builder.hpp"

namespace bonebridge::archive {
namespace {

using testing::kept_entries;
using testing::open_or_fail;
using testing::peek32;
using testing::text_bytes;
using Bytes = volition::test_bytes::Bytes;

void pad_to(Bytes& bytes, std::size_t alignment) {
  while (bytes.size() % alignment != 0) bytes.u8(0);
}

// The hash rotates left by 6 and XORs each lower-cased byte: "ab" -> ((0 rotl 6) ^ 0x61) = 0x61, then
// (0x61 rotl 6) = 0x1840, ^ 0x62 = 0x1822. The real files agree (VppSamples.StoredHashesAreTheNameHash).
TEST(Vpp, NameHashByHand) {
  EXPECT_EQ(vpp_name_hash("ab"), 0x1822u);
  EXPECT_EQ(vpp_name_hash("AB"), 0x1822u);
  EXPECT_EQ(vpp_name_hash(""), 0u);
}

constexpr std::uint32_t kHashOne = 0xE5BF589F;  // "one.txt", computed by the rule above (Python, by hand)
constexpr std::uint32_t kHashTwo = 0xAFBE3D73;  // "two.bin"
const std::vector<std::uint8_t> kFirst = text_bytes("first entry");
const std::vector<std::uint8_t> kSecond{1, 2, 3};
// zlib.compress(kFirst, 9) and zlib.compress(kSecond, 9) (Python's zlib).
const std::vector<std::uint8_t> kFirstZlib{0x78, 0xDA, 0x4B, 0xCB, 0x2C, 0x2A, 0x2E, 0x51, 0x48, 0xCD,
                                           0x2B, 0x29, 0xAA, 0x04, 0x00, 0x1A, 0x77, 0x04, 0x7B};
const std::vector<std::uint8_t> kSecondZlib{0x78, 0xDA, 0x63, 0x64, 0x62, 0x06, 0x00, 0x00, 0x0D, 0x00, 0x07};
// One level-9 stream over both, a sync flush after each (19 + 9 bytes), never finished: compacted data.
const std::vector<std::uint8_t> kBothSegments{0x78, 0xDA, 0x4A, 0xCB, 0x2C, 0x2A, 0x2E, 0x51, 0x48, 0xCD,
                                              0x2B, 0x29, 0xAA, 0x04, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0x62,
                                              0x64, 0x62, 0x06, 0x00, 0x00, 0x00, 0xFF, 0xFF};

struct HandRecord {
  std::uint32_t start, size, stored;
};

// Version 3: a 2048-byte header block, 28-byte records {name offset, sector, start, hash, size, compressed
// size, parent}, the names, the data; each section padded to 2048. Names "one.txt" and "two.bin".
std::vector<std::uint8_t> version3(std::uint32_t flags, const std::vector<HandRecord>& records,
                                   const std::vector<std::uint8_t>& data, std::uint32_t data_size,
                                   std::uint32_t compressed_size) {
  Bytes file;
  file.u32(0x51890ACE).u32(3).zeros(0x14C - 8).u32(flags).u32(0).u32(2).u32(0).u32(56).u32(16);
  file.u32(data_size).u32(compressed_size);
  pad_to(file, 2048);
  const std::uint32_t hashes[] = {kHashOne, kHashTwo};
  for (std::size_t i = 0; i < 2; ++i) {
    file.u32(i == 0 ? 0 : 8).u32(0).u32(records[i].start).u32(hashes[i]);
    file.u32(records[i].size).u32(records[i].stored).u32(0);
  }
  pad_to(file, 2048);
  file.text("one.txt").text("two.bin");
  pad_to(file, 2048);
  file.data.insert(file.data.end(), data.begin(), data.end());
  testing::poke32(file.data, 0x158, static_cast<std::uint32_t>(file.size()));
  return file.data;
}

void expect_two_entries(const Archive& archive, const std::string& compression) {
  ASSERT_EQ(archive.entries().size(), 2u);
  EXPECT_EQ(archive.entries()[0].name, "one.txt");
  EXPECT_EQ(archive.entries()[1].name, "two.bin");
  EXPECT_EQ(archive.entries()[0].size, kFirst.size());
  EXPECT_EQ(archive.entries()[1].size, kSecond.size());
  EXPECT_EQ(archive.entries()[0].compression, compression);
  const auto first = archive.read(0);
  const auto second = archive.read(1);
  ASSERT_TRUE(first.ok()) << first.error().to_string();
  ASSERT_TRUE(second.ok()) << second.error().to_string();
  EXPECT_EQ(*first, kFirst);
  EXPECT_EQ(*second, kSecond);
}

void expect_written_back(const Archive& archive, const std::vector<std::uint8_t>& original) {
  const auto written = vpp_kind().write(kept_entries(archive), &archive);
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  EXPECT_TRUE(*written == original);
}

TEST(Vpp, HandLaidVersion3Uncompressed) {
  std::vector<std::uint8_t> data = kFirst;
  data.resize(2048);
  data.insert(data.end(), kSecond.begin(), kSecond.end());
  const auto bytes = version3(0, {{0, 11, 0xFFFFFFFF}, {2048, 3, 0xFFFFFFFF}}, data, 2051, 0xFFFFFFFF);
  EXPECT_EQ(bytes.size(), 6144u + 2048 + 3);
  EXPECT_TRUE(vpp_kind().sniff(bytes));
  const auto archive = open_or_fail(vpp_kind(), bytes);
  ASSERT_NE(archive, nullptr);
  expect_two_entries(*archive, "none");
  EXPECT_EQ(vpp_layout(*archive), kRfgVpp);
  expect_written_back(*archive, bytes);
  // Our writer alone lays it out the same way.
  const auto fresh = write_vpp(testing::decoded_entries(*archive), kRfgVpp);
  ASSERT_TRUE(fresh.ok());
  EXPECT_TRUE(*fresh == bytes);
}

// Flag 1: each entry its own zlib stream, one after another, each padded to 2048 (Packfile.md).
TEST(Vpp, HandLaidVersion3PerEntryZlib) {
  std::vector<std::uint8_t> data = kFirstZlib;
  data.resize(2048);
  data.insert(data.end(), kSecondZlib.begin(), kSecondZlib.end());
  const auto bytes = version3(1, {{0, 11, 19}, {2048, 3, 11}}, data, 14, 2048 + 11);
  const auto archive = open_or_fail(vpp_kind(), bytes);
  ASSERT_NE(archive, nullptr);
  expect_two_entries(*archive, "zlib");
  EXPECT_EQ(archive->entries()[0].stored, 19u);
  const auto stored = archive->read_stored(1);
  ASSERT_TRUE(stored.ok());
  EXPECT_EQ(*stored, kSecondZlib);
  EXPECT_EQ(vpp_layout(*archive), (VppLayout{3, kVppCompressed, 2048, 9}));
  expect_written_back(*archive, bytes);
}

// Flags 1|2: one zlib stream over the data block; starts are offsets in the decoded block; each entry's
// compressed size is its segment of the stream.
TEST(Vpp, HandLaidVersion3Compacted) {
  const auto bytes = version3(3, {{0, 11, 19}, {11, 3, 9}}, kBothSegments, 14, 28);
  const auto archive = open_or_fail(vpp_kind(), bytes);
  ASSERT_NE(archive, nullptr);
  expect_two_entries(*archive, "zlib (compacted)");
  const auto segment = archive->read_stored(1);
  ASSERT_TRUE(segment.ok());
  EXPECT_EQ(*segment, std::vector<std::uint8_t>(kBothSegments.begin() + 19, kBothSegments.end()));
  EXPECT_EQ(vpp_layout(*archive), kRfgStr2);
  expect_written_back(*archive, bytes);
  const auto fresh = write_vpp(testing::decoded_entries(*archive), kRfgStr2);
  ASSERT_TRUE(fresh.ok());
  EXPECT_TRUE(*fresh == bytes);
}

// Version 4 (Saints Row 2): header fields one word later from the names size on (an extensions size at
// 0x164), 28-byte records {name offset, extension offset, unknown, start, size, compressed size, unknown},
// base names and extensions in two blocks, each string once. ThomasJepp.SaintsRow's writer pads after the
// last entry too, which we keep as the file's tail.
TEST(Vpp, HandLaidVersion4) {
  Bytes file;
  file.u32(0x51890ACE).u32(4).zeros(0x14C - 8).u32(0).u32(0).u32(2).u32(0).u32(56).u32(9).u32(8);
  file.u32(4096).u32(0xFFFFFFFF);
  pad_to(file, 2048);
  file.u32(0).u32(0).u32(0xAAAA).u32(0).u32(5).u32(0xFFFFFFFF).u32(0xBBBB);
  file.u32(5).u32(0).u32(0xCCCC).u32(2048).u32(4).u32(0xFFFFFFFF).u32(0xDDDD);
  pad_to(file, 2048);
  file.text("walk").text("run");
  pad_to(file, 2048);
  file.text("anim_pc");
  pad_to(file, 2048);
  file.raw({'w', 'a', 'l', 'k', '!'});
  pad_to(file, 2048);
  file.raw({'r', 'u', 'n', '!'});
  pad_to(file, 2048);
  testing::poke32(file.data, 0x158, static_cast<std::uint32_t>(file.size()));
  const auto archive = open_or_fail(vpp_kind(), file.data);
  ASSERT_NE(archive, nullptr);
  ASSERT_EQ(archive->entries().size(), 2u);
  EXPECT_EQ(archive->entries()[0].name, "walk.anim_pc");
  EXPECT_EQ(archive->entries()[1].name, "run.anim_pc");
  const auto run = archive->read(1);
  ASSERT_TRUE(run.ok());
  EXPECT_EQ(*run, text_bytes("run!"));
  EXPECT_EQ(vpp_layout(*archive), (VppLayout{4, 0, 2048, 9}));
  expect_written_back(*archive, file.data);
}

// Version 6 (Saints Row: The Third): version 3's header; 24-byte records {name offset, sector, start, size,
// compressed size, parent} without a hash. The parent words (runtime pointers) must survive a rewrite.
TEST(Vpp, HandLaidVersion6) {
  Bytes file;
  file.u32(0x51890ACE).u32(6).zeros(0x14C - 8).u32(0).u32(0).u32(2).u32(0).u32(48).u32(16).u32(2051);
  file.u32(0xFFFFFFFF);
  pad_to(file, 2048);
  file.u32(0).u32(0).u32(0).u32(11).u32(0xFFFFFFFF).u32(0x12345678);
  file.u32(8).u32(0).u32(2048).u32(3).u32(0xFFFFFFFF).u32(0x9ABCDEF0);
  pad_to(file, 2048);
  file.text("one.txt").text("two.bin");
  pad_to(file, 2048);
  file.data.insert(file.data.end(), kFirst.begin(), kFirst.end());
  pad_to(file, 2048);
  file.data.insert(file.data.end(), kSecond.begin(), kSecond.end());
  testing::poke32(file.data, 0x158, static_cast<std::uint32_t>(file.size()));
  const auto archive = open_or_fail(vpp_kind(), file.data);
  ASSERT_NE(archive, nullptr);
  expect_two_entries(*archive, "none");
  expect_written_back(*archive, file.data);
}

// Version 10 (Saints Row IV): a 40-byte header {descriptor, version, checksum, file size, flags, count,
// directory size, names size, data size, compressed size}, 24-byte records {name offset, unknown, start,
// size, compressed size, u16 flags, u16 alignment}, names each on an even offset with a spare byte after the
// NUL, and the data right after the names. The checksum is Volition's CRC (CRC-32 table, initial value 0, no
// final inversion) of header bytes 0x0C-0x27, computed bit by bit in Python: 0xF098F575.
TEST(Vpp, HandLaidVersion10) {
  Bytes file;
  file.u32(0x51890ACE).u32(10).u32(0xF098F575).u32(109).u32(0).u32(2).u32(48).u32(16).u32(5).u32(0xFFFFFFFF);
  file.u32(0).u32(0).u32(0).u32(3).u32(0xFFFFFFFF).u16(0).u16(1);
  file.u32(8).u32(0).u32(3).u32(2).u32(0xFFFFFFFF).u16(0).u16(1);
  file.text("x.txt").u8(0).u8(0).text("yy.txt").u8(0);
  file.raw({'a', 'b', 'c', 'd', 'e'});
  ASSERT_EQ(file.size(), 109u);
  const auto archive = open_or_fail(vpp_kind(), file.data);
  ASSERT_NE(archive, nullptr);
  ASSERT_EQ(archive->entries().size(), 2u);
  EXPECT_EQ(archive->entries()[1].name, "yy.txt");
  const auto second = archive->read(1);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(*second, text_bytes("de"));
  EXPECT_EQ(vpp_layout(*archive), (VppLayout{10, 0, 1, 9}));
  expect_written_back(*archive, file.data);
  // A fresh write lays it out the same way, checksum included.
  const auto fresh = write_vpp(testing::decoded_entries(*archive), VppLayout{10, 0, 1, 9});
  ASSERT_TRUE(fresh.ok());
  EXPECT_TRUE(*fresh == file.data);
}

// Version 10 marks compression per entry: here a compressed archive (flag 1) whose second entry is stored
// plain (entry flags 0). Checksum of bytes 0x0C-0x27 as above: 0x0C80EE00.
TEST(Vpp, HandLaidVersion10MixedCompression) {
  Bytes file;
  file.u32(0x51890ACE).u32(10).u32(0x0C80EE00).u32(130).u32(1).u32(2).u32(48).u32(20).u32(14).u32(22);
  file.u32(0).u32(0).u32(0).u32(11).u32(19).u16(1).u16(1);
  file.u32(10).u32(0).u32(19).u32(3).u32(0xFFFFFFFF).u16(0).u16(1);
  file.text("one.txt").u8(0).u8(0).text("two.bin").u8(0).u8(0);
  file.data.insert(file.data.end(), kFirstZlib.begin(), kFirstZlib.end());
  file.data.insert(file.data.end(), kSecond.begin(), kSecond.end());
  ASSERT_EQ(file.size(), 130u);
  const auto archive = open_or_fail(vpp_kind(), file.data);
  ASSERT_NE(archive, nullptr);
  expect_two_entries(*archive, "zlib");
  EXPECT_EQ(archive->entries()[1].compression, "none");
  expect_written_back(*archive, file.data);
}

std::vector<EntrySource> sample_entries() {
  std::vector<std::uint8_t> repetitive(5000);
  for (std::size_t i = 0; i < repetitive.size(); ++i) repetitive[i] = static_cast<std::uint8_t>(i % 7);
  return {{"anims/walk.anim_pc", repetitive, std::nullopt},
          {"empty.txt", {}, std::nullopt},
          {"rig.rig_pc", text_bytes("bones and more bones"), std::nullopt}};
}

void expect_entries(const Archive& archive, const std::vector<EntrySource>& expected) {
  ASSERT_EQ(archive.entries().size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(archive.entries()[i].name, expected[i].name);
    const auto bytes = archive.read(i);
    ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
    EXPECT_EQ(*bytes, expected[i].bytes) << expected[i].name;
  }
}

// Our writer in every version and mode: read back to the same entries, in the same layout, and written back
// unchanged with itself as the model.
TEST(Vpp, WriterRoundTripsEveryVersionAndMode) {
  for (const std::uint32_t version : {3u, 4u, 6u, 10u}) {
    for (const std::uint32_t flags : {0u, kVppCompressed, kVppCondensed, kVppCompacted}) {
      SCOPED_TRACE(::testing::Message() << "version " << version << " flags " << flags);
      const std::uint32_t alignment =
          flags == kVppCondensed ? 16 : (version == 10 || flags == kVppCompacted ? 1 : 2048);
      const VppLayout layout{version, flags, alignment, 9};
      const auto entries = sample_entries();
      const auto bytes = write_vpp(entries, layout);
      ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
      const auto archive = open_or_fail(vpp_kind(), *bytes);
      ASSERT_NE(archive, nullptr);
      expect_entries(*archive, entries);
      EXPECT_EQ(vpp_layout(*archive), layout);
      expect_written_back(*archive, *bytes);
    }
  }
}

TEST(Vpp, ReplacingAnEntryKeepsTheOthersStoredBytes) {
  for (const VppLayout layout :
       {VppLayout{3, kVppCompressed, 2048, 9}, kRfgStr2, VppLayout{10, kVppCompressed, 1, 9}}) {
    SCOPED_TRACE(::testing::Message() << "flags " << layout.flags);
    const auto bytes = write_vpp(sample_entries(), layout);
    ASSERT_TRUE(bytes.ok());
    const auto model = open_or_fail(vpp_kind(), *bytes);
    ASSERT_NE(model, nullptr);
    auto entries = kept_entries(*model);
    entries[2] = {"rig.rig_pc", text_bytes("other bones"), std::nullopt};
    const auto changed = vpp_kind().write(entries, model.get());
    ASSERT_TRUE(changed.ok()) << changed.error().to_string();
    const auto archive = open_or_fail(vpp_kind(), *changed);
    ASSERT_NE(archive, nullptr);
    auto expected = sample_entries();
    expected[2].bytes = text_bytes("other bones");
    expect_entries(*archive, expected);
    // Entries before the replaced one keep their stored bytes (compacted: the same level-9 stream prefix).
    for (std::size_t i = 0; i < 2; ++i) {
      EXPECT_EQ(*archive->read_stored(i), *model->read_stored(i)) << i;
    }
  }
}

TEST(Vpp, ChangingModeWithAModel) {
  const auto bytes = write_vpp(sample_entries(), kRfgStr2);
  ASSERT_TRUE(bytes.ok());
  const auto model = open_or_fail(vpp_kind(), *bytes);
  ASSERT_NE(model, nullptr);
  const auto normal = write_vpp(kept_entries(*model), kRfgVpp, model.get());
  ASSERT_TRUE(normal.ok()) << normal.error().to_string();
  const auto archive = open_or_fail(vpp_kind(), *normal);
  ASSERT_NE(archive, nullptr);
  expect_entries(*archive, sample_entries());
  EXPECT_EQ(vpp_layout(*archive), kRfgVpp);
}

TEST(Vpp, WriterRefusesWhatItCannotStore) {
  EXPECT_FALSE(write_vpp({{"", {}, std::nullopt}}, kRfgVpp).ok());
  EXPECT_FALSE(write_vpp({{"a.txt", {}, 0}}, kRfgVpp).ok());  // keeps an entry of no model
  EXPECT_FALSE(write_vpp({{"noextension", {}, std::nullopt}}, VppLayout{4, 0, 2048, 9}).ok());
  EXPECT_FALSE(write_vpp({}, VppLayout{5, 0, 2048, 9}).ok());
  EXPECT_FALSE(write_vpp({}, VppLayout{3, 4, 2048, 9}).ok());
  EXPECT_FALSE(write_vpp({}, VppLayout{3, 0, 2048, 10}).ok());
}

TEST(Vpp, EmptyArchive) {
  const auto bytes = write_vpp({}, kRfgVpp);
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(bytes->size(), 2048u);
  EXPECT_EQ(peek32(*bytes, 0x158), 2048u);
  const auto archive = open_or_fail(vpp_kind(), *bytes);
  ASSERT_NE(archive, nullptr);
  EXPECT_TRUE(archive->entries().empty());
}

}  // namespace
}  // namespace bonebridge::archive
