// SPDX-License-Identifier: MIT
// Sith GOB/GOO. No GOB is public, so these archives are laid out by hand from the documented layout ("GOB " +
// u32 0x14 + u32 directory offset; the directory a u32 count and {u32 offset, u32 size, char[128] path} per
// file: OpenJKDF2 src/Win95/stdGob.h), plus our writer's output read back.
#include <gtest/gtest.h>

#include <string>

#include "archive_support.hpp"
#include "bonebridge/archive/gob.hpp"
#include "formats/volition/bytes_builder.hpp"

namespace bonebridge::archive {
namespace {

using testing::kept_entries;
using testing::open_or_fail;
using testing::peek32;
using testing::text_bytes;
using Bytes = volition::test_bytes::Bytes;

void path_field(Bytes& bytes, std::string_view path, std::uint8_t filler = 0) {
  bytes.data.insert(bytes.data.end(), path.begin(), path.end());
  bytes.u8(0);
  bytes.data.insert(bytes.data.end(), 127 - path.size(), filler);
}

// Jedi Knight's arrangement: the directory right after the header, then the files. Between the two files
// lie four stray bytes, and the first path field holds garbage after its NUL; both must survive a rewrite.
std::vector<std::uint8_t> directory_first() {
  Bytes gob;
  gob.raw({'G', 'O', 'B', ' '}).u32(0x14).u32(12);
  gob.u32(2);
  gob.u32(12 + 4 + 2 * 136).u32(5);
  path_field(gob, "3do\\a.3do", 0xCC);
  gob.u32(12 + 4 + 2 * 136 + 5 + 4).u32(3);
  path_field(gob, "misc\\b.txt");
  gob.raw({'h', 'e', 'l', 'l', 'o'}).raw({0xEE, 0xEE, 0xEE, 0xEE}).raw({'b', 'y', 'e'});
  return gob.data;
}

// The directory after the files (the arrangement Dark Forces used), with a gap before it.
std::vector<std::uint8_t> directory_last() {
  Bytes gob;
  gob.raw({'G', 'O', 'B', ' '}).u32(0x14).u32(12 + 5 + 3 + 2);
  gob.raw({'h', 'e', 'l', 'l', 'o'}).raw({'b', 'y', 'e'}).raw({0, 0});
  gob.u32(2);
  gob.u32(12).u32(5);
  path_field(gob, "3do\\a.3do");
  gob.u32(17).u32(3);
  path_field(gob, "misc\\b.txt");
  return gob.data;
}

void expect_hello_bye(const Archive& archive) {
  ASSERT_EQ(archive.entries().size(), 2u);
  EXPECT_EQ(archive.entries()[0].name, "3do\\a.3do");
  EXPECT_EQ(archive.entries()[1].name, "misc\\b.txt");
  EXPECT_EQ(archive.entries()[0].size, 5u);
  EXPECT_EQ(archive.entries()[0].compression, "none");
  EXPECT_EQ(*archive.read(0), text_bytes("hello"));
  EXPECT_EQ(*archive.read(1), text_bytes("bye"));
}

TEST(Gob, HandLaidArchivesReadAndWriteBackByteForByte) {
  for (const auto& bytes : {directory_first(), directory_last()}) {
    EXPECT_TRUE(gob_kind().sniff(bytes));
    const auto archive = open_or_fail(gob_kind(), bytes);
    ASSERT_NE(archive, nullptr);
    expect_hello_bye(*archive);
    const auto written = gob_kind().write(kept_entries(*archive), archive.get());
    ASSERT_TRUE(written.ok()) << written.error().to_string();
    EXPECT_TRUE(*written == bytes);
  }
}

// A new entry goes after the model's last file (before a trailing directory); the kept files keep their
// bytes and the gaps after them.
TEST(Gob, AddingAnEntryKeepsTheModelsOrderAndGaps) {
  const auto bytes = directory_last();
  const auto model = open_or_fail(gob_kind(), bytes);
  ASSERT_NE(model, nullptr);
  auto entries = kept_entries(*model);
  entries.push_back({"Sound/New.WAV", text_bytes("RIFF"), std::nullopt});
  const auto written = write_gob(entries, model.get());
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  // header, hello, bye, the 2-byte gap, RIFF, then the directory of three.
  ASSERT_EQ(written->size(), 12u + 5 + 3 + 2 + 4 + 4 + 3 * 136);
  EXPECT_EQ(peek32(*written, 8), 12u + 5 + 3 + 2 + 4);
  const auto archive = open_or_fail(gob_kind(), *written);
  ASSERT_NE(archive, nullptr);
  ASSERT_EQ(archive->entries().size(), 3u);
  EXPECT_EQ(archive->entries()[2].name, "sound\\new.wav");
  EXPECT_EQ(*archive->read(2), text_bytes("RIFF"));
  EXPECT_EQ(*archive->read(0), text_bytes("hello"));
}

TEST(Gob, ReplacingAndDroppingEntries) {
  const auto model = open_or_fail(gob_kind(), directory_first());
  ASSERT_NE(model, nullptr);
  // Entry 0 replaced by longer data: it moves after the kept entry 1, which keeps its place in order.
  const auto replaced = write_gob(
      {{"3do\\a.3do", text_bytes("a longer body"), std::nullopt}, {"misc\\b.txt", {}, 1}}, model.get());
  ASSERT_TRUE(replaced.ok()) << replaced.error().to_string();
  const auto archive = open_or_fail(gob_kind(), *replaced);
  ASSERT_NE(archive, nullptr);
  EXPECT_EQ(*archive->read(0), text_bytes("a longer body"));
  EXPECT_EQ(*archive->read(1), text_bytes("bye"));
  const auto dropped = write_gob({{"misc\\b.txt", {}, 1}}, model.get());
  ASSERT_TRUE(dropped.ok());
  // Entry 0's bytes and the gap after them are gone: header, directory of one, "bye".
  EXPECT_EQ(dropped->size(), 12u + 4 + 136 + 3);
}

// Without a model: the header, the directory at byte 12, then the files in order. Paths are stored as the
// engine looks them up (stdGob_FileOpen lower-cases and turns '/' into '\').
TEST(Gob, FreshArchiveLayout) {
  const auto bytes = write_gob({{"A/B.TXT", text_bytes("hi"), std::nullopt}, {"empty", {}, std::nullopt}});
  ASSERT_TRUE(bytes.ok());
  ASSERT_EQ(bytes->size(), 12u + 4 + 2 * 136 + 2);
  EXPECT_EQ(std::string(bytes->begin(), bytes->begin() + 4), "GOB ");
  EXPECT_EQ(peek32(*bytes, 4), 0x14u);
  EXPECT_EQ(peek32(*bytes, 8), 12u);
  EXPECT_EQ(peek32(*bytes, 12), 2u);
  EXPECT_EQ(peek32(*bytes, 16), 12u + 4 + 2 * 136);  // offset of "hi"
  EXPECT_EQ(peek32(*bytes, 20), 2u);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(bytes->data() + 24)), "a\\b.txt");
  EXPECT_EQ(peek32(*bytes, 16 + 136), 12u + 4 + 2 * 136 + 2);  // the empty file sits at the end
  EXPECT_EQ(peek32(*bytes, 20 + 136), 0u);
  const auto archive = open_or_fail(gob_kind(), *bytes);
  ASSERT_NE(archive, nullptr);
  EXPECT_EQ(*archive->read(0), text_bytes("hi"));
  EXPECT_TRUE(archive->read(1)->empty());
}

TEST(Gob, Paths) {
  EXPECT_EQ(gob_path("3DO/Mat/X.MAT"), "3do\\mat\\x.mat");
  EXPECT_FALSE(write_gob({{std::string(128, 'a'), {}, std::nullopt}}).ok());
  EXPECT_TRUE(write_gob({{std::string(127, 'a'), {}, std::nullopt}}).ok());
  EXPECT_FALSE(write_gob({{"", {}, std::nullopt}}).ok());
  EXPECT_FALSE(write_gob({{"a.txt", {}, 0}}).ok());  // keeps an entry of no model
  // A path filling all 128 bytes has no NUL: the engine takes it whole, and so do we.
  Bytes gob;
  gob.raw({'G', 'O', 'B', ' '}).u32(0x14).u32(12).u32(1).u32(12).u32(0);
  gob.data.insert(gob.data.end(), 128, 'p');
  const auto archive = open_or_fail(gob_kind(), gob.data);
  ASSERT_NE(archive, nullptr);
  EXPECT_EQ(archive->entries()[0].name, std::string(128, 'p'));
  const auto written = gob_kind().write(kept_entries(*archive), archive.get());
  ASSERT_TRUE(written.ok());
  EXPECT_TRUE(*written == gob.data);
}

void expect_gob_open_fails(const std::vector<std::uint8_t>& bytes, const std::string& text) {
  const auto opened = gob_kind().open(bytes);
  ASSERT_FALSE(opened.ok()) << text;
  EXPECT_EQ(opened.error().format, kGobFormat);
  EXPECT_NE(opened.error().message.find(text), std::string::npos) << opened.error().to_string();
  EXPECT_TRUE(opened.error().offset.has_value());
}

TEST(Gob, BadInput) {
  const auto good = directory_first();
  auto magic = good;
  magic[3] = '\n';
  expect_gob_open_fails(magic, "expected magic \"GOB \"");
  EXPECT_FALSE(gob_kind().sniff(magic));
  auto version = good;
  testing::poke32(version, 4, 0x15);
  expect_gob_open_fails(version, "expected version 0x14, found 0x15");
  auto directory = good;
  testing::poke32(directory, 8, 100000);
  expect_gob_open_fails(directory, "directory offset points to byte 100000");
  auto count = good;
  testing::poke32(count, 12, 1000);
  expect_gob_open_fails(count, "entry count is 1000");
  expect_gob_open_fails(std::vector<std::uint8_t>(good.begin(), good.begin() + 10), "truncated");
  // An entry past the end fails alone, naming itself and its directory record.
  auto past = good;
  testing::poke32(past, 16 + 136, 0xFFFFFF00);
  const auto archive = open_or_fail(gob_kind(), past);
  ASSERT_NE(archive, nullptr);
  const auto read = archive->read(1);
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.error().message.find("entry 1 'misc\\b.txt'"), std::string::npos)
      << read.error().to_string();
  EXPECT_EQ(read.error().offset, 16u + 136);
  EXPECT_TRUE(archive->read(0).ok());
  EXPECT_FALSE(gob_kind().write(kept_entries(*archive), archive.get()).ok());
}

// Two entries sharing bytes cannot keep the model's order; the writer lays the files out afresh instead.
TEST(Gob, OverlappingEntriesAreWrittenOutInOrder) {
  auto bytes = directory_first();
  testing::poke32(bytes, 16 + 136, peek32(bytes, 16) + 1);  // "bye" now starts inside "hello"
  const auto model = open_or_fail(gob_kind(), bytes);
  ASSERT_NE(model, nullptr);
  const auto written = gob_kind().write(kept_entries(*model), model.get());
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  const auto archive = open_or_fail(gob_kind(), *written);
  ASSERT_NE(archive, nullptr);
  EXPECT_EQ(*archive->read(0), text_bytes("hello"));
  EXPECT_EQ(*archive->read(1), text_bytes("ell"));
}

TEST(Gob, TruncationsAndByteFlipsNeverCrash) {
  const auto bytes = directory_first();
  const auto exercise = [](const std::vector<std::uint8_t>& input) {
    const auto opened = gob_kind().open(input);
    if (!opened.ok()) {
      EXPECT_TRUE(opened.error().offset.has_value());
      return;
    }
    for (std::size_t i = 0; i < (*opened)->entries().size(); ++i) (void)(*opened)->read(i);
    (void)gob_kind().write(kept_entries(**opened), opened->get());
  };
  for (std::size_t length = 0; length < bytes.size(); ++length) {
    exercise(std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(length)));
  }
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    auto flipped = bytes;
    flipped[at] ^= 0x5A;
    exercise(flipped);
  }
}

}  // namespace
}  // namespace bonebridge::archive
