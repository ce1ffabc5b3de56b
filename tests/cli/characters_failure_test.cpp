// SPDX-License-Identifier: MIT
// A family whose search for characters fails (here: it throws) does not end the listing: every other family
// still lists what it finds, and the failure is a note naming the family (issue 33).
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/characters.hpp"
#include "bonebridge/services/install.hpp"
#include "tool.hpp"

namespace bonebridge {
namespace {

FormatFamily failing_family() {
  FormatFamily row;
  row.id = "failing";
  row.title = "A family that fails while finding characters";
  row.extensions = {".failing"};
  row.open = [](std::span<const std::uint8_t>, const Options&) -> Result<std::unique_ptr<Document>> {
    return Error{"failing", "never opens", {}, {}, {}};
  };
  row.find_characters = [](const InstallView&) -> CharacterList {
    throw std::runtime_error("its table is damaged");
  };
  return row;
}

class CharactersWithAFailingFamily : public testing::ToolTest {};

TEST_F(CharactersWithAFailingFamily, EveryOtherFamilyStillListsAndTheFailureIsANote) {
  ASSERT_TRUE(register_family(failing_family()));
  const auto walk = copy_example("lego/waving_arm.ani", "install/waving_arm.ani");
  const auto install = open_install(scratch("install").string());
  ASSERT_TRUE(install) << install.error().to_string();
  const CharacterList list = find_characters(**install);
  // The LEGO row still lists the walk (as a lone animation: no actor table here).
  ASSERT_EQ(list.lone.size(), 1u);
  EXPECT_EQ(list.lone[0].file, walk.string());
  const std::string failure =
      "A family that fails while finding characters: finding characters failed: its table is damaged";
  EXPECT_EQ(std::count(list.notes.begin(), list.notes.end(), failure), 1)
      << ::testing::PrintToString(list.notes);
}

}  // namespace
}  // namespace bonebridge
