// SPDX-License-Identifier: MIT
#pragma once
// A bounds-checked little-endian cursor. Every failure throws a FormatError carrying the byte offset, the
// field being read, and how many bytes were wanted and left; codecs wrap their parse in `capture`.
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include "bonebridge/io/bit_cast.hpp"

#include "bonebridge/io/error.hpp"

namespace bonebridge {

class ByteReader {
 public:
  ByteReader(std::span<const std::uint8_t> bytes, std::string_view format) : bytes_(bytes), format_(format) {}

  std::size_t offset() const { return offset_; }
  std::size_t size() const { return bytes_.size(); }
  std::size_t remaining() const { return bytes_.size() - offset_; }
  bool at_end() const { return offset_ == bytes_.size(); }
  std::string_view format() const { return format_; }
  // 64-bit: offsets stored in files are checked against the data before they become a size_t (which a 32-bit
  // build's is).
  void seek(std::uint64_t offset, std::string_view what);

  std::uint8_t u8(std::string_view what) { return scalar<std::uint8_t>(what); }
  std::uint16_t u16(std::string_view what) { return scalar<std::uint16_t>(what); }
  std::uint32_t u32(std::string_view what) { return scalar<std::uint32_t>(what); }
  std::uint64_t u64(std::string_view what) { return scalar<std::uint64_t>(what); }
  std::int8_t s8(std::string_view what) { return scalar<std::int8_t>(what); }
  std::int16_t s16(std::string_view what) { return scalar<std::int16_t>(what); }
  std::int32_t s32(std::string_view what) { return scalar<std::int32_t>(what); }
  std::int64_t s64(std::string_view what) { return scalar<std::int64_t>(what); }
  float f32(std::string_view what) { return bonebridge::bit_cast<float>(u32(what)); }
  double f64(std::string_view what) { return bonebridge::bit_cast<double>(u64(what)); }

  std::span<const std::uint8_t> bytes(std::size_t count, std::string_view what);
  std::string string(std::size_t length, std::string_view what);
  std::span<const std::uint8_t> rest() { return bytes(remaining(), "trailing bytes"); }

  // Checks that `count` items of at least `min_item_size` bytes each still fit in the input, before anything
  // is allocated from an untrusted count. Returns the count.
  std::size_t count(std::uint64_t count, std::size_t min_item_size, std::string_view what) const;

  [[noreturn]] void fail(std::string message) const { fail_at(offset_, std::move(message)); }
  [[noreturn]] void fail_at(std::uint64_t offset, std::string message) const;

 private:
  void need(std::size_t count, std::string_view what) const;

  template <class T>
  T scalar(std::string_view what) {
    need(sizeof(T), what);
    T value;
    std::memcpy(&value, bytes_.data() + offset_, sizeof(T));
    offset_ += sizeof(T);
    static_assert(std::endian::native == std::endian::little, "bonebridge assumes a little-endian host");
    return value;
  }

  std::span<const std::uint8_t> bytes_;
  std::string_view format_;
  std::size_t offset_ = 0;
};

}  // namespace bonebridge
