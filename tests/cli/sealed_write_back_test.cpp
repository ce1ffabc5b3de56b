// SPDX-License-Identifier: MIT
// Sealed exports (core/seal.hpp): a glTF exported from an animation file goes back to that file, unedited,
// without the family's judgement of its motion; anything edited, another family or kind, or other settings,
// and the family judges as before. Shown on an LBA .anm written by the codec (lba_test_data.hpp,
// looping_to_frame_zero).
#include <gtest/gtest.h>

#include <algorithm>

#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/seal.hpp"
#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/conversion.hpp"
#include "formats/lba/lba_test_data.hpp"

namespace bonebridge {
namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes small_animation() {
  return lba::anm::write(lba::test::looping_to_frame_zero());
}

ConvertJob job_for(const Bytes& bytes, const std::string& input, const std::string& output,
                   std::map<std::string, std::string> settings = {}) {
  ConvertJob job;
  job.input = input;
  job.input_bytes = bytes;
  job.output = output;
  job.options = Options(std::move(settings));
  return job;
}

bool mentions_seal(const std::vector<std::string>& notes) {
  return std::any_of(notes.begin(), notes.end(),
                     [](const std::string& note) { return note.find("its seal") != std::string::npos; });
}

struct Exported {
  Bytes source, glb;
};

Exported exported(std::map<std::string, std::string> settings = {}) {
  Exported out{small_animation(), {}};
  const auto glb = convert(job_for(out.source, "walk.anm", "walk.glb", settings));
  EXPECT_TRUE(glb.ok()) << glb.error().to_string();
  if (glb.ok()) out.glb = glb->value;
  return out;
}

Result<Converted<Bytes>> back(const Bytes& glb, const std::string& output,
                              std::map<std::string, std::string> settings = {},
                              const std::string& family = "lba") {
  return convert_gltf(glb, *find_family_by_id(family), job_for(glb, "walk.glb", output, std::move(settings)));
}

TEST(SealedWriteBack, AnUneditedExportComesBackByItsSeal) {
  const Exported walk = exported({{"variant", "lba2"}});
  const auto written = back(walk.glb, "back.anm", {{"variant", "lba2"}});
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  EXPECT_EQ(written->value, walk.source);
  EXPECT_TRUE(mentions_seal(written->notes));
}

// One key turned a little (as Python or any editor could, keeping the seal in the extras): the digest no
// longer matches and the family judges the motion: it is edited, and written anew.
TEST(SealedWriteBack, AnEditedKeyBreaksTheSeal) {
  const Exported walk = exported();
  auto scene = gltf::read(walk.glb);
  ASSERT_TRUE(scene.ok());
  auto& channels = scene->clips.front().joints;
  const auto turned = std::find_if(channels.begin(), channels.end(), [](const JointChannels& joint) {
    return joint.joint > 0 && joint.rotation && joint.rotation->values.size() > 2;
  });
  ASSERT_NE(turned, channels.end());
  Quat& key = turned->rotation->values[1];
  key = normalize(Quat{key.x + 0.2, key.y, key.z, key.w});
  const auto edited = gltf::write(*scene, {.binary = true});
  ASSERT_TRUE(edited.ok());
  const auto written = back(*edited, "back.anm");
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  EXPECT_FALSE(mentions_seal(written->notes));
  EXPECT_NE(written->value, walk.source);
}

// The seal holds for the family, the kind and the settings of the export only: otherwise the family judges
// its motion.
TEST(SealedWriteBack, OtherSettingsOrAnotherKindAreJudged) {
  const Exported walk = exported();
  const auto lba2 = back(walk.glb, "back.anm", {{"variant", "lba2"}});
  ASSERT_TRUE(lba2.ok()) << lba2.error().to_string();
  EXPECT_FALSE(mentions_seal(lba2->notes));
  const auto unnamed = back(walk.glb, "back.bin");
  ASSERT_TRUE(unnamed.ok()) << unnamed.error().to_string();
  EXPECT_FALSE(mentions_seal(unnamed->notes));
  const auto sith = back(walk.glb, "back.key", {}, "sith");
  if (sith.ok()) {
    EXPECT_FALSE(mentions_seal(sith->notes));
  }
}

// A glTF resealed by hand (the digest is no signature) describing `source`: the seal matches what is read.
Bytes resealed(const Bytes& glb, const Bytes& source) {
  auto scene = gltf::read(glb);
  EXPECT_TRUE(scene.ok());
  Clip& clip = scene->clips.front();
  const Seal original = *seal_of(clip);
  describe_source(clip, source);
  auto read = gltf::read(*gltf::write(*scene, {.binary = true}));
  read->clips.front().metadata[kSealMetadata] =
      seal_text({motion_digest(*read), original.settings, original.family, original.extension});
  return *gltf::write(*read, {.binary = true});
}

// A matching seal over bytes that are not the family's file: the family judges (and finds no source).
TEST(SealedWriteBack, ASealOverBytesOfNoSuchFileIsNotTaken) {
  const Exported walk = exported();
  const auto control = back(resealed(walk.glb, walk.source), "back.anm");
  ASSERT_TRUE(control.ok()) << control.error().to_string();
  EXPECT_TRUE(mentions_seal(control->notes));
  const Bytes garbage(40, 0xEE);
  const auto written = back(resealed(walk.glb, garbage), "back.anm");
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  EXPECT_FALSE(mentions_seal(written->notes));
  EXPECT_NE(written->value, garbage);
}

// Opened without an extension naming its kind, the export is not sealed: its way back names the kind.
TEST(SealedWriteBack, AnInputWithoutAKindIsNotSealed) {
  const Bytes source = small_animation();
  const auto glb = convert(job_for(source, "walk", "walk.glb"));
  ASSERT_TRUE(glb.ok()) << glb.error().to_string();
  const auto scene = gltf::read(glb->value);
  ASSERT_TRUE(scene.ok());
  EXPECT_FALSE(seal_of(scene->clips.front()).has_value());
}

}  // namespace
}  // namespace bonebridge
