// SPDX-License-Identifier: MIT
#pragma once
// ACL-style error metric: the distance between joint positions in model space, the game's engine against a
// converted clip, over a dense time grid. Reported in the game's units and relative to the skeleton's extent.
#include <functional>
#include <span>
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
};

// Fills `positions` with one model-space position per compared joint at time t.
using PoseFunction = std::function<void(double t, std::vector<Vec3>& positions)>;

FidelityReport measure_fidelity(std::span<const double> times, const PoseFunction& reference,
                                const PoseFunction& candidate);

// Every `step` seconds from 0 to `duration`, both included.
std::vector<double> time_grid(double duration, double step);

}  // namespace bonebridge
