// SPDX-License-Identifier: MIT
// An HQR on disk opened through hqr_kind().open_file: the offset table and entry headers are read at open, an
// entry where it lies. Archives are laid out by hand from the documented layout (research/lba1-anm.md §3:
// u32 offsets, the first being the table's size and the last the file's; at each offset a 10-byte header u32
// size, u32 stored size, u16 method, then the stored bytes), and the bundled examples are read both ways.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "bonebridge/formats/lba/hqr/archive.hpp"
#include "bonebridge/formats/lba/hqr/codec.hpp"
#include "bonebridge/io/file.hpp"
#include "support/samples.hpp"

namespace bonebridge::lba {
namespace {

void put_u32(std::ofstream& out, std::uint32_t value) {
  out.write(reinterpret_cast<const char*>(&value), 4);
}

void put_stored_entry(std::ofstream& out, const std::string& data) {
  put_u32(out, static_cast<std::uint32_t>(data.size()));
  put_u32(out, static_cast<std::uint32_t>(data.size()));
  out.write("\0\0", 2);  // method 0: stored
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
}

long peak_kib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

// Slots: 0 = 64 MiB of padding, 1 = blank, 2 = "hello hqr", 3 = slot 2's block again (shared).
TEST(HqrFile, OneSmallEntryOfABigArchiveIsReadWithoutTheArchive) {
  const auto path = std::filesystem::temp_directory_path() / "bonebridge-big-test.hqr";
  constexpr std::uint32_t kPadding = 64u << 20;
  const std::string small = "hello hqr";
  const std::uint32_t table = 5 * 4, small_at = table + 10 + kPadding;
  const std::uint32_t size = small_at + 10 + static_cast<std::uint32_t>(small.size());
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    for (const std::uint32_t offset : {table, 0u, small_at, small_at, size}) put_u32(out, offset);
    put_stored_entry(out, std::string(kPadding, '\xCD'));
    put_stored_entry(out, small);
  }
  const long before = peak_kib();
  const auto archive = hqr_kind().open_file(RandomAccessFile::open(path).value());
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  ASSERT_EQ((*archive)->entries().size(), 4u);
  EXPECT_EQ((*archive)->entries()[0].size, kPadding);
  EXPECT_EQ((*archive)->entries()[1].compression, "blank");
  EXPECT_EQ((*archive)->entries()[3].name, "3");
  EXPECT_EQ((*archive)->entries()[3].compression, "none");
  const auto entry = (*archive)->read(3);
  ASSERT_TRUE(entry.ok()) << entry.error().to_string();
  EXPECT_EQ(std::string(entry->begin(), entry->end()), small);
  const auto blank = (*archive)->read(1);
  ASSERT_FALSE(blank.ok());
  EXPECT_EQ(blank.error().offset, 4u);
  const long after = peak_kib();
  std::filesystem::remove(path);
  EXPECT_LT(after - before, 16 * 1024) << "peak grew by " << after - before << " KiB for a 64 MiB archive";
}

// One rule, one error: the file-backed archive and the reader of the whole file name the same byte (the
// stored size, 8 + 4) and the same words. A bad method points at the method field (8 + 8), as in INVALID.HQR.
TEST(HqrFile, ABadEntryHeaderIsTheSameErrorFromFileAndFromMemory) {
  struct Case {
    std::uint32_t size, stored;
    std::uint16_t method;
    std::uint64_t offset;
    const char* words;
  };
  for (const Case& bad : {Case{100, 100, 0, 12, "stores 100 bytes but only 3 remain"},
                          Case{3, 3, 3, 16, "expected compression method 0, 1 or 2, found 3"}}) {
    const auto path = std::filesystem::temp_directory_path() / "bonebridge-bad-test.hqr";
    {
      std::ofstream out(path, std::ios::binary | std::ios::trunc);
      for (const std::uint32_t offset : {8u, 8u + 10 + 3}) put_u32(out, offset);
      put_u32(out, bad.size);
      put_u32(out, bad.stored);
      out.write(reinterpret_cast<const char*>(&bad.method), 2);
      out.write("abc", 3);
    }
    const auto bytes = read_file(path.string());
    ASSERT_TRUE(bytes.ok());
    const auto archive = hqr_kind().open_file(RandomAccessFile::open(path).value());
    std::filesystem::remove(path);
    ASSERT_FALSE(archive.ok());
    EXPECT_EQ(archive.error().offset, bad.offset);
    EXPECT_NE(archive.error().message.find(bad.words), std::string::npos) << archive.error().to_string();
    const auto in_memory = hqr::read(*bytes);
    ASSERT_FALSE(in_memory.ok());
    EXPECT_EQ(in_memory.error().offset, archive.error().offset);
    EXPECT_EQ(in_memory.error().message, archive.error().message);
  }
}

// LZS/LZMIT-compressed, blank and shared entries of the bundled examples: the same listing and bytes as the
// reader of the whole file.
TEST(HqrFile, TheExamplesReadAsFromMemory) {
  for (const char* example : {"ANIM.HQR", "BODY.HQR"}) {
    const auto path = testing::source_dir() / "examples" / "lba" / example;
    const auto from_file = hqr_kind().open_file(RandomAccessFile::open(path).value());
    const auto from_memory = hqr_kind().open(*read_file(path));
    ASSERT_TRUE(from_file.ok() && from_memory.ok()) << example;
    ASSERT_EQ((*from_file)->entries().size(), (*from_memory)->entries().size());
    for (std::size_t i = 0; i < (*from_memory)->entries().size(); ++i) {
      const auto &a = (*from_file)->entries()[i], &b = (*from_memory)->entries()[i];
      EXPECT_EQ(std::tie(a.name, a.size, a.stored, a.compression),
                std::tie(b.name, b.size, b.stored, b.compression));
      const auto x = (*from_file)->read(i), y = (*from_memory)->read(i);
      ASSERT_EQ(x.ok(), y.ok()) << example << " " << i;
      if (x) {
        EXPECT_EQ(*x, *y) << example << " " << i;
      }
    }
  }
}

}  // namespace
}  // namespace bonebridge::lba
