// SPDX-License-Identifier: MIT
#include "bonebridge/core/fidelity.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace bonebridge {

FidelityReport measure_fidelity(std::span<const double> times, const PoseFunction& reference,
                                const PoseFunction& candidate) {
  FidelityReport report;
  std::vector<double> errors;
  std::vector<Vec3> expected, actual;
  Vec3 low{std::numeric_limits<double>::max(), std::numeric_limits<double>::max(),
           std::numeric_limits<double>::max()};
  Vec3 high = low * -1.0;
  for (const double t : times) {
    reference(t, expected);
    candidate(t, actual);
    const std::size_t n = std::min(expected.size(), actual.size());
    for (std::size_t j = 0; j < n; ++j) {
      const double error = distance(expected[j], actual[j]);
      errors.push_back(error);
      if (error > report.max) {
        report.max = error;
        report.worst_time = t;
        report.worst_joint = static_cast<int>(j);
      }
      low = {std::min(low.x, expected[j].x), std::min(low.y, expected[j].y), std::min(low.z, expected[j].z)};
      high = {std::max(high.x, expected[j].x), std::max(high.y, expected[j].y),
              std::max(high.z, expected[j].z)};
    }
  }
  report.samples = errors.size();
  if (errors.empty()) return report;
  report.extent = distance(low, high);
  const auto rank = static_cast<std::size_t>(std::ceil(0.99 * static_cast<double>(errors.size()))) - 1;
  std::nth_element(errors.begin(), errors.begin() + static_cast<std::ptrdiff_t>(rank), errors.end());
  report.p99 = errors[rank];
  return report;
}

double grid_step(double duration, double step) {
  if (!std::isfinite(duration)) return step;
  return std::max(step, duration / static_cast<double>(kMaxGridTimes - 2));
}

std::string grid_note(double duration, double step) {
  const double used = grid_step(duration, step);
  if (!(used > step)) return "";
  return fmt::format("{:.6g} s clip: sampled every {:.6g} s instead of {:.6g} s, at most {} times", duration,
                     used, step, kMaxGridTimes);
}

std::vector<double> time_grid(double duration, double step) {
  std::vector<double> times;
  if (!(step > 0) || !(duration >= 0) || !std::isfinite(duration)) return {0.0};
  step = grid_step(duration, step);
  const auto count = static_cast<std::size_t>(std::floor(duration / step + 1e-9));
  times.reserve(count + 2);
  for (std::size_t i = 0; i <= count; ++i) times.push_back(static_cast<double>(i) * step);
  if (times.back() < duration) times.push_back(duration);
  return times;
}

}  // namespace bonebridge
