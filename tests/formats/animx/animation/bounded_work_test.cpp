// SPDX-License-Identifier: MIT
// Work that grows with a clip's keys, not its duration (issue 38): the fuzzer's slowest AnimX unit was a
// 3-key Curve track lasting 9.2e9 s, which the bridge resampled at 60 Hz into 40,000 keys and then fitted
// back for 51 s. The same kind of clip must now convert both ways with keys bounded by its own, and say
// where it sampled more sparsely. Counts, not wall time, so that the test holds on a loaded machine.
#include <gtest/gtest.h>

#include <algorithm>

#include "bonebridge/core/fidelity.hpp"
#include "bonebridge/formats/animx/animation/animj.hpp"
#include "bonebridge/formats/animx/animation/bridge.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"

namespace bonebridge::animx::animation {
namespace {

// Three keys each, the last at 9.2e9 s: a Hold key then Tangent (resampled, Hold mixed with curves), a
// Linear rotation turning far (resampled in 15 degree steps), and a property curving the same way.
constexpr const char* kLongClip =
    R"({"name":"long","globalDuration":9.2e9,"tracks":[)"
    R"({"trackType":"Curve","valueType":"float3","data":{"node":"Arm","property":"Position","keyframes":[)"
    R"({"time":0,"value":{"x":0,"y":0,"z":0},"interpolation":"Hold"},)"
    R"({"time":4.6e9,"value":{"x":1,"y":2,"z":3},"interpolation":"Tangent",)"
    R"("leftTangent":{"x":0,"y":0,"z":0},"rightTangent":{"x":1e-9,"y":0,"z":0}},)"
    R"({"time":9.2e9,"value":{"x":0,"y":5,"z":1},"interpolation":"Tangent"}]}},)"
    R"({"trackType":"Curve","valueType":"floatQ","data":{"node":"Arm","property":"Rotation","keyframes":[)"
    R"({"time":0,"value":{"x":0,"y":0,"z":0,"w":1},"interpolation":"Linear"},)"
    R"({"time":4.6e9,"value":{"x":0,"y":1,"z":0,"w":0},"interpolation":"Linear"},)"
    R"({"time":9.2e9,"value":{"x":1,"y":0,"z":0,"w":0},"interpolation":"Linear"}]}},)"
    R"({"trackType":"Curve","valueType":"float","data":{"node":"Lamp","property":"Intensity","keyframes":[)"
    R"({"time":0,"value":0,"interpolation":"Hold"},)"
    R"({"time":4.6e9,"value":1,"interpolation":"Tangent","leftTangent":0,"rightTangent":1e-9},)"
    R"({"time":9.2e9,"value":0.5,"interpolation":"Tangent"}]}}]})";

// At most 256 engine samples a key where a track curves, and as many bisection tests: 3 keys, 2 segments.
constexpr std::size_t kMostKeys = 3 + 2 * 256 + 3 * 256;

TEST(AnimxBoundedWork, ALongClipOfFewKeysConvertsWithFewKeys) {
  const auto document = read_animj(kLongClip);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  const auto core = to_core(*document, {});
  ASSERT_TRUE(core.ok());
  const Clip& clip = core->scene.clips.at(0);
  ASSERT_EQ(clip.joints.size(), 1u);
  ASSERT_TRUE(clip.joints[0].translation && clip.joints[0].rotation);
  EXPECT_LE(clip.joints[0].translation->times.size(), kMostKeys);
  EXPECT_LE(clip.joints[0].rotation->times.size(), kMostKeys);
  ASSERT_EQ(clip.properties.size(), 1u);
  EXPECT_LE(clip.properties[0].times.size(), kMostKeys);
  const auto thinned = std::count_if(core->notes.begin(), core->notes.end(), [](const std::string& note) {
    return note.find("sampled below 60 Hz") != std::string::npos;
  });
  EXPECT_EQ(thinned, 2) << "the Position and Intensity tracks say they were sampled sparsely";

  Scene scene = core->scene;
  scene.clips[0].metadata.clear();  // no source to fall back on: the keys are fitted anew
  const auto back = from_core(scene, {});
  ASSERT_TRUE(back.ok());
  ASSERT_EQ(back->value.tracks.size(), 3u);
  for (const Track& track : back->value.tracks) EXPECT_LE(track.times.size(), kMostKeys) << track.property;
}

// A Raw uint track of 12 frames up to 4e9 (like the fuzzer's slowest unit after the first fix): Resonite
// lerps integer values in float32 and rounds them, so no midpoint is nearer the straight line than its
// rounding. Resampling chased that into 193 keys; it now stops at the engine's resolution. The keys: the 12
// frames and the clip's end, and the two segments around the fifth frame bisected to their depth (12 levels
// each): 4294967221 is 2^32 in float32, past uint's range, and the engine's value jumps there (with
// 4294966000 instead, 13 keys).
constexpr const char* kLargeIntegers =
    R"({"name":"counter","globalDuration":91.5,"tracks":[)"
    R"({"trackType":"Raw","valueType":"uint","data":{"node":"Counter","property":"Value","interval":8.3125,)"
    R"("keyframes":[27271680,101056512,855638278,101062142,4294967221,101056512,805306630,1768841726,)"
    R"(2150529133,202116108,204540940,202116108]}}]})";

TEST(AnimxBoundedWork, IntegerFramesAreNotBisectedBelowTheEnginesRounding) {
  const auto document = read_animj(kLargeIntegers);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  const auto core = to_core(*document, {});
  ASSERT_TRUE(core.ok());
  ASSERT_EQ(core->scene.clips.at(0).properties.size(), 1u);
  const PropertyTrack& property = core->scene.clips[0].properties[0];
  EXPECT_LE(property.times.size(), 13u + 2 * 12);
  ASSERT_FALSE(property.values.empty());
  EXPECT_EQ(property.values.front(), 27271680);  // exact in float32: even, below 2^25
}

// A clip converted straight back (its extras describe its own source, the scene is that source's export) is
// the source: nothing is fitted, and the note says so.
TEST(AnimxBoundedWork, AClipThatIsItsSourcesExportIsNotFittedAgain) {
  const auto document = read_animj(kLargeIntegers);
  ASSERT_TRUE(document.ok());
  const auto core = to_core(*document, {});
  ASSERT_TRUE(core.ok());
  const auto back = from_core(core->scene, {});
  ASSERT_TRUE(back.ok());
  ASSERT_EQ(back->notes.size(), 1u);
  EXPECT_EQ(back->notes[0].rfind("unchanged: the clip is the source file", 0), 0u) << back->notes[0];
  EXPECT_EQ(write(back->value), write(*document));
}

TEST(AnimxBoundedWork, FidelityGridsHaveACap) {
  const double tick = 1.0 / 240;
  EXPECT_LE(time_grid(9.2e9, tick).size(), kMaxGridTimes);
  EXPECT_NE(grid_note(9.2e9, tick), "");
  EXPECT_EQ(time_grid(2.0, tick).size(), 481u);
  EXPECT_EQ(grid_note(2.0, tick), "");
}

}  // namespace
}  // namespace bonebridge::animx::animation
