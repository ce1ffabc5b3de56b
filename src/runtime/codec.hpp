// SPDX-License-Identifier: MIT
#pragma once
// The key record of a runtime clip's streams, shared by the builder (encode) and the sampling job (decode):
// the track's number in the tracks stream (1 or 2 bytes), the index of the key's time in the clip's times
// (1, 2 or 4 bytes) then the value as the track's codec says in the values stream.
#include <cmath>
#include <cstdint>
#include <cstring>

#include "bonebridge/runtime/clip.hpp"

namespace bonebridge::runtime::codec {

constexpr float kHalfSqrt2 = 0.70710678118654752f;  // the largest a quaternion's non-largest component gets

// Tracks are numbered (soa group x 3 + kind) x 4 + lane, so that a track's decoded segment is
// segments[track / 4], lane track % 4.
inline std::size_t track_id(std::size_t joint, TrackKind kind) {
  return ((joint / 4) * 3 + static_cast<std::size_t>(kind)) * 4 + joint % 4;
}
inline TrackKind kind_of(std::size_t track) {
  return static_cast<TrackKind>((track / 4) % 3);
}

// Sets `count` bits at bit `at` of a little-endian bit string to `value`'s.
inline void write_bits(std::uint8_t* bytes, int at, int count, std::uint32_t value) {
  for (int i = 0; i < count; ++i)
    if (value >> i & 1) bytes[(at + i) / 8] |= static_cast<std::uint8_t>(1u << ((at + i) % 8));
}

// Reads 2 bytes and keeps `width`'s: the tracks stream has a byte of padding at its end for this.
inline std::size_t read_track(const std::uint8_t* tracks, std::size_t record, std::size_t width) {
  std::uint16_t track;
  std::memcpy(&track, tracks + record * width, sizeof track);
  return width == 1 ? track & 0xffu : track;
}

// Reads 4 bytes and keeps `width`'s: every value after the index is 6 bytes or more.
inline std::size_t read_time_index(const std::uint8_t* record, std::size_t width) {
  std::uint32_t index;
  std::memcpy(&index, record, sizeof index);
  return width == 4 ? index : index & ((1u << (width * 8)) - 1);
}

inline std::size_t bytes_for(std::size_t count) {
  return count <= 0x100 ? 1 : count <= 0x10000 ? 2 : 4;
}

// The key's value: xyz (w unused) for translations and scales, xyzw for rotations.
// A constant track's value, held in its codec.
inline void constant_value(const TrackCodec& codec, TrackKind kind, float out[4]) {
  out[0] = codec.offset[0], out[1] = codec.offset[1], out[2] = codec.offset[2];
  out[3] = kind == TrackKind::Rotation ? codec.scale[0] : 0.0f;
}

// A quantised rotation component's step, 2 / sqrt2 over the largest value of its bits: constants for the
// builder's 20 and 26 bits (the same floats as the division, which would otherwise sit on every rotation
// key's chain of dependent operations).
inline float rotation_step(int bits) {
  constexpr float k20 = 2 * kHalfSqrt2 / static_cast<float>((1u << 20) - 1);
  constexpr float k26 = 2 * kHalfSqrt2 / static_cast<float>((1u << 26) - 1);
  if (bits == 20) return k20;
  if (bits == 26) return k26;
  return 2 * kHalfSqrt2 / static_cast<float>((std::uint64_t{1} << bits) - 1);
}

inline void decode_value(const std::uint8_t* value, const TrackCodec& codec, TrackKind kind, float out[4]) {
  if (codec.format == KeyFormat::Constant) return constant_value(codec, kind, out);
  if (codec.format == KeyFormat::Float) {
    out[3] = 0;
    std::memcpy(out, value, kind == TrackKind::Rotation ? 16 : 12);
    return;
  }
  if (kind != TrackKind::Rotation) {
    std::uint16_t q[3];
    std::memcpy(q, value, sizeof q);
    for (int c = 0; c < 3; ++c) out[c] = codec.offset[c] + static_cast<float>(q[c]) * codec.scale[c];
    out[3] = 0;
    return;
  }
  // The 62 or 80 bits as one 64-bit word and the 16 bits after it: a component straddles the two at most.
  std::uint64_t low;
  std::memcpy(&low, value, sizeof low);
  std::uint16_t high = 0;
  if (codec.value_bytes > 8) std::memcpy(&high, value + 8, sizeof high);
  const int bits = codec.rotation_bits;
  const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
  const float step = rotation_step(bits);
  const auto largest = static_cast<int>(low & 3);
  float sum = 0;
  for (int c = 0, at = 2; c < 4; ++c) {
    if (c == largest) continue;
    std::uint64_t field = low >> at;
    if (at + bits > 64) field |= std::uint64_t{high} << (64 - at);
    out[c] = static_cast<float>(static_cast<std::uint32_t>(field & mask)) * step - kHalfSqrt2;
    sum += out[c] * out[c];
    at += bits;
  }
  out[largest] = sum < 1 ? std::sqrt(1 - sum) : 0.0f;
}

}  // namespace bonebridge::runtime::codec
