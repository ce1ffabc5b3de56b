// SPDX-License-Identifier: MIT
// sedpd.pup with sed_pd.3do: one clip per key file the puppet names that is present, named by the key's stem,
// with the moves that play it; the absent sed_pdidle.key is named in a note. Expected values read from the
// .pup.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>

#include "bonebridge/formats/sith/key/bridge.hpp"
#include "bonebridge/formats/sith/pup/bridge.hpp"
#include "bonebridge/formats/sith/pup/codec.hpp"
#include "formats/sith/test_files.hpp"

namespace bonebridge::sith {
namespace {

using testing_support::load_key;
using testing_support::load_model;

std::vector<std::string> moves_of(const Clip& clip) {
  std::vector<std::string> moves;
  for (const auto& move : nlohmann::json::parse(clip.metadata.at(kPupMovesMetadata)))
    moves.push_back(fmt::format("{}:{}", move.at("mode").get<int>(), move.at("move").get<std::string>()));
  return moves;
}

TEST(PupBridge, OneClipPerPresentKeyWithItsMovesAndANoteForTheAbsentOne) {
  BONEBRIDGE_REQUIRE_SAMPLE(pup, "sith/ijim-sed-mod/sedpd.pup");
  const auto folder = pup.parent_path();
  const auto file = pup::read(testing::read_bytes(pup));
  ASSERT_TRUE(file.ok());
  const PuppetClass puppet = load_puppet(*file);
  std::vector<PuppetKey> keys;
  for (const auto& name : puppet_keys(puppet)) {
    PuppetKey key{name, std::nullopt, "absent in this test"};
    if (std::filesystem::exists(folder / name)) key.key = load_key(folder / name);
    keys.push_back(std::move(key));
  }
  const model::Document model = load_model(folder / "sed_pd.3do");
  const auto core = pup::to_core(puppet, keys, model, {});
  ASSERT_TRUE(core.ok()) << core.error().to_string();

  ASSERT_EQ(core->scene.clips.size(), 3u);
  EXPECT_EQ(core->scene.clips[0].name, "sed_pdgo");
  EXPECT_EQ(core->scene.clips[1].name, "sed_pdhit");
  EXPECT_EQ(core->scene.clips[2].name, "sed_pdstand");
  EXPECT_EQ(moves_of(core->scene.clips[0]),
            (std::vector<std::string>{"0:walk", "0:run", "0:walkback", "0:strafeleft", "0:straferight"}));
  EXPECT_EQ(moves_of(core->scene.clips[1]), (std::vector<std::string>{"0:death", "0:death2", "0:hit"}));
  EXPECT_EQ(moves_of(core->scene.clips[2]), (std::vector<std::string>{"7:stand"}));
  const auto hit = nlohmann::json::parse(core->scene.clips[1].metadata.at(kPupMovesMetadata)).at(2);
  EXPECT_EQ(hit.at("flags"), "0x28");
  EXPECT_EQ(hit.at("low"), 1);
  EXPECT_EQ(hit.at("high"), 4);

  // Each clip is the one its key alone converts to.
  const auto alone = key::to_core(*keys[2].key, &model, {});
  ASSERT_TRUE(alone.ok());
  EXPECT_EQ(core->scene.clips[1].duration, alone->scene.clips[0].duration);
  EXPECT_EQ(core->scene.clips[1].joints.size(), alone->scene.clips[0].joints.size());
  EXPECT_EQ(core->scene.skeleton.joints.size(), alone->scene.skeleton.joints.size());

  bool named = false;
  for (const auto& note : core->notes)
    named |=
        note.starts_with("sed_pdidle.key is left out") && note.find("stand (mode 0)") != std::string::npos;
  EXPECT_TRUE(named) << fmt::format("{}", fmt::join(core->notes, "\n"));
}

TEST(PupBridge, NoKeyPresentIsAnError) {
  const std::string text = "stand gone.key\n";
  const auto file = pup::read(std::vector<std::uint8_t>(text.begin(), text.end()));
  ASSERT_TRUE(file.ok());
  const auto core =
      pup::to_core(load_puppet(*file), {{"gone.key", std::nullopt, "not found"}}, model::Document{}, {});
  ASSERT_FALSE(core.ok());
  EXPECT_NE(core.error().message.find("gone.key"), std::string::npos);
}

}  // namespace
}  // namespace bonebridge::sith
