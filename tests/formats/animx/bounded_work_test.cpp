// SPDX-License-Identifier: MIT
// Work that grows with a clip's keys, not its duration (issue 38): the fuzzer's slowest AnimX unit was a
// 3-key Curve track lasting 9.2e9 s, which the bridge resampled at 60 Hz into 40,000 keys and then fitted
// back for 51 s. The same kind of clip must now convert both ways with keys bounded by its own, and say
// where it sampled more sparsely. Counts, not wall time, so that the test holds on a loaded machine.
#include <gtest/gtest.h>

#include <algorithm>

#include "bonebridge/core/fidelity.hpp"
#include "bonebridge/formats/animx/animj.hpp"
#include "bonebridge/formats/animx/bridge.hpp"

namespace bonebridge::animx {
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

TEST(AnimxBoundedWork, FidelityGridsHaveACap) {
  const double tick = 1.0 / 240;
  EXPECT_LE(time_grid(9.2e9, tick).size(), kMaxGridTimes);
  EXPECT_NE(grid_note(9.2e9, tick), "");
  EXPECT_EQ(time_grid(2.0, tick).size(), 481u);
  EXPECT_EQ(grid_note(2.0, tick), "");
}

}  // namespace
}  // namespace bonebridge::animx
