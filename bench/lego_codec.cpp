// SPDX-License-Identifier: MIT
// Read/write throughput of the LEGO Island .ani codec on a large generated file (>= 100 MB, built in memory
// by our writer), next to a plain memcpy of the same bytes; and sampler throughput in joints per second for
// the game's engine and for the core sampler playing the converted clip.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
#include <ctime>

#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lego/ani/bridge.hpp"
#include "bonebridge/formats/lego/ani/codec.hpp"
#include "bonebridge/formats/lego/ani/engine.hpp"

namespace {

using bonebridge::ClipSampler;
using bonebridge::CoreConversion;
using bonebridge::Transform;
using namespace bonebridge::lego;
using namespace bonebridge::lego::ani;

Node generated_node(int index, std::uint16_t keys) {
  Node node;
  node.name = "NODE" + std::to_string(index);
  for (std::uint32_t k = 0; k < keys; ++k) {
    const float a = static_cast<float>(k) * 0.01f + static_cast<float>(index);
    node.translation.push_back({k * 10, 1, std::sin(a), std::cos(a), a});
    node.rotation.push_back({k * 10, 1, std::cos(a / 2), 0, std::sin(a / 2), 0});
    if (k % 8 == 0) node.morph.push_back({k * 10, 0, static_cast<std::uint8_t>(k % 16 == 0)});
  }
  return node;
}

// A root with `nodes` children of 65535 translation and rotation keys each: ~2.4 MB per node.
Document generated_document(int nodes, std::uint16_t keys) {
  Document document;
  document.actors = {{"BENCH", 4}};
  document.duration = keys * 10;
  document.root.name = "-ROOT";
  for (int i = 0; i < nodes; ++i) document.root.children.push_back(generated_node(i, keys));
  return document;
}

const std::vector<std::uint8_t>& large_file() {
  static const std::vector<std::uint8_t> bytes = write(generated_document(44, 0xFFFF));
  return bytes;
}

// CPU seconds of this process, like Google Benchmark's default timing: the machine may be shared.
double cpu_seconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

// Plain copies of `bytes` for at least 0.2 CPU seconds, in bytes per second: the baseline each codec run is
// compared with, measured in the same run.
double memcpy_rate(const std::vector<std::uint8_t>& bytes) {
  std::vector<std::uint8_t> copy(bytes.size());
  std::memcpy(copy.data(), bytes.data(), bytes.size());  // fault the pages in first
  const double start = cpu_seconds();
  std::size_t copies = 0;
  while (cpu_seconds() - start < 0.2) {
    std::memcpy(copy.data(), bytes.data(), bytes.size());
    benchmark::DoNotOptimize(copy.data());
    benchmark::ClobberMemory();
    ++copies;
  }
  return static_cast<double>(copies * bytes.size()) / (cpu_seconds() - start);
}

void report(benchmark::State& state, std::size_t bytes, double seconds) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
  const double rate = static_cast<double>(state.iterations() * bytes) / seconds;
  state.counters["MB"] = static_cast<double>(bytes) / 1e6;
  state.counters["memcpy_ratio"] = rate / memcpy_rate(large_file());
}

void BM_LegoMemcpyBaseline(benchmark::State& state) {
  const auto& bytes = large_file();
  std::vector<std::uint8_t> copy(bytes.size());
  for (auto _ : state) {
    std::memcpy(copy.data(), bytes.data(), bytes.size());
    benchmark::DoNotOptimize(copy.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
  state.counters["MB"] = static_cast<double>(bytes.size()) / 1e6;
}

void BM_LegoRead(benchmark::State& state) {
  const auto& bytes = large_file();
  double seconds = 0;
  for (auto _ : state) {
    const double start = cpu_seconds();
    auto document = read(bytes);
    benchmark::DoNotOptimize(document);
    seconds += cpu_seconds() - start;
    if (!document.ok()) state.SkipWithError("read failed");
  }
  report(state, bytes.size(), seconds);
}

void BM_LegoWrite(benchmark::State& state) {
  const auto document = read(large_file());
  if (!document.ok()) {
    state.SkipWithError("read failed");
    return;
  }
  double seconds = 0;
  std::size_t size = 0;
  for (auto _ : state) {
    const double start = cpu_seconds();
    auto bytes = write(*document);
    benchmark::DoNotOptimize(bytes.data());
    seconds += cpu_seconds() - start;
    size = bytes.size();
  }
  report(state, size, seconds);
}

// The game's engine: every node of a 26-node tree (the size of pns065rd) per call.
void BM_LegoEngineJoints(benchmark::State& state) {
  const Document document = generated_document(25, 520);
  const ani::Engine engine(document);
  std::int32_t ms = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(engine.evaluate(ms));
    ms = (ms + 7) % document.duration;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * engine.nodes().size()));
}

// The converted clip played by the core sampler (the glTF-side hot path), same tree.
void BM_LegoCoreSamplerJoints(benchmark::State& state) {
  const Document document = generated_document(25, 520);
  const CoreConversion core = *ani::to_core(document);
  ClipSampler sampler(core.scene.skeleton, core.scene.clips[0]);
  std::vector<Transform> locals(sampler.joint_count());
  double t = 0;
  for (auto _ : state) {
    sampler.sample(t, locals);
    benchmark::DoNotOptimize(locals.data());
    t += 0.007;
    if (t > core.scene.clips[0].duration) t = 0;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * sampler.joint_count()));
}

BENCHMARK(BM_LegoMemcpyBaseline)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_LegoRead)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_LegoWrite)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_LegoEngineJoints);
BENCHMARK(BM_LegoCoreSamplerJoints);

}  // namespace

BENCHMARK_MAIN();
