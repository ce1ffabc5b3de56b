// SPDX-License-Identifier: MIT
#pragma once
// The two compressed encodings of the AnimX track stream (research/animx.md §2):
//  - LZ4: lz4net's LZ4Stream chunks (varint flags, varint original length, varint compressed length when
//    the chunk is compressed, then one independent LZ4 block), running to the end of the input.
//  - LZMA: LZMAHelper's 5-byte properties, int64 uncompressed size, int64 compressed size, raw LZMA1 data.
// Decoders refuse a declared size beyond what the input could expand to, before allocating it.
#include <cstdint>
#include <span>
#include <vector>

#include "bonebridge/io/error.hpp"

namespace bonebridge::animx {

// `base_offset` is where `input` starts in the file, so that errors carry file offsets.
Result<std::vector<std::uint8_t>> lz4_decode(std::span<const std::uint8_t> input, std::size_t base_offset);
Result<std::vector<std::uint8_t>> lzma_decode(std::span<const std::uint8_t> input, std::size_t base_offset);

// Chunks of at most 1 MiB, LZ4 HC level 9, flags 3 (or 2 when a chunk is stored), as Resonite writes.
std::vector<std::uint8_t> lz4_encode(std::span<const std::uint8_t> data);
// Resonite's settings (dictionary 2 MiB, lc 3, lp 0, pb 2, 32 fast bytes, bt4); liblzma ends the stream
// with an end marker, which Resonite accepts (research/animx.md §2).
std::vector<std::uint8_t> lzma_encode(std::span<const std::uint8_t> data);

}  // namespace bonebridge::animx
