// SPDX-License-Identifier: MIT
// LEGO Island SI. No SI file is public, so the archives are laid out by hand (si_sample.hpp: a scene whose
// animation is split across a buffer boundary between the chunks of a sound) or written by our writer and
// checked with a scanner of their own here; expected bytes are the data the test put in.
#include <gtest/gtest.h>

#include <string>

#include "archive_support.hpp"
#include "bonebridge/archive/si.hpp"
#include "si_sample.hpp"
#include "support/samples.hpp"

namespace bonebridge::archive {
namespace {

using testing::decoded_entries;
using testing::kept_entries;
using testing::open_or_fail;
using testing::peek32;
using testing::text_bytes;

std::vector<std::uint8_t> concat(std::vector<std::uint8_t> a, const std::vector<std::uint8_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::uint16_t peek16(const std::vector<std::uint8_t>& bytes, std::size_t at) {
  return static_cast<std::uint16_t>(bytes[at] | bytes[at + 1] << 8);
}

// The leaf chunks of an SI (all but RIFF, LIST and MxSt), found without our reader: containers are entered
// and fewer than 8 bytes before a buffer boundary are skipped.
struct Leaf {
  std::string id;
  std::size_t at = 0;
  std::uint32_t size = 0;
};

void scan(const std::vector<std::uint8_t>& bytes, std::size_t begin, std::size_t end, std::uint32_t buffer,
          std::vector<Leaf>& out) {
  std::size_t at = begin;
  while (at + 8 <= end) {
    if (at % buffer + 8 > buffer) {
      at += buffer - at % buffer;
      continue;
    }
    const std::string id(bytes.begin() + static_cast<std::ptrdiff_t>(at),
                         bytes.begin() + static_cast<std::ptrdiff_t>(at + 4));
    const std::uint32_t size = peek32(bytes, at + 4);
    if (id == "RIFF" || id == "LIST") {
      scan(bytes, at + 12, at + 8 + size, buffer, out);
    } else if (id == "MxSt") {
      scan(bytes, at + 8, at + 8 + size, buffer, out);
    } else {
      out.push_back({id, at, size});
    }
    at += 8 + size + (size & 1);
  }
}

// Every leaf chunk lies inside one buffer; the file is a whole number of buffers. Returns the leaves.
std::vector<Leaf> expect_buffered(const std::vector<std::uint8_t>& bytes, std::uint32_t buffer) {
  EXPECT_EQ(bytes.size() % buffer, 0u);
  EXPECT_EQ(peek32(bytes, 4), bytes.size() - 8);
  std::vector<Leaf> leaves;
  scan(bytes, 0, bytes.size(), buffer, leaves);
  for (const Leaf& leaf : leaves) {
    if (leaf.id == "MxHd" || leaf.id == "MxOf") continue;
    EXPECT_EQ(leaf.at / buffer, (leaf.at + 8 + leaf.size - 1) / buffer) << leaf.id << " at " << leaf.at;
  }
  return leaves;
}

TEST(Si, HandLaidSceneListsBothObjectsAndJoinsTheirChunks) {
  const auto sample = testing::hand_laid_si();
  // The positions worked out in si_sample.hpp.
  ASSERT_EQ(sample.bytes.size(), 2048u);
  EXPECT_EQ(sample.walk_first_at, 600u);
  EXPECT_EQ(sample.walk_second_at, 1024u);
  EXPECT_EQ(sample.samples_at, 1346u);
  EXPECT_TRUE(si_kind().sniff(sample.bytes));
  const auto archive = open_or_fail(si_kind(), sample.bytes);
  ASSERT_NE(archive, nullptr);
  ASSERT_EQ(archive->entries().size(), 2u);  // the composite carries no data of its own
  EXPECT_EQ(archive->entries()[0].name, "voice");
  EXPECT_EQ(archive->entries()[1].name, "walk.ani");
  EXPECT_EQ(archive->entries()[0].size, 16u + 101);
  EXPECT_EQ(archive->entries()[1].size, 696u);
  EXPECT_EQ(archive->entries()[1].compression, "none");
  EXPECT_EQ(*archive->read(0), concat(sample.format, sample.samples));
  EXPECT_EQ(*archive->read(1), sample.animation);
  EXPECT_EQ(*archive->read_stored(1), sample.animation);
  EXPECT_FALSE(archive->read(2).ok());
}

// Version 2.1 composites carry one more u32 in their child list (libweaver interleaf.cpp).
TEST(Si, Version21ChildLists) {
  const auto sample = testing::hand_laid_si(0x00010002);
  const auto archive = open_or_fail(si_kind(), sample.bytes);
  ASSERT_NE(archive, nullptr);
  ASSERT_EQ(archive->entries().size(), 2u);
  EXPECT_EQ(*archive->read(1), sample.animation);
}

void expect_fails_with_offset(const std::vector<std::uint8_t>& bytes, const std::string& what) {
  const auto opened = si_kind().open(bytes);
  ASSERT_FALSE(opened.ok()) << what;
  EXPECT_EQ(opened.error().format, kSiFormat);
  EXPECT_TRUE(opened.error().offset.has_value()) << opened.error().to_string();
}

TEST(Si, EveryTruncationFailsWithAnOffset) {
  const auto bytes = testing::hand_laid_si().bytes;
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size));
    expect_fails_with_offset(cut, "cut at " + std::to_string(size));
    // With the RIFF size made to fit, the inner chunks are what runs short: still an offset, never a crash.
    if (size < 12) continue;
    testing::poke32(cut, 4, static_cast<std::uint32_t>(size - 8));
    const auto opened = si_kind().open(cut);
    if (!opened) {
      EXPECT_TRUE(opened.error().offset.has_value()) << size << ": " << opened.error().to_string();
      continue;
    }
    for (std::size_t i = 0; i < (*opened)->entries().size(); ++i) {
      const auto read = (*opened)->read(i);
      if (!read) {
        EXPECT_TRUE(read.error().offset.has_value()) << size << ": " << read.error().to_string();
      }
    }
  }
}

void expect_si_open_fails(const std::vector<std::uint8_t>& bytes, const std::string& text) {
  const auto opened = si_kind().open(bytes);
  ASSERT_FALSE(opened.ok()) << text;
  EXPECT_NE(opened.error().message.find(text), std::string::npos) << opened.error().to_string();
  EXPECT_TRUE(opened.error().offset.has_value());
}

TEST(Si, AbsurdSizesFailFast) {
  const auto sample = testing::hand_laid_si();
  auto riff = sample.bytes;
  testing::poke32(riff, 4, 0xFFFFFFF0);
  expect_si_open_fails(riff, "the RIFF chunk declares 4294967280 bytes");
  auto chunk = sample.bytes;
  testing::poke32(chunk, sample.walk_first_at + 4, 0xFFFFFFF0);
  expect_si_open_fails(chunk, "chunk \"MxCh\" at byte 600 declares 4294967280 bytes");
  auto children = sample.bytes;
  testing::poke32(children, sample.child_count_at, 0xFFFFFFFF);
  expect_si_open_fails(children, "child count is 4294967295");
  auto version = sample.bytes;
  testing::poke32(version, 20, 0x00030002);
  expect_si_open_fails(version, "expected version 2.2 (0x00020002) or 2.1 (0x00010002), found 0x00030002");
  auto type = sample.bytes;
  type[sample.walk_type_at] = 12;
  expect_si_open_fails(type, "expected an object type from 0 to 11, found 12");
  auto magic = sample.bytes;
  magic[8] = 'X';
  expect_si_open_fails(magic, "expected RIFF type \"OMNI\"");
  EXPECT_FALSE(si_kind().sniff(magic));
}

// A damaged data stream fails alone, naming its object and where the damage lies; the other entry reads.
TEST(Si, DamageStaysWithItsObject) {
  const auto sample = testing::hand_laid_si();
  auto endless = sample.bytes;  // the split chunk claims 4 GiB: the pieces never add up, nothing is allocated
  testing::poke32(endless, sample.walk_first_at + 18, 0xFFFFFFFF);
  auto archive = open_or_fail(si_kind(), endless);
  ASSERT_NE(archive, nullptr);
  auto read = archive->read(1);
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.error().message.find("entry 1 'walk.ani' (object 2): the split chunk at byte 600 lacks"),
            std::string::npos)
      << read.error().to_string();
  EXPECT_EQ(read.error().offset, sample.samples_at);  // where the next chunk turned out not to continue it
  EXPECT_EQ(*archive->read(0), concat(sample.format, sample.samples));
  auto entries = kept_entries(*archive);  // a damaged model can only be written back unchanged
  entries[1].bytes = {0x11, 0, 0, 0};
  entries[1].keep.reset();
  const auto written = si_kind().write(entries, archive.get());
  ASSERT_FALSE(written.ok());
  EXPECT_NE(written.error().message.find("can only be written back unchanged"), std::string::npos);
  EXPECT_TRUE(si_kind().write(kept_entries(*archive), archive.get()).ok());

  auto length = sample.bytes;  // the samples chunk declares 100 bytes but holds 101
  testing::poke32(length, sample.samples_at + 18, 100);
  archive = open_or_fail(si_kind(), length);
  ASSERT_NE(archive, nullptr);
  read = archive->read(0);
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.error().message.find("declares 100 data bytes but holds 101"), std::string::npos);
  EXPECT_EQ(read.error().offset, sample.samples_at);
  EXPECT_EQ(*archive->read(1), sample.animation);
}

std::vector<std::uint8_t> example(const std::string& name) {
  return ::bonebridge::testing::read_bytes(::bonebridge::testing::source_dir() / "examples/lego" / name);
}

TEST(Si, ExampleAnimationsReadBackByteIdentical) {
  const auto waving = example("waving_arm.ani");
  const auto flyby = example("camera_flyby.ani");
  ASSERT_FALSE(waving.empty());
  ASSERT_FALSE(flyby.empty());
  const auto bytes = write_si({{"waving_arm.ani", waving, std::nullopt},
                               {"camera_flyby.ani", flyby, std::nullopt},
                               {"notes", text_bytes("not an animation"), std::nullopt}},
                              SiLayout{});
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  // MxHd: version 2.2, 64 KiB buffers, 8 of them; MxOf: 3 streams, by object id.
  EXPECT_EQ(peek32(*bytes, 20), 0x00020002u);
  EXPECT_EQ(peek32(*bytes, 24), 65536u);
  EXPECT_EQ(peek32(*bytes, 28), 8u);
  EXPECT_EQ(peek32(*bytes, 40), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    const std::uint32_t at = peek32(*bytes, 44 + 4 * i);
    EXPECT_EQ(std::string(bytes->begin() + at, bytes->begin() + at + 4), "MxSt") << i;
  }
  expect_buffered(*bytes, 65536);
  const auto archive = open_or_fail(si_kind(), *bytes);
  ASSERT_NE(archive, nullptr);
  ASSERT_EQ(archive->entries().size(), 3u);
  EXPECT_EQ(archive->entries()[0].name, "waving_arm.ani");
  EXPECT_EQ(archive->entries()[1].name, "camera_flyby.ani");
  EXPECT_EQ(archive->entries()[2].name, "notes");
  EXPECT_TRUE(*archive->read(0) == waving);
  EXPECT_TRUE(*archive->read(1) == flyby);
  EXPECT_EQ(*archive->read(2), text_bytes("not an animation"));
}

// Data larger than what is left of a buffer is split: the first piece declares the whole length, each
// piece fills its buffer, and the pieces follow each other.
TEST(Si, LargeDataIsSplitAtBufferBoundaries) {
  const auto data = testing::pattern(1000, 0x11, 5);
  const auto bytes = write_si({{"long.ani", data, std::nullopt}}, SiLayout{kSiVersion22, 256, 4});
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  std::vector<Leaf> pieces;
  for (const Leaf& leaf : expect_buffered(*bytes, 256)) {
    if (leaf.id == "MxCh" && (peek16(*bytes, leaf.at + 8) & 0x02) == 0) pieces.push_back(leaf);
  }
  ASSERT_GE(pieces.size(), 4u);  // 1000 bytes need at least four 256-byte buffers
  std::uint32_t carried = 0;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    EXPECT_EQ(peek16(*bytes, pieces[i].at + 8), 0x10) << i;
    EXPECT_EQ(peek32(*bytes, pieces[i].at + 18), 1000 - carried) << i;  // bytes still to come
    carried += pieces[i].size - 14;
    if (i + 1 < pieces.size()) {
      EXPECT_EQ((pieces[i].at + 8 + pieces[i].size) % 256, 0u)
          << i;  // each piece but the last fills its buffer
    }
  }
  EXPECT_EQ(carried, 1000u);
  const auto archive = open_or_fail(si_kind(), *bytes);
  ASSERT_NE(archive, nullptr);
  EXPECT_EQ(*archive->read(0), data);
}

TEST(Si, UnchangedModelIsWrittenBackByteForByte) {
  const auto sample = testing::hand_laid_si();
  const auto model = open_or_fail(si_kind(), sample.bytes);
  ASSERT_NE(model, nullptr);
  const auto written = si_kind().write(kept_entries(*model), model.get());
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  EXPECT_TRUE(*written == sample.bytes);
}

// Replacing the animation lays the scene out again: the record, the sound's chunks and the order stay.
TEST(Si, ReplacingAnAnimationInAModel) {
  const auto sample = testing::hand_laid_si();
  const auto model = open_or_fail(si_kind(), sample.bytes);
  ASSERT_NE(model, nullptr);
  auto entries = kept_entries(*model);
  const auto longer = testing::pattern(3000, 0x11, 13);
  entries[1] = {"walk.ani", longer, std::nullopt};
  const auto written = si_kind().write(entries, model.get());
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  EXPECT_EQ(peek32(*written, 24), 1024u);
  const std::uint32_t stream_at = peek32(*written, 44);
  EXPECT_EQ(std::string(written->begin() + stream_at, written->begin() + stream_at + 4), "MxSt");
  const auto leaves = expect_buffered(*written, 1024);
  std::vector<std::uint32_t> objects;
  for (const Leaf& leaf : leaves) {
    if (leaf.id == "MxCh") objects.push_back(peek32(*written, leaf.at + 10));
  }
  // voice header, walk in four pieces (3000 bytes over 1024-byte buffers), voice samples, the two ends.
  EXPECT_EQ(objects, (std::vector<std::uint32_t>{1, 2, 2, 2, 2, 1, 2, 1}));
  const auto archive = open_or_fail(si_kind(), *written);
  ASSERT_NE(archive, nullptr);
  ASSERT_EQ(archive->entries().size(), 2u);
  EXPECT_EQ(archive->entries()[1].name, "walk.ani");
  EXPECT_EQ(*archive->read(0), concat(sample.format, sample.samples));
  EXPECT_EQ(*archive->read(1), longer);
  // Our layout is stable: laying the result out again changes nothing.
  const auto again = si_kind().write(decoded_entries(*archive), archive.get());
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_TRUE(*again == *written);
}

TEST(Si, FreshArchiveIsItsOwnLayout) {
  const auto first = write_si({{"a.ani", testing::pattern(700, 0x11, 3), std::nullopt},
                               {"b", text_bytes("bee"), std::nullopt},
                               {"empty", {}, std::nullopt}},
                              SiLayout{kSiVersion22, 256, 2});
  ASSERT_TRUE(first.ok()) << first.error().to_string();
  const auto archive = open_or_fail(si_kind(), *first);
  ASSERT_NE(archive, nullptr);
  ASSERT_EQ(archive->entries().size(), 3u);
  EXPECT_TRUE(archive->read(2)->empty());
  const auto again = si_kind().write(decoded_entries(*archive), archive.get());
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_TRUE(*again == *first);
}

TEST(Si, SharedNamesGetTheObjectId) {
  const auto bytes = write_si({{"x.ani", {1}, std::nullopt},
                               {"x.ani", {2}, std::nullopt},
                               {"y", {3}, std::nullopt},
                               {"y", {4}, std::nullopt},
                               {"z", {5}, std::nullopt}},
                              SiLayout{kSiVersion22, 256, 2});
  ASSERT_TRUE(bytes.ok());
  const auto archive = open_or_fail(si_kind(), *bytes);
  ASSERT_NE(archive, nullptr);
  std::vector<std::string> names;
  for (const Entry& entry : archive->entries()) names.push_back(entry.name);
  EXPECT_EQ(names, (std::vector<std::string>{"x#0.ani", "x#1.ani", "y#2", "y#3", "z"}));
}

TEST(Si, WhatTheWriterRefuses) {
  const auto model = open_or_fail(si_kind(), testing::hand_laid_si().bytes);
  ASSERT_NE(model, nullptr);
  const auto fails = [&](const std::vector<EntrySource>& entries, const std::string& text) {
    const auto written = si_kind().write(entries, model.get());
    ASSERT_FALSE(written.ok()) << text;
    EXPECT_NE(written.error().message.find(text), std::string::npos) << written.error().to_string();
  };
  auto added = kept_entries(*model);
  added.push_back({"new.ani", {1, 2}, std::nullopt});
  fails(added, "objects cannot be added or removed");
  auto renamed = kept_entries(*model);
  renamed[1].name = "run.ani";
  fails(renamed, "objects cannot be renamed or reordered");
  auto sound = kept_entries(*model);
  sound[0] = {"voice", {1, 2, 3}, std::nullopt};
  fails(sound, "only an object of one chunk (an animation, a model) can be replaced");
  // The sound's own bytes are no change at all.
  sound = decoded_entries(*model);
  EXPECT_TRUE(si_kind().write(sound, model.get()).ok());
  EXPECT_FALSE(write_si({{"a", {}, 0}}, SiLayout{}).ok());
  EXPECT_FALSE(write_si({{"a", {}, std::nullopt}}, SiLayout{kSiVersion22, 63, 2}).ok());
  EXPECT_FALSE(write_si({{"", {}, std::nullopt}}, SiLayout{}).ok());
  EXPECT_FALSE(write_si({{std::string(300, 'n'), {}, std::nullopt}}, SiLayout{kSiVersion22, 256, 2}).ok());
}

}  // namespace
}  // namespace bonebridge::archive
