// SPDX-License-Identifier: MIT
// HQR decompression throughput (decoded bytes per second) for methods 1 and 2, against a plain copy of the
// same number of bytes in the same run. Input: a synthetic animation-like payload (repetitive 8-byte group
// entries with small variations), compressed by this project's writer; and COMPRESSED.HQR's LZ entries when
// the shared samples are present.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "bonebridge/formats/lba/hqr/codec.hpp"

namespace {

using bonebridge::lba::HqrEntry;

std::vector<std::uint8_t> payload() {
  std::vector<std::uint8_t> data;
  std::uint32_t state = 12345;
  for (int k = 0; k < 4000; ++k) {
    for (int g = 0; g < 24; ++g) {
      state = state * 1103515245u + 12345u;
      const std::uint8_t entry[8] = {0,
                                     0,
                                     static_cast<std::uint8_t>(g * 7),
                                     static_cast<std::uint8_t>(state >> 28),
                                     static_cast<std::uint8_t>(k & 3),
                                     0,
                                     static_cast<std::uint8_t>(g),
                                     0x0F};
      data.insert(data.end(), std::begin(entry), std::end(entry));
    }
  }
  return data;
}

const HqrEntry& packed(std::uint16_t method) {
  static const auto data = payload();
  static const HqrEntry lzs = bonebridge::lba::encode_entry(data, 1),
                        lzmit = bonebridge::lba::encode_entry(data, 2);
  return method == 1 ? lzs : lzmit;
}

void BM_HqrDecode(benchmark::State& state) {
  const HqrEntry& entry = packed(static_cast<std::uint16_t>(state.range(0)));
  for (auto _ : state) {
    auto decoded = bonebridge::lba::decode_entry(entry);
    benchmark::DoNotOptimize(decoded);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * entry.size);
  state.counters["ratio"] = static_cast<double>(entry.stored.size()) / entry.size;
}
BENCHMARK(BM_HqrDecode)->Arg(1)->Arg(2);

void BM_CopyBaseline(benchmark::State& state) {
  const auto& source = packed(1);
  std::vector<std::uint8_t> in(source.size, 0x5A), out(source.size);
  for (auto _ : state) {
    std::memcpy(out.data(), in.data(), in.size());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * source.size);
}
BENCHMARK(BM_CopyBaseline);

void BM_HqrDecodeSample(benchmark::State& state) {
  // The bench build defines no samples path: BONEBRIDGE_SAMPLES_DIR, else ../shared/samples beside the
  // project.
  const char* env = std::getenv("BONEBRIDGE_SAMPLES_DIR");
  const std::filesystem::path samples =
      env ? std::filesystem::path(env)
          : std::filesystem::path(__FILE__).parent_path() / "../../shared/samples";
  const std::filesystem::path path = samples / "lba/COMPRESSED.HQR";
  std::ifstream in(path, std::ios::binary);
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const auto archive = bonebridge::lba::hqr::read(bytes);
  if (!archive) {
    state.SkipWithError("shared/samples/lba/COMPRESSED.HQR is absent");
    return;
  }
  const HqrEntry& entry = archive->blocks.at(static_cast<std::size_t>(state.range(0))).entry;
  for (auto _ : state) {
    auto decoded = bonebridge::lba::decode_entry(entry);
    benchmark::DoNotOptimize(decoded);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * entry.size);
}
BENCHMARK(BM_HqrDecodeSample)->Arg(1)->Arg(2);

}  // namespace

BENCHMARK_MAIN();
