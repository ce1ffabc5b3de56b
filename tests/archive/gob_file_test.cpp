// SPDX-License-Identifier: MIT
// A GOB on disk opened through gob_kind().open_file: only the header and directory are read at open, an entry
// where it lies. The archive is laid out by hand from the documented layout ("GOB " + u32 0x14 + u32
// directory offset; directory: u32 count, then {u32 offset, u32 size, char[128] path}) and streamed to a temp
// file.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "bonebridge/archive/gob.hpp"

namespace bonebridge {
namespace {

void put_u32(std::ofstream& out, std::uint32_t value) {
  out.write(reinterpret_cast<const char*>(&value), 4);
}

// `padding_entries` entries of 1 MiB of padding, then a small entry "3do\pd7.3do" holding "hello probe".
std::filesystem::path write_big_gob(const std::string& name, std::uint32_t padding_entries) {
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  constexpr std::uint32_t kMiB = 1 << 20;
  const std::string small = "hello probe";
  const std::uint32_t dir_offset = 12 + padding_entries * kMiB + static_cast<std::uint32_t>(small.size());
  out.write("GOB ", 4);
  put_u32(out, 0x14);
  put_u32(out, dir_offset);
  const std::string padding(kMiB, '\xAB');
  for (std::uint32_t i = 0; i < padding_entries; ++i) out.write(padding.data(), kMiB);
  out.write(small.data(), static_cast<std::streamsize>(small.size()));
  put_u32(out, padding_entries + 1);
  const auto record = [&](std::uint32_t offset, std::uint32_t size, const std::string& entry) {
    put_u32(out, offset);
    put_u32(out, size);
    char field[128] = {};
    std::memcpy(field, entry.data(), entry.size());
    out.write(field, 128);
  };
  for (std::uint32_t i = 0; i < padding_entries; ++i)
    record(12 + i * kMiB, kMiB, "pad\\" + std::to_string(i) + ".bin");
  record(12 + padding_entries * kMiB, static_cast<std::uint32_t>(small.size()), "3do\\pd7.3do");
  return path;
}

// The process's peak resident memory so far, in KiB (VmHWM in /proc/self/status).
long peak_kib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

TEST(GobFile, OneSmallEntryOfABigArchiveIsReadWithoutTheArchive) {
  const auto path = write_big_gob("bonebridge-big-test.gob", 96);  // 96 MiB of padding
  ASSERT_EQ(std::filesystem::file_size(path), 12 + 96u * (1 << 20) + 11 + 4 + 97 * 136);
  const auto archive = archive::gob_kind().open_file(RandomAccessFile::open(path).value());
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  ASSERT_EQ((*archive)->entries().size(), 97u);
  EXPECT_EQ((*archive)->entries()[96].name, "3do\\pd7.3do");
  const auto entry = (*archive)->read(96);
  ASSERT_TRUE(entry.ok()) << entry.error().to_string();
  EXPECT_EQ(std::string(entry->begin(), entry->end()), "hello probe");
  const auto pad = (*archive)->read(3);
  ASSERT_TRUE(pad.ok());
  EXPECT_EQ(pad->size(), 1u << 20);
  EXPECT_EQ((*pad)[0], 0xAB);
  const long peak = peak_kib();
  std::filesystem::remove(path);
  ASSERT_GT(peak, 0);
  EXPECT_LT(peak, 48 * 1024) << "peak resident memory " << peak << " KiB for a 96 MiB archive";
}

TEST(GobFile, AnEntryPastTheEndAndABadDirectoryAreErrorsNamingTheByte) {
  const auto path = std::filesystem::temp_directory_path() / "bonebridge-bad-test.gob";
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write("GOB ", 4);
    put_u32(out, 0x14);
    put_u32(out, 12);
    put_u32(out, 1);  // one record: 100 bytes at byte 0x10000, far past the end
    put_u32(out, 0x10000);
    put_u32(out, 100);
    const char field[128] = "x.3do";
    out.write(field, 128);
  }
  const auto archive = archive::gob_kind().open_file(RandomAccessFile::open(path).value());
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  const auto entry = (*archive)->read(0);
  ASSERT_FALSE(entry.ok());
  EXPECT_EQ(entry.error().offset, 16u);  // the record, after the header and the count
  EXPECT_NE(entry.error().message.find("run past the end"), std::string::npos) << entry.error().to_string();

  std::filesystem::resize_file(path, 12 + 4 + 100);  // the record cut short
  const auto cut = archive::gob_kind().open_file(RandomAccessFile::open(path).value());
  ASSERT_FALSE(cut.ok());
  EXPECT_EQ(cut.error().offset, 16u);  // the count promises a record that does not fit
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace bonebridge
