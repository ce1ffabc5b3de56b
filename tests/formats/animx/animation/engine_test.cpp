// SPDX-License-Identifier: MIT
// The engine against Resonite's own Sample(t) output (shared/samples/animx/sample_expected_samples.json,
// produced by Elements.Core under Mono) and the rules of research/animx.md §4.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstring>

#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/engine.hpp"
#include "bonebridge/formats/animx/animation/skeleton.hpp"
#include "support/samples.hpp"

namespace bonebridge::animx::animation {
namespace {

using testing::read_bytes;

// The golden file prints float32 values in .NET round-trip form; a float32 computation in another order may
// differ in the last place.
void expect_close(double expected, double actual, const std::string& where) {
  EXPECT_NEAR(actual, expected, 2e-7 * std::max(1.0, std::abs(expected))) << where;
}

void expect_matches(const nlohmann::json& expected, const SampledValue& actual, const std::string& where) {
  if (expected.is_null()) {
    EXPECT_EQ(actual.text, std::nullopt) << where;
  } else if (expected.is_string()) {
    EXPECT_EQ(actual.text, std::optional<std::string>(expected.get<std::string>())) << where;
  } else if (expected.is_number()) {
    const auto numbers = components(actual.element, actual.bytes);
    ASSERT_EQ(numbers.size(), 1u) << where;
    expect_close(expected.get<double>(), numbers[0], where);
  } else {
    const auto numbers = components(actual.element, actual.bytes);
    ASSERT_EQ(numbers.size(), expected.size()) << where;
    for (std::size_t c = 0; c < numbers.size(); ++c) {
      const double want =
          expected[c].is_boolean() ? (expected[c].get<bool>() ? 1.0 : 0.0) : expected[c].get<double>();
      expect_close(want, numbers[c], where + " component " + std::to_string(c));
    }
  }
}

TEST(AnimxEngine, ReproducesEveryGoldenSample) {
  BONEBRIDGE_REQUIRE_SAMPLE(clip_path, "animx/sample_plain.animx");
  BONEBRIDGE_REQUIRE_SAMPLE(golden_path, "animx/sample_expected_samples.json");
  const auto document = read(read_bytes(clip_path));
  ASSERT_TRUE(document.ok());
  const auto golden_bytes = read_bytes(golden_path);
  const auto golden = nlohmann::json::parse(golden_bytes.begin(), golden_bytes.end());
  std::size_t compared = 0;
  for (const auto& track : golden["tracks"]) {
    const auto index = track["index"].get<std::size_t>();
    ASSERT_LT(index, document->tracks.size());
    const Track& native = document->tracks[index];
    EXPECT_EQ(native.node, track["node"].get<std::string>());
    EXPECT_EQ(native.property, track["property"].get<std::string>());
    for (const auto& entry : track["samples"]) {
      const auto t = entry[0].get<float>();
      const std::string where = native.node + "." + native.property + " at t=" + std::to_string(t);
      const auto value = sample(native, t);
      ASSERT_TRUE(value.ok()) << where << ": " << value.error().to_string();
      expect_matches(entry[1], *value, where);
      ++compared;
    }
  }
  EXPECT_EQ(compared, 12u * 13u);
}

Track float_track(TrackType type, std::vector<float> times, std::vector<float> values) {
  Track track;
  track.type = type;
  track.element = ElementType::Float;
  track.times = std::move(times);
  track.values.bytes.resize(values.size() * 4);
  std::memcpy(track.values.bytes.data(), values.data(), track.values.bytes.size());
  return track;
}

float sample_float(const Track& track, float t) {
  const auto value = sample(track, t);
  EXPECT_TRUE(value.ok());
  return value.ok() ? static_cast<float>(components(value->element, value->bytes)[0]) : 0.0f;
}

TEST(AnimxEngine, RawExtrapolatesLinearlyPastBothEnds) {
  // research/animx.md §4: frames 0, 1, 0.25, 0.75 at interval 0.5 give -1 at t=-0.5 and 3.25 at t=4.
  Track raw = float_track(TrackType::Raw, {}, {0, 1, 0.25f, 0.75f});
  raw.interval = 0.5f;
  EXPECT_FLOAT_EQ(sample_float(raw, -0.5f), -1.0f);
  EXPECT_FLOAT_EQ(sample_float(raw, 4.0f), 3.25f);
  EXPECT_FLOAT_EQ(track_duration(raw), 2.0f);  // count × interval
}

TEST(AnimxEngine, ThrowingCasesAreErrors) {
  Track one_frame = float_track(TrackType::Raw, {}, {1});
  one_frame.interval = 1;
  EXPECT_FALSE(sample(one_frame, 0).ok());
  EXPECT_FALSE(sample(float_track(TrackType::Curve, {}, {}), 0).ok());
  EXPECT_FALSE(sample(float_track(TrackType::Discrete, {}, {}), 0).ok());
  Track bad_mode = float_track(TrackType::Curve, {0, 1}, {0, 1});
  bad_mode.shared_interpolation = 4;
  EXPECT_FALSE(sample(bad_mode, 0.5f).ok());
  Track text;
  text.type = TrackType::Curve;
  text.element = ElementType::String;
  text.times = {0, 1};
  text.values.strings = {"a", "b"};
  text.shared_interpolation = static_cast<std::uint8_t>(Interpolation::Tangent);
  text.flags = kCurveTangents;
  text.left_tangents.strings = {"", ""};
  text.right_tangents.strings = {"", ""};
  EXPECT_FALSE(sample(text, 0.5f).ok());
}

// A joint track Resonite cannot sample makes the pose an error naming the track, not a joint left at rest;
// the same track samples at times where it does not throw.
TEST(AnimxEngine, APoseWithATrackThatThrowsIsAnError) {
  Track position;
  position.type = TrackType::Curve;
  position.element = ElementType::Float3;
  position.node = "Hips";
  position.property = "Position";
  position.times = {0, 1, 2};
  const float xyz[9] = {0, 0, 0, 1, 2, 3, 4, 5, 6};
  position.values.bytes.resize(sizeof xyz);
  std::memcpy(position.values.bytes.data(), xyz, sizeof xyz);
  position.flags = kCurvePerKeyInterpolation;
  position.interpolations = {1, 7, 1};  // segment 1 (t in (1, 2]) has no interpolation type
  Document document;
  document.tracks.push_back(position);
  const Skeleton skeleton = clip_skeleton(document, std::nullopt);
  EnginePose pose;
  ASSERT_TRUE(engine_pose(document, skeleton, 0.5, pose));
  ASSERT_EQ(pose.joints.size(), 1u);
  EXPECT_FLOAT_EQ(static_cast<float>(pose.joints[0].local.translation.y), 1.0f);  // halfway from 0 to 2
  const auto thrown = engine_pose(document, skeleton, 1.5, pose);
  ASSERT_FALSE(thrown);
  EXPECT_NE(thrown.error().message.find("Hips.Position"), std::string::npos) << thrown.error().message;
  EXPECT_NE(thrown.error().message.find("invalid interpolation type 7"), std::string::npos);
}

TEST(AnimxEngine, KeySearchIsStrictlyLessThan) {
  Track hold = float_track(TrackType::Curve, {0, 1, 2}, {10, 20, 30});
  hold.shared_interpolation = static_cast<std::uint8_t>(Interpolation::Hold);
  EXPECT_EQ(sample_float(hold, 1.0f), 10.0f);  // at exactly key 1's time the previous key still holds
  EXPECT_EQ(sample_float(hold, 1.001f), 20.0f);
  Track discrete = float_track(TrackType::Discrete, {0, 1}, {5, 6});
  EXPECT_EQ(sample_float(discrete, 1.0f), 5.0f);
  EXPECT_EQ(sample_float(discrete, -3.0f), 5.0f);
}

TEST(AnimxEngine, TangentIsTheHermiteWithOffsetSlopes) {
  // v0=0 at t=0, v1=1 at t=2, R0=0.5, L1=0.25: m0 = s + R0 = 1, m1 = s - L1 = 0.25 (s = 0.5 per second).
  Track tangent = float_track(TrackType::Curve, {0, 2}, {0, 1});
  tangent.shared_interpolation = static_cast<std::uint8_t>(Interpolation::Tangent);
  tangent.flags = kCurveTangents;
  const float left[] = {0, 0.25f}, right[] = {0.5f, 0};
  tangent.left_tangents.bytes.resize(8);
  tangent.right_tangents.bytes.resize(8);
  std::memcpy(tangent.left_tangents.bytes.data(), left, 8);
  std::memcpy(tangent.right_tangents.bytes.data(), right, 8);
  // Hermite at u = 0.5 with dt = 2: (p0 + p1)/2 + dt (m0 - m1)/8 = 0.5 + 2·0.75/8 = 0.6875.
  EXPECT_FLOAT_EQ(sample_float(tangent, 1.0f), 0.6875f);
}

}  // namespace
}  // namespace bonebridge::animx::animation
