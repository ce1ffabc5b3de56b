// SPDX-License-Identifier: MIT
// The fuzz seed corpora (fuzz/corpus/lba_*) and the example archives (examples/lba) are made by this
// project's writers from documents built in code. This test checks that each file is exactly what the
// writers produce now; with BONEBRIDGE_WRITE_CORPUS=1 it (re)writes them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/body/codec.hpp"
#include "bonebridge/formats/lba/hqr/codec.hpp"
#include "lba_test_data.hpp"
#include "support/samples.hpp"

namespace bonebridge::lba {
namespace {

std::map<std::string, std::vector<std::uint8_t>> seeds() {
  std::map<std::string, std::vector<std::uint8_t>> out;
  out["lba_anm/walk_like_7.anm"] = anm::write(test::walk_like(7));
  out["lba_anm/walk_like_2.anm"] = anm::write(test::walk_like(2));
  anm::Document odd = test::walk_like(3);
  odd.loop_frame = 40;
  odd.unused = 0xFFFF;
  odd.keyframes[1].duration = 0;
  odd.keyframes[2].groups[1].type = 7;
  out["lba_anm/odd_fields.anm"] = anm::write(odd);
  out["lba_body/tree_7.body"] = body::write(test::with_geometry(test::tree_body(7)));
  out["lba_body/tree_2.body"] = body::write(test::tree_body(2));
  body::Document still = test::with_geometry(test::tree_body(2));
  still.flags = 0;
  still.groups.clear();
  out["lba_body/static.body"] = body::write(still);
  body::Document broken = test::tree_body(3);
  broken.groups[2].parent = 5;         // not ×38
  broken.groups[1].pivot_point = 600;  // beyond the points
  broken.groups[0].first_point = 7;    // not ×6
  broken = test::with_geometry(broken);
  broken.geometry->polygons[0].vertices[0].point = 7;  // not ×6
  broken.geometry->polygons[1].normal = 900;           // no such normal
  broken.geometry->normals[0].range = 0;               // a divide by zero in the game
  out["lba_body/bad_fields.body"] = body::write(broken);
  const std::vector<std::uint8_t> text = {'w', 'a', 'l', 'k', ' ', 'w', 'a', 'l', 'k',
                                          ' ', 'w', 'a', 'l', 'k', ' ', 'r', 'u', 'n',
                                          ' ', 'r', 'u', 'n', ' ', 'r', 'u', 'n', '!'};
  out["lba_hqr/methods.hqr"] = hqr::write(build_hqr({text, std::nullopt, out["lba_anm/walk_like_7.anm"]}, 1));
  out["lba_hqr/lzmit.hqr"] = hqr::write(build_hqr({out["lba_body/tree_7.body"], text}, 2));
  hqr::Document shared = build_hqr({text}, 0);
  shared.slots = {0, 0, std::nullopt, 0};
  shared.blocks[0].hidden.push_back(encode_entry(text, 2));
  out["lba_hqr/shared_hidden.hqr"] = hqr::write(shared);
  return out;
}

// examples/lba: ANIM.HQR (LBA1, method 1) holds the generated walk with loop frames 0..3; BODY.HQR entry 0
// is the 7-group tree body it animates, with drawing data.
std::map<std::string, std::vector<std::uint8_t>> examples() {
  std::vector<std::optional<std::vector<std::uint8_t>>> animations;
  for (std::uint16_t loop = 0; loop < 4; ++loop) {
    anm::Document animation = test::walk_like(7);
    animation.loop_frame = loop;
    animation.unused = loop;
    animations.push_back(anm::write(animation));
  }
  return {{"ANIM.HQR", hqr::write(build_hqr(animations, 1))},
          {"BODY.HQR", hqr::write(build_hqr({body::write(test::with_geometry(test::tree_body(7)))}, 1))}};
}

void check_or_write(const std::filesystem::path& root,
                    const std::map<std::string, std::vector<std::uint8_t>>& files) {
  const bool rewrite = std::getenv("BONEBRIDGE_WRITE_CORPUS") != nullptr;
  for (const auto& [name, bytes] : files) {
    const auto path = root / name;
    if (rewrite) {
      std::filesystem::create_directories(path.parent_path());
      std::ofstream(path, std::ios::binary)
          .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    EXPECT_EQ(::bonebridge::testing::read_bytes(path), bytes) << name;
  }
}

TEST(LbaGeneratedFiles, FuzzSeedsAreWhatTheWritersProduce) {
  check_or_write(::bonebridge::testing::source_dir() / "fuzz/corpus", seeds());
}

TEST(LbaGeneratedFiles, ExamplesAreWhatTheWritersProduce) {
  check_or_write(::bonebridge::testing::source_dir() / "examples/lba", examples());
}

}  // namespace
}  // namespace bonebridge::lba
