// SPDX-License-Identifier: MIT
// A hand-made install in RFG's layout, written by our own writers: table.vpp_pc with a hand-written character
// table and two skeleton-set tables (a child overriding its parent's "walk"), and humans.vpp_pc holding
// hero.str2_pc with the rig and two animations and a manifest. find_characters must give the character its
// rig and one animation per state, each of which converts with that rig.
#include <gtest/gtest.h>

#include "bonebridge/archive/vpp.hpp"
#include "bonebridge/formats/volition/anim/bridge.hpp"
#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/family.hpp"
#include "bonebridge/formats/volition/rig/bridge.hpp"
#include "bonebridge/formats/volition/rig/codec.hpp"
#include "fake_install.hpp"

namespace bonebridge::volition {
namespace {

std::vector<std::uint8_t> text_bytes(std::string_view text) {
  return {text.begin(), text.end()};
}

Skeleton hero_skeleton() {
  Skeleton skeleton;
  skeleton.joints = {{"root", -1, {}}, {"pelvis", 0, {{0, 1, 0}, {}, {1, 1, 1}}}};
  return skeleton;
}

// The pelvis slides `distance` along X over one second.
std::vector<std::uint8_t> hero_anim(const rig::Document& rig, double distance) {
  Clip clip;
  clip.name = "clip";
  clip.duration = 1.0;
  JointChannels pelvis;
  pelvis.joint = 1;
  pelvis.translation = Channel<Vec3>{Interpolation::Linear, {0, 1}, {{0, 1, 0}, {distance, 1, 0}}};
  clip.joints = {pelvis};
  auto encoded = anim::from_core(clip, hero_skeleton(), rig, {});
  EXPECT_TRUE(encoded.ok()) << encoded.error().to_string();
  return encoded.ok() ? anim::write(encoded->document) : std::vector<std::uint8_t>{};
}

std::vector<std::uint8_t> packfile(std::vector<archive::EntrySource> entries,
                                   const archive::VppLayout& layout) {
  auto bytes = archive::write_vpp(entries, layout);
  EXPECT_TRUE(bytes.ok()) << bytes.error().to_string();
  return bytes.ok() ? *bytes : std::vector<std::uint8_t>{};
}

constexpr std::string_view kCharacters =
    "<root><Table>\n<Character><Name>Hero</Name><Model><Filename>hero.cmeshx</Filename></Model>"
    "<Anim_Set>Hero.xtbl</Anim_Set><Rig><Filename>Hero.rigx</Filename></Rig></Character>\n</Table></root>";
constexpr std::string_view kHeroSet =
    "<root><Table><Skeleton_Set><Name>Hero</Name><Parent_Skeleton>Base</Parent_Skeleton><Groups><Group>"
    "<group>Default</group><States><State><ID>walk</ID><Animation><Filename>hero_walk.animx</Filename>"
    "</Animation></State></States></Group></Groups></Skeleton_Set></Table></root>";
constexpr std::string_view kBaseSet =
    "<root><Table><Skeleton_Set><Name>Base</Name><Groups><Group><group>Default</group><States>"
    "<State><ID>walk</ID><Animation><Filename>base_walk.animx</Filename></Animation></State>"
    "<State><ID>run</ID><Animation><Filename>hero_run</Filename></Animation></State>"
    "</States></Group></Groups></Skeleton_Set></Table></root>";

TEST(RfgInstall, ACharacterWithItsRigAndAnimationsInAStreamContainerIsConvertible) {
  const rig::Document rig = rig::from_core(hero_skeleton(), PointerWidth::Four)->value;
  const auto rig_bytes = rig::write(rig);
  const auto str2 = packfile({{"Hero.rig_pc", rig_bytes, {}},
                              {"hero_walk.anim_pc", hero_anim(rig, 0.5), {}},
                              {"hero_run.anim_pc", hero_anim(rig, 2.0), {}}},
                             archive::kRfgStr2);
  testing::FakeInstall install("install");
  ASSERT_TRUE(install.add_packfile("table.vpp_pc", packfile({{"character.xtbl", text_bytes(kCharacters), {}},
                                                             {"hero.xtbl", text_bytes(kHeroSet), {}},
                                                             {"base.xtbl", text_bytes(kBaseSet), {}}},
                                                            archive::kRfgVpp)));
  ASSERT_TRUE(
      install.add_packfile("humans.vpp_pc", packfile({{"hero.str2_pc", str2, {}}}, archive::kRfgVpp)));

  const auto list = family().find_characters(install);
  EXPECT_TRUE(list.notes.empty());
  ASSERT_EQ(list.characters.size(), 1u);
  const auto& hero = list.characters[0];
  EXPECT_EQ(hero.name, "Hero");
  EXPECT_EQ(hero.defined_by, "table.vpp_pc:character.xtbl line 2");
  EXPECT_EQ(hero.model, "humans.vpp_pc:hero.str2_pc:Hero.rig_pc");
  EXPECT_EQ(hero.settings.at("rig"), hero.model);  // what `batch --characters` gives the animations as --rig
  EXPECT_TRUE(hero.missing.empty()) << hero.missing.front();
  ASSERT_EQ(hero.animations.size(), 2u);
  EXPECT_EQ(hero.animations[0].name, "walk");  // Hero's own walk replaces Base's
  EXPECT_EQ(hero.animations[0].file, "humans.vpp_pc:hero.str2_pc:hero_walk.anim_pc");
  EXPECT_EQ(hero.animations[1].name, "run");
  EXPECT_EQ(hero.animations[1].file, "humans.vpp_pc:hero.str2_pc:hero_run.anim_pc");
  EXPECT_TRUE(list.lone.empty());

  // Each state's animation opens against the character's rig and converts.
  const auto* model = install.find("Hero.rig_pc");
  ASSERT_NE(model, nullptr);
  Options options{{{"rig", hero.model}}};
  options.companions["rig"] = *install.read(*model);
  for (const auto& animation : hero.animations) {
    const auto* file = install.find(animation.file.substr(animation.file.rfind(':') + 1));
    ASSERT_NE(file, nullptr);
    const auto bytes = install.read(*file);
    ASSERT_TRUE(bytes.ok());
    const auto document = open_volition(*bytes, options);
    ASSERT_TRUE(document.ok()) << document.error().to_string();
    const auto core = (*document)->to_core(options);
    ASSERT_TRUE(core.ok()) << animation.name << ": " << core.error().to_string();
    EXPECT_EQ(core->scene.skeleton.joints.size(), 2u) << animation.name;
    EXPECT_EQ(core->scene.clips.size(), 1u) << animation.name;
  }
}

}  // namespace
}  // namespace bonebridge::volition
