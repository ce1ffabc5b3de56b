// SPDX-License-Identifier: MIT
// The LEGO row's characters on a fake install: the actor table's 66 actors, WORLD.WDB as their model, and
// the walk cycles of g_cycles (legoanimationmanager.cpp) found by name.
#include "bonebridge/formats/lego/wdb/characters.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

namespace bonebridge::lego::wdb {
namespace {

class FakeInstall final : public InstallView {
 public:
  explicit FakeInstall(std::vector<std::string> paths, std::string origin = "install")
      : origin_(std::move(origin)) {
    for (auto& path : paths) files_.push_back({path, path, key_of(path), "install", 0});
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
  Result<std::vector<std::uint8_t>> read(const InstallFile&) const override {
    return std::vector<std::uint8_t>{};
  }
  std::shared_ptr<const NearbyFiles> nearby() const override { return nullptr; }
  const InstallFile* entry_of(const InstallFile&, std::string_view) const override { return nullptr; }
  const std::vector<std::string>& notes() const override { return notes_; }

 private:
  std::vector<std::string> notes_;
  static std::string key_of(std::string_view path) {
    std::string key;
    for (const char c : path)
      key += c == '\\' ? '/' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return key;
  }
  std::string origin_;
  std::vector<InstallFile> files_;
};

const Character& named(const CharacterList& list, const std::string& name) {
  const auto it = std::find_if(list.characters.begin(), list.characters.end(),
                               [&](const Character& c) { return c.name == name; });
  EXPECT_NE(it, list.characters.end()) << name;
  return *it;
}

TEST(LegoCharacters, EveryActorWithTheWalkCyclesTheGamePlaysOnIt) {
  const FakeInstall install({"LEGO/data/WORLD.WDB", "anims/CNs001Pe.ani", "anims/CNs001Sk.ani",
                             "anims/CNs001xx.ani", "anims/CNs001Bd.ani", "anims/pns065rd.ani"});
  const CharacterList list = find_characters(install);
  ASSERT_EQ(list.characters.size(), 66u);
  const Character& pepper = named(list, "pepper");
  EXPECT_EQ(pepper.family, "lego");
  EXPECT_EQ(pepper.model, "LEGO/data/WORLD.WDB");
  EXPECT_EQ(pepper.settings.at("world"), "LEGO/data/WORLD.WDB");
  // g_cycles[1]: CNs001Pe..CNs010Pe and CNs001sk (found in any letter case).
  ASSERT_EQ(pepper.animations.size(), 2u);
  EXPECT_EQ(pepper.animations[0].name, "CNs001Pe");
  EXPECT_EQ(pepper.animations[0].file, "anims/CNs001Pe.ani");
  EXPECT_EQ(pepper.animations[1].name, "CNs001sk");
  EXPECT_EQ(pepper.animations[1].extras.at("lego.g_cycles"), "[1,10]");
  EXPECT_EQ(pepper.missing.size(), 9u);  // CNs002Pe..CNs010Pe
  // bd: g_characters m_unk0x16 = 7, the generic cycles with CNs001Bd in column 10.
  const Character& bd = named(list, "bd");
  ASSERT_EQ(bd.animations.size(), 2u);
  EXPECT_EQ(bd.animations[0].name, "CNs001xx");
  EXPECT_EQ(bd.animations[1].name, "CNs001Bd");
  // studs plays the generic row 0; the ghosts are not in g_characters.
  EXPECT_EQ(named(list, "studs").animations.size(), 1u);
  EXPECT_TRUE(named(list, "ghost").animations.empty());
  EXPECT_FALSE(named(list, "ghost").notes.empty());
  // With no animation to dress, an actor converts from WORLD.WDB itself, at rest (--actor).
  EXPECT_EQ(named(list, "ghost").settings.at("actor"), "ghost");
  EXPECT_FALSE(pepper.settings.contains("actor"));
  ASSERT_EQ(list.lone.size(), 1u);
  EXPECT_EQ(list.lone[0].file, "anims/pns065rd.ani");
}

// `characters WORLD.WDB`: the view lists the world's parts, and the world is the view's origin itself.
TEST(LegoCharacters, AViewOfWorldWdbItselfHasEveryActor) {
  const CharacterList list =
      find_characters(FakeInstall({"WORLD.WDB:head.wdb", "WORLD.WDB:body.wdb"}, "WORLD.WDB"));
  ASSERT_EQ(list.characters.size(), 66u);
  EXPECT_EQ(named(list, "pepper").model, "WORLD.WDB");
  EXPECT_EQ(named(list, "pepper").settings.at("actor"), "pepper");
}

TEST(LegoCharacters, WithoutWorldWdbTheBodiesAreMissing) {
  const CharacterList list = find_characters(FakeInstall({"anims/CNs001Pe.ani"}));
  // Only the actors the install holds an animation for: pepper's walk cycle, no body.
  ASSERT_GE(list.characters.size(), 1u);
  ASSERT_LT(list.characters.size(), 66u);
  EXPECT_TRUE(named(list, "pepper").model.empty());
  EXPECT_EQ(named(list, "pepper").missing.front(), "lego\\data\\world.wdb");
  EXPECT_FALSE(list.notes.empty());
}

TEST(LegoCharacters, AnInstallWithoutLegoFilesHasNoActors) {
  const CharacterList list = find_characters(FakeInstall({"3do/sed_pd.3do", "misc/pup/sedpd.pup"}));
  EXPECT_TRUE(list.characters.empty());
  EXPECT_TRUE(list.lone.empty());
}

}  // namespace
}  // namespace bonebridge::lego::wdb
