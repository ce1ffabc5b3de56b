// SPDX-License-Identifier: MIT
#pragma once
// The key record of a runtime clip's stream, shared by the builder (encode) and the sampling job (decode):
// a 2-byte track number, the index of the key's time in the clip's times (2 bytes, or 4 in a clip with more
// than 65,535 distinct key times), then the value as the track's codec says.
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

// `count` bits (at most 26) at bit `at` of a little-endian bit string.
inline std::uint32_t read_bits(const std::uint8_t* bytes, int at, int count) {
  std::uint64_t v = 0;
  for (int b = (at + count - 1) / 8; b >= at / 8; --b) v = v << 8 | bytes[b];
  return static_cast<std::uint32_t>((v >> (at % 8)) & ((std::uint64_t{1} << count) - 1));
}

inline void write_bits(std::uint8_t* bytes, int at, int count, std::uint32_t value) {
  for (int i = 0; i < count; ++i)
    if (value >> i & 1) bytes[(at + i) / 8] |= static_cast<std::uint8_t>(1u << ((at + i) % 8));
}

inline std::uint16_t read_track(const std::uint8_t* record) {
  std::uint16_t track;
  std::memcpy(&track, record, sizeof track);
  return track;
}

inline float read_time(const std::uint8_t* record, const RuntimeClip& clip) {
  if (clip.header_bytes() == 4) {
    std::uint16_t index;
    std::memcpy(&index, record + 2, sizeof index);
    return clip.times()[index];
  }
  std::uint32_t index;
  std::memcpy(&index, record + 2, sizeof index);
  return clip.times()[index];
}

// The key's value: xyz (w unused) for translations and scales, xyzw for rotations.
inline void decode_value(const std::uint8_t* value, const TrackCodec& codec, TrackKind kind, float out[4]) {
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
  const int bits = codec.rotation_bits;
  const float step = 2 * kHalfSqrt2 / static_cast<float>((1u << bits) - 1);
  const auto largest = static_cast<int>(read_bits(value, 0, 2));
  float sum = 0;
  for (int c = 0, slot = 0; c < 4; ++c) {
    if (c == largest) continue;
    out[c] = static_cast<float>(read_bits(value, 2 + bits * slot++, bits)) * step - kHalfSqrt2;
    sum += out[c] * out[c];
  }
  out[largest] = std::sqrt(std::fmax(0.0f, 1.0f - sum));
}

}  // namespace bonebridge::runtime::codec
