// SPDX-License-Identifier: MIT
// An SI on disk opened through si_kind().open_file (the chunk tree walked over the mapped file, each piece of
// an entry read where it lies) gives the same entries and bytes as the same file opened in memory: the
// hand-laid scene of si_sample.hpp (laid out from libweaver and the isle decompilation) and our writer's
// files, whose data is split at buffer boundaries. A file cut short fails naming the file and a byte.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "archive_support.hpp"
#include "bonebridge/archive/si.hpp"
#include "si_sample.hpp"
#include "support/samples.hpp"

namespace bonebridge::archive {
namespace {

void expect_same_entries(const std::vector<std::uint8_t>& bytes, const std::string& what) {
  const auto in_memory = si_kind().open(bytes);
  ASSERT_TRUE(in_memory.ok()) << what << ": " << in_memory.error().to_string();
  const auto path = bonebridge::testing::write_temp("bonebridge-si-file-test.si", bytes);
  const auto on_disk = si_kind().open_file(RandomAccessFile::open(path).value());
  ASSERT_TRUE(on_disk.ok()) << what << ": " << on_disk.error().to_string();
  ASSERT_EQ((*on_disk)->entries().size(), (*in_memory)->entries().size()) << what;
  ASSERT_FALSE((*on_disk)->entries().empty()) << what;
  for (std::size_t i = 0; i < (*in_memory)->entries().size(); ++i) {
    const Entry& entry = (*in_memory)->entries()[i];
    EXPECT_EQ((*on_disk)->entries()[i].name, entry.name) << what;
    EXPECT_EQ((*on_disk)->entries()[i].size, entry.size) << what << " " << entry.name;
    const auto a = (*in_memory)->read(i);
    const auto b = (*on_disk)->read(i);
    ASSERT_TRUE(a.ok() && b.ok()) << what << " " << entry.name;
    EXPECT_EQ(*b, *a) << what << " " << entry.name;
  }
  std::filesystem::remove(path);
}

TEST(SiFile, HandLaidSceneReadsAsInMemory) {
  expect_same_entries(testing::hand_laid_si().bytes, "hand-laid scene");
}

TEST(SiFile, SplitDataReadsAsInMemory) {
  // 3,000 bytes in 256-byte buffers: the data chunk is cut into a dozen pieces, each read where it lies.
  const auto bytes = write_si({{"long.ani", testing::pattern(3000, 0x11, 7), std::nullopt},
                               {"short.ani", testing::pattern(10, 0x80, 3), std::nullopt}},
                              SiLayout{kSiVersion22, 256, 4});
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  expect_same_entries(*bytes, "split");
}

TEST(SiFile, ACutFileFailsNamingTheFileAndAByte) {
  const auto bytes = testing::hand_laid_si().bytes;
  for (const std::size_t size : {std::size_t{0}, std::size_t{10}, bytes.size() / 2, bytes.size() - 1}) {
    const std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size));
    const auto path = bonebridge::testing::write_temp("bonebridge-si-cut-test.si", cut);
    const auto on_disk = si_kind().open_file(RandomAccessFile::open(path).value());
    ASSERT_FALSE(on_disk.ok()) << "cut at " << size;
    EXPECT_EQ(on_disk.error().file, path.string());
    EXPECT_TRUE(on_disk.error().offset.has_value()) << on_disk.error().to_string();
    EXPECT_EQ(on_disk.error().message, si_kind().open(cut).error().message) << "cut at " << size;
    std::filesystem::remove(path);
  }
}

}  // namespace
}  // namespace bonebridge::archive
