// SPDX-License-Identifier: MIT
#pragma once
// ACL-style error metric: the distance between joint positions in model space, the game's engine against a
// converted clip, over a dense time grid. Reported in the game's units and relative to the skeleton's extent.
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/core/math.hpp"

namespace bonebridge {

struct FidelityReport {
  double max = 0;           // largest joint position error, game units
  double p99 = 0;           // 99th percentile of all joint-sample errors
  double extent = 0;        // diagonal of the box around every reference joint position over the clip
  std::size_t samples = 0;  // joint positions compared
  double worst_time = 0;
  int worst_joint = -1;
  std::vector<std::string> notes;  // how the grid was chosen, when not every step asked for
};

// Fills `positions` with one model-space position per compared joint at time t.
using PoseFunction = std::function<void(double t, std::vector<Vec3>& positions)>;

FidelityReport measure_fidelity(std::span<const double> times, const PoseFunction& reference,
                                const PoseFunction& candidate);

// A grid holds at most this many times, so that a clip's duration never sets the work: a forged 9.2e9 s clip
// would ask for 9.2e11 poses at a 100 Hz tick. Two million poses are 2.3 hours at 240 Hz.
inline constexpr std::size_t kMaxGridTimes = 2'000'000;

// Every `step` seconds from 0 to `duration`, both included; when that is more than kMaxGridTimes times, the
// step is widened (grid_step) so that it is not.
std::vector<double> time_grid(double duration, double step);
// The step time_grid takes: `step`, or the wider one that keeps the grid within kMaxGridTimes.
double grid_step(double duration, double step);
// The note saying a grid's step was widened, or "" when it was not.
std::string grid_note(double duration, double step);

}  // namespace bonebridge
