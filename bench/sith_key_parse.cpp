// SPDX-License-Identifier: MIT
// .key parsing throughput on a large generated file (26 joints x 2000 entries, conventional layout, ~11 MB),
// against copying the same bytes.
#include <benchmark/benchmark.h>

#include <cstring>
#include <string>
#include <vector>

#include "bonebridge/formats/sith/key/codec.hpp"

namespace {

using namespace bonebridge::sith;

const std::string& large_key() {
  static const std::string text = [] {
    KeyContent key;
    key.header = KeyHeader{0, 0, "", 0xFFFF, 4000, 30.0f, 26};
    for (int n = 0; n < 26; ++n) {
      KeyNode node{n, "joint" + std::to_string(n), {}};
      for (int e = 0; e < 2000; ++e) {
        const float f = static_cast<float>(e) * 2;
        node.entries.push_back(KeyEntry{e,
                                        f,
                                        0x3,
                                        {0.01f * f, -0.02f * static_cast<float>(n), 0.5f},
                                        {f * 0.7f, 359.5f - f * 0.1f, 12.25f},
                                        {0.01f, 0, 0},
                                        {0.7f, -0.1f, 0}});
      }
      key.nodes.push_back(std::move(node));
    }
    return key::write_conventional(key, "benchmark");
  }();
  return text;
}

void BM_SithKeyParse(benchmark::State& state) {
  const std::string& text = large_key();
  for (auto _ : state) {
    auto file = key::read(text);
    if (!file.ok()) state.SkipWithError("parse failed");
    benchmark::DoNotOptimize(file);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(text.size()));
}
BENCHMARK(BM_SithKeyParse)->Unit(benchmark::kMillisecond);

// Baseline: copying the bytes once, what any reader costs at least.
void BM_SithKeyCopyBaseline(benchmark::State& state) {
  const std::string& text = large_key();
  std::vector<char> copy(text.size());
  for (auto _ : state) {
    std::memcpy(copy.data(), text.data(), text.size());
    benchmark::DoNotOptimize(copy.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(text.size()));
}
BENCHMARK(BM_SithKeyCopyBaseline)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
