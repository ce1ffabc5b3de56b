// SPDX-License-Identifier: MIT
// The example files in examples/lego/ and the fuzz seeds in fuzz/corpus/lego_{ani,bridge}/ are our writer's
// output for documents built in code (fixtures.hpp). This test checks that the files in the tree are exactly
// what the writer produces now; with BONEBRIDGE_WRITE_EXAMPLES=1 in the environment it (re)writes them
// instead.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "bonebridge/formats/lego/ani/codec.hpp"
#include "formats/lego/fixtures.hpp"
#include "support/samples.hpp"

namespace bonebridge::lego::ani {
namespace {

struct GeneratedFile {
  const char* path;
  Document document;
};

Document quirks() {
  Document d;
  d.header.parse_scene = 3;  // any non-zero value means "camera block present"
  d.header.unused = 0;
  d.actors = {{"", 0}, {"X", 0xFFFFFFFFu}};
  d.duration = 0;
  d.camera = CameraScene{};
  d.root = Node{"", {{0, 0xFF, 0, 0, 0}}, {{0xFFFFFF, 0x02, 0, 0, 0, 0}}, {}, {{1, 0x80, 7}}, {}};
  d.trailing = {0xDE, 0xAD};
  return d;
}

std::vector<GeneratedFile> generated_files() {
  Document minimal;
  minimal.root.name = "-";
  return {{"examples/lego/waving_arm.ani", fixtures::waving_arm()},
          {"examples/lego/camera_flyby.ani", fixtures::camera_flyby()},
          {"examples/lego/stored_active.ani", fixtures::stored_active_rotation()},
          {"examples/lego/held_arm.ani", fixtures::held_arm()},
          {"examples/lego/long_camera_move.ani", fixtures::long_camera_move()},
          {"fuzz/corpus/lego_ani/waving_arm.ani", fixtures::waving_arm()},
          {"fuzz/corpus/lego_ani/camera_flyby.ani", fixtures::camera_flyby()},
          {"fuzz/corpus/lego_ani/minimal.ani", minimal},
          {"fuzz/corpus/lego_ani/quirks.ani", quirks()},
          {"fuzz/corpus/lego_ani/stored_active.ani", fixtures::stored_active_rotation()},
          {"fuzz/corpus/lego_ani/held_arm.ani", fixtures::held_arm()},
          {"fuzz/corpus/lego_bridge/waving_arm.ani", fixtures::waving_arm()},
          {"fuzz/corpus/lego_bridge/camera_flyby.ani", fixtures::camera_flyby()},
          {"fuzz/corpus/lego_bridge/quirks.ani", quirks()},
          {"fuzz/corpus/lego_bridge/stored_active.ani", fixtures::stored_active_rotation()},
          {"fuzz/corpus/lego_bridge/held_arm.ani", fixtures::held_arm()}};
}

TEST(LegoGeneratedFiles, TreeHoldsTheWritersOutput) {
  const bool regenerate = std::getenv("BONEBRIDGE_WRITE_EXAMPLES") != nullptr;
  for (const auto& file : generated_files()) {
    const auto path = bonebridge::testing::source_dir() / file.path;
    const auto bytes = write(file.document);
    if (regenerate) {
      std::ofstream(path, std::ios::binary)
          .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    EXPECT_EQ(bonebridge::testing::read_bytes(path), bytes)
        << path << " is stale; rerun with BONEBRIDGE_WRITE_EXAMPLES=1";
    const auto back = read(bytes);
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    EXPECT_EQ(*back, file.document) << path;
  }
}

}  // namespace
}  // namespace bonebridge::lego::ani
