// SPDX-License-Identifier: MIT
// AnimX decoding throughput (bytes of decoded track stream per second) for Plain, LZ4 and LZMA files, each
// beside its baseline in the same run: memcpy of the plain stream, liblz4's LZ4_decompress_safe over the same
// blocks, liblzma's raw LZMA1 decoder over the same payload.
#include <benchmark/benchmark.h>
#include <lz4.h>
#include <lz4hc.h>
#include <lzma.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bonebridge/formats/animx/animation/codec.hpp"

namespace {

using namespace bonebridge::animx;
using namespace bonebridge::animx::animation;

// A clip the size of a long motion capture: 60 joints × (Position, Rotation) Linear curves, 3000 keys each.
Document large_clip() {
  Document document;
  document.name = "Bench";
  document.global_duration = 100;
  for (int joint = 0; joint < 60; ++joint) {
    for (const bool rotation : {false, true}) {
      Track track;
      track.element = rotation ? ElementType::FloatQ : ElementType::Float3;
      track.node = "Joint" + std::to_string(joint);
      track.property = rotation ? "Rotation" : "Position";
      for (int key = 0; key < 3000; ++key) {
        const float t = static_cast<float>(key) / 30.0f;
        track.times.push_back(t);
        const float a = std::sin(t * 0.7f + static_cast<float>(joint)), b = std::cos(t * 1.3f);
        const std::vector<float> value =
            rotation ? std::vector<float>{0, a * 0.5f, 0, b} : std::vector<float>{a, b, a * b};
        const auto at = track.values.bytes.size();
        track.values.bytes.resize(at + value.size() * 4);
        std::memcpy(track.values.bytes.data() + at, value.data(), value.size() * 4);
      }
      choose_curve_layout(track, std::vector<Interpolation>(3000, Interpolation::Linear));
      document.tracks.push_back(std::move(track));
    }
  }
  return document;
}

struct Payloads {
  std::vector<std::uint8_t> stream, plain_file, lz4_file, lzma_file;
  std::vector<std::vector<char>> lz4_blocks;  // each chunk's LZ4 block, as in lz4_file
  std::vector<std::size_t> lz4_block_sizes;   // original sizes
  std::vector<std::uint8_t> lzma_payload;     // raw LZMA1 data of lzma_file
  std::vector<std::uint8_t> lzma_properties;
};

const Payloads& payloads() {
  static const Payloads p = [] {
    Payloads out;
    Document document = large_clip();
    out.stream = write_track_stream(document);
    out.plain_file = write(document);
    document.encoding = Encoding::Lz4;
    out.lz4_file = write(document);
    document.encoding = Encoding::Lzma;
    out.lzma_file = write(document);
    constexpr std::size_t kChunk = std::size_t{1} << 20;
    for (std::size_t at = 0; at < out.stream.size(); at += kChunk) {
      const std::size_t size = std::min(kChunk, out.stream.size() - at);
      std::vector<char> block(static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(size))));
      const int written =
          LZ4_compress_HC(reinterpret_cast<const char*>(out.stream.data() + at), block.data(),
                          static_cast<int>(size), static_cast<int>(block.size()), LZ4HC_CLEVEL_DEFAULT);
      block.resize(static_cast<std::size_t>(written));
      out.lz4_blocks.push_back(std::move(block));
      out.lz4_block_sizes.push_back(size);
    }
    // The header is never compressed: the stream starts where it starts in the plain file, with the LZMA
    // properties (5 bytes) and two int64 sizes before the payload.
    const std::size_t stream_at = out.plain_file.size() - out.stream.size();
    out.lzma_properties.assign(out.lzma_file.begin() + static_cast<std::ptrdiff_t>(stream_at),
                               out.lzma_file.begin() + static_cast<std::ptrdiff_t>(stream_at + 5));
    out.lzma_payload.assign(out.lzma_file.begin() + static_cast<std::ptrdiff_t>(stream_at + 21),
                            out.lzma_file.end());
    return out;
  }();
  return p;
}

void decode(benchmark::State& state, const std::vector<std::uint8_t>& file) {
  for (auto _ : state) {
    auto document = read(file);
    if (!document.ok()) state.SkipWithError(document.error().to_string().c_str());
    benchmark::DoNotOptimize(document);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * payloads().stream.size()));
}

void BM_AnimxDecodePlain(benchmark::State& state) {
  decode(state, payloads().plain_file);
}
void BM_AnimxDecodeLz4(benchmark::State& state) {
  decode(state, payloads().lz4_file);
}
void BM_AnimxDecodeLzma(benchmark::State& state) {
  decode(state, payloads().lzma_file);
}

void BM_BaselineMemcpy(benchmark::State& state) {
  const auto& stream = payloads().stream;
  std::vector<std::uint8_t> copy(stream.size());
  for (auto _ : state) {
    std::memcpy(copy.data(), stream.data(), stream.size());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * stream.size()));
}

void BM_BaselineLiblz4(benchmark::State& state) {
  const auto& p = payloads();
  std::vector<char> out(p.stream.size());
  for (auto _ : state) {
    std::size_t at = 0;
    for (std::size_t i = 0; i < p.lz4_blocks.size(); ++i) {
      LZ4_decompress_safe(p.lz4_blocks[i].data(), out.data() + at, static_cast<int>(p.lz4_blocks[i].size()),
                          static_cast<int>(p.lz4_block_sizes[i]));
      at += p.lz4_block_sizes[i];
    }
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * p.stream.size()));
}

void BM_BaselineLiblzma(benchmark::State& state) {
  const auto& p = payloads();
  std::vector<std::uint8_t> out(p.stream.size());
  for (auto _ : state) {
    lzma_filter probe{LZMA_FILTER_LZMA1, nullptr};
    lzma_properties_decode(&probe, nullptr, p.lzma_properties.data(), p.lzma_properties.size());
    auto* options = static_cast<lzma_options_lzma*>(probe.options);
    options->ext_flags = LZMA_LZMA1EXT_ALLOW_EOPM;
    options->ext_size_low = static_cast<std::uint32_t>(out.size());
    options->ext_size_high = 0;
    const lzma_filter filters[2] = {{LZMA_FILTER_LZMA1EXT, options}, {LZMA_VLI_UNKNOWN, nullptr}};
    lzma_stream stream = LZMA_STREAM_INIT;
    if (lzma_raw_decoder(&stream, filters) != LZMA_OK) state.SkipWithError("liblzma refused the properties");
    stream.next_in = p.lzma_payload.data();
    stream.avail_in = p.lzma_payload.size();
    stream.next_out = out.data();
    stream.avail_out = out.size();
    if (lzma_code(&stream, LZMA_FINISH) != LZMA_STREAM_END) state.SkipWithError("liblzma failed");
    lzma_end(&stream);
    std::free(options);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * p.stream.size()));
}

}  // namespace

BENCHMARK(BM_BaselineMemcpy);
BENCHMARK(BM_AnimxDecodePlain);
BENCHMARK(BM_BaselineLiblz4);
BENCHMARK(BM_AnimxDecodeLz4);
BENCHMARK(BM_BaselineLiblzma);
BENCHMARK(BM_AnimxDecodeLzma);
BENCHMARK_MAIN();
