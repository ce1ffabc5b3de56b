// SPDX-License-Identifier: MIT
// What the game makes of a .pup (sithAnimClass_LoadPupEntry): expected values read by eye from sedpd.pup and
// from hand-written files.
#include <gtest/gtest.h>

#include <string>

#include "bonebridge/formats/sith/pup/codec.hpp"
#include "bonebridge/formats/sith/pup/engine.hpp"
#include "support/samples.hpp"

namespace bonebridge::sith {
namespace {

PuppetClass puppet_of(const std::string& text) {
  auto file = pup::read(std::vector<std::uint8_t>(text.begin(), text.end()));
  EXPECT_TRUE(file.ok());
  return load_puppet(file.ok() ? *file : pup::Document{});
}

TEST(PupEngine, TheSamplesModesMovesAndJoints) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/ijim-sed-mod/sedpd.pup");
  const auto file = pup::read(testing::read_bytes(path));
  ASSERT_TRUE(file.ok());
  const PuppetClass puppet = load_puppet(*file);
  // Nine rows under Mode=0 and one (stand) under Mode=7.
  ASSERT_EQ(puppet.rows.size(), 10u);
  EXPECT_EQ(puppet.rows[0].move, "stand");
  EXPECT_EQ(puppet.rows[0].key, "sed_pdidle.key");
  EXPECT_EQ(puppet.rows[0].line, 4u);
  const PuppetMove& hit = puppet.rows[8];
  EXPECT_EQ(hit.move, "hit");
  EXPECT_EQ(hit.flags, 0x28u);
  EXPECT_EQ(hit.low_priority, 1);
  EXPECT_EQ(hit.high_priority, 4);
  EXPECT_EQ(puppet.rows[9].mode, 7);
  EXPECT_EQ(puppet.rows[9].key, "sed_pdstand.key");
  EXPECT_EQ(puppet.rows[9].flags, 0x10u);
  // Modes 0 to 23; mode 7 is mode 0 with its own stand.
  EXPECT_EQ(puppet.modes.size(), 24u);
  EXPECT_EQ(puppet.modes.at(7).at("stand").key, "sed_pdstand.key");
  EXPECT_EQ(puppet.modes.at(7).at("walk").key, "sed_pdgo.key");
  EXPECT_EQ(puppet.modes.at(1).at("stand").key, "sed_pdidle.key");
  EXPECT_TRUE(puppet.modes.at(8).empty());  // Mode=8 is based on nothing
  EXPECT_EQ(puppet.joints, (std::map<int, int>{{0, 3}}));
  EXPECT_EQ(puppet_keys(puppet),
            (std::vector<std::string>{"sed_pdidle.key", "sed_pdgo.key", "sed_pdhit.key", "sed_pdstand.key"}));
}

TEST(PupEngine, DefaultsAndTheFlagsThatAFailedScanKeeps) {
  const PuppetClass puppet = puppet_of(
      "walk a.key 0x41 3\n"  // hi defaults to lo
      "run b.key zz 2 5\n"   // %x fails on "zz": the previous row's flags stay
      "fall c.key\n"         // no flags, no priorities
      "hit none 0x4 1 1\n");
  ASSERT_EQ(puppet.rows.size(), 4u);
  EXPECT_EQ(puppet.rows[0].flags, 0x41u);
  EXPECT_EQ(puppet.rows[0].high_priority, 3);
  EXPECT_EQ(puppet.rows[1].flags, 0x41u);
  EXPECT_EQ(puppet.rows[1].high_priority, 5);
  EXPECT_EQ(puppet.rows[2].flags, 0u);
  EXPECT_EQ(puppet.rows[2].low_priority, 0);
  EXPECT_EQ(puppet_keys(puppet), (std::vector<std::string>{"a.key", "b.key", "c.key"}));  // "none" is no key
}

TEST(PupEngine, BasedOnCopiesTheModeAsItStandsAndCaseIsTheEngines) {
  const PuppetClass puppet = puppet_of(
      "MODE=0\n"
      "Walk Walk.KEY\n"
      "mode=1, basedon=0\n"
      "mode=0\n"
      "run run.key   # added to mode 0 after mode 1 copied it\n"
      "stand WALK.key\n"
      "joints\n"
      "1=4\n"
      "12=2   # body parts from 10 are not kept\n"
      "end\n"
      "stand other.key\n");
  EXPECT_EQ(puppet.modes.at(1).size(), 1u);
  EXPECT_EQ(puppet.modes.at(1).at("walk").key, "Walk.KEY");
  EXPECT_EQ(puppet.modes.at(0).at("stand").key, "other.key");  // the later row replaces the earlier
  EXPECT_EQ(puppet.joints, (std::map<int, int>{{1, 4}}));
  EXPECT_EQ(puppet_keys(puppet), (std::vector<std::string>{"Walk.KEY", "run.key", "other.key"}));
}

}  // namespace
}  // namespace bonebridge::sith
