// SPDX-License-Identifier: MIT
#include "bonebridge/core/fidelity.hpp"

#include <gtest/gtest.h>

namespace bonebridge {
namespace {

TEST(Fidelity, ReportsMaxPercentileAndExtent) {
  // Two joints; the candidate's second joint is off by t (0..1 m) along x. 101 times x 2 joints = 202
  // samples.
  const auto times = time_grid(1.0, 0.01);
  ASSERT_EQ(times.size(), 101u);
  const PoseFunction reference = [](double, std::vector<Vec3>& p) { p = {{0, 0, 0}, {0, 3, 4}}; };
  const PoseFunction candidate = [](double t, std::vector<Vec3>& p) { p = {{0, 0, 0}, {t, 3, 4}}; };
  const auto report = measure_fidelity(times, reference, candidate);
  EXPECT_EQ(report.samples, 202u);
  EXPECT_NEAR(report.max, 1.0, 1e-12);
  EXPECT_NEAR(report.worst_time, 1.0, 1e-12);
  EXPECT_EQ(report.worst_joint, 1);
  EXPECT_NEAR(report.extent, 5.0, 1e-12);
  // 202 errors: 102 zeros (joint 0 always, joint 1 at t = 0), then 0.01..1.00. The 99th percentile is the
  // 200th smallest (ceil(0.99 * 202)), i.e. the 98th of the non-zero errors: 0.98.
  EXPECT_NEAR(report.p99, 0.98, 1e-9);
}

}  // namespace
}  // namespace bonebridge
