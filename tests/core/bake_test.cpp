// SPDX-License-Identifier: MIT
#include "bonebridge/core/bake.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace bonebridge {
namespace {

constexpr double kDegree = kPi / 180;

// A rotation of `degrees` about +Z: (0, 0, sin(d/2), cos(d/2)).
Quat about_z(double degrees) {
  return {0, 0, std::sin(degrees * kDegree / 2), std::cos(degrees * kDegree / 2)};
}

void expect_quat_near(Quat actual, Quat expected) {
  EXPECT_NEAR(actual.x, expected.x, 1e-12);
  EXPECT_NEAR(actual.y, expected.y, 1e-12);
  EXPECT_NEAR(actual.z, expected.z, 1e-12);
  EXPECT_NEAR(actual.w, expected.w, 1e-12);
}

TEST(Bake, NinetyDegreesBecomeSixFifteenDegreeSegmentsAtTheSlerpPoints) {
  // 90 / 15 = 6 pieces; the slack keeps an arc a rounding error over 90 degrees from getting a seventh.
  const RotationSegments policy{15 * kDegree, 15 * kDegree, 1e-9};
  Channel<Quat> channel;
  append_rotation_key(channel, 0.0, Quat{}, policy);
  append_rotation_key(channel, 3.0, about_z(90), policy);
  ASSERT_EQ(channel.times.size(), 7u);
  for (std::size_t k = 0; k < 7; ++k) {
    EXPECT_NEAR(channel.times[k], 0.5 * static_cast<double>(k), 1e-12);  // k/6 of 3 s
    // Key k is at 15k degrees: half angle 7.5k degrees.
    expect_quat_near(channel.values[k], {0, 0, std::sin(7.5 * kDegree * static_cast<double>(k)),
                                         std::cos(7.5 * kDegree * static_cast<double>(k))});
  }
}

TEST(Bake, NinetyDegreesBecomeSevenSegmentsWhenPiecesStayUnderTheLimit) {
  // Pieces of at most 14.5 degrees under a 15 degree limit: ceil(90 / 14.5) = ceil(6.2) = 7 segments of
  // 90/7 degrees, at times k/7 (half angles 45k/7 degrees).
  const RotationSegments policy{15 * kDegree, 14.5 * kDegree, 0};
  EXPECT_EQ(segment_count(90 * kDegree, policy), 7);
  Channel<Quat> channel;
  append_rotation_key(channel, 0.0, Quat{}, policy);
  append_rotation_key(channel, 7.0, about_z(90), policy);
  ASSERT_EQ(channel.times.size(), 8u);
  for (std::size_t k = 0; k < 8; ++k) {
    EXPECT_NEAR(channel.times[k], static_cast<double>(k), 1e-12);
    const double half = 45.0 / 7.0 * static_cast<double>(k) * kDegree;
    expect_quat_near(channel.values[k], {0, 0, std::sin(half), std::cos(half)});
    if (k > 0) {
      EXPECT_LE(angle_between(channel.values[k - 1], channel.values[k]), 15 * kDegree);
    }
  }
}

TEST(Bake, SegmentCountRoundsUpAndTheSlackForgivesRoundingOnly) {
  const RotationSegments exact{15 * kDegree, 15 * kDegree, 0};
  EXPECT_EQ(segment_count(0, exact), 0);
  EXPECT_EQ(segment_count(10 * kDegree, exact), 1);
  EXPECT_EQ(segment_count(16 * kDegree, exact), 2);
  const RotationSegments slack{15 * kDegree, 15 * kDegree, 1e-9};
  EXPECT_EQ(segment_count(30 * kDegree * (1 + 1e-12), slack), 2);  // 2.000000000002 pieces: a rounding error
  EXPECT_EQ(segment_count(30 * kDegree * (1 + 1e-6), slack), 3);   // 2.000002 pieces: a real excess
}

TEST(Bake, SignFlippedKeysAreAlignedToThePreviousHemisphere) {
  // 0, 10, 20, 30 degrees about Z with the second and fourth stored negated: dot(q0, -q1) = -cos 5° < 0.
  std::vector<Knot<Quat>> knots{{0, about_z(0)}, {1, -about_z(10)}, {2, about_z(20)}, {3, -about_z(30)}};
  align_hemispheres(knots);
  for (std::size_t k = 0; k < knots.size(); ++k) {
    expect_quat_near(knots[k].value, about_z(10.0 * static_cast<double>(k)));
  }
  // A key appended to a channel is aligned the same way, before its arc is measured (10 degrees: no piece).
  Channel<Quat> channel;
  append_rotation_key(channel, 0, about_z(0), {15 * kDegree, 15 * kDegree, 0});
  append_rotation_key(channel, 1, -about_z(10), {15 * kDegree, 15 * kDegree, 0});
  ASSERT_EQ(channel.values.size(), 2u);
  expect_quat_near(channel.values[1], about_z(10));
}

TEST(Bake, InsertedPointsFollowTheGivenArcInterpolation) {
  // An engine that blends components (no normalisation, to see it used): the middle of 0 -> 20 degrees is
  // the average of the two quaternions.
  const ArcInterpolation blend = [](Quat a, Quat b, double f) {
    return Quat{a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f, a.w + (b.w - a.w) * f};
  };
  Channel<Quat> channel;
  append_rotation_key(channel, 0, Quat{}, {15 * kDegree, 15 * kDegree, 0}, blend);
  append_rotation_key(channel, 2, about_z(20), {15 * kDegree, 15 * kDegree, 0}, blend);
  ASSERT_EQ(channel.values.size(), 3u);
  EXPECT_NEAR(channel.values[1].z, std::sin(10 * kDegree) / 2, 1e-15);
  EXPECT_NEAR(channel.values[1].w, (1 + std::cos(10 * kDegree)) / 2, 1e-15);
}

// Misses when the chord's middle is farther than `tolerance` from the engine's middle value.
auto chord_misses(double tolerance) {
  return [tolerance](const Knot<Vec3>& a, const Knot<Vec3>& b, const Knot<Vec3>& middle) {
    return !lerp_reproduces(a.value, b.value, 0.5, middle.value, tolerance);
  };
}

std::optional<Vec3> parabola(double t) {
  return Vec3{t * t, 0, 0};
}

TEST(Bake, ALinearFunctionIsFittedWithItsTwoBreakpoints) {
  const std::vector<double> breakpoints{0, 1};
  const auto keys = fit<Vec3>(breakpoints,
                              [](double t) {
                                return std::optional<Vec3>(Vec3{2 * t + 1, 0, 0});
                              },
                              chord_misses(1e-9), {12, 0, 0});
  ASSERT_TRUE(keys);
  ASSERT_EQ(keys->size(), 2u);
  EXPECT_EQ((*keys)[0].value.x, 1);
  EXPECT_EQ((*keys)[1].value.x, 3);
}

TEST(Bake, AParabolaGetsKeysWhereTheChordErrorIsWithinTolerance) {
  // f = t² on [0, 1]: the chord over h misses f by 1/8 · h² · |f''| = h²/4 at its middle, the largest miss.
  // Tolerance 0.01: h = 1/4 misses by 1/64 = 0.0156 (split), h = 1/8 by 1/256 = 0.0039 (kept): keys at k/8.
  const std::vector<double> breakpoints{0, 1};
  const auto keys = fit<Vec3>(breakpoints, parabola, chord_misses(0.01), {12, 0, 0});
  ASSERT_TRUE(keys);
  ASSERT_EQ(keys->size(), 9u);
  for (std::size_t k = 0; k < 9; ++k) {
    EXPECT_EQ((*keys)[k].time, static_cast<double>(k) / 8);
    EXPECT_EQ((*keys)[k].value.x, (*keys)[k].time * (*keys)[k].time);
  }
}

TEST(Bake, BisectionStopsAtItsDepthSpanAndTestLimits) {
  const std::vector<double> breakpoints{0, 1};
  // Depth 2: at most two halvings, keys at k/4 although the tolerance asks for far more.
  const auto shallow = fit<Vec3>(breakpoints, parabola, chord_misses(1e-12), {2, 0, 0});
  ASSERT_EQ(shallow->size(), 5u);
  EXPECT_EQ((*shallow)[1].time, 0.25);
  // Spans under 0.3 are kept: 1 and 0.5 are split, 0.25 is not (keys at k/4 again).
  const auto wide = fit<Vec3>(breakpoints, parabola, chord_misses(1e-12), {30, 0.3, 0});
  EXPECT_EQ(wide->size(), 5u);
  // One test in all: only [0, 1] is split.
  const auto one = fit<Vec3>(breakpoints, parabola, chord_misses(1e-12), {30, 0, 0, 1});
  ASSERT_EQ(one->size(), 3u);
  EXPECT_EQ((*one)[1].time, 0.5);
}

TEST(Bake, BisectionKeepsIntervalsShorterThanTheRelativeSpan) {
  // Breakpoints 8 and 9, relative span 0.1: an interval shorter than 0.9 (0.1 · 9) is kept. [8, 9] (1) is
  // split at 8.5; [8, 8.5] and [8.5, 9] (0.5) are not.
  const std::vector<double> breakpoints{8, 9};
  const auto keys = fit<Vec3>(breakpoints, parabola, chord_misses(1e-12), {30, 0, 0.1});
  ASSERT_EQ(keys->size(), 3u);
  EXPECT_EQ((*keys)[1].time, 8.5);
}

TEST(Bake, AnEngineFailureAtABreakpointFailsTheFitAndAtAMiddleKeepsTheInterval) {
  const std::vector<double> breakpoints{0, 1};
  const auto fails_at_one = [](double t) { return t == 1 ? std::nullopt : parabola(t); };
  EXPECT_FALSE(fit<Vec3>(breakpoints, fails_at_one, chord_misses(0.01), {12, 0, 0}));
  const auto fails_in_middle = [](double t) { return t == 0.5 ? std::nullopt : parabola(t); };
  const auto keys = fit<Vec3>(breakpoints, fails_in_middle, chord_misses(0.01), {12, 0, 0});
  ASSERT_TRUE(keys);
  EXPECT_EQ(keys->size(), 2u);
}

TEST(Bake, BisectEmitsTheMiddlesItSplitsAtInTimeOrder) {
  // Split while the interval is longer than 1: [0, 4] -> 2, then 1 and 3.
  const auto split = [](const Knot<int>& a, const Knot<int>& b) -> std::optional<Knot<int>> {
    if (b.time - a.time <= 1) return std::nullopt;
    const double t = (a.time + b.time) / 2;
    return Knot<int>{t, static_cast<int>(t) * 10};
  };
  std::vector<Knot<int>> out;
  std::size_t tests_left = 100;
  bisect(Knot<int>{0, 0}, Knot<int>{4, 40}, split, {10, 0, 0}, tests_left, out);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].time, 1);
  EXPECT_EQ(out[1].time, 2);
  EXPECT_EQ(out[2].time, 3);
  EXPECT_EQ(out[2].value, 30);
  EXPECT_EQ(tests_left, 100u - 7u);  // [0,4], [0,2], [0,1], [1,2], [2,4], [2,3], [3,4]
}

TEST(Bake, AnIntervalOfNoNumberLengthIsNeverSplit) {
  // A NaN time (a hostile file) makes the span NaN: no split test is made at all.
  std::size_t tests = 0;
  const auto split = [&](const Knot<int>&, const Knot<int>&) -> std::optional<Knot<int>> {
    ++tests;
    return Knot<int>{0.5, 0};
  };
  std::vector<Knot<int>> out;
  std::size_t tests_left = 100;
  bisect(Knot<int>{0, 0}, Knot<int>{std::nan(""), 0}, split, {10, 0, 0}, tests_left, out);
  EXPECT_EQ(tests, 0u);
  EXPECT_TRUE(out.empty());
}

std::vector<Knot<Vec3>> knots(const std::vector<Vec3>& points) {
  std::vector<Knot<Vec3>> out;
  for (const Vec3& p : points) out.push_back({p.x, p});
  return out;
}

bool fits_exactly(Vec3 a, Vec3 b, double f, Vec3 actual) {
  return lerp_reproduces(a, b, f, actual, 1e-12);
}

TEST(Bake, ReductionDropsCollinearKeysAndKeepsACorner) {
  for (const SpanSearch search : {SpanSearch::Longest, SpanSearch::Doubling}) {
    const auto line = knots({{0, 0, 0}, {1, 1, 0}, {2, 2, 0}, {3, 3, 0}});
    EXPECT_EQ(reduce(std::span<const Knot<Vec3>>(line), fits_exactly, {64, search}),
              (std::vector<std::size_t>{0, 3}));
    // Up to (2, 2), then down to (4, 0): the corner at index 2 stays.
    const auto corner = knots({{0, 0, 0}, {1, 1, 0}, {2, 2, 0}, {3, 1, 0}, {4, 0, 0}});
    EXPECT_EQ(reduce(std::span<const Knot<Vec3>>(corner), fits_exactly, {64, search}),
              (std::vector<std::size_t>{0, 2, 4}));
  }
}

TEST(Bake, ReductionSpansAtMostMaxSpanKeys) {
  std::vector<Vec3> points;
  for (int i = 0; i < 10; ++i) points.push_back({double(i), double(i), 0});
  const auto line = knots(points);
  for (const SpanSearch search : {SpanSearch::Longest, SpanSearch::Doubling}) {
    EXPECT_EQ(reduce(std::span<const Knot<Vec3>>(line), fits_exactly, {4, search}),
              (std::vector<std::size_t>{0, 4, 8, 9}));
  }
}

TEST(Bake, ReductionOfAChannelKeepsItsInterpolationAndFirstAndLastKeys) {
  // Values equal to both kept neighbours go; the steps between them stay.
  Channel<Vec3> channel{
      Interpolation::Step, {0, 1, 2, 3, 4}, {{1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {2, 0, 0}, {2, 0, 0}}};
  const auto equal = [](Vec3 a, Vec3 b, double, Vec3 actual) { return actual == a && actual == b; };
  const Channel<Vec3> reduced = reduce(channel, equal, {100, SpanSearch::Doubling});
  EXPECT_EQ(reduced.interpolation, Interpolation::Step);
  EXPECT_EQ(reduced.times, (std::vector<double>{0, 2, 3, 4}));
  // Fewer than three keys: nothing to drop.
  const Channel<Vec3> two{Interpolation::Linear, {0, 1}, {{1, 0, 0}, {1, 0, 0}}};
  EXPECT_EQ(reduce(two, equal, {100, SpanSearch::Doubling}).times.size(), 2u);
}

TEST(Bake, ErrorReportKeepsTheLargestErrorAndItsTime) {
  ErrorReport report;
  note_error(report, 0.5, 1.0);
  note_error(report, 2.0, 3.0);
  note_error(report, 2.0, 4.0);  // as large: the first stays
  note_error(report, std::nan(""), 5.0);
  note_error(report, 1.0, 6.0);
  EXPECT_EQ(report.largest, 2.0);
  EXPECT_EQ(report.time, 3.0);
  EXPECT_EQ(report.compared, 5u);
}

}  // namespace
}  // namespace bonebridge
