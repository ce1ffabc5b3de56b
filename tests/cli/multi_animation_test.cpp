// SPDX-License-Identifier: MIT
// Issue 14: one character, all its animations. `convert A B C OUT.glb` (or --anims LIST) writes one glTF with
// the model once and one animation per input, named by the input's stem; an input whose skeleton does not fit
// is left out with a note naming it. Expected counts come from the research notes (sed_pd: 13 joints) and
// from the file names.
#include <nlohmann/json.hpp>

#include "bonebridge/gltf/gltf.hpp"
#include "bonebridge/services/conversion.hpp"
#include "cli/tool.hpp"

namespace bonebridge::testing {
namespace {

Skeleton chain(std::vector<std::pair<std::string, int>> joints) {
  Skeleton skeleton;
  for (auto& [name, parent] : joints) skeleton.joints.push_back({name, parent, {}});
  return skeleton;
}

TEST(SkeletonDifference, SameNamesAndParentsFitWhateverTheRest) {
  const Skeleton base = chain({{"hip", -1}, {"leg", 0}, {"foot", 1}});
  Skeleton moved = base;
  moved.joints[1].rest.translation = {0, 5, 0};
  EXPECT_EQ(skeleton_difference(base, moved), std::nullopt);
}

TEST(SkeletonDifference, NamesWhatDiffers) {
  const Skeleton base = chain({{"hip", -1}, {"leg", 0}, {"foot", 1}});
  EXPECT_EQ(skeleton_difference(base, chain({{"hip", -1}, {"leg", 0}})), "2 joints instead of 3");
  EXPECT_EQ(skeleton_difference(base, chain({{"hip", -1}, {"arm", 0}, {"foot", 1}})),
            "joint 1 is named \"arm\" instead of \"leg\"");
  EXPECT_EQ(skeleton_difference(base, chain({{"hip", -1}, {"leg", 0}, {"foot", 0}})),
            "joint 2 (\"foot\") has parent 0 instead of 1");
}

TEST(AnimationName, IsTheStemOfTheFileOrEntry) {
  EXPECT_EQ(animation_name("anims/Twinsen_Walk.anm"), "Twinsen_Walk");
  EXPECT_EQ(animation_name((source_dir() / "examples/lba/ANIM.HQR:3").string()), "ANIM_3");
}

class MultiAnimationTest : public ToolTest {
 protected:
  static std::filesystem::path sed(const std::string& name) {
    return samples_dir() / "sith/ijim-sed-mod" / name;
  }
  static std::vector<std::string> animation_names(const std::filesystem::path& glb) {
    const auto scene = gltf::read(read_bytes(glb));
    EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().to_string());
    std::vector<std::string> names;
    if (scene.ok())
      for (const auto& clip : scene->clips) names.push_back(clip.name);
    return names;
  }
};

TEST_F(MultiAnimationTest, ThreeKeysMakeOneGlbWithThreeNamedAnimations) {
  BONEBRIDGE_REQUIRE_SAMPLE(model, "sith/ijim-sed-mod/sed_pd.3do");
  const auto glb = scratch("sed_pd.glb");
  const auto result = run({"convert", sed("sed_pdgo.key").string(), sed("sed_pdstand.key").string(),
                           sed("sed_pdhit.key").string(), glb.string(), "--model", model.string(), "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(animation_names(glb), (std::vector<std::string>{"sed_pdgo", "sed_pdstand", "sed_pdhit"}));
  const auto scene = gltf::read(read_bytes(glb));
  ASSERT_TRUE(scene.ok());
  EXPECT_EQ(scene->skeleton.joints.size(), 13u);
  const auto record = nlohmann::json::parse(result.out);
  EXPECT_EQ(record["inputs"].size(), 3u);
  EXPECT_EQ(record["bytes"], std::filesystem::file_size(glb));
  EXPECT_NE(result.err.find("note: 3 animations: sed_pdgo, sed_pdstand, sed_pdhit"), std::string::npos)
      << result.err;
}

TEST_F(MultiAnimationTest, AnAnimsFileListsTheInputsRelativeToItself) {
  BONEBRIDGE_REQUIRE_SAMPLE(model, "sith/ijim-sed-mod/sed_pd.3do");
  std::filesystem::create_directories(scratch("keys"));
  for (const auto* name : {"sed_pdgo.key", "sed_pdhit.key"})
    std::filesystem::copy_file(sed(name), scratch("keys") / name);
  write_text(scratch("keys/list.txt"), "# the walk first\r\nsed_pdgo.key\n\n  sed_pdhit.key  \n");
  const auto glb = scratch("out.glb");
  const auto result =
      run({"convert", "--anims", scratch("keys/list.txt").string(), glb.string(), "--model", model.string()});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(animation_names(glb), (std::vector<std::string>{"sed_pdgo", "sed_pdhit"}));
  // Inputs on the command line come first, then the list's.
  const auto more = run({"convert", sed("sed_pdstand.key").string(), glb.string(), "--anims",
                         scratch("keys/list.txt").string(), "--model", model.string(), "--force"});
  ASSERT_EQ(more.code, 0) << more.err;
  EXPECT_EQ(animation_names(glb), (std::vector<std::string>{"sed_pdstand", "sed_pdgo", "sed_pdhit"}));
}

TEST_F(MultiAnimationTest, AnInputThatDoesNotFitIsLeftOutWithItsNameAndTheOthersExport) {
  BONEBRIDGE_REQUIRE_SAMPLE(walk, "sith/ijim-sed-mod/sed_pdgo.key");
  // Without --model each key gets a flat skeleton of its own nodes: the 1-node cable car door cannot share
  // the 13-node creature's.
  const auto door = sed("sed_cable_car_door_close.key").string();
  const auto glb = scratch("out.glb");
  const auto result =
      run({"convert", walk.string(), door, sed("sed_pdhit.key").string(), glb.string(), "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(animation_names(glb), (std::vector<std::string>{"sed_pdgo", "sed_pdhit"}));
  const std::string refusal =
      "note: " + door + ": left out: its skeleton does not fit that of " + walk.string();
  EXPECT_NE(result.err.find(refusal), std::string::npos) << result.err;
  const auto record = nlohmann::json::parse(result.out);
  bool noted = false;
  for (const auto& note : record["notes"]) noted |= note.get<std::string>().starts_with(door + ": left out:");
  EXPECT_TRUE(noted) << result.out;
}

TEST_F(MultiAnimationTest, NoInputConvertingIsAnErrorNamingEach) {
  write_text(scratch("a.key"), "not a key\n");
  write_text(scratch("b.key"), "nor this\n");
  const auto result =
      run({"convert", scratch("a.key").string(), scratch("b.key").string(), scratch("out.glb").string()});
  EXPECT_EQ(result.code, 1);
  EXPECT_NE(result.err.find(scratch("a.key").string()), std::string::npos) << result.err;
  EXPECT_NE(result.err.find(scratch("b.key").string()), std::string::npos) << result.err;
  EXPECT_FALSE(std::filesystem::exists(scratch("out.glb")));
}

TEST_F(MultiAnimationTest, AnOutputThatIsAlsoAnInputIsRefusedAndNothingChanges) {
  BONEBRIDGE_REQUIRE_SAMPLE(walk, "sith/ijim-sed-mod/sed_pdgo.key");
  std::filesystem::copy_file(walk, scratch("walk.key"));
  std::filesystem::copy_file(sed("sed_pdhit.key"), scratch("hit.glb"));  // an input named like an output
  age(scratch("walk.key"));
  age(scratch("hit.glb"));
  const auto before = snapshot(scratch());
  const auto result = run(
      {"convert", scratch("walk.key").string(), scratch("hit.glb").string(), scratch("hit.glb").string()});
  EXPECT_EQ(result.code, 1);
  EXPECT_NE(result.err.find("is the input file; refusing to overwrite it"), std::string::npos) << result.err;
  EXPECT_EQ(snapshot(scratch()), before);
}

TEST_F(MultiAnimationTest, SeveralInputsWriteOnlyGltf) {
  BONEBRIDGE_REQUIRE_SAMPLE(walk, "sith/ijim-sed-mod/sed_pdgo.key");
  const auto result =
      run({"convert", walk.string(), sed("sed_pdhit.key").string(), scratch("out.key").string()});
  EXPECT_EQ(result.code, 1);
  EXPECT_NE(result.err.find("is not .glb or .gltf"), std::string::npos) << result.err;
  EXPECT_FALSE(std::filesystem::exists(scratch("out.key")));
}

TEST_F(MultiAnimationTest, AnOutputAloneIsAUsageError) {
  const auto result = run({"convert", scratch("out.glb").string()});
  EXPECT_EQ(result.code, 2);
  EXPECT_FALSE(std::filesystem::exists(scratch("out.glb")));
}

TEST_F(MultiAnimationTest, AMissingAnimsFileIsAnErrorNamingIt) {
  const auto result = run({"convert", "--anims", scratch("nope.txt").string(), scratch("out.glb").string()});
  EXPECT_EQ(result.code, 1);
  EXPECT_NE(result.err.find("nope.txt"), std::string::npos) << result.err;
}

TEST_F(MultiAnimationTest, APuppetExportsEachPresentKeyAndNamesTheAbsentOne) {
  BONEBRIDGE_REQUIRE_SAMPLE(pup, "sith/ijim-sed-mod/sedpd.pup");
  const auto glb = scratch("sedpd.glb");
  const auto result = run({"convert", pup.string(), glb.string(), "--model", sed("sed_pd.3do").string()});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(animation_names(glb), (std::vector<std::string>{"sed_pdgo", "sed_pdhit", "sed_pdstand"}));
  EXPECT_NE(result.err.find("note: sed_pdidle.key is left out"), std::string::npos) << result.err;
}

// The game's own tree: misc/pup/X.pup names keys kept in 3do/key/, whatever the case of their names on disk.
TEST_F(MultiAnimationTest, APuppetFindsItsKeysInTheGamesTreeWithoutRegardToCase) {
  BONEBRIDGE_REQUIRE_SAMPLE(pup, "sith/ijim-sed-mod/sedpd.pup");
  std::filesystem::create_directories(scratch("misc/pup"));
  std::filesystem::create_directories(scratch("3do/key"));
  std::filesystem::copy_file(pup, scratch("misc/pup/sedpd.pup"));
  std::filesystem::copy_file(sed("sed_pdgo.key"), scratch("3do/key/SED_PDGO.KEY"));
  const auto result = run({"info", scratch("misc/pup/sedpd.pup").string(), "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  std::map<std::string, bool> present;
  const auto info = nlohmann::json::parse(result.out);
  for (const auto& key : info.at("keys")) present[key.at("name")] = key.at("present");
  EXPECT_EQ(present, (std::map<std::string, bool>{{"sed_pdgo.key", true},
                                                  {"sed_pdhit.key", false},
                                                  {"sed_pdidle.key", false},
                                                  {"sed_pdstand.key", false}}));
}

}  // namespace
}  // namespace bonebridge::testing
