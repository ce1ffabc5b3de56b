// SPDX-License-Identifier: MIT
// Issue 28 for Volition animations. No real .anim_pc is public: the clips are this project's examples
// (examples/volition, written by corpus_test.cpp's example_files). Through glb and back unchanged they are
// the same bytes; edited, they are written anew with the keys the engine needs within --tolerance.
#include <gtest/gtest.h>

#include <cstdio>

#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/volition/anim/bridge.hpp"
#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/family.hpp"
#include "bonebridge/formats/volition/rig/codec.hpp"
#include "support/round_trip.hpp"
#include "support/samples.hpp"

namespace bonebridge::volition {
namespace {

std::filesystem::path example(const std::string& name) {
  return testing::source_dir() / "examples" / "volition" / name;
}

Options with_rig() {
  return Options{{{"rig", example("wave_character.rig_pc").string()}}};
}

Scene through_glb(const std::vector<std::uint8_t>& bytes) {
  auto document = family().open(bytes, with_rig());
  EXPECT_TRUE(document) << document.error().to_string();
  auto core = (*document)->to_core(with_rig());
  EXPECT_TRUE(core) << core.error().to_string();
  return testing::through_glb(core->scene);
}

std::size_t key_count(const anim::Document& anim) {
  std::size_t keys = 0;
  for (const AnimTrack& track : anim.tracks)
    keys += track.rotation_keys.size() + track.translation_keys.size();
  return keys;
}

// The wave clip with its left upper arm turned a further 10 degrees about Z at every key.
Scene edited_wave() {
  Scene scene = through_glb(testing::read_bytes(example("wave.anim_pc")));
  for (JointChannels& joint : scene.clips.front().joints) {
    if (scene.skeleton.joints[static_cast<std::size_t>(joint.joint)].name != "l-upperarm") continue;
    for (Quat& q : joint.rotation->values) q = axis_angle({0, 0, 1}, 10 * kPi / 180) * q;
  }
  return scene;
}

// The largest angle and distance between the engine's local transforms of `anim` and the scene's clip, at
// every frame (30 per second, the settings' default) of the clip.
std::pair<double, double> largest_error(const anim::Document& anim, const Scene& scene) {
  const auto rig = rig::read(testing::read_bytes(example("wave_character.rig_pc")));
  EXPECT_TRUE(rig);
  const anim::Engine engine(anim, &*rig, {});
  ClipSampler sampler(scene.skeleton, scene.clips.front());
  std::vector<Transform> locals(scene.skeleton.joints.size());
  double radians = 0, units = 0;
  for (int frame = 0; frame <= anim.end_frame; ++frame) {
    const auto pose = engine_pose(engine, frame / 30.0);
    sampler.sample(frame / 30.0, locals);
    for (std::size_t bone = 0; bone < rig->bones.size(); ++bone) {
      const std::string name = rig_bone_name(*rig, bone);
      for (std::size_t j = 0; j < scene.skeleton.joints.size(); ++j) {
        if (scene.skeleton.joints[j].name != name) continue;
        radians = std::max(radians, angle_between(pose.joints[bone].local.rotation, locals[j].rotation));
        units = std::max(units, distance(pose.joints[bone].local.translation, locals[j].translation));
      }
    }
  }
  return {radians, units};
}

TEST(VolitionLeanWrite, ExamplesThroughGlbComeBackByteForByte) {
  for (const char* name : {"wave.anim_pc", "nod.anim_pc"}) {
    SCOPED_TRACE(name);
    const auto original = testing::read_bytes(example(name));
    ASSERT_FALSE(original.empty());
    const auto written = family().from_core(through_glb(original), with_rig());
    ASSERT_TRUE(written) << written.error().to_string();
    EXPECT_EQ(written->value, original);
    EXPECT_TRUE(testing::has_note(written->notes, "unchanged:"));
    std::printf("%s: %s\n", name, written->notes.front().c_str());
  }
}

TEST(VolitionLeanWrite, AnEditedClipIsWrittenAnewWithTheKeysTheEngineNeeds) {
  const auto original = testing::read_bytes(example("wave.anim_pc"));
  const auto source = anim::read(original);
  ASSERT_TRUE(source);
  const Scene scene = edited_wave();
  const auto written = family().from_core(scene, with_rig());
  ASSERT_TRUE(written) << written.error().to_string();
  EXPECT_NE(written->value, original);
  EXPECT_TRUE(testing::has_note(written->notes, "edited:"));
  EXPECT_TRUE(testing::has_note(written->notes, "keys reduced by the engine's interpolation"));
  const auto anim = anim::read(written->value);
  ASSERT_TRUE(anim);
  // Issue 28: an edited clip's key count within 1.5 times the original's.
  std::printf("edited wave: %zu keys, original %zu; %zu bytes, original %zu\n", key_count(*anim),
              key_count(*source), written->value.size(), original.size());
  EXPECT_LE(key_count(*anim), key_count(*source) * 3 / 2);
  // The engine plays the glTF's motion within the thinning tolerance (half a rotation step, 1e-4 units)
  // plus the quantisation of the small-three components (steps of 4·kRotationStep times a record's scaler,
  // up to 8: 2.8e-3 rad) and of translation keys (1/4000 units over two).
  const auto [radians, units] = largest_error(*anim, scene);
  std::printf("edited wave: largest error %.3g rad, %.3g units\n", radians, units);
  EXPECT_LT(radians, 8 * 4 * static_cast<double>(kRotationStep) + kDefaultKeyTolerance.radians);
  EXPECT_LT(units, 0.5 / 4000 + kDefaultKeyTolerance.position);
}

TEST(VolitionLeanWrite, ALargerToleranceKeepsFewerKeysWithinIt) {
  const Scene scene = edited_wave();
  const auto fine = family().from_core(scene, with_rig());
  Options coarse_options = with_rig();
  coarse_options.values["tolerance"] = "0.02";
  const auto coarse = family().from_core(scene, coarse_options);
  ASSERT_TRUE(fine && coarse);
  const auto fine_anim = anim::read(fine->value), coarse_anim = anim::read(coarse->value);
  ASSERT_TRUE(fine_anim && coarse_anim);
  std::printf("--tolerance 0.02: %zu keys, default %zu\n", key_count(*coarse_anim), key_count(*fine_anim));
  EXPECT_LT(key_count(*coarse_anim), key_count(*fine_anim));
  const auto [radians, units] = largest_error(*coarse_anim, scene);
  EXPECT_LT(radians, 0.02 + 8 * 4 * static_cast<double>(kRotationStep));
  EXPECT_LT(units, 0.02 + 0.5 / 4000);
  EXPECT_TRUE(testing::has_note(coarse->notes, "keys reduced by the engine's interpolation (tolerance 0.02"));
}

}  // namespace
}  // namespace bonebridge::volition
