// SPDX-License-Identifier: MIT
// The three Red Faction Guerrilla packfiles in ../shared/samples/volition/packfiles (from RFGM.Formats' test
// data): every entry, recursively into nested .str2_pc, against what RFGM.Formats itself unpacked from them;
// each written back unchanged; each rebuilt from its entries alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "archive_support.hpp"
#include "bonebridge/archive/vpp.hpp"
#include "rfgm_unpacked.hpp"
#include "sha256.hpp"
#include "support/samples.hpp"

namespace bonebridge::archive {
namespace {

using ::bonebridge::testing::kUnpacked;
using ::bonebridge::testing::Unpacked;
using testing::decoded_entries;
using testing::kept_entries;
using testing::open_or_fail;

constexpr const char* kSamples[] = {"dlc01_l1.vpp_pc", "dlcp01_activities.vpp_pc", "xray_effect.str2_pc"};

bool is_str2(const std::string& name) {
  return name.size() > 8 && name.ends_with(".str2_pc");
}

// Walks the archive and its nested .str2_pc, checking each entry against its row and counting the rows met.
void check_against_unpacked(const std::string& sample, const Archive& archive,
                            const std::string& index_prefix, const std::string& path_prefix,
                            std::size_t& met) {
  for (std::size_t i = 0; i < archive.entries().size(); ++i) {
    const Entry& entry = archive.entries()[i];
    const std::string index = index_prefix + std::to_string(i);
    const auto row = std::find_if(std::begin(kUnpacked), std::end(kUnpacked),
                                  [&](const Unpacked& u) { return u.archive == sample && u.index == index; });
    ASSERT_NE(row, std::end(kUnpacked))
        << sample << " entry " << index << " (" << entry.name << ") is not in RFGM's unpacked files";
    ++met;
    EXPECT_EQ(path_prefix + entry.name, row->path) << sample << " " << index;
    EXPECT_EQ(entry.size, row->size) << row->path;
    const auto bytes = archive.read(i);
    ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
    EXPECT_EQ(bytes->size(), row->size) << row->path;
    EXPECT_EQ(::bonebridge::testing::sha256(*bytes), row->sha256) << row->path;
    if (is_str2(entry.name)) {
      ASSERT_TRUE(vpp_kind().sniff(*bytes)) << row->path;
      const auto nested = open_or_fail(vpp_kind(), *bytes);
      ASSERT_NE(nested, nullptr);
      check_against_unpacked(sample, *nested, index + "/", path_prefix + entry.name + "/", met);
    }
  }
}

TEST(VppSamples, EveryEntryMatchesWhatRfgmFormatsUnpacked) {
  for (const std::string sample : kSamples) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/packfiles/" + sample);
    const auto archive = open_or_fail(vpp_kind(), ::bonebridge::testing::read_bytes(path));
    ASSERT_NE(archive, nullptr) << sample;
    std::size_t met = 0;
    check_against_unpacked(sample, *archive, "", "", met);
    const auto rows = std::count_if(std::begin(kUnpacked), std::end(kUnpacked),
                                    [&](const Unpacked& u) { return u.archive == sample; });
    EXPECT_EQ(met, static_cast<std::size_t>(rows)) << sample;
  }
}

// Each packfile and each nested .str2_pc, written with itself as the model, with every entry kept.
TEST(VppSamples, WrittenBackUnchangedIsByteIdentical) {
  for (const std::string sample : kSamples) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/packfiles/" + sample);
    const auto original = ::bonebridge::testing::read_bytes(path);
    const auto archive = open_or_fail(vpp_kind(), original);
    ASSERT_NE(archive, nullptr);
    const auto written = vpp_kind().write(kept_entries(*archive), archive.get());
    ASSERT_TRUE(written.ok()) << written.error().to_string();
    EXPECT_TRUE(*written == original) << sample;
    for (std::size_t i = 0; i < archive->entries().size(); ++i) {
      if (!is_str2(archive->entries()[i].name)) continue;
      const auto nested_bytes = archive->read(i);
      ASSERT_TRUE(nested_bytes.ok());
      const auto nested = open_or_fail(vpp_kind(), *nested_bytes);
      ASSERT_NE(nested, nullptr);
      const auto nested_written = vpp_kind().write(kept_entries(*nested), nested.get());
      ASSERT_TRUE(nested_written.ok()) << nested_written.error().to_string();
      EXPECT_TRUE(*nested_written == *nested_bytes) << sample << " entry " << i;
    }
  }
}

// Version 3 records carry a name hash at byte 12 (2048 + 28 i + 12): the game's files hold vpp_name_hash.
void expect_stored_hashes(const Archive& archive, const std::vector<std::uint8_t>& bytes,
                          const std::string& what) {
  for (std::size_t i = 0; i < archive.entries().size(); ++i) {
    EXPECT_EQ(testing::peek32(bytes, 2048 + 28 * i + 12), vpp_name_hash(archive.entries()[i].name))
        << what << " " << i;
    if (!is_str2(archive.entries()[i].name)) continue;
    const auto nested_bytes = archive.read(i);
    ASSERT_TRUE(nested_bytes.ok());
    const auto nested = open_or_fail(vpp_kind(), *nested_bytes);
    ASSERT_NE(nested, nullptr);
    expect_stored_hashes(*nested, *nested_bytes, what + ":" + archive.entries()[i].name);
  }
}

TEST(VppSamples, StoredHashesAreTheNameHash) {
  for (const std::string sample : kSamples) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/packfiles/" + sample);
    const auto bytes = ::bonebridge::testing::read_bytes(path);
    const auto archive = open_or_fail(vpp_kind(), bytes);
    ASSERT_NE(archive, nullptr);
    expect_stored_hashes(*archive, bytes, sample);
  }
}

TEST(VppSamples, LayoutsAreRfgsOwn) {
  const std::map<std::string, VppLayout> expected{
      {"dlc01_l1.vpp_pc", kRfgVpp}, {"dlcp01_activities.vpp_pc", kRfgVpp}, {"xray_effect.str2_pc", kRfgStr2}};
  for (const auto& [sample, layout] : expected) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/packfiles/" + sample);
    const auto archive = open_or_fail(vpp_kind(), ::bonebridge::testing::read_bytes(path));
    ASSERT_NE(archive, nullptr);
    EXPECT_EQ(vpp_layout(*archive), layout) << sample;
  }
}

// Bytes 0x16C-0x17B of a version 3 header are runtime pointers (dir, filenames, data, open count in the
// v_packfile struct, ThomasJepp.SaintsRow Version03) that Volition's packer left filled; nothing else
// distinguishes the game's files from what we build from their entries.
constexpr std::size_t kRuntimeFields = 0x16C;
constexpr std::size_t kRuntimeFieldsEnd = 0x17C;

void expect_same_but_runtime_fields(std::vector<std::uint8_t> built, std::vector<std::uint8_t> original,
                                    const std::string& what) {
  ASSERT_EQ(built.size(), original.size()) << what;
  ASSERT_GE(built.size(), kRuntimeFieldsEnd);
  EXPECT_TRUE(std::all_of(built.begin() + kRuntimeFields, built.begin() + kRuntimeFieldsEnd,
                          [](std::uint8_t b) { return b == 0; }));
  std::fill(original.begin() + kRuntimeFields, original.begin() + kRuntimeFieldsEnd, 0);
  EXPECT_TRUE(built == original) << what;
}

// A fresh archive from the entries alone (no model): a .str2_pc compacted at zlib level 9 with a sync flush
// after each entry reproduces Volition's stream exactly, and the packfile around it matches too.
TEST(VppSamples, RebuiltFromEntriesMatchesTheGamesFile) {
  for (const std::string sample : kSamples) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/packfiles/" + sample);
    const auto original = ::bonebridge::testing::read_bytes(path);
    const auto archive = open_or_fail(vpp_kind(), original);
    ASSERT_NE(archive, nullptr);
    const std::vector<EntrySource> entries = decoded_entries(*archive);
    const auto rebuilt = write_vpp(entries, is_str2(sample) ? kRfgStr2 : kRfgVpp);
    ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().to_string();
    expect_same_but_runtime_fields(*rebuilt, original, sample);
    for (const EntrySource& entry : entries) {
      if (!is_str2(entry.name)) continue;
      const auto nested = open_or_fail(vpp_kind(), entry.bytes);
      ASSERT_NE(nested, nullptr);
      const auto nested_rebuilt = write_vpp(decoded_entries(*nested), kRfgStr2);
      ASSERT_TRUE(nested_rebuilt.ok()) << nested_rebuilt.error().to_string();
      expect_same_but_runtime_fields(*nested_rebuilt, entry.bytes, sample + ":" + entry.name);
    }
  }
}

// Every entry of `archive`, recursively into .str2_pc, as "path" -> bytes.
void collect(const Archive& archive, const std::string& prefix,
             std::map<std::string, std::vector<std::uint8_t>>& out) {
  for (std::size_t i = 0; i < archive.entries().size(); ++i) {
    const auto bytes = archive.read(i);
    ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
    const std::string path = prefix + archive.entries()[i].name;
    out[path] = *bytes;
    if (!is_str2(path)) continue;
    const auto nested = open_or_fail(vpp_kind(), *bytes);
    ASSERT_NE(nested, nullptr);
    collect(*nested, path + "/", out);
  }
}

// pack_default/ holds the same packfiles as RFGM.Formats' packer writes them. They read back to the same
// entries. Against our fresh build of the same entries, the .vpp_pc differ only where RFGM writes its own
// text into the name fields (0x08-0x148; the game leaves zeros) and in the compressed size of an uncompressed
// archive (RFGM writes 0x00FFFFFF, the game and we 0xFFFFFFFF, so only byte 0x16B differs). The .str2_pc
// differs throughout its data: RFGM finishes the zlib stream (final block and Adler-32) after compressing
// with SharpZipLib, and is 6,835 bytes where the game's and ours are 6,825.
TEST(VppSamples, RfgmFormatsPackerOutputComparedWithOurs) {
  for (const std::string sample : kSamples) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/packfiles/" + sample);
    BONEBRIDGE_REQUIRE_SAMPLE(rfgm_path, "volition/packfiles/pack_default/" + sample);
    const auto original = open_or_fail(vpp_kind(), ::bonebridge::testing::read_bytes(path));
    const auto rfgm_bytes = ::bonebridge::testing::read_bytes(rfgm_path);
    const auto rfgm = open_or_fail(vpp_kind(), rfgm_bytes);
    ASSERT_NE(original, nullptr);
    ASSERT_NE(rfgm, nullptr);
    std::map<std::string, std::vector<std::uint8_t>> ours_entries, rfgm_entries;
    collect(*original, "", ours_entries);
    collect(*rfgm, "", rfgm_entries);
    EXPECT_TRUE(ours_entries == rfgm_entries) << sample;
    const auto ours = write_vpp(decoded_entries(*original), is_str2(sample) ? kRfgStr2 : kRfgVpp);
    ASSERT_TRUE(ours.ok());
    if (is_str2(sample)) {
      EXPECT_EQ(ours->size(), 6825u);
      EXPECT_EQ(rfgm_bytes.size(), 6835u);
      continue;
    }
    ASSERT_EQ(ours->size(), rfgm_bytes.size());
    for (std::size_t i = 0; i < ours->size(); ++i) {
      const bool rfgm_text = i >= 0x08 && i < 0x149;
      if (!rfgm_text && i != 0x16B) {
        EXPECT_EQ((*ours)[i], rfgm_bytes[i]) << sample << " byte " << i;
      }
    }
    EXPECT_EQ(testing::peek32(*ours, 0x168), 0xFFFFFFFFu);
    EXPECT_EQ(testing::peek32(rfgm_bytes, 0x168), 0x00FFFFFFu);
  }
}

}  // namespace
}  // namespace bonebridge::archive
