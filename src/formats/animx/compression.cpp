// SPDX-License-Identifier: MIT
#include "bonebridge/formats/animx/compression.hpp"

#include <lz4.h>
#include <lz4hc.h>
#include <lzma.h>

#include <fmt/format.h>
#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "bonebridge/formats/animx/animation/codec.hpp"
#include "varint.hpp"

namespace bonebridge::animx {
namespace {

constexpr std::size_t kLz4ChunkSize = std::size_t{1} << 20;  // lz4net's block size in Resonite
constexpr std::uint64_t kLz4FlagCompressed = 1;
constexpr std::uint64_t kLz4FlagHighCompression = 2;
constexpr std::uint64_t kLz4PassesMask = 0x1C;
// An LZ4 block expands at most about 255:1; LZMA's best case (long repeated matches) stays far below
// 8192:1. A declared size beyond that cannot come from the input and is refused before allocating.
constexpr std::uint64_t kLz4MaxRatio = 256;
constexpr std::uint64_t kLzmaMaxRatio = 8192;
constexpr std::uint64_t kSlack = 4096;
// Anything larger than this is not an animation clip.
constexpr std::uint64_t kMaxTrackStream = std::uint64_t{1} << 31;

[[noreturn]] void fail(std::uint64_t offset, std::string message) {
  throw FormatError(Error{kFormatName, std::move(message), offset, {}, {}});
}

}  // namespace

Result<std::vector<std::uint8_t>> lz4_decode(std::span<const std::uint8_t> input, std::size_t base_offset) {
  return capture(kFormatName, [&] {
    ByteReader reader(input, kFormatName);
    std::vector<std::uint8_t> output;
    while (!reader.at_end()) {
      const std::size_t chunk_at = base_offset + reader.offset();
      const std::uint64_t flags = read_varint(reader, "LZ4 chunk flags");
      if ((flags & kLz4PassesMask) != 0 || flags > 0x1F) {
        fail(chunk_at,
             fmt::format("LZ4 chunk flags: expected bit 0 (compressed) and bit 1 (high compression) "
                         "only, found {:#x}",
                         flags));
      }
      const std::uint64_t original = read_varint(reader, "LZ4 chunk original length");
      const bool compressed = (flags & kLz4FlagCompressed) != 0;
      const std::uint64_t stored = compressed ? read_varint(reader, "LZ4 chunk compressed length") : original;
      const std::size_t payload_at = base_offset + reader.offset();
      if (stored > original) {
        fail(payload_at,
             fmt::format("LZ4 chunk: compressed length {} exceeds original length {}", stored, original));
      }
      if (stored > reader.remaining()) {
        fail(payload_at,
             fmt::format("LZ4 chunk payload: expected {} bytes, found {} left", stored, reader.remaining()));
      }
      if (original > stored * kLz4MaxRatio + kSlack || output.size() + original > kMaxTrackStream) {
        fail(payload_at, fmt::format("LZ4 chunk: declared original length {} cannot come from {} bytes",
                                     original, stored));
      }
      const auto payload = reader.bytes(static_cast<std::size_t>(stored), "LZ4 chunk payload");
      const std::size_t at = output.size();
      output.resize(at + static_cast<std::size_t>(original));
      if (!compressed) {
        std::copy(payload.begin(), payload.end(), output.begin() + static_cast<std::ptrdiff_t>(at));
        continue;
      }
      const int produced = LZ4_decompress_safe(reinterpret_cast<const char*>(payload.data()),
                                               reinterpret_cast<char*>(output.data() + at),
                                               static_cast<int>(stored), static_cast<int>(original));
      if (produced != static_cast<int>(original)) {
        fail(payload_at, fmt::format("LZ4 block: expected {} decoded bytes, the block is corrupt ({})",
                                     original, produced));
      }
    }
    return output;
  });
}

std::vector<std::uint8_t> lz4_encode(std::span<const std::uint8_t> data) {
  ByteWriter writer;
  std::vector<char> block(static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(kLz4ChunkSize))));
  for (std::size_t at = 0; at < data.size(); at += kLz4ChunkSize) {
    const auto chunk = data.subspan(at, std::min(kLz4ChunkSize, data.size() - at));
    const int size =
        LZ4_compress_HC(reinterpret_cast<const char*>(chunk.data()), block.data(),
                        static_cast<int>(chunk.size()), static_cast<int>(block.size()), LZ4HC_CLEVEL_DEFAULT);
    if (size > 0 && static_cast<std::size_t>(size) < chunk.size()) {
      write_varint(writer, kLz4FlagCompressed | kLz4FlagHighCompression);
      write_varint(writer, chunk.size());
      write_varint(writer, static_cast<std::uint64_t>(size));
      writer.bytes({reinterpret_cast<const std::uint8_t*>(block.data()), static_cast<std::size_t>(size)});
    } else {
      write_varint(writer, kLz4FlagHighCompression);
      write_varint(writer, chunk.size());
      writer.bytes(chunk);
    }
  }
  return std::move(writer).take();
}

Result<std::vector<std::uint8_t>> lzma_decode(std::span<const std::uint8_t> input, std::size_t base_offset) {
  return capture(kFormatName, [&] {
    ByteReader reader(input, kFormatName);
    const auto properties = reader.bytes(5, "LZMA properties");
    const std::int64_t declared = reader.s64("LZMA uncompressed size");
    const std::int64_t stored = reader.s64("LZMA compressed size");
    const std::size_t data_at = base_offset + reader.offset();
    if (stored < 0 || static_cast<std::uint64_t>(stored) > reader.remaining()) {
      fail(data_at - 8, fmt::format("LZMA compressed size: expected 0..{} (the bytes left), found {}",
                                    reader.remaining(), stored));
    }
    if (declared < 0 ||
        static_cast<std::uint64_t>(declared) > static_cast<std::uint64_t>(stored) * kLzmaMaxRatio + kSlack ||
        static_cast<std::uint64_t>(declared) > kMaxTrackStream) {
      fail(data_at - 16,
           fmt::format("LZMA uncompressed size {} cannot come from {} compressed bytes", declared, stored));
    }
    const auto data = reader.bytes(static_cast<std::size_t>(stored), "LZMA data");

    lzma_options_lzma options{};
    {
      lzma_filter probe{LZMA_FILTER_LZMA1, nullptr};
      if (lzma_properties_decode(&probe, nullptr, properties.data(), properties.size()) != LZMA_OK) {
        fail(data_at - 21,
             fmt::format("LZMA properties: expected lc+lp+pb encoding (byte < 225), found {:#04x}",
                         properties[0]));
      }
      options = *static_cast<lzma_options_lzma*>(probe.options);
      std::free(probe.options);
    }
    // The decoder never looks further back than what it produced, so a dictionary the size of the output
    // decodes the same stream; this keeps a forged 4 GiB dictionary from being allocated.
    options.dict_size = std::clamp<std::uint32_t>(
        options.dict_size, LZMA_DICT_SIZE_MIN,
        static_cast<std::uint32_t>(std::max<std::int64_t>(declared, LZMA_DICT_SIZE_MIN)));
    options.ext_flags = LZMA_LZMA1EXT_ALLOW_EOPM;
    options.ext_size_low = static_cast<std::uint32_t>(static_cast<std::uint64_t>(declared) & 0xFFFFFFFFu);
    options.ext_size_high = static_cast<std::uint32_t>(static_cast<std::uint64_t>(declared) >> 32);
    const lzma_filter filters[2] = {{LZMA_FILTER_LZMA1EXT, &options}, {LZMA_VLI_UNKNOWN, nullptr}};

    lzma_stream stream = LZMA_STREAM_INIT;
    if (lzma_raw_decoder(&stream, filters) != LZMA_OK)
      fail(data_at, "LZMA: the decoder refused these properties");
    std::vector<std::uint8_t> output(static_cast<std::size_t>(declared));
    stream.next_in = data.data();
    stream.avail_in = data.size();
    stream.next_out = output.data();
    stream.avail_out = output.size();
    const lzma_ret ret = lzma_code(&stream, LZMA_FINISH);
    const std::uint64_t produced = stream.total_out, consumed = stream.total_in;
    lzma_end(&stream);
    if (ret != LZMA_STREAM_END && !(ret == LZMA_OK && produced == output.size())) {
      fail(data_at + consumed,
           fmt::format("LZMA data: expected {} decoded bytes, decoding stopped after {} ({})", declared,
                       produced, ret == LZMA_BUF_ERROR ? "input truncated" : "corrupt data"));
    }
    if (produced != output.size()) {
      fail(data_at + consumed, fmt::format("LZMA data: expected {} decoded bytes, the stream ended after {}",
                                           declared, produced));
    }
    return output;
  });
}

std::vector<std::uint8_t> lzma_encode(std::span<const std::uint8_t> data) {
  lzma_options_lzma options{};
  lzma_lzma_preset(&options, 6);
  options.dict_size = std::uint32_t{2} << 20;
  options.lc = 3;
  options.lp = 0;
  options.pb = 2;
  options.nice_len = 32;
  options.mf = LZMA_MF_BT4;
  options.mode = LZMA_MODE_NORMAL;
  lzma_filter filters[2] = {{LZMA_FILTER_LZMA1, &options}, {LZMA_VLI_UNKNOWN, nullptr}};

  ByteWriter writer;
  std::uint8_t properties[5] = {};
  lzma_properties_encode(&filters[0], properties);
  writer.bytes(properties);
  writer.s64(static_cast<std::int64_t>(data.size()));
  const std::size_t stored_size_at = writer.size();
  writer.s64(0);

  lzma_stream stream = LZMA_STREAM_INIT;
  std::vector<std::uint8_t> out(data.size() + data.size() / 2 + 1024);
  std::size_t produced = 0;
  if (lzma_raw_encoder(&stream, filters) == LZMA_OK) {
    stream.next_in = data.data();
    stream.avail_in = data.size();
    lzma_ret ret = LZMA_OK;
    while (ret == LZMA_OK) {
      // The encoder never writes past `out`, so what it wrote fits a size_t.
      const auto written = static_cast<std::size_t>(stream.total_out);
      if (written == out.size()) out.resize(out.size() * 2);
      stream.next_out = out.data() + written;
      stream.avail_out = out.size() - written;
      ret = lzma_code(&stream, LZMA_FINISH);
    }
    produced = static_cast<std::size_t>(stream.total_out);  // at most out.size()
  }
  lzma_end(&stream);
  writer.bytes({out.data(), produced});
  auto bytes = std::move(writer).take();
  const auto stored = static_cast<std::int64_t>(produced);
  std::memcpy(bytes.data() + stored_size_at, &stored, sizeof stored);
  return bytes;
}

}  // namespace bonebridge::animx
