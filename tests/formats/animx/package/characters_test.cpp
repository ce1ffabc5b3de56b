// SPDX-License-Identifier: MIT
// find_characters against a fake install (a list of files with their bytes): each package with a slot tree
// is a character named by its record, the package its model, its AnimX assets its animations; a package that
// cannot be read is reported in the notes under its address; other files are not looked at.
#include <gtest/gtest.h>

#include <algorithm>

#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/package/adapter.hpp"
#include "hand_made.hpp"

namespace bonebridge::animx::package {
namespace {

using namespace testing;

class FakeInstall final : public InstallView {
 public:
  explicit FakeInstall(std::vector<std::pair<std::string, Bytes>> files) : contents_(std::move(files)) {
    for (const auto& [path, bytes] : contents_) {
      files_.push_back({"install/" + path, path, path, "install", bytes.size()});
    }
  }
  const std::string& origin() const override { return origin_; }
  const std::vector<InstallFile>& files() const override { return files_; }
  const InstallFile* find(std::string_view path, const InstallFile*) const override {
    const auto it =
        std::find_if(files_.begin(), files_.end(), [&](const InstallFile& f) { return f.key == path; });
    return it == files_.end() ? nullptr : &*it;
  }
  std::vector<const InstallFile*> with_extension(std::string_view extension) const override {
    std::vector<const InstallFile*> found;
    for (const auto& file : files_) {
      if (file.key.ends_with(extension)) found.push_back(&file);
    }
    return found;
  }
  Result<std::vector<std::uint8_t>> read(const InstallFile& file) const override {
    return contents_[static_cast<std::size_t>(&file - files_.data())].second;
  }
  const InstallFile* entry_of(const InstallFile&, std::string_view) const override { return nullptr; }
  std::shared_ptr<const NearbyFiles> nearby() const override { return nullptr; }
  const std::vector<std::string>& notes() const override { return notes_; }

 private:
  std::vector<std::string> notes_;
  std::string origin_ = "install";
  std::vector<std::pair<std::string, Bytes>> contents_;
  std::vector<InstallFile> files_;
};

const std::string kTree = "aaaa";
const std::string kClip = "bbbb";

Bytes avatar_package() {
  const nlohmann::json identity = {0.0, 0.0, 0.0, 1.0}, zero = {0.0, 0.0, 0.0}, one = {1.0, 1.0, 1.0};
  const nlohmann::json root = {
      {"Types", {"[FrooxEngine]FrooxEngine.StaticAnimationProvider"}},
      {"Object",
       slot("root", "Avatar Root Slot", zero, identity, one,
            {{{"Type", 0}, {"Data", {{"ID", "p"}, {"URL", member("u", "@packdb:///" + kClip)}}}}},
            {slot("hips", "Hips", zero, identity, one, nlohmann::json::array(), nlohmann::json::array())})}};
  animation::Document clip;
  clip.name = "Idle";
  return zip_of({{"R-Main.record", text_bytes(record("Kitsune", kTree))},
                 {"Assets/" + kTree, frdt(0, nlohmann::json::to_bson(root))},
                 {"Assets/" + kClip, write(clip)}});
}

TEST(ResoniteCharacters, EachPackageIsACharacter) {
  const FakeInstall install({{"avatars/kitsune.resonitepackage", avatar_package()},
                             {"avatars/broken.resonitepackage", text_bytes("PK\3\4 not a zip")},
                             {"avatars/notes.txt", text_bytes("hello")}});
  const auto list = find_characters(install);
  ASSERT_EQ(list.characters.size(), 1u);
  const Character& kitsune = list.characters[0];
  EXPECT_EQ(kitsune.family, "animx");
  EXPECT_EQ(kitsune.name, "Kitsune");
  EXPECT_EQ(kitsune.model, "install/avatars/kitsune.resonitepackage");
  EXPECT_EQ(kitsune.defined_by, "install/avatars/kitsune.resonitepackage:R-Main.record");
  ASSERT_EQ(kitsune.animations.size(), 1u);
  EXPECT_EQ(kitsune.animations[0].name, "Idle");
  EXPECT_EQ(kitsune.animations[0].file, "install/avatars/kitsune.resonitepackage:Assets/" + kClip);
  EXPECT_TRUE(kitsune.missing.empty());
  ASSERT_EQ(list.notes.size(), 1u);
  EXPECT_NE(list.notes[0].find("install/avatars/broken.resonitepackage"), std::string::npos) << list.notes[0];
  EXPECT_NE(list.notes[0].find("not a ZIP"), std::string::npos) << list.notes[0];
}

TEST(ResoniteCharacters, MissingAnimationIsListedAsMissing) {
  const nlohmann::json root = {
      {"Types", {"[FrooxEngine]FrooxEngine.StaticAnimationProvider"}},
      {"Object", slot("root", "", {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 1.0}, {1.0, 1.0, 1.0},
                      {{{"Type", 0}, {"Data", {{"ID", "p"}, {"URL", member("u", "@packdb:///" + kClip)}}}}},
                      nlohmann::json::array())}};
  const FakeInstall install(
      {{"a.resonitepackage", zip_of({{"R-Main.record", text_bytes(record("Fox", kTree))},
                                     {"Assets/" + kTree, frdt(0, nlohmann::json::to_bson(root))}})}});
  const auto list = find_characters(install);
  ASSERT_EQ(list.characters.size(), 1u);
  EXPECT_EQ(list.characters[0].name, "Fox");
  ASSERT_EQ(list.characters[0].missing.size(), 1u);
  EXPECT_NE(list.characters[0].missing[0].find("Assets/" + kClip), std::string::npos);
}

}  // namespace
}  // namespace bonebridge::animx::package
