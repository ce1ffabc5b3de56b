// SPDX-License-Identifier: MIT
// A packfile on disk opened through vpp_kind().open_file (the header, directory and names read at open, an
// entry where it lies) gives the same entries and bytes as the same file opened in memory: for every version
// and mode our writer makes, and for the real Red Faction Guerrilla packfiles in ../shared/samples. A file
// cut short fails naming the file, a byte offset, what was expected and what was found.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "archive_support.hpp"
#include "bonebridge/archive/vpp.hpp"
#include "support/samples.hpp"

namespace bonebridge::archive {
namespace {

using testing::open_or_fail;
using testing::text_bytes;

// Every entry of the file-backed archive against the in-memory one: names, sizes, compression, reads and
// stored bytes.
void expect_same_entries(const Archive& in_memory, const Archive& on_disk, const std::string& what) {
  ASSERT_EQ(on_disk.entries().size(), in_memory.entries().size()) << what;
  for (std::size_t i = 0; i < in_memory.entries().size(); ++i) {
    const Entry& a = in_memory.entries()[i];
    const Entry& b = on_disk.entries()[i];
    EXPECT_EQ(b.name, a.name) << what;
    EXPECT_EQ(b.size, a.size) << what << " " << a.name;
    EXPECT_EQ(b.stored, a.stored) << what << " " << a.name;
    EXPECT_EQ(b.compression, a.compression) << what << " " << a.name;
    const auto read_a = in_memory.read(i);
    const auto read_b = on_disk.read(i);
    ASSERT_TRUE(read_a.ok()) << read_a.error().to_string();
    ASSERT_TRUE(read_b.ok()) << read_b.error().to_string();
    EXPECT_EQ(*read_b, *read_a) << what << " " << a.name;
    EXPECT_EQ(read_b->size(), a.size) << what << " " << a.name;
    const auto stored_a = in_memory.read_stored(i);
    const auto stored_b = on_disk.read_stored(i);
    ASSERT_TRUE(stored_a.ok() && stored_b.ok()) << what << " " << a.name;
    EXPECT_EQ(*stored_b, *stored_a) << what << " " << a.name;
  }
}

std::vector<EntrySource> small_big_and_empty() {
  std::vector<std::uint8_t> big(5000);
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<std::uint8_t>(i * 7 % 251);
  return {{"one.txt", text_bytes("first entry"), std::nullopt},
          {"big.bin", big, std::nullopt},
          {"empty.txt", {}, std::nullopt}};
}

TEST(VppFile, EveryVersionAndModeReadsAsInMemory) {
  for (const std::uint32_t version : {3u, 4u, 6u, 10u}) {
    for (const std::uint32_t flags : {0u, kVppCompressed, kVppCondensed, kVppCompacted}) {
      const std::string what = "version " + std::to_string(version) + " flags " + std::to_string(flags);
      // Each version's usual alignment for the mode, as Vpp.WriterRoundTripsEveryVersionAndMode writes.
      const std::uint32_t alignment =
          flags == kVppCondensed ? 16 : (version == 10 || flags == kVppCompacted ? 1 : 2048);
      const VppLayout layout{version, flags, alignment, 9};
      const auto bytes = write_vpp(small_big_and_empty(), layout);
      ASSERT_TRUE(bytes.ok()) << what << ": " << bytes.error().to_string();
      const auto in_memory = open_or_fail(vpp_kind(), *bytes);
      ASSERT_NE(in_memory, nullptr) << what;
      const auto path = bonebridge::testing::write_temp("bonebridge-vpp-file-test.vpp_pc", *bytes);
      const auto on_disk = vpp_kind().open_file(RandomAccessFile::open(path).value());
      ASSERT_TRUE(on_disk.ok()) << what << ": " << on_disk.error().to_string();
      expect_same_entries(*in_memory, **on_disk, what);
      std::filesystem::remove(path);
    }
  }
}

TEST(VppFile, RealPackfilesReadAsInMemory) {
  for (const std::string sample :
       {"table.vpp_pc", "dlc01_l1.vpp_pc", "dlcp01_activities.vpp_pc", "xray_effect.str2_pc"}) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/packfiles/" + sample);
    const auto in_memory = open_or_fail(vpp_kind(), ::bonebridge::testing::read_bytes(path));
    ASSERT_NE(in_memory, nullptr) << sample;
    const auto on_disk = vpp_kind().open_file(RandomAccessFile::open(path).value());
    ASSERT_TRUE(on_disk.ok()) << sample << ": " << on_disk.error().to_string();
    expect_same_entries(*in_memory, **on_disk, sample);
  }
}

// table.vpp_pc is compacted (header flags 3 at 0x14C, its only zlib stream starting at byte 0x1800 after the
// 2048-byte header, directory and names blocks): the one stream is inflated once and every entry is read
// from it.
TEST(VppFile, RealCompactedTableIsCompacted) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/packfiles/table.vpp_pc");
  const auto on_disk = vpp_kind().open_file(RandomAccessFile::open(path).value());
  ASSERT_TRUE(on_disk.ok()) << on_disk.error().to_string();
  ASSERT_FALSE((*on_disk)->entries().empty());
  EXPECT_EQ((*on_disk)->entries()[0].compression, "zlib (compacted)");
}

// Cut at every interesting point (in the header, the directory, the names, the data): either the open fails
// or an entry read does, each error naming the file and a byte; an entry that still lies wholly in the file
// reads as before.
TEST(VppFile, TruncatedFilesFailNamingFileOffsetExpectedAndFound) {
  for (const std::uint32_t flags : {0u, kVppCompressed, kVppCompacted}) {
    const auto bytes = write_vpp(small_big_and_empty(), {3, flags, flags == kVppCompacted ? 1u : 2048u, 9});
    ASSERT_TRUE(bytes.ok());
    for (const std::size_t cut : {std::size_t{6}, std::size_t{0x150}, std::size_t{2048 + 10},
                                  std::size_t{4096 + 3}, bytes->size() - 1}) {
      const std::string what = "flags " + std::to_string(flags) + " cut at " + std::to_string(cut);
      const std::vector<std::uint8_t> cut_bytes(bytes->begin(), bytes->begin() + static_cast<long>(cut));
      const auto path = bonebridge::testing::write_temp("bonebridge-vpp-cut-test.vpp_pc", cut_bytes);
      const auto on_disk = vpp_kind().open_file(RandomAccessFile::open(path).value());
      if (!on_disk) {
        EXPECT_EQ(on_disk.error().file, path.string()) << what;
        EXPECT_TRUE(on_disk.error().offset.has_value()) << what << ": " << on_disk.error().to_string();
        // What was expected, and what was found: the bytes the file holds (or those left of it).
        const std::string& message = on_disk.error().message;
        EXPECT_TRUE(message.find("expected") != std::string::npos ||
                    message.find("remain") != std::string::npos ||
                    message.find(std::to_string(cut)) != std::string::npos)
            << what << ": " << on_disk.error().to_string();
        std::filesystem::remove(path);
        continue;
      }
      const auto in_memory = vpp_kind().open(cut_bytes);
      ASSERT_TRUE(in_memory.ok()) << what << ": the file opened, memory did not";
      std::size_t failed = 0;
      for (std::size_t i = 0; i < (*on_disk)->entries().size(); ++i) {
        const auto read = (*on_disk)->read(i);
        const auto from_memory = (*in_memory)->read(i);
        ASSERT_EQ(read.ok(), from_memory.ok()) << what << " entry " << i;
        if (read) {
          EXPECT_EQ(*read, *from_memory) << what << " entry " << i;
          continue;
        }
        ++failed;
        EXPECT_EQ(read.error().file, path.string()) << what;
        EXPECT_TRUE(read.error().offset.has_value()) << what << ": " << read.error().to_string();
      }
      EXPECT_GT(failed, 0u) << what << ": a cut into the data fails some entry";
      std::filesystem::remove(path);
    }
  }
}

}  // namespace
}  // namespace bonebridge::archive
