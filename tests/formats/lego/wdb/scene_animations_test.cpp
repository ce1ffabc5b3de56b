// SPDX-License-Identifier: MIT
// Animations the game plays on an actor besides its walk cycles (scene_animations.hpp): a <world>inf.dta laid
// out by hand here from LegoAnimationManager::ReadAnimInfo / ReadModelInfo (isledecomp/isle @ 2614373c,
// legoanimationmanager.cpp:757-850), not by any writer of ours; SNDANIM.SI's click objects AnimC1..AnimC4
// (sndanim_actions.h); scene objects named <name>_Anim (isle_actions.h); and the real pns065rd.ani, whose
// actor list names RD and PG with type 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstring>
#include <map>

#include "bonebridge/formats/lego/wdb/characters.hpp"
#include "bonebridge/formats/lego/wdb/world_info.hpp"
#include "support/samples.hpp"

namespace bonebridge::lego::wdb {
namespace {

using Bytes = std::vector<std::uint8_t>;

void u8(Bytes& out, std::uint8_t v) {
  out.push_back(v);
}
void u16(Bytes& out, std::uint16_t v) {
  for (int i = 0; i < 2; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void u32(Bytes& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void f32(Bytes& out, float v) {
  u32(out, std::bit_cast<std::uint32_t>(v));
}
void name(Bytes& out, std::string_view text) {
  u8(out, static_cast<std::uint8_t>(text.size()));
  out.insert(out.end(), text.begin(), text.end());
}

// ModelInfo: name, u8, location, direction, up (f32 x 3 each), u8.
void model(Bytes& out, std::string_view model_name, float x) {
  name(out, model_name);
  u8(out, 1);
  for (const float v : {x, 0.0f, 5.0f, 0.0f, 0.0f, 1.0f, 0.0f, 1.0f, 0.0f}) f32(out, v);
  u8(out, 0);
}

// AnimInfo: name, u32 object id, s16 location, 4 x u8, 4 x f32, u8 model count, the models.
void animation(Bytes& out, std::string_view anim_name, std::uint32_t object, std::int16_t location,
               const std::vector<std::string_view>& models) {
  name(out, anim_name);
  u32(out, object);
  u16(out, static_cast<std::uint16_t>(location));
  for (const int v : {1, 0, 2, 3}) u8(out, static_cast<std::uint8_t>(v));
  for (const float v : {0.5f, 1.0f, 1.5f, 2.0f}) f32(out, v);
  u8(out, static_cast<std::uint8_t>(models.size()));
  for (std::size_t i = 0; i < models.size(); ++i) model(out, models[i], static_cast<float>(i));
}

// isleinf.dta: version 3, two animations: pns065rd (object 593, anywhere) with RD, PG and a bike;
// sba001bu (object 351, location 4) with bu and a model named like no actor.
Bytes world_info() {
  Bytes out;
  u32(out, 3);
  u16(out, 2);
  animation(out, "pns065rd", 593, -1, {"rd", "BIKERD", "pg"});
  animation(out, "sba001bu", 351, 4, {"bu", "chair"});
  return out;
}

// The offset of the second animation's name length byte in world_info(): version and count (6), then the
// first animation: name (1 + 8), object (4), location (2), bytes (4), floats (16), count (1), three models of
// 1 + name + 1 + 36 + 1 bytes each (names of 2, 6 and 2 letters).
constexpr std::size_t kSecondAnimation = 6 + 9 + 4 + 2 + 4 + 16 + 1 + (41 + 45 + 41);

TEST(WorldInfo, ReadsTheAnimationsAndTheirModelsAsTheGameDoes) {
  const auto info = read_world_info(world_info());
  ASSERT_TRUE(info.ok()) << info.error().to_string();
  ASSERT_EQ(info->animations.size(), 2u);
  const auto& first = info->animations[0];
  EXPECT_EQ(first.name, "pns065rd");
  EXPECT_EQ(first.object_id, 593u);
  EXPECT_EQ(first.location, -1);
  EXPECT_EQ(first.unknown_10[3], 2.0f);
  ASSERT_EQ(first.models.size(), 3u);
  EXPECT_EQ(first.models[1].name, "BIKERD");
  EXPECT_EQ(first.models[1].location[0], 1.0f);
  EXPECT_EQ(first.models[2].up[1], 1.0f);
  EXPECT_EQ(info->animations[1].offset, kSecondAnimation);
  EXPECT_EQ(info->animations[1].location, 4);
  EXPECT_EQ(info->animations[1].models[1].name, "chair");
}

TEST(WorldInfo, AnotherVersionOrACutRecordIsAnErrorAtItsOffset) {
  auto bytes = world_info();
  bytes[0] = 2;
  const auto old = read_world_info(bytes);
  ASSERT_FALSE(old.ok());
  EXPECT_NE(old.error().message.find("expected version 3"), std::string::npos) << old.error().message;
  EXPECT_EQ(old.error().offset, std::optional<std::uint64_t>(0));

  bytes = world_info();
  bytes.resize(kSecondAnimation + 10);  // inside the second animation's object id
  const auto cut = read_world_info(bytes);
  ASSERT_FALSE(cut.ok());
  EXPECT_NE(cut.error().message.find("animation 1 of 2 (at byte " + std::to_string(kSecondAnimation) + ")"),
            std::string::npos)
      << cut.error().message;
}

class FakeInstall final : public InstallView {
 public:
  void add(const std::string& path, Bytes bytes, const std::string& root = "install") {
    files_.push_back({root == "install" ? path : root + ":" + path, path, key_of(path), root, bytes.size()});
    contents_.push_back(std::move(bytes));
  }
  const std::string& origin() const override { return origin_; }
  const std::vector<InstallFile>& files() const override { return files_; }
  const InstallFile* find(std::string_view path, const InstallFile*) const override {
    const std::string key = key_of(path);
    for (const auto& file : files_)
      if (file.key == key || file.key.ends_with("/" + key)) return &file;
    return nullptr;
  }
  std::vector<const InstallFile*> with_extension(std::string_view extension) const override {
    std::vector<const InstallFile*> out;
    for (const auto& file : files_)
      if (file.key.ends_with(key_of(extension))) out.push_back(&file);
    return out;
  }
  Result<Bytes> read(const InstallFile& file) const override {
    return contents_[static_cast<std::size_t>(&file - files_.data())];
  }
  std::shared_ptr<const NearbyFiles> nearby() const override { return nullptr; }

 private:
  static std::string key_of(std::string_view path) {
    std::string key;
    for (const char c : path)
      key += c == '\\' ? '/' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return key;
  }
  std::string origin_ = "install";
  std::vector<InstallFile> files_;
  std::vector<Bytes> contents_;
};

const Character& named(const CharacterList& list, const std::string& name) {
  const auto it = std::find_if(list.characters.begin(), list.characters.end(),
                               [&](const Character& c) { return c.name == name; });
  EXPECT_NE(it, list.characters.end()) << name;
  return *it;
}

const CharacterAnimation* animation_named(const Character& actor, const std::string& name) {
  const auto it = std::find_if(actor.animations.begin(), actor.animations.end(),
                               [&](const CharacterAnimation& a) { return a.name == name; });
  return it == actor.animations.end() ? nullptr : &*it;
}

TEST(LegoSceneAnimations, AWorldIndexPutsEachAnimationOnTheActorsItsModelsName) {
  FakeInstall install;
  install.add("LEGO/data/WORLD.WDB", {});
  install.add("LEGO/data/isleinf.dta", world_info());
  install.add("LEGO/Scripts/Isle/ISLE.SI", {});
  install.add("pns065rd_Anim.ani", {}, "LEGO/Scripts/Isle/ISLE.SI");
  const CharacterList list = find_characters(install);
  ASSERT_EQ(list.characters.size(), 66u);
  for (const std::string actor : {"rd", "pg"}) {
    const auto* scene = animation_named(named(list, actor), "pns065rd");
    ASSERT_NE(scene, nullptr) << actor;
    EXPECT_EQ(scene->file, "LEGO/Scripts/Isle/ISLE.SI:pns065rd_Anim.ani");
    EXPECT_EQ(scene->extras.at("lego.world_info"),
              R"({"entry":0,"index":"LEGO/data/isleinf.dta","location":-1,"object":593})");
  }
  // sba001bu is not in the install: bu lists it as missing; "chair" and "BIKERD" are no actors.
  const Character& bu = named(list, "bu");
  EXPECT_EQ(animation_named(bu, "sba001bu"), nullptr);
  EXPECT_NE(std::find(bu.missing.begin(), bu.missing.end(),
                      "scene animation sba001bu_Anim.ani (object 351 of LEGO/data/isleinf.dta, entry 1)"),
            bu.missing.end());
  EXPECT_EQ(animation_named(named(list, "pepper"), "pns065rd"), nullptr);
  EXPECT_TRUE(list.lone.empty());
  EXPECT_TRUE(list.notes.empty()) << list.notes.front();
}

TEST(LegoSceneAnimations, EveryActorCanPlayTheFourClickAnimations) {
  FakeInstall install;
  install.add("LEGO/data/WORLD.WDB", {});
  install.add("LEGO/Scripts/SNDANIM.SI", {});
  for (const char* object : {"AnimC1.ani", "AnimC2.ani", "AnimC4.ani"})
    install.add(object, {}, "LEGO/Scripts/SNDANIM.SI");
  const CharacterList list = find_characters(install);
  for (const std::string actor : {"pepper", "ghost01", "actor_05"}) {
    const Character& character = named(list, actor);
    const auto* click = animation_named(character, "click 1 (m_move 0)");
    ASSERT_NE(click, nullptr) << actor;
    EXPECT_EQ(click->file, "LEGO/Scripts/SNDANIM.SI:AnimC1.ani");
    EXPECT_EQ(click->extras.at("lego.click"), R"({"object":10,"m_move":0})");
    EXPECT_NE(animation_named(character, "click 4 (m_move 3)"), nullptr) << actor;
  }
  ASSERT_EQ(list.notes.size(), 1u);
  EXPECT_EQ(list.notes[0],
            "LEGO/Scripts/SNDANIM.SI: no AnimC3.ani (object 12, the click animation of m_move 2)");
  EXPECT_TRUE(list.lone.empty());
}

TEST(LegoSceneAnimations, AnAniWhoseActorListNamesActorsPlaysOnThem) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lego/pns065rd.ani");
  FakeInstall install;
  install.add("anims/pns065rd.ani", ::bonebridge::testing::read_bytes(path));
  const CharacterList list = find_characters(install);
  // Without WORLD.WDB only the actors with an animation are listed: RD and PG (type 2), not the bikes
  // (type 1, not actors of the table).
  ASSERT_EQ(list.characters.size(), 2u);
  for (const std::string actor : {"rd", "pg"}) {
    const auto* scene = animation_named(named(list, actor), "pns065rd");
    ASSERT_NE(scene, nullptr) << actor;
    EXPECT_EQ(scene->file, "anims/pns065rd.ani");
  }
  EXPECT_EQ(animation_named(named(list, "rd"), "pns065rd")->extras.at("lego.actor_list"), "\"RD\"");
  EXPECT_TRUE(list.lone.empty());
}

}  // namespace
}  // namespace bonebridge::lego::wdb
