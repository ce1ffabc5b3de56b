// SPDX-License-Identifier: MIT
#include "bonebridge/core/reduce.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace bonebridge {
namespace {

std::vector<std::uint8_t> bytes_of(const std::string& text) {
  return {text.begin(), text.end()};
}

// RFC 4648 section 10's test vectors.
TEST(Reduce, Base64FollowsRfc4648TestVectors) {
  EXPECT_EQ(base64_encode(bytes_of("")), "");
  EXPECT_EQ(base64_encode(bytes_of("f")), "Zg==");
  EXPECT_EQ(base64_encode(bytes_of("fo")), "Zm8=");
  EXPECT_EQ(base64_encode(bytes_of("foo")), "Zm9v");
  EXPECT_EQ(base64_encode(bytes_of("foob")), "Zm9vYg==");
  EXPECT_EQ(base64_encode(bytes_of("fooba")), "Zm9vYmE=");
  EXPECT_EQ(base64_encode(bytes_of("foobar")), "Zm9vYmFy");
  EXPECT_EQ(base64_decode("Zm9vYmE="), bytes_of("fooba"));
  EXPECT_EQ(base64_decode("Zm9vYg=="), bytes_of("foob"));
  EXPECT_EQ(base64_decode("Zm9vYmFy"), bytes_of("foobar"));
}

TEST(Reduce, Base64RefusesWhatIsNotPaddedBase64) {
  EXPECT_FALSE(base64_decode("Zm9"));       // not a multiple of 4
  EXPECT_FALSE(base64_decode("Zm9v!mFy"));  // outside the alphabet
  EXPECT_FALSE(base64_decode("Zg=a"));      // padding before a digit
  EXPECT_FALSE(base64_decode("Z==="));      // three padding characters
}

// FNV-1a 64 reference values (Fowler, Noll, Vo: the IETF draft's test suite): "" and "a".
TEST(Reduce, Fnv1a64MatchesTheReferenceValues) {
  EXPECT_EQ(fnv1a64(bytes_of("")), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a64(bytes_of("a")), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv1a64(bytes_of("foobar")), 0x85944171f73967e8ULL);
}

TEST(Reduce, ADescribedSourceComesBackAndADamagedOneDoesNot) {
  Clip clip;
  const auto source = bytes_of("ANI\x11 tiny file");
  describe_source(clip, source);
  EXPECT_EQ(clip.metadata.at(kSourceMetadata).substr(0, 8), "fnv1a64:");
  EXPECT_EQ(described_source(clip), source);
  // One base64 digit changed: the bytes no longer match the hash.
  std::string& text = clip.metadata.at(kSourceMetadata);
  text[text.size() - 3] = text[text.size() - 3] == 'A' ? 'B' : 'A';
  EXPECT_FALSE(described_source(clip));
  clip.metadata.erase(kSourceMetadata);
  EXPECT_FALSE(described_source(clip));
}

TEST(Reduce, AFileOverTheLimitIsNotDescribed) {
  Clip clip;
  describe_source(clip, std::vector<std::uint8_t>(kMaxDescribedSource + 1));
  EXPECT_FALSE(clip.metadata.contains(kSourceMetadata));
}

TEST(Reduce, EngineInstantsFollowTheTickAndAreSpreadWhenTooMany) {
  EXPECT_EQ(engine_instants(0.05, 0.02, 100), (std::vector<double>{0, 0.02, 0.04, 0.05}));
  const auto spread = engine_instants(10.0, 0.001, 5);
  EXPECT_EQ(spread, (std::vector<double>{0, 2.5, 5, 7.5, 10}));
  EXPECT_EQ(engine_instants(0, 0.001, 5), (std::vector<double>{0}));
}

Mat4 turned_about_z(double radians, Vec3 at) {
  Mat4 m;
  m.at(0, 0) = std::cos(radians);
  m.at(1, 0) = std::sin(radians);
  m.at(0, 1) = -std::sin(radians);
  m.at(1, 1) = std::cos(radians);
  m.m[12] = at.x;
  m.m[13] = at.y;
  m.m[14] = at.z;
  return m;
}

TEST(Reduce, MotionDifferenceIsTheLargestDistanceAndAngleOverInstants) {
  const ModelPoseAt still = [](double) { return std::vector<Mat4>{Mat4{}, turned_about_z(0, {1, 0, 0})}; };
  // The second joint turns 0.1 rad per second and moves 2 units per second along y.
  const ModelPoseAt moving = [](double t) {
    return std::vector<Mat4>{Mat4{}, turned_about_z(0.1 * t, {1, 2 * t, 0})};
  };
  const std::vector<double> instants{0, 0.5, 1};
  const MotionDifference difference = compare_motion(instants, still, moving);
  EXPECT_TRUE(difference.comparable);
  EXPECT_EQ(difference.instants, 3u);
  EXPECT_NEAR(difference.position, 2.0, 1e-12);
  EXPECT_NEAR(difference.radians, 0.1, 1e-9);
  EXPECT_EQ(difference.time, 1.0);
  EXPECT_TRUE(within(difference, {2.0, 0.1 + 1e-9}));
  EXPECT_FALSE(within(difference, {1.9, 1}));
  EXPECT_FALSE(within(difference, {3, 0.09}));
}

TEST(Reduce, MotionOfDifferentJointCountsIsNotComparable) {
  const ModelPoseAt one = [](double) { return std::vector<Mat4>(1); };
  const ModelPoseAt two = [](double) { return std::vector<Mat4>(2); };
  const std::vector<double> instants{0};
  EXPECT_FALSE(compare_motion(instants, one, two).comparable);
  EXPECT_FALSE(within(compare_motion(instants, one, two), {1e9, 1e9}));
}

TEST(Reduce, OrientationOfIgnoresScale) {
  Mat4 m = turned_about_z(0.5, {});
  for (int r = 0; r < 3; ++r) m.at(r, 0) *= 3;  // x scaled by 3
  EXPECT_NEAR(angle_between(orientation_of(m), axis_angle({0, 0, 1}, 0.5)), 0, 1e-9);
}

// An integer engine (LBA style: (a + (b - a) * elapsed / span), truncating) over keys (time, value).
struct IntKey {
  int time = 0;
  int value = 0;
};

TEST(Reduce, KeysTheEngineInterpolatesWithinTheToleranceAreDropped) {
  // 0 -> 100 over 10 ticks, held to 20, then 100 -> 0 over 4 ticks: keys every tick, baked.
  std::vector<IntKey> keys;
  for (int t = 0; t <= 10; ++t) keys.push_back({t, 10 * t});
  for (int t = 11; t <= 20; ++t) keys.push_back({t, 100});
  for (int t = 21; t <= 24; ++t) keys.push_back({t, 100 - 25 * (t - 20)});
  const auto interpolate = [](const IntKey& a, const IntKey& b, int time) {
    return IntKey{time, a.value + (b.value - a.value) * (time - a.time) / (b.time - a.time)};
  };
  const auto error = [](const IntKey& a, const IntKey& b) {
    return std::abs(static_cast<double>(a.value - b.value));
  };
  KeyReductionReport report;
  const auto kept = reduce_keys(
      keys, [](const IntKey& k) { return k.time; }, interpolate, error, 0.0, 64, report);
  // The three corners and the two ends: 0, 10, 20, 24.
  ASSERT_EQ(kept.size(), 4u);
  EXPECT_EQ(kept[0].time, 0);
  EXPECT_EQ(kept[1].time, 10);
  EXPECT_EQ(kept[2].time, 20);
  EXPECT_EQ(kept[3].time, 24);
  EXPECT_EQ(report.before, 25u);
  EXPECT_EQ(report.after, 4u);
  EXPECT_EQ(report.largest_error, 0.0);
}

TEST(Reduce, TheToleranceDecidesAndTheReportStatesTheErrorLeft) {
  // A bump of 3 at tick 5 on a flat line: kept under tolerance 0.5, dropped under tolerance 3 (error 3).
  std::vector<IntKey> keys;
  for (int t = 0; t <= 10; ++t) keys.push_back({t, t == 5 ? 3 : 0});
  const auto interpolate = [](const IntKey& a, const IntKey& b, int time) {
    return IntKey{time, a.value + (b.value - a.value) * (time - a.time) / (b.time - a.time)};
  };
  const auto error = [](const IntKey& a, const IntKey& b) {
    return std::abs(static_cast<double>(a.value - b.value));
  };
  const auto time_of = [](const IntKey& k) { return k.time; };
  KeyReductionReport tight, loose;
  EXPECT_EQ(reduce_keys(keys, time_of, interpolate, error, 0.5, 64, tight).size(), 5u);  // 0, 4, 5, 6, 10
  EXPECT_EQ(tight.largest_error, 0.0);
  EXPECT_EQ(reduce_keys(keys, time_of, interpolate, error, 3.0, 64, loose).size(), 2u);
  EXPECT_EQ(loose.largest_error, 3.0);
}

TEST(Reduce, SpansAreTheLongestThatFitFromEachKeptItem) {
  // Items 0..9; a span fits when it does not cross item 4 or item 7 (both must be kept).
  const auto fits = [](std::size_t from, std::size_t to) {
    return !(from < 4 && to > 4) && !(from < 7 && to > 7);
  };
  EXPECT_EQ(reduce_spans(10, 64, fits), (std::vector<std::size_t>{0, 4, 7, 9}));
  EXPECT_EQ(reduce_spans(10, 2, fits), (std::vector<std::size_t>{0, 2, 4, 6, 7, 9}));
  EXPECT_EQ(reduce_spans(1, 64, fits), (std::vector<std::size_t>{0}));
  EXPECT_TRUE(reduce_spans(0, 64, fits).empty());
}

}  // namespace
}  // namespace bonebridge
