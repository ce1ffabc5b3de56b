// SPDX-License-Identifier: MIT
#include "bonebridge/core/axes.hpp"

#include <gtest/gtest.h>

namespace bonebridge {
namespace {

void expect_near(Vec3 a, Vec3 b) {
  EXPECT_NEAR(a.x, b.x, 1e-12);
  EXPECT_NEAR(a.y, b.y, 1e-12);
  EXPECT_NEAR(a.z, b.z, 1e-12);
}

TEST(Axes, ZUpToYUpMapsUpToUpAndForwardToMinusZ) {
  const auto c = AxisConversion::z_up_to_y_up(0.1);
  expect_near(c.point({0, 0, 10}), {0, 1, 0});
  expect_near(c.point({0, 10, 0}), {0, 0, -1});
  expect_near(c.point({10, 0, 0}), {1, 0, 0});
  EXPECT_FALSE(c.is_mirror());
}

// Whatever the conversion, converting a transform and then applying it must equal applying it and then
// converting the point: C (R p + t) = R' (C p) + t'.
void expect_commutes(const AxisConversion& c) {
  const Transform t{{1, 2, 3}, normalize(Quat{0.1, 0.7, -0.2, 0.6}), {1, 1, 1}};
  const Transform converted = c.transform(t);
  const Vec3 p{0.3, -1.2, 2.5};
  const Vec3 expected = c.point(transform_point(t.matrix(), p));
  const Vec3 actual = transform_point(converted.matrix(), c.point(p));
  expect_near(actual, expected);
}

TEST(Axes, MirrorAndRotationCommuteWithTransforms) {
  expect_commutes(AxisConversion::mirror_x(0.5));
  expect_commutes(AxisConversion::z_up_to_y_up(2.0));
  expect_commutes(AxisConversion(2, 3, 1, 1.0, "cycle"));
}

TEST(Axes, MirrorXMatchesTheLegoCommunityQuaternionRule) {
  // lego-ani.md §4: mirroring X maps a rotation (x, y, z, w) to (x, -y, -z, w).
  const Quat q = normalize(Quat{0.1, 0.7, -0.2, 0.6});
  const Quat m = AxisConversion::mirror_x().rotation(q);
  EXPECT_NEAR(m.x, q.x, 1e-12);
  EXPECT_NEAR(m.y, -q.y, 1e-12);
  EXPECT_NEAR(m.z, -q.z, 1e-12);
  EXPECT_NEAR(m.w, q.w, 1e-12);
}

TEST(Axes, InverseUndoesTheConversion) {
  const auto c = AxisConversion::z_up_to_y_up(0.25);
  expect_near(c.inverse().point(c.point({1, 2, 3})), {1, 2, 3});
}

}  // namespace
}  // namespace bonebridge
