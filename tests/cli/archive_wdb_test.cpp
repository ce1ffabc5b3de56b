// SPDX-License-Identifier: MIT
// WORLD.WDB browsed from the command line (issue 24): `ls` lists a part as <part>.wdb, and the address names
// it by the part's own name as the issue words it (WORLD.WDB:head) or as listed (WORLD.WDB:head.wdb); both
// give the same glb. The WDB is the hand-laid one of the LEGO tests (laid out from the decompiled loaders).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

#include "formats/lego/wdb/hand_laid.hpp"
#include "tool.hpp"

namespace bonebridge {
namespace {

class WdbCli : public testing::ToolTest {
 protected:
  std::string world() const {
    const auto path = scratch("WORLD.WDB");
    const auto bytes = lego::wdb::test::hand_laid_wdb();
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return path.string();
  }
};

TEST_F(WdbCli, APartIsAddressedByItsOwnNameOrAsListed) {
  const std::string wdb = world();
  const auto listing = run({"ls", "--json", wdb});
  ASSERT_EQ(listing.code, 0) << listing.err;
  const auto entries = nlohmann::json::parse(listing.out);
  ASSERT_FALSE(entries.empty());
  EXPECT_EQ(entries[0]["path"], wdb + ":head.wdb") << listing.out;

  const auto by_name = run({"convert", wdb + ":head", scratch("by_name.glb").string()});
  ASSERT_EQ(by_name.code, 0) << by_name.err;
  const auto as_listed = run({"convert", wdb + ":head.wdb", scratch("as_listed.glb").string()});
  ASSERT_EQ(as_listed.code, 0) << as_listed.err;
  const auto glb = testing::read_bytes(scratch("by_name.glb"));
  EXPECT_FALSE(glb.empty());
  EXPECT_EQ(glb, testing::read_bytes(scratch("as_listed.glb")));

  // A world's stored blob keeps its full name; a name no entry has is an error that points at `ls`.
  const auto missing = run({"convert", wdb + ":hand", scratch("none.glb").string()});
  EXPECT_NE(missing.code, 0);
  EXPECT_NE(missing.err.find("no entry named \"hand\""), std::string::npos) << missing.err;
}

// A WORLD.WDB given with --world that does not parse is named in the error, not the clip it dresses (found in
// session 5: the error named the .ani, or the .bvh when retargeting).
TEST_F(WdbCli, ABrokenWorldCompanionIsNamedInTheError) {
  const auto clip = copy_example("lego/waving_arm.ani", "waving_arm.ani");
  const auto broken = scratch("broken.wdb");
  testing::write_text(broken, "garbage!");
  const auto run =
      this->run({"convert", clip.string(), scratch("out.glb").string(), "--world", broken.string()});
  EXPECT_EQ(run.code, 1);
  EXPECT_EQ(run.err.rfind("bonebridge: error: " + broken.string() + ": LEGO Island WORLD.WDB: at byte 4", 0),
            0u)
      << run.err;
  EXPECT_FALSE(std::filesystem::exists(scratch("out.glb")));
}

}  // namespace
}  // namespace bonebridge
