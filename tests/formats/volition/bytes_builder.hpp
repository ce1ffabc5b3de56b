// SPDX-License-Identifier: MIT
#pragma once
// Little-endian bytes laid out by hand in tests, independent of the codec's writer.
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <vector>

namespace bonebridge::volition::test_bytes {

struct Bytes {
  std::vector<std::uint8_t> data;
  Bytes& u8(std::uint32_t v) {
    data.push_back(static_cast<std::uint8_t>(v));
    return *this;
  }
  Bytes& u16(std::uint32_t v) { return u8(v & 0xFF).u8(v >> 8); }
  Bytes& u32(std::uint32_t v) { return u16(v & 0xFFFF).u16(v >> 16); }
  Bytes& s32(std::int32_t v) { return u32(static_cast<std::uint32_t>(v)); }
  Bytes& f32(float v) { return u32(std::bit_cast<std::uint32_t>(v)); }
  Bytes& raw(std::initializer_list<std::uint8_t> bytes) {
    data.insert(data.end(), bytes);
    return *this;
  }
  Bytes& zeros(std::size_t n) {
    data.resize(data.size() + n);
    return *this;
  }
  Bytes& text(std::string_view s) {
    data.insert(data.end(), s.begin(), s.end());
    return u8(0);
  }
  std::size_t size() const { return data.size(); }
};

}  // namespace bonebridge::volition::test_bytes
