// SPDX-License-Identifier: MIT
// AnimJ against the importer rules of research/animx.md §3 and the Resonite-written sample_plain.animx.
#include <gtest/gtest.h>

#include "bonebridge/formats/animx/animation/animj.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"
#include "support/samples.hpp"

namespace bonebridge::animx::animation {
namespace {

using testing::read_bytes;

std::string text_of(const std::vector<std::uint8_t>& bytes) {
  return {bytes.begin(), bytes.end()};
}

TEST(AnimxAnimj, HandwrittenSampleEncodesToResonitesBytes) {
  // The hand-written AnimJ describes sample_plain.animx; imported with Resonite's InsertKeyFrame rules and
  // written plain, it gives the bytes Resonite's own encoder wrote.
  BONEBRIDGE_REQUIRE_SAMPLE(animj_path, "animx/sample_equivalent_handwritten.animj");
  BONEBRIDGE_REQUIRE_SAMPLE(plain_path, "animx/sample_plain.animx");
  const auto document = read_animj(text_of(read_bytes(animj_path)));
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  EXPECT_EQ(write(*document), read_bytes(plain_path));
}

TEST(AnimxAnimj, ResoniteFileSurvivesAnAnimjRoundTrip) {
  BONEBRIDGE_REQUIRE_SAMPLE(plain_path, "animx/sample_plain.animx");
  const auto bytes = read_bytes(plain_path);
  const auto document = read(bytes);
  ASSERT_TRUE(document.ok());
  const auto again = read_animj(write_animj(*document));
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(write(*again), bytes);
}

Result<Document> read_track(const std::string& track) {
  return read_animj(R"({"name":"T","globalDuration":0,"tracks":[)" + track + "]}");
}

TEST(AnimxAnimj, TrackMembersMustComeInOrder) {
  const auto result = read_track(
      R"({"valueType":"float","trackType":"Curve","data":{"node":"a","property":"b","keyframes":[]}})");
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("$.tracks[0]"), std::string::npos) << result.error().message;
  EXPECT_FALSE(read_track(R"({"trackType":"Curve","valueType":"float","data":{"keyframes":[]},"x":1})").ok());
}

TEST(AnimxAnimj, NamesAreCaseSensitive) {
  EXPECT_FALSE(read_track(R"({"trackType":"curve","valueType":"float","data":{"keyframes":[]}})").ok());
  EXPECT_FALSE(read_track(R"({"trackType":"Curve","valueType":"Float","data":{"keyframes":[]}})").ok());
  EXPECT_FALSE(read_track(R"({"trackType":"Bezier","valueType":"float","data":{"keyframes":[]}})").ok());
  EXPECT_TRUE(read_track(R"({"trackType":"Curve","valueType":"float","data":{"keyframes":[]}})").ok());
}

TEST(AnimxAnimj, MissingInterpolationIsHoldAndKeysAreSorted) {
  const auto result =
      read_track(R"({"trackType":"Curve","valueType":"float","data":{"node":"n","property":"p",
      "keyframes":[{"time":2,"value":20},{"time":0.5,"value":5,"interpolation":"linear"},{"time":1,"value":10}]}})");
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const Track& track = result->tracks[0];
  EXPECT_EQ(track.times, (std::vector<float>{0.5f, 1, 2}));
  // Modes by time: Linear (0.5), Hold (1), Hold (2): not all equal, so a per-key list (flags bit 0).
  EXPECT_EQ(track.flags, kCurvePerKeyInterpolation);
  EXPECT_EQ(track.interpolations, (std::vector<std::uint8_t>{1, 0, 0}));
  EXPECT_EQ(result->global_duration, 2.0f);  // globalDuration 0 becomes the longest track
}

TEST(AnimxAnimj, NegativeTimesAreRejected) {
  const auto result = read_track(
      R"({"trackType":"Discrete","valueType":"int","data":{"keyframes":[{"time":-1,"value":3}]}})");
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("negative"), std::string::npos);
  EXPECT_NE(result.error().message.find("$.tracks[0].data.keyframes[0].time"), std::string::npos)
      << result.error().message;
}

TEST(AnimxAnimj, SyntaxErrorsCarryALine) {
  const auto result = read_animj("{\n\"name\": \"x\",\n\"tracks\": [,]\n}");
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().line, std::optional<std::uint64_t>(3));
}

TEST(AnimxAnimj, NullStringsOnlyWhereTheBinaryCanStoreThem) {
  EXPECT_TRUE(
      read_track(
          R"({"trackType":"Discrete","valueType":"string","data":{"keyframes":[{"time":0,"value":null}]}})")
          .ok());
  EXPECT_FALSE(
      read_track(
          R"({"trackType":"Curve","valueType":"string","data":{"keyframes":[{"time":0,"value":null}]}})")
          .ok());
}

TEST(AnimxAnimj, LongValuesStayExact) {
  const auto result = read_track(
      R"({"trackType":"Discrete","valueType":"long","data":{"keyframes":[{"time":0,"value":9007199254740993}]}})");
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  EXPECT_NE(write_animj(*result).find("9007199254740993"), std::string::npos);
}

}  // namespace
}  // namespace bonebridge::animx::animation
