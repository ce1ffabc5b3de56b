// SPDX-License-Identifier: MIT
// Template sections resolved as sithTemplate_CreateEntry (OpenJKDF2 src/World/sithTemplate.c) does; expected
// values worked out by hand from the lines below.
#include <gtest/gtest.h>

#include "bonebridge/formats/sith/world/templates.hpp"

namespace bonebridge::sith {
namespace {

// Modelled on TDiR's static.jkl (`botbase _botactor ... puppet=ky2.pup`, `+roshibot botbase ...`).
const char* const kStatic =
    "SECTION: TEMPLATES\n"
    "World templates 5\n"
    "#Name:          Based On:        Params:\n"
    "_botactor  none      type=actor health=40.00 Mass=150  # trailing comment\n"
    "botbase    _botactor type=player model3d=ky.3do puppet=ky2.pup health=100\n"
    "+roshibot  botbase   type=actor model3d=roshi.3do\n"
    "+weapon    _weapon   damage=13\n"
    "ghostly    none      model3d=g.3do\n"
    "end\n"
    "SECTION: THINGS\n";

const char* const kLevel =
    "World templates 3\n"
    "botbase   none   type=cog\n"
    "+late     +later type=actor\n"
    "+later    none   type=actor\n"
    "+extra    none   type=actor\n"
    "end\n";

TEST(SithTemplates, BaseChainsResolveAsTheEngineDoes) {
  const auto section = read_template_section(kStatic);
  ASSERT_TRUE(section.present);
  EXPECT_EQ(section.capacity, 5u);
  ASSERT_EQ(section.lines.size(), 5u);
  EXPECT_EQ(section.lines[0].line, 4u);
  const auto world =
      resolve_templates({{"static.jkl", section}, {"level.jkl", read_template_section(kLevel)}});
  // _botactor, botbase, +roshibot from static (+weapon: no base and no type; ghostly: no type); then the
  // level's +late, +later and +extra (its botbase is already defined, so it neither loads nor counts to the
  // capacity).
  std::vector<std::string> names;
  for (const auto& t : world.templates) names.push_back(t.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"_botactor", "botbase", "+roshibot", "+late", "+later", "+extra"}));
  const auto& roshi = world.templates[2];
  EXPECT_EQ(roshi.chain, (std::vector<std::string>{"botbase", "_botactor"}));
  EXPECT_EQ(roshi.parameters.at("type"), "actor");                // its own wins over botbase's player
  EXPECT_EQ(roshi.parameters.at("puppet"), "ky2.pup");            // from botbase
  EXPECT_EQ(roshi.parameters.at("model3d"), "roshi.3do");         // its own
  EXPECT_EQ(roshi.parameters.at("health"), "100");                // botbase's over _botactor's
  EXPECT_EQ(roshi.parameters.at("mass"), "150");                  // lowercased as the engine reads it
  EXPECT_EQ(world.templates[1].parameters.at("type"), "player");  // the level's botbase does not replace it
  EXPECT_TRUE(world.templates[3].chain.empty());                  // +late's base comes after it
  const std::string notes = [&] {
    std::string all;
    for (const auto& n : world.notes) all += n + "\n";
    return all;
  }();
  EXPECT_NE(notes.find("static.jkl line 7: base _weapon of +weapon is not defined"), std::string::npos)
      << notes;
  EXPECT_NE(notes.find("static.jkl line 8: template ghostly has no type"), std::string::npos) << notes;
  EXPECT_NE(notes.find("level.jkl line 2: template botbase is already defined"), std::string::npos) << notes;
  EXPECT_NE(notes.find("level.jkl line 3: base +later of +late is defined only at line 4"), std::string::npos)
      << notes;
}

TEST(SithTemplates, CapacityDropsTheRest) {
  const auto world = resolve_templates(
      {{"a.ndy", read_template_section("World templates 1\na none type=actor\nb none type=actor\nend\n")}});
  ASSERT_EQ(world.templates.size(), 1u);
  ASSERT_EQ(world.notes.size(), 1u);
  EXPECT_NE(world.notes[0].find("past the section's capacity of 1"), std::string::npos);
}

TEST(SithTemplates, AFileWithoutTheSectionHasNone) {
  EXPECT_FALSE(read_template_section("SECTION: THINGS\nWorld things 3\nend\n").present);
}

}  // namespace
}  // namespace bonebridge::sith
