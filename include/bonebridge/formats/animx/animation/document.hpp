// SPDX-License-Identifier: MIT
#pragma once
// Resonite AnimX, mirrored one to one (research/animx.md §1). Values are kept as the little-endian bytes the
// file stores, so every element type, bool vectors' raw bytes and 64-bit integers survive a round trip; the
// engine decodes them when it samples.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bonebridge::animx {

enum class TrackType : std::uint8_t { Raw = 0, Discrete = 1, Curve = 2 };
enum class Interpolation : std::uint8_t { Hold = 0, Linear = 1, Tangent = 2, CubicBezier = 3 };
enum class Encoding : std::uint8_t { Plain = 0, Lz4 = 1, Lzma = 2 };

// Index into Resonite's 40-entry AnimX.elementTypes table.
enum class ElementType : std::uint8_t {
  Bool,
  Bool2,
  Bool3,
  Bool4,
  Byte,
  UShort,
  UInt,
  ULong,
  SByte,
  Short,
  Int,
  Long,
  Int2,
  Int3,
  Int4,
  UInt2,
  UInt3,
  UInt4,
  Long2,
  Long3,
  Long4,
  Float,
  Float2,
  Float3,
  Float4,
  FloatQ,
  Float2x2,
  Float3x3,
  Float4x4,
  Double,
  Double2,
  Double3,
  Double4,
  DoubleQ,
  Double2x2,
  Double3x3,
  Double4x4,
  Color,
  Color32,
  String,
};
inline constexpr int kElementTypeCount = 40;

// Curve flags byte: bit 0 a per-key interpolation list follows, bit 1 a tangent list follows.
inline constexpr std::uint8_t kCurvePerKeyInterpolation = 1;
inline constexpr std::uint8_t kCurveTangents = 2;

// The values of one list (keys, left tangents or right tangents). Fixed-size types: `bytes` holds
// count × element_size(type) bytes as stored. Strings: `strings` holds one entry per value, nullopt being
// the null a nullable string can store (Raw and Discrete only).
struct Values {
  std::vector<std::uint8_t> bytes;
  std::vector<std::optional<std::string>> strings;
  friend bool operator==(const Values&, const Values&) = default;
};

struct Track {
  TrackType type = TrackType::Curve;
  ElementType element = ElementType::Float;
  std::string node;
  std::string property;
  float interval = 0;        // Raw: seconds between frames
  std::vector<float> times;  // Discrete, Curve: one per key (Raw: empty)
  Values values;             // frames (Raw) or key values
  // Curve only.
  std::uint8_t flags = 0;                    // as stored, including unknown high bits
  std::uint8_t shared_interpolation = 0;     // present when flags bit 0 is clear
  std::vector<std::uint8_t> interpolations;  // per key, when flags bit 0 is set; raw bytes (0..3 valid)
  Values left_tangents, right_tangents;      // when flags bit 1 is set
  friend bool operator==(const Track&, const Track&) = default;
};

// A compressed track stream as the file stored it. Compressors differ (lz4net, liblz4, the C# LZMA SDK,
// liblzma) and so do their bytes for the same stream: a document read from a compressed file keeps them, and
// the writer gives them back while the tracks still encode to what they decompress to. How a file said its
// tracks is not what it says: documents compare equal whatever they keep here.
struct StoredStream {
  Encoding encoding = Encoding::Plain;  // Plain: nothing kept
  std::vector<std::uint8_t> bytes;
  friend bool operator==(const StoredStream&, const StoredStream&) { return true; }
};

namespace animation {
struct Document {
  std::int32_t version = 1;  // 0: the old one-byte track header; any other value up to 1 reads as 1
  float global_duration = 0;
  std::string name;
  Encoding encoding = Encoding::Plain;  // how the track stream is (or will be) stored
  std::vector<std::uint8_t> trailing;   // bytes after the last track in the (decompressed) track stream
  std::vector<Track> tracks;
  StoredStream stored;  // the compressed track stream as read (codec.cpp)
  friend bool operator==(const Document&, const Document&) = default;
};
}  // namespace animation

}  // namespace bonebridge::animx
