// SPDX-License-Identifier: MIT
// Characters as the Infernal Machine defines them: the probe droid laid out as the game stores it (3do\,
// 3do\key\, mat\, misc\pup\) in one GOB with a hand-written .ndy template, listed by `characters` and written
// by `batch --characters` as one glb. Expected names come from sedpd.pup read by hand with the engine's
// submode table (OpenJones3D sithPuppet_aStrSubModes: stand 1, walk 2, run 3, walkback 4, strafeleft 8,
// straferight 9, death 20, death2 21, hit 76): the first name of a key is its lowest (mode, submode index).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "bonebridge/archive/gob.hpp"
#include "support/glb.hpp"
#include "support/samples.hpp"
#include "tool.hpp"

namespace bonebridge {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> text_bytes(const std::string& s) {
  return {s.begin(), s.end()};
}

using testing::glb_json;

const char* const kTemplate =
    "# hand-written for the test\n"
    "SECTION: TEMPLATES\n"
    "World templates 4\n"
    "_creature   none        type=actor move=physics # a base\n"
    "probe_droid _creature   model3d=sed_pd.3do puppet=sedpd.pup soundclass=sedpd.snd size=0.1\n"
    "end\n";

class SithCharacters : public testing::ToolTest {
 protected:
  void SetUp() override {
    ToolTest::SetUp();
    sed_ = testing::samples_dir() / "sith" / "ijim-sed-mod";
    if (!fs::exists(sed_ / "sedpd.pup")) GTEST_SKIP() << "SKIPPED LOUDLY: " << sed_ << " is absent";
  }

  // The droid's files under the game's folders, and the template file when `with_template`.
  std::string game_gob(bool with_template) const {
    std::vector<archive::EntrySource> entries{
        {"3do\\sed_pd.3do", testing::read_bytes(sed_ / "sed_pd.3do"), {}},
        {"3do\\sed_cable_car.3do", testing::read_bytes(sed_ / "sed_cable_car.3do"), {}},
        {"misc\\pup\\sedpd.pup", testing::read_bytes(sed_ / "sedpd.pup"), {}}};
    for (const char* key : {"sed_pdgo", "sed_pdhit", "sed_pdstand", "sed_cable_car_door_close"})
      entries.push_back({std::string("3do\\key\\") + key + ".key",
                         testing::read_bytes(sed_ / (std::string(key) + ".key")),
                         {}});
    for (const auto& mat : fs::directory_iterator(sed_ / "mat"))
      entries.push_back({"mat\\" + mat.path().filename().string(), testing::read_bytes(mat.path()), {}});
    if (with_template) {
      entries.push_back({"ndy\\probe.ndy", text_bytes(kTemplate), {}});
      // A COG script that plays the hit key itself, as sed_aetcreatures.cog plays its keys.
      entries.push_back(
          {"cog\\droid.cog", text_bytes("symbols\nkeyframe   flinch=SED_PDHIT.key  # local\nend\n"), {}});
    }
    const auto gob = archive::gob_kind().write(entries, nullptr);
    EXPECT_TRUE(gob.ok());
    const auto path = scratch("GAME.GOB");
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(gob->data()), static_cast<std::streamsize>(gob->size()));
    return path.string();
  }

  fs::path sed_;
};

TEST_F(SithCharacters, TheTemplateNamesTheModelAndThePuppetNamesTheAnimations) {
  const auto gob = game_gob(true);
  const auto run = this->run({"characters", gob, "--json"});
  ASSERT_EQ(run.code, 0) << run.err;
  const auto list = nlohmann::json::parse(run.out);
  // The droid by its template, then the cable car, whose key no template names, matched to its model by node
  // names.
  ASSERT_EQ(list["characters"].size(), 2u) << run.out;
  EXPECT_EQ(list["characters"][1]["name"], "sed_cable_car");
  const auto& droid = list["characters"][0];
  EXPECT_EQ(droid["name"], "probe_droid");
  EXPECT_EQ(droid["model"], gob + ":3do\\sed_pd.3do");
  EXPECT_EQ(droid["defined_by"], gob + ":ndy\\probe.ndy line 5 (based on _creature)");
  ASSERT_EQ(droid["animations"].size(), 3u) << droid.dump(2);
  EXPECT_EQ(droid["animations"][0]["name"], "mode 0 / walk");
  EXPECT_EQ(droid["animations"][0]["file"], gob + ":3do\\key\\sed_pdgo.key");
  EXPECT_EQ(droid["animations"][0]["aliases"][0], "mode 0 / run");
  EXPECT_EQ(droid["animations"][1]["name"], "mode 0 / death");
  EXPECT_EQ(droid["animations"][1]["file"], gob + ":3do\\key\\sed_pdhit.key");
  EXPECT_EQ(droid["animations"][1]["aliases"].back(), "cog droid / flinch");
  EXPECT_EQ(droid["animations"][2]["name"], "mode 7 / stand");
  EXPECT_EQ(droid["animations"][2]["file"], gob + ":3do\\key\\sed_pdstand.key");
  EXPECT_EQ(droid["textures"].size(), 11u);
  ASSERT_EQ(droid["missing"].size(), 1u) << droid.dump(2);
  EXPECT_TRUE(droid["missing"][0].get<std::string>().starts_with("3do\\key\\sed_pdidle.key (mode 0 / stand"))
      << droid["missing"][0];
  ASSERT_EQ(list["lone_files"].size(), 0u) << list["lone_files"].dump(2);
}

TEST_F(SithCharacters, BatchWritesOneTexturedGlbWithEveryAnimationNamed) {
  const auto gob = game_gob(true);
  const auto run = this->run({"batch", gob, scratch("out").string(), "--characters"});
  ASSERT_EQ(run.code, 0) << run.err;
  const auto json = glb_json(scratch("out/probe_droid.glb"));
  ASSERT_FALSE(json.is_null()) << run.err;
  EXPECT_EQ(json["materials"].size(), 11u);
  EXPECT_EQ(json["images"].size(), 11u);
  std::vector<std::string> names;
  for (const auto& animation : json["animations"]) names.push_back(animation["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"mode 0 / walk", "mode 0 / death", "mode 7 / stand"}));
  const auto game_names = nlohmann::json::parse(
      json["animations"][0]["extras"]["bonebridge"]["metadata"]["game_names"].get<std::string>());
  EXPECT_EQ(game_names[0], "mode 0 / walk");
  // The file as the game's archive holds it, not the folders above the archive (the user's own).
  EXPECT_EQ(json["animations"][0]["extras"]["bonebridge"]["metadata"]["file"],
            "GAME.GOB:3do\\key\\sed_pdgo.key");
  EXPECT_EQ(json["animations"][0]["extras"]["bonebridge"]["metadata"]["puppet"],
            "GAME.GOB:misc\\pup\\sedpd.pup");
  EXPECT_NE(run.err.find("batch: 2 characters and 0 lone files written"), std::string::npos) << run.err;
  // The keys the droid plays are not converted again alone; the puppet is the character's, not a failure.
  EXPECT_FALSE(fs::exists(scratch("out/GAME.GOB/3do/key/sed_pdgo.glb")));
  EXPECT_NE(run.err.find("0 failed"), std::string::npos) << run.err;
}

TEST_F(SithCharacters, WithoutATemplateKeysAreMatchedToTheirModelByNodeNamesAndNamedByThePuppet) {
  const auto gob = game_gob(false);
  const auto run = this->run({"characters", gob, "--json"});
  ASSERT_EQ(run.code, 0) << run.err;
  const auto list = nlohmann::json::parse(run.out);
  ASSERT_EQ(list["characters"].size(), 2u) << run.out;
  const auto& car = list["characters"][0];
  EXPECT_EQ(car["name"], "sed_cable_car");
  ASSERT_EQ(car["animations"].size(), 1u);
  EXPECT_EQ(car["animations"][0]["file"], gob + ":3do\\key\\sed_cable_car_door_close.key");
  const auto& droid = list["characters"][1];
  EXPECT_EQ(droid["name"], "sed_pd");
  EXPECT_EQ(droid["defined_by"],
            "no template: keys matched to the model by node names, named by the puppet " + gob +
                ":misc\\pup\\sedpd.pup");
  EXPECT_EQ(droid["sources"], nlohmann::json::array({gob + ":misc\\pup\\sedpd.pup"}));
  // The puppet no template names still names the keys its rows play, as with the template (sedpd.pup read
  // by hand with IJIM's submode table, which knows every row of it).
  ASSERT_EQ(droid["animations"].size(), 3u);
  EXPECT_EQ(droid["animations"][0]["name"], "mode 0 / walk");
  EXPECT_EQ(droid["animations"][0]["aliases"][0], "mode 0 / run");
  EXPECT_EQ(droid["animations"][1]["name"], "mode 0 / death");
  EXPECT_EQ(droid["animations"][2]["name"], "mode 7 / stand");
  EXPECT_EQ(droid["animations"][2]["file"], gob + ":3do\\key\\sed_pdstand.key");
  EXPECT_EQ(droid["animations"][0]["extras"]["matched_by"], "\"node names\"");
  EXPECT_NE(droid["notes"][0].get<std::string>().find("matched by node names"), std::string::npos);
  // The cable car's key is named by no puppet: its file name.
  EXPECT_EQ(car["animations"][0]["name"], "sed_cable_car_door_close");
  EXPECT_TRUE(list["lone_files"].empty()) << list["lone_files"].dump(2);
}

// One character by its name: `convert --character` writes the glb `batch --characters` writes (the name in
// any letter case), `preview --character` a page that embeds it; a name the game does not define is an error
// that lists those it does.
TEST_F(SithCharacters, OneCharacterByNameConvertsAsTheBatchDoes) {
  const auto gob = game_gob(true);
  ASSERT_EQ(run({"batch", gob, scratch("out").string(), "--characters", "-q"}).code, 0);
  const auto one = run({"convert", "--character", "PROBE_DROID", gob, scratch("droid.glb").string()});
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(testing::read_bytes(scratch("droid.glb")), testing::read_bytes(scratch("out/probe_droid.glb")));
  const auto page = run({"preview", "--character", "probe_droid", gob, "-o", scratch("droid.html").string()});
  ASSERT_EQ(page.code, 0) << page.err;
  EXPECT_NE(testing::read_text(scratch("droid.html")).find("mode 7 / stand"), std::string::npos);
  const auto unknown = run({"convert", "--character", "stormtrooper", gob, scratch("no.glb").string()});
  EXPECT_EQ(unknown.code, 1);
  EXPECT_NE(
      unknown.err.find(gob + ": no character named 'stormtrooper'; the 2 here: probe_droid, sed_cable_car"),
      std::string::npos)
      << unknown.err;
  EXPECT_FALSE(fs::exists(scratch("no.glb")));
  const auto two = run({"convert", "--character", "probe_droid", gob, gob, scratch("two.glb").string()});
  EXPECT_EQ(two.code, 2) << two.err;
}

// Two different .mat files of one name in two folders (issue 33): the engine opens mat\NAME from the
// install's root, so `characters` lists that one, and the character's glb holds exactly the textures listed:
// adding a different sed_pbbody.mat beside the model (3do\mat\, where a lone model's conversion also looks)
// changes neither the listing nor the glb.
TEST_F(SithCharacters, TheGlbHoldsTheTexturesTheListingNames) {
  fs::create_directories(scratch("install/3do/key"));
  fs::create_directories(scratch("install/misc/pup"));
  fs::create_directories(scratch("install/ndy"));
  fs::copy(sed_ / "mat", scratch("install/mat"));
  fs::copy_file(sed_ / "sed_pd.3do", scratch("install/3do/sed_pd.3do"));
  fs::copy_file(sed_ / "sedpd.pup", scratch("install/misc/pup/sedpd.pup"));
  for (const char* key : {"sed_pdgo", "sed_pdhit", "sed_pdstand"})
    fs::copy_file(sed_ / (std::string(key) + ".key"),
                  scratch("install/3do/key/" + std::string(key) + ".key"));
  std::ofstream(scratch("install/ndy/probe.ndy")) << kTemplate;
  const auto install = scratch("install").string();
  const auto listed = [&] {
    const auto run = this->run({"characters", install, "--json"});
    EXPECT_EQ(run.code, 0) << run.err;
    return nlohmann::json::parse(run.out)["characters"][0]["textures"];
  };
  const auto before = listed();
  ASSERT_EQ(before.size(), 11u);
  ASSERT_EQ(run({"convert", "--character", "probe_droid", install, scratch("before.glb").string()}).code, 0);

  fs::create_directories(scratch("install/3do/mat"));
  fs::copy_file(sed_ / "mat" / "sed_pbeye.mat", scratch("install/3do/mat/sed_pbbody.mat"));
  const auto after = listed();
  EXPECT_EQ(after, before);
  const auto body = std::find_if(after.begin(), after.end(), [](const nlohmann::json& texture) {
    return texture.get<std::string>().ends_with("sed_pbbody.mat");
  });
  ASSERT_NE(body, after.end());
  EXPECT_EQ(body->get<std::string>(), (scratch("install") / "mat" / "sed_pbbody.mat").string());
  const auto converted =
      run({"convert", "--character", "probe_droid", install, scratch("after.glb").string()});
  ASSERT_EQ(converted.code, 0) << converted.err;
  EXPECT_EQ(testing::read_bytes(scratch("after.glb")), testing::read_bytes(scratch("before.glb")));
}

}  // namespace
}  // namespace bonebridge
