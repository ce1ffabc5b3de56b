// SPDX-License-Identifier: MIT
// Issue 28 for AnimX: an exported clip written back unchanged gives the original file (plain encoding; the
// family's encoder applies the output's encoding), an edited one is written anew.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "bonebridge/core/reduce.hpp"
#include "bonebridge/formats/animx/bridge.hpp"
#include "bonebridge/formats/animx/codec.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "support/round_trip.hpp"
#include "support/samples.hpp"

namespace bonebridge::animx {
namespace {

Scene through_glb(const std::vector<std::uint8_t>& bytes) {
  const auto document = read(bytes);
  EXPECT_TRUE(document.ok());
  const auto core = to_core(*document, {});
  EXPECT_TRUE(core.ok());
  return testing::through_glb(core->scene);
}

using testing::has_note;

TEST(AnimxLeanWrite, PlainSamplesThroughGlbComeBackByteForByte) {
  for (const char* name : {"sample_plain.animx", "handmade_v0_plain.animx"}) {
    SCOPED_TRACE(name);
    BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("animx/") + name);
    const auto original = bonebridge::testing::read_bytes(path);
    const auto converted = from_core(through_glb(original), {});
    ASSERT_TRUE(converted.ok()) << converted.error().to_string();
    EXPECT_EQ(write(converted->value), original);
    ASSERT_FALSE(converted->notes.empty());
    EXPECT_TRUE(has_note(converted->notes, "unchanged:")) << converted->notes.front();
    std::printf("%s: %s\n", name, converted->notes.front().c_str());
  }
}

TEST(AnimxLeanWrite, AnEditedRotationIsWrittenAnew) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "animx/sample_plain.animx");
  const auto original = bonebridge::testing::read_bytes(path);
  Scene scene = through_glb(original);
  Clip& clip = scene.clips.front();
  const auto channel = std::find_if(clip.joints.begin(), clip.joints.end(), [](const JointChannels& j) {
    return j.rotation && !j.rotation->empty();
  });
  if (channel == clip.joints.end()) GTEST_SKIP() << "SKIPPED LOUDLY: the sample has no rotation track";
  for (Quat& q : channel->rotation->values) q = axis_angle({0, 1, 0}, 10 * kPi / 180) * q;
  const auto converted = from_core(scene, {});
  ASSERT_TRUE(converted.ok()) << converted.error().to_string();
  EXPECT_NE(write(converted->value), original);
  EXPECT_TRUE(has_note(converted->notes, "edited:"));
}

}  // namespace
}  // namespace bonebridge::animx
