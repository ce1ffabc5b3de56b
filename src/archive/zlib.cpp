// SPDX-License-Identifier: MIT
#include "zlib.hpp"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <climits>
#include <new>

namespace bonebridge::archive::zlib {
namespace {

// zlib counts in uInt; larger buffers are fed in pieces of at most this many bytes.
constexpr std::size_t kMaxChunk = UINT_MAX;

uInt chunk(std::size_t left) {
  return static_cast<uInt>(std::min(left, kMaxChunk));
}

std::string describe(const z_stream& stream, int code) {
  return stream.msg != nullptr ? std::string(stream.msg) : fmt::format("zlib error {}", code);
}

// Runs inflate until `out` is full, the stream ends, the input runs out or the data is damaged. Returns the
// last zlib code.
int inflate_into(z_stream& stream, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
                 std::size_t& in_used, std::size_t& out_used) {
  int code = Z_OK;
  while (true) {
    if (stream.avail_in == 0 && in_used < in.size()) {
      stream.next_in = const_cast<Bytef*>(in.data() + in_used);
      stream.avail_in = chunk(in.size() - in_used);
    }
    if (stream.avail_out == 0 && out_used < out.size()) {
      stream.next_out = out.data() + out_used;
      stream.avail_out = chunk(out.size() - out_used);
    }
    const uInt in_before = stream.avail_in;
    const uInt out_before = stream.avail_out;
    code = ::inflate(&stream, Z_NO_FLUSH);
    in_used += in_before - stream.avail_in;
    out_used += out_before - stream.avail_out;
    if (code != Z_OK) return code;
    const bool stuck = in_before == stream.avail_in && out_before == stream.avail_out;
    if (stuck || out_used == out.size()) return code;
  }
}

}  // namespace

std::uint64_t max_inflated_size(std::uint64_t stored) {
  return stored * 1032 + 1032;
}

Inflated inflate_exact(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) {
  Inflated result;
  z_stream stream{};
  if (inflateInit(&stream) != Z_OK) {
    result.error = "zlib could not start";
    return result;
  }
  // zlib refuses a null output pointer, so an empty output goes straight to the spare-byte check.
  int code = out.empty() ? Z_OK : inflate_into(stream, in, out, result.consumed, result.produced);
  if (code == Z_OK || code == Z_BUF_ERROR) {
    if (result.produced == out.size()) {
      // Full: the stream must have nothing more to say. One spare byte tells.
      std::uint8_t spare = 0;
      std::size_t spare_used = 0;
      code = inflate_into(stream, in, std::span(&spare, 1), result.consumed, spare_used);
      if (spare_used != 0) {
        result.error = fmt::format("the zlib stream holds more than the {} bytes declared", out.size());
      }
    } else {
      result.error =
          fmt::format("the zlib stream ends after {} of the {} bytes declared", result.produced, out.size());
    }
  } else if (code == Z_STREAM_END && result.produced != out.size()) {
    result.error =
        fmt::format("the zlib stream ends after {} of the {} bytes declared", result.produced, out.size());
  }
  if (result.error.empty() && code != Z_OK && code != Z_BUF_ERROR && code != Z_STREAM_END) {
    result.error = fmt::format("damaged zlib data: {}", describe(stream, code));
  }
  inflateEnd(&stream);
  return result;
}

namespace {

// Feeds all of `bytes` to `stream` and ends with `flush` (Z_SYNC_FLUSH or Z_FINISH), appending the output.
void run_deflate(z_stream& stream, std::span<const std::uint8_t> bytes, int flush,
                 std::vector<std::uint8_t>& out) {
  constexpr std::size_t kRoom = 65536;
  std::size_t in_used = 0;
  while (true) {
    stream.next_in = const_cast<Bytef*>(bytes.data() + in_used);
    stream.avail_in = chunk(bytes.size() - in_used);
    const bool last = in_used + stream.avail_in == bytes.size();
    const std::size_t at = out.size();
    out.resize(at + kRoom);
    stream.next_out = out.data() + at;
    stream.avail_out = kRoom;
    const uInt in_before = stream.avail_in;
    const int code = ::deflate(&stream, last ? flush : Z_NO_FLUSH);
    in_used += in_before - stream.avail_in;
    out.resize(at + (kRoom - stream.avail_out));
    if (!last || in_used != bytes.size()) continue;
    // Done once a finish reports the stream's end, or a flush leaves output room unused.
    if (flush == Z_FINISH ? code == Z_STREAM_END : stream.avail_out != 0) return;
  }
}

}  // namespace

std::vector<std::uint8_t> deflate(std::span<const std::uint8_t> bytes, int level) {
  z_stream stream{};
  if (deflateInit(&stream, level) != Z_OK) throw std::bad_alloc();
  std::vector<std::uint8_t> out;
  run_deflate(stream, bytes, Z_FINISH, out);
  deflateEnd(&stream);
  return out;
}

struct SegmentWriter::State {
  z_stream stream{};
};

SegmentWriter::SegmentWriter(int level) : state_(std::make_unique<State>()) {
  if (deflateInit(&state_->stream, level) != Z_OK) throw std::bad_alloc();
}

SegmentWriter::~SegmentWriter() {
  deflateEnd(&state_->stream);
}

std::size_t SegmentWriter::segment(std::span<const std::uint8_t> bytes, std::vector<std::uint8_t>& out) {
  const std::size_t start = out.size();
  run_deflate(state_->stream, bytes, Z_SYNC_FLUSH, out);
  return out.size() - start;
}

std::uint32_t crc_volition(std::span<const std::uint8_t> bytes) {
  // zlib's crc32 inverts on entry and exit; starting from all ones and inverting the result gives the plain
  // table CRC from 0 that Volition uses.
  uLong crc = 0xFFFFFFFFUL;
  std::size_t done = 0;
  while (done < bytes.size()) {
    const uInt piece = chunk(bytes.size() - done);
    crc = ::crc32(crc, bytes.data() + done, piece);
    done += piece;
  }
  return static_cast<std::uint32_t>(crc ^ 0xFFFFFFFFUL);
}

}  // namespace bonebridge::archive::zlib
