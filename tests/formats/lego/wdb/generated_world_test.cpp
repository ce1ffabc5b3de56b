// SPDX-License-Identifier: MIT
// examples/lego_world/WORLD.WDB is our WDB writer's output for the hand-laid world of the WDB tests (read,
// then written): worlds with part and model blobs, textured LOD lists and a '^' texture pair. The CLI's verb
// matrix (tests/robustness/verb_matrix.py) runs every verb on it. It lives in a folder of its own so that the
// examples' batches (scripts/examples.sh) stay the animations they are. This test checks that the file in the
// tree is exactly what the writer produces now; with BONEBRIDGE_WRITE_EXAMPLES=1 in the environment it
// (re)writes it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "bonebridge/formats/lego/wdb/codec.hpp"
#include "hand_laid.hpp"
#include "support/samples.hpp"

namespace bonebridge::lego::wdb {
namespace {

TEST(WdbGeneratedFiles, ExampleWorldIsTheWritersOutput) {
  const auto laid = test::hand_laid_wdb();
  const auto document = read(laid);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  ASSERT_TRUE(writable(*document).empty());
  const auto bytes = write(*document);
  EXPECT_EQ(bytes, laid);  // the writer lays the world out as the loaders read it
  const auto path = bonebridge::testing::source_dir() / "examples/lego_world/WORLD.WDB";
  if (std::getenv("BONEBRIDGE_WRITE_EXAMPLES") != nullptr) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  EXPECT_EQ(bonebridge::testing::read_bytes(path), bytes)
      << path << " is stale; rerun with BONEBRIDGE_WRITE_EXAMPLES=1";
}

}  // namespace
}  // namespace bonebridge::lego::wdb
