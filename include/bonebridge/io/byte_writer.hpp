// SPDX-License-Identifier: MIT
#pragma once
// Little-endian output. Floats are written from their bit patterns, so values read by ByteReader come back
// bit for bit (NaN payloads and negative zero included).
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>
#include "bonebridge/io/bit_cast.hpp"

namespace bonebridge {

class ByteWriter {
 public:
  std::size_t size() const { return data_.size(); }
  const std::vector<std::uint8_t>& data() const& { return data_; }
  std::vector<std::uint8_t> take() && { return std::move(data_); }
  void reserve(std::size_t bytes) { data_.reserve(bytes); }

  void u8(std::uint8_t v) { data_.push_back(v); }
  void u16(std::uint16_t v) { scalar(v); }
  void u32(std::uint32_t v) { scalar(v); }
  void u64(std::uint64_t v) { scalar(v); }
  void s8(std::int8_t v) { scalar(v); }
  void s16(std::int16_t v) { scalar(v); }
  void s32(std::int32_t v) { scalar(v); }
  void s64(std::int64_t v) { scalar(v); }
  void f32(float v) { scalar(bonebridge::bit_cast<std::uint32_t>(v)); }
  void f64(double v) { scalar(bonebridge::bit_cast<std::uint64_t>(v)); }
  void bytes(std::span<const std::uint8_t> v) { data_.insert(data_.end(), v.begin(), v.end()); }
  // As bytes: inserting the chars one by one trips GCC 12's -Wstringop-overflow at -O3 on an empty literal.
  void string(std::string_view v) { bytes({reinterpret_cast<const std::uint8_t*>(v.data()), v.size()}); }
  // Overwrites a u32 written earlier, for sizes and offsets known only later.
  void patch_u32(std::size_t offset, std::uint32_t v) { std::memcpy(data_.data() + offset, &v, sizeof v); }

 private:
  template <class T>
  void scalar(T v) {
    const auto at = data_.size();
    data_.resize(at + sizeof(T));
    std::memcpy(data_.data() + at, &v, sizeof(T));
  }

  std::vector<std::uint8_t> data_;
};

}  // namespace bonebridge
