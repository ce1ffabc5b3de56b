// SPDX-License-Identifier: MIT
// Core sampler throughput in joints per second on a generated 64-joint clip with 30 keys per second, played
// forward as a runtime would. Baselines in the same run: copying the rest pose (the floor: no evaluation at
// all) and stateless sampling (a binary search per channel per call).
#include <benchmark/benchmark.h>

#include <cmath>

#include <fmt/format.h>

#include "bonebridge/core/sampler.hpp"

namespace {

using namespace bonebridge;

constexpr int kJoints = 64;
constexpr double kDuration = 10.0;
constexpr double kStep = 1.0 / 60.0;

struct Fixture {
  Skeleton skeleton;
  Clip clip;
  Fixture() {
    for (int j = 0; j < kJoints; ++j) skeleton.joints.push_back({fmt::format("j{}", j), j - 1, {}});
    const int keys = static_cast<int>(kDuration * 30) + 1;
    for (int j = 0; j < kJoints; ++j) {
      JointChannels channels{j, Channel<Vec3>{}, Channel<Quat>{}, {}};
      for (int k = 0; k < keys; ++k) {
        const double t = k / 30.0;
        channels.translation->times.push_back(t);
        channels.translation->values.push_back({std::sin(t + j), 0.1 * j, std::cos(t)});
        channels.rotation->times.push_back(t);
        channels.rotation->values.push_back(axis_angle({0, 1, 0.2 * j}, std::sin(t * 2 + j)));
      }
      clip.joints.push_back(std::move(channels));
    }
  }
};

const Fixture& fixture() {
  static const Fixture f;
  return f;
}

void CopyRestPose(benchmark::State& state) {
  std::vector<Transform> rest(kJoints), locals(kJoints);
  double t = 0;
  for (auto _ : state) {
    std::copy(rest.begin(), rest.end(), locals.begin());
    benchmark::DoNotOptimize(locals.data());
    t = t + kStep > kDuration ? 0 : t + kStep;
  }
  state.SetItemsProcessed(state.iterations() * kJoints);
}

void ClipSamplerForward(benchmark::State& state) {
  ClipSampler sampler(fixture().skeleton, fixture().clip);
  std::vector<Transform> locals(kJoints);
  double t = 0;
  for (auto _ : state) {
    sampler.sample(t, locals);
    benchmark::DoNotOptimize(locals.data());
    t = t + kStep > kDuration ? 0 : t + kStep;
  }
  state.SetItemsProcessed(state.iterations() * kJoints);
}

void StatelessChannelSampling(benchmark::State& state) {
  std::vector<Transform> locals(kJoints);
  double t = 0;
  for (auto _ : state) {
    for (const auto& channels : fixture().clip.joints) {
      auto& local = locals[static_cast<std::size_t>(channels.joint)];
      local.translation = sample_channel(*channels.translation, t);
      local.rotation = sample_channel(*channels.rotation, t);
    }
    benchmark::DoNotOptimize(locals.data());
    t = t + kStep > kDuration ? 0 : t + kStep;
  }
  state.SetItemsProcessed(state.iterations() * kJoints);
}

}  // namespace

BENCHMARK(CopyRestPose);
BENCHMARK(ClipSamplerForward);
BENCHMARK(StatelessChannelSampling);
BENCHMARK_MAIN();
