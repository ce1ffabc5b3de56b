// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <cmath>

#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lego/ani/bridge.hpp"
#include "bonebridge/formats/lego/ani/codec.hpp"
#include "bonebridge/formats/lego/ani/engine.hpp"
#include "formats/lego/ani/engine_difference.hpp"
#include "formats/lego/fixtures.hpp"
#include "support/samples.hpp"

namespace bonebridge::lego::ani {
namespace {

Vec3 position(const NodePose& pose) {
  return {pose.world[3][0], pose.world[3][1], pose.world[3][2]};
}

Document round_trip_through_core(const Document& original, std::vector<std::string>* notes = nullptr) {
  const CoreConversion core = *ani::to_core(original);
  auto back = ani::from_core(core.scene);
  EXPECT_TRUE(back.ok()) << back.error().to_string();
  if (!back.ok()) return {};
  if (notes) *notes = back->notes;
  // What from_core builds must survive the file format itself.
  EXPECT_TRUE(writable(back->value).empty());
  auto reread = read(write(back->value));
  EXPECT_TRUE(reread.ok());
  return reread.ok() ? std::move(reread).value() : Document{};
}

// Threshold: key values pass through float32 twice (glTF-frame doubles rounded into the file) on positions up
// to ~50 units: a few float ulps (3.8e-6 each at 50) per level of a 6-level chain.
constexpr double kRoundTripThreshold = 1e-4;

TEST(LegoReverseBridge, SampleThroughCoreAndBackMatchesTheOriginalEngine) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lego/pns065rd.ani");
  const auto original = read(bonebridge::testing::read_bytes(path));
  ASSERT_TRUE(original.ok());
  const Document back = round_trip_through_core(*original);
  EXPECT_EQ(back.duration, 5200);
  EXPECT_EQ(back.actors, original->actors);  // carried in the clip metadata
  EXPECT_EQ(back.root.name, "-PNS065RD");
  const double worst = test::engine_difference(*original, back);
  std::printf("pns065rd -> core -> .ani: max world matrix difference %.3g\n", worst);
  EXPECT_LT(worst, kRoundTripThreshold);
  // The recomputed bounding sphere is close to the original one (notes §5: center (1.257, 1.081, -46.841),
  // r = 6.223), which also encloses the actors; the exporter's exact rule is unknown.
  std::printf("bounding sphere: center (%.3f, %.3f, %.3f), radius %.3f\n", back.header.center[0],
              back.header.center[1], back.header.center[2], back.header.radius);
  for (int axis = 0; axis < 3; ++axis)
    EXPECT_NEAR(back.header.center[axis], original->header.center[axis], 1.0);
  EXPECT_NEAR(back.header.radius, original->header.radius, 2.0);
}

TEST(LegoReverseBridge, CameraAndVisibilitySurviveTheRoundTrip) {
  const Document original = fixtures::camera_flyby();
  std::vector<std::string> notes;
  const Document back = round_trip_through_core(original, &notes);
  ASSERT_TRUE(back.camera.has_value());
  EXPECT_EQ(back.header.parse_scene, 1);
  const double worst = test::engine_difference(original, back);
  std::printf("camera fly-by -> core -> .ani: max matrix difference %.3g\n", worst);
  EXPECT_LT(worst, kRoundTripThreshold);
}

// A clip authored in the core model (glTF frame), not from any .ani: fractional key times, a STEP channel,
// a cubic channel, rotation keys in opposite hemispheres and a rest pose without channels.
Scene hand_built_scene() {
  Scene scene;
  scene.skeleton.joints = {{"HIP", -1, {{0, 1, 0}, {}, {1, 1, 1}}},
                           {"KNEE", 0, {{0.3, -0.5, 0.1}, axis_angle({1, 0, 0}, 0.2), {1, 1, 1}}},
                           {"FOOT", 1, {{0, -0.5, 0}, {}, {1, 1, 1}}}};
  Clip clip;
  clip.duration = 1.0;
  JointChannels hip;
  hip.joint = 0;
  hip.translation =
      Channel<Vec3>{Interpolation::Linear, {0.0, 0.4333, 1.0}, {{0, 1, 0}, {0.5, 1.2, -0.25}, {1, 1, 0}}};
  const Quat far = axis_angle({0, 1, 0}, 2.5);
  hip.rotation = Channel<Quat>{Interpolation::Linear,
                               {0.1, 0.35, 0.6667, 0.9},
                               {Quat{}, -far, axis_angle({0.3, 1, 0}, -1.0), axis_angle({0, 0, 1}, 0.4)}};
  JointChannels knee;
  knee.joint = 1;
  knee.translation = Channel<Vec3>{
      Interpolation::Step, {0.0, 0.25, 0.5005}, {{0.3, -0.5, 0.1}, {0.3, -0.4, 0.1}, {0.3, -0.6, 0.2}}};
  knee.scale = Channel<Vec3>{Interpolation::CubicSpline,
                             {0.0, 1.0},
                             {{0, 0, 0}, {1, 1, 1}, {0.5, 0, 0}, {0, 0, 0.5}, {1.2, 1, 1.4}, {0, 0, 0}}};
  clip.joints = {hip, knee};
  clip.visibility = {{2, {0.2, 0.7005}, {false, true}}};
  scene.clips.push_back(clip);
  return scene;
}

TEST(LegoReverseBridge, HandBuiltCoreClipPlaysTheSameInTheEngine) {
  const Scene scene = hand_built_scene();
  const auto converted = ani::from_core(scene);
  ASSERT_TRUE(converted.ok()) << converted.error().to_string();
  const auto document = read(write(converted->value));
  ASSERT_TRUE(document.ok());
  const ani::Engine engine(*document);
  ClipPoser poser(scene.skeleton, scene.clips[0]);
  const AxisConversion mirror = AxisConversion::mirror_x();
  double worst = 0;
  for (std::int32_t ms = 0; ms <= 1000; ++ms) {
    const auto& model = poser.model_at(ms / 1000.0);
    const auto poses = engine.evaluate(ms);
    ASSERT_EQ(poses.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
      worst = std::max(worst, distance(mirror.point(position(poses[i])), model[i].translation()));
    }
    // FOOT: the core track is clamped before its first key (hidden), then visible from 0.7005 s, that is
    // from the first whole millisecond at or after it.
    EXPECT_EQ(poses[2].visible, ms >= 701) << ms;
  }
  std::printf("hand-built core clip -> .ani: max joint position error %.3g\n", worst);
  EXPECT_LT(worst, 1e-5);
}

TEST(LegoReverseBridge, EmptyJointNamesAreRejected) {
  Scene scene = hand_built_scene();
  scene.skeleton.joints[1].name.clear();
  const auto converted = ani::from_core(scene);
  ASSERT_FALSE(converted.ok());
  EXPECT_NE(converted.error().message.find("empty name"), std::string::npos);
}

}  // namespace
}  // namespace bonebridge::lego::ani

namespace bonebridge::lego::ani {
namespace {

TEST(LegoReverseBridge, ActorsWithEmptyNamesAreDroppedWithANote) {
  Document original = fixtures::waving_arm();
  original.actors.insert(original.actors.begin(), Actor{"", 0});
  const auto back = ani::from_core(ani::to_core(original)->scene);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back->value.actors, fixtures::waving_arm().actors);
  EXPECT_TRUE(writable(back->value).empty());
  bool noted = false;
  for (const auto& note : back->notes) noted = noted || note.find("empty name") != std::string::npos;
  EXPECT_TRUE(noted);
}

}  // namespace
}  // namespace bonebridge::lego::ani

namespace bonebridge::lego::ani {
namespace {

TEST(LegoReverseBridge, EightBitNamesRoundTripThroughUtf8) {
  Document original = fixtures::waving_arm();
  original.root.children[0].name = "\xC9T\xC9";  // "ÉTÉ" in the game's 8-bit code page
  original.actors[0].name = "\xC9T\xC9";
  const CoreConversion core = *ani::to_core(original);
  EXPECT_EQ(core.scene.skeleton.joints[1].name, "\xC3\x89T\xC3\x89");  // UTF-8 for the glTF side
  const auto back = ani::from_core(core.scene);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back->value.root.children[0].name, "\xC9T\xC9");
  EXPECT_EQ(back->value.actors[0].name, "\xC9T\xC9");
  EXPECT_FALSE(name_from_utf8("\xE6\x97\xA5").has_value());  // U+65E5 has no 8-bit form
  Scene scene = core.scene;
  scene.skeleton.joints[1].name = "\xE6\x97\xA5";
  EXPECT_FALSE(ani::from_core(scene).ok());
}

}  // namespace
}  // namespace bonebridge::lego::ani

namespace bonebridge::lego::ani {
namespace {

// A turn of 2e-4 rad stores w = cos(1e-4) = 0.999999995, which rounds to 1.0f: by its value alone the game
// would skip the key (identity). The reverse bridge stores 0x01 on every key but the identity, so the game
// uses it. Hand computation (glTF frame, column vectors): HAND, 10 units along +X under ARM turned 2e-4 rad
// about +Z, sits at (10 cos 2e-4, 10 sin 2e-4, 0) = (9.9999998, 0.0019999999, 0).
TEST(LegoReverseBridge, SmallRotationsAreStoredActive) {
  Scene scene;
  scene.skeleton.joints = {{"ARM", -1, {}}, {"HAND", 0, {{10, 0, 0}, {}, {1, 1, 1}}}};
  Clip clip;
  clip.duration = 1.0;
  JointChannels arm;
  arm.joint = 0;
  arm.rotation = Channel<Quat>{Interpolation::Linear, {0.0}, {axis_angle({0, 0, 1}, 2e-4)}};
  clip.joints = {arm};
  scene.clips.push_back(clip);
  const auto converted = ani::from_core(scene);
  ASSERT_TRUE(converted.ok()) << converted.error().to_string();
  const auto document = read(write(converted->value));
  ASSERT_TRUE(document.ok());
  ASSERT_EQ(document->root.rotation.size(), 1u);
  EXPECT_EQ(document->root.rotation[0].w, 1.0f);
  EXPECT_EQ(document->root.rotation[0].flags, kFlagActive);
  const auto poses = ani::Engine(*document).evaluate(500);
  const Vec3 hand = AxisConversion::mirror_x().point(position(poses.at(1)));
  EXPECT_NEAR(hand.x, 9.9999998, 1e-6);
  EXPECT_NEAR(hand.y, 0.0019999999, 1e-7);
  EXPECT_NEAR(hand.z, 0, 1e-7);
}

}  // namespace
}  // namespace bonebridge::lego::ani
