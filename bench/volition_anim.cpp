// SPDX-License-Identifier: MIT
// Crunched animation decode throughput: parse (anim::read) and parse + key decode (decode_tracks), against
// a plain memcpy of the same bytes. The clip is this project's encoder output for a synthetic 40-bone
// chain swaying for 8 s at 30 fps.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "bonebridge/formats/volition/anim/bridge.hpp"
#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/anim/engine.hpp"
#include "bonebridge/formats/volition/rig/codec.hpp"

namespace {

using namespace bonebridge;
using namespace bonebridge::volition;

struct Fixture {
  rig::Document rig;
  std::vector<std::uint8_t> bytes;
};

const Fixture& fixture() {
  static const Fixture fixture = [] {
    constexpr int kBones = 40;
    Fixture f;
    std::vector<RigBoneSpec> specs;
    Scene scene;
    Clip clip;
    clip.duration = 8.0;
    for (int b = 0; b < kBones; ++b) {
      const std::string name = "bone" + std::to_string(b);
      specs.push_back({name, b - 1, {0, 0.1f * static_cast<float>(b), 0}});
      scene.skeleton.joints.push_back({name, b - 1, {{0, b == 0 ? 0.0 : 0.1, 0}, {}, {1, 1, 1}}});
      JointChannels channels;
      channels.joint = b;
      Channel<Quat> rotation;
      for (int k = 0; k <= 240; ++k) {
        const double t = k / 30.0;
        rotation.times.push_back(t);
        rotation.values.push_back(axis_angle({0, 0, 1}, 0.4 * std::sin(t * 2.0 + b * 0.3)));
      }
      channels.rotation = rotation;
      clip.joints.push_back(channels);
    }
    f.rig = make_rig(PointerWidth::Eight, specs, {});
    auto encoded = anim::from_core(clip, scene.skeleton, f.rig, {});
    if (encoded) f.bytes = anim::write(encoded->document);
    return f;
  }();
  return fixture;
}

void BM_MemcpyBaseline(benchmark::State& state) {
  const auto& bytes = fixture().bytes;
  std::vector<std::uint8_t> copy(bytes.size());
  for (auto _ : state) {
    std::memcpy(copy.data(), bytes.data(), bytes.size());
    benchmark::DoNotOptimize(copy.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}

void BM_ReadAnim(benchmark::State& state) {
  const auto& bytes = fixture().bytes;
  for (auto _ : state) {
    auto doc = anim::read(bytes);
    benchmark::DoNotOptimize(doc.ok());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}

void BM_ReadAndDecodeKeys(benchmark::State& state) {
  const auto& bytes = fixture().bytes;
  for (auto _ : state) {
    auto doc = anim::read(bytes);
    if (!doc) {
      state.SkipWithError("the fixture did not read");
      return;
    }
    auto tracks = decode_tracks(*doc, {});
    benchmark::DoNotOptimize(tracks.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}

void BM_EnginePose(benchmark::State& state) {
  const auto& f = fixture();
  auto doc = anim::read(f.bytes);
  if (!doc) {
    state.SkipWithError("the fixture did not read");
    return;
  }
  const anim::Engine engine(*doc, &f.rig, {});
  double t = 0;
  for (auto _ : state) {
    auto pose = engine_pose(engine, t);
    benchmark::DoNotOptimize(pose.joints.data());
    t = t > 8 ? 0 : t + 1.0 / 30;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

BENCHMARK(BM_MemcpyBaseline);
BENCHMARK(BM_ReadAnim);
BENCHMARK(BM_ReadAndDecodeKeys);
BENCHMARK(BM_EnginePose);

}  // namespace

BENCHMARK_MAIN();
