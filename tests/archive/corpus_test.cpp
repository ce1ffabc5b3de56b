// SPDX-License-Identifier: MIT
// The fuzz seeds (fuzz/corpus/archive_*) are made by our writers. This test checks that each seed opens to
// the entries it was made from; with BONEBRIDGE_WRITE_CORPUS=1 it (re)writes them. (Not a byte comparison:
// the compressed seeds depend on the zlib release that made them.)
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>

#include "archive_support.hpp"
#include "bonebridge/archive/gob.hpp"
#include "bonebridge/archive/si.hpp"
#include "bonebridge/archive/vpp.hpp"
#include "si_sample.hpp"
#include "support/samples.hpp"

namespace bonebridge::archive {
namespace {

using testing::text_bytes;

struct Seed {
  const ArchiveKind* kind;
  std::vector<EntrySource> entries;
  std::vector<std::uint8_t> bytes;
};

std::vector<EntrySource> small_entries() {
  return {{"rig.rig_pc", text_bytes("a rig, a rig, a rig"), std::nullopt},
          {"empty.txt", {}, std::nullopt},
          {"walk.anim_pc", text_bytes("walk walk walk walk walk walk walk"), std::nullopt}};
}

std::vector<std::uint8_t> must(Result<std::vector<std::uint8_t>> bytes) {
  EXPECT_TRUE(bytes.ok()) << bytes.error().to_string();
  return bytes.ok() ? *bytes : std::vector<std::uint8_t>{};
}

std::map<std::string, Seed> seeds() {
  std::map<std::string, Seed> out;
  const auto vpp = [&](const std::string& name, const std::vector<EntrySource>& entries,
                       const VppLayout& layout) {
    out[name] = {&vpp_kind(), entries, must(write_vpp(entries, layout))};
  };
  vpp("archive_vpp/rfg.vpp_pc", small_entries(), kRfgVpp);
  vpp("archive_vpp/rfg.str2_pc", small_entries(), kRfgStr2);
  vpp("archive_vpp/rfg_zlib.vpp_pc", small_entries(), VppLayout{3, kVppCompressed, 2048, 9});
  vpp("archive_vpp/rfg_nested.vpp_pc",
      {{"inner.str2_pc", out["archive_vpp/rfg.str2_pc"].bytes, std::nullopt},
       {"containers.asm_pc", text_bytes("asm"), std::nullopt}},
      kRfgVpp);
  vpp("archive_vpp/sr2.vpp_pc", small_entries(), VppLayout{4, 0, 2048, 9});
  vpp("archive_vpp/srtt.str2_pc", small_entries(), VppLayout{6, kVppCompacted, 1, 9});
  vpp("archive_vpp/sriv_zlib.vpp_pc", small_entries(), VppLayout{10, kVppCompressed, 1, 9});
  vpp("archive_vpp/sriv_condensed.vpp_pc", small_entries(), VppLayout{10, kVppCondensed, 16, 9});
  const std::vector<EntrySource> gob_entries{{"3do/walk.3do", text_bytes("3DO 2.1"), std::nullopt},
                                             {"ui/empty.txt", {}, std::nullopt},
                                             {"misc/readme.txt", text_bytes("hello"), std::nullopt}};
  out["archive_gob/jk.gob"] = {&gob_kind(), gob_entries, must(write_gob(gob_entries))};
  // SI: a new archive in 256-byte buffers (its animation split over four), and the hand-laid scene.
  const std::vector<EntrySource> si_entries{{"walk.ani", testing::pattern(700, 0x11, 7), std::nullopt},
                                            {"notes", text_bytes("not an animation"), std::nullopt}};
  out["archive_si/fresh.si"] = {&si_kind(), si_entries,
                                must(write_si(si_entries, SiLayout{kSiVersion22, 256, 2}))};
  const auto scene = testing::hand_laid_si();
  std::vector<std::uint8_t> voice = scene.format;
  voice.insert(voice.end(), scene.samples.begin(), scene.samples.end());
  out["archive_si/scene.si"] = {
      &si_kind(), {{"voice", voice, std::nullopt}, {"walk.ani", scene.animation, std::nullopt}}, scene.bytes};
  return out;
}

TEST(ArchiveCorpus, SeedsAreOurWritersOutput) {
  const bool rewrite = std::getenv("BONEBRIDGE_WRITE_CORPUS") != nullptr;
  for (const auto& [name, seed] : seeds()) {
    const auto path = ::bonebridge::testing::source_dir() / "fuzz/corpus" / name;
    if (rewrite) {
      std::filesystem::create_directories(path.parent_path());
      std::ofstream(path, std::ios::binary)
          .write(reinterpret_cast<const char*>(seed.bytes.data()),
                 static_cast<std::streamsize>(seed.bytes.size()));
    }
    const auto archive = testing::open_or_fail(*seed.kind, ::bonebridge::testing::read_bytes(path));
    ASSERT_NE(archive, nullptr) << name;
    ASSERT_EQ(archive->entries().size(), seed.entries.size()) << name;
    for (std::size_t i = 0; i < seed.entries.size(); ++i) {
      const std::string expected_name =
          seed.kind == &gob_kind() ? gob_path(seed.entries[i].name) : seed.entries[i].name;
      EXPECT_EQ(archive->entries()[i].name, expected_name) << name;
      EXPECT_EQ(*archive->read(i), seed.entries[i].bytes) << name << " " << i;
    }
  }
}

}  // namespace
}  // namespace bonebridge::archive
