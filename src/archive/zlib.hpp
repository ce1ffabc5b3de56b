// SPDX-License-Identifier: MIT
#pragma once
// zlib, bounded. An archive's directory declares how large each decoded entry is; inflating never writes past
// that size, so a hostile stream cannot make us allocate or produce more than the directory promised, and a
// stream that ends early is an error too.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace bonebridge::archive::zlib {

// The most bytes `stored` bytes of zlib data can decode to. Deflate's densest code is a 258-byte match in two
// bits, so no stream expands more than 1032:1; anything declaring more is a decompression bomb.
std::uint64_t max_inflated_size(std::uint64_t stored);

struct Inflated {
  std::size_t produced = 0;  // bytes written to the output
  std::size_t consumed = 0;  // input bytes used
  std::string error;         // empty when the output was filled exactly
};

// Inflates a zlib stream into exactly `out.size()` bytes. Fails when the stream is damaged, ends before `out`
// is full, or holds more data than fits. A stream may stop at a sync-flush point without a final block: the
// compacted data of Volition's packfiles does. `produced` tells how much of `out` is good even on failure.
Inflated inflate_exact(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);

// One complete zlib stream.
std::vector<std::uint8_t> deflate(std::span<const std::uint8_t> bytes, int level);

// A zlib stream written in segments, each ended by a sync flush and never finished: the layout of a compacted
// packfile, where each entry's segment size is recorded in the directory.
class SegmentWriter {
 public:
  explicit SegmentWriter(int level);
  ~SegmentWriter();
  SegmentWriter(const SegmentWriter&) = delete;
  SegmentWriter& operator=(const SegmentWriter&) = delete;
  // Compresses `bytes`, flushes, appends the output to `out` and returns how many bytes it added.
  std::size_t segment(std::span<const std::uint8_t> bytes, std::vector<std::uint8_t>& out);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Volition's CRC (the CRC-32 table, initial value 0 and no final inversion), over raw bytes.
std::uint32_t crc_volition(std::span<const std::uint8_t> bytes);

}  // namespace bonebridge::archive::zlib
