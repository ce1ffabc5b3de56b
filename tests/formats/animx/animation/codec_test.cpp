// SPDX-License-Identifier: MIT
// AnimX binary codec against the files written by Resonite's own encoder (shared/samples/animx/SOURCES.md)
// and the layout rules of research/animx.md §1–2.
#include <gtest/gtest.h>

#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/compression.hpp"
#include "support/samples.hpp"

namespace bonebridge::animx::animation {
namespace {

using testing::read_bytes;

Document read_ok(const std::vector<std::uint8_t>& bytes) {
  auto document = read(bytes);
  EXPECT_TRUE(document.ok()) << (document.ok() ? "" : document.error().to_string());
  return document.ok() ? std::move(document).value() : Document{};
}

TEST(AnimxCodec, ReadsResonitePlainSample) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "animx/sample_plain.animx");
  const Document document = read_ok(read_bytes(path));
  EXPECT_EQ(document.version, 1);
  EXPECT_EQ(document.name, "SampleClip");
  EXPECT_EQ(document.global_duration, 3.0f);
  EXPECT_EQ(document.encoding, Encoding::Plain);
  ASSERT_EQ(document.tracks.size(), 12u);
  const Track& position = document.tracks[0];
  EXPECT_EQ(position.type, TrackType::Curve);
  EXPECT_EQ(position.element, ElementType::Float3);
  EXPECT_EQ(position.node, "Hips");
  EXPECT_EQ(position.property, "Position");
  EXPECT_EQ(position.times, (std::vector<float>{0, 1, 2}));
  EXPECT_EQ(position.flags, 0);
  EXPECT_EQ(position.shared_interpolation, 1);  // Linear
  // "Mixed": flags 3, per-key modes Hold, Linear, Tangent, CubicBezier, Linear (see the hex dump).
  const Track& mixed = document.tracks[2];
  EXPECT_EQ(mixed.flags, 3);
  EXPECT_EQ(mixed.interpolations, (std::vector<std::uint8_t>{0, 1, 2, 3, 1}));
  // "Tan": flags 2, one shared Tangent byte.
  EXPECT_EQ(document.tracks[3].flags, 2);
  EXPECT_EQ(document.tracks[3].shared_interpolation, 2);
  // Label: Discrete string with a null and "".
  const Track& label = document.tracks[4];
  EXPECT_EQ(label.type, TrackType::Discrete);
  ASSERT_EQ(label.values.strings.size(), 3u);
  EXPECT_EQ(label.values.strings[0], std::optional<std::string>("hello"));
  EXPECT_EQ(label.values.strings[1], std::nullopt);
  EXPECT_EQ(label.values.strings[2], std::optional<std::string>(""));
  // Body BlendShape.Smile: Raw float, interval 0.5, frames 0, 1, 0.25, 0.75 (research/animx.md §4).
  const Track& smile = document.tracks[6];
  EXPECT_EQ(smile.type, TrackType::Raw);
  EXPECT_EQ(smile.interval, 0.5f);
  EXPECT_EQ(smile.values.bytes.size(), 16u);
  // Flags.Mask: bool2 Curve, raw bytes 1 (x) and 2 (y).
  const Track& mask = document.tracks[9];
  EXPECT_EQ(mask.element, ElementType::Bool2);
  EXPECT_EQ(mask.values.bytes, (std::vector<std::uint8_t>{1, 2}));
  EXPECT_TRUE(document.trailing.empty());
}

TEST(AnimxCodec, PlainFilesRoundTripByteForByte) {
  for (const char* name : {"animx/sample_plain.animx", "animx/handmade_v0_plain.animx"}) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, name);
    const auto bytes = read_bytes(path);
    EXPECT_EQ(write(read_ok(bytes)), bytes) << name;
  }
}

TEST(AnimxCodec, ReadsVersionZero) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "animx/handmade_v0_plain.animx");
  const Document document = read_ok(read_bytes(path));
  EXPECT_EQ(document.version, 0);
  EXPECT_EQ(document.name, "V0Clip");
  ASSERT_EQ(document.tracks.size(), 2u);
  EXPECT_EQ(document.tracks[0].type, TrackType::Curve);  // byte 0x2F = float3 (23) << 1 | 1
  EXPECT_EQ(document.tracks[0].element, ElementType::Float3);
  EXPECT_EQ(document.tracks[1].type, TrackType::Raw);  // byte 0x2A = float (21) << 1
  EXPECT_EQ(document.tracks[1].element, ElementType::Float);
}

TEST(AnimxCodec, CompressedFilesDecodeToThePlainTrackStream) {
  BONEBRIDGE_REQUIRE_SAMPLE(plain_path, "animx/sample_plain.animx");
  const auto plain = read_bytes(plain_path);
  const auto plain_stream = read_track_stream(plain);
  ASSERT_TRUE(plain_stream.ok());
  Document plain_document = read_ok(plain);
  for (const char* name : {"animx/sample_lz4.animx", "animx/interop_liblz4_written.animx",
                           "animx/interop_liblzma_written.animx"}) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, name);
    const auto bytes = read_bytes(path);
    const auto stream = read_track_stream(bytes);
    ASSERT_TRUE(stream.ok()) << name << ": " << stream.error().to_string();
    EXPECT_EQ(*stream, *plain_stream) << name;
    Document document = read_ok(bytes);
    EXPECT_NE(document.encoding, Encoding::Plain);
    plain_document.encoding = document.encoding;
    EXPECT_EQ(document, plain_document) << name;
  }
}

TEST(AnimxCodec, RecompressedFilesReadBackToTheSameDocument) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "animx/sample_plain.animx");
  Document document = read_ok(read_bytes(path));
  for (const Encoding encoding : {Encoding::Lz4, Encoding::Lzma}) {
    document.encoding = encoding;
    const auto bytes = write(document);
    EXPECT_EQ(read_ok(bytes), document);
    // The header is never compressed: byte 26 (after "SampleClip") is the encoding.
    EXPECT_EQ(bytes[26], static_cast<std::uint8_t>(encoding));
  }
}

TEST(AnimxCodec, CompressedFilesWriteBackByteForByte) {
  // Three compressors made these (lz4net, liblz4 with chunk flags 1, liblzma with an end marker:
  // SOURCES.md); none of them is this writer's, and each file comes back as it was.
  for (const char* name : {"animx/sample_lz4.animx", "animx/interop_liblz4_written.animx",
                           "animx/interop_liblzma_written.animx"}) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, name);
    const auto bytes = read_bytes(path);
    EXPECT_EQ(write(read_ok(bytes)), bytes) << name;
  }
}

TEST(AnimxCodec, AnEditedCompressedDocumentIsCompressedAnew) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "animx/interop_liblzma_written.animx");
  const auto bytes = read_bytes(path);
  Document document = read_ok(bytes);
  ASSERT_FALSE(document.tracks.empty());
  document.tracks.front().node = "Edited";
  const auto written = write(document);
  EXPECT_NE(written, bytes);
  EXPECT_EQ(read_ok(written).tracks.front().node, "Edited");
  // Asked for another encoding, the kept LZMA stream is not used either.
  document = read_ok(bytes);
  document.encoding = Encoding::Lz4;
  const auto as_lz4 = write(document);
  EXPECT_EQ(as_lz4[26], 1);  // the encoding byte after "SampleClip"
  EXPECT_EQ(read_track_stream(as_lz4).value(), read_track_stream(bytes).value());
}

TEST(AnimxCodec, Lz4WriterMatchesLz4netOnTheSample) {
  // SOURCES.md: liblz4 HC level 9 gives lz4net's block bytes for this clip; the chunk flags are 3 as
  // Resonite writes them.
  BONEBRIDGE_REQUIRE_SAMPLE(plain_path, "animx/sample_plain.animx");
  BONEBRIDGE_REQUIRE_SAMPLE(lz4_path, "animx/sample_lz4.animx");
  Document document = read_ok(read_bytes(plain_path));
  document.encoding = Encoding::Lz4;
  EXPECT_EQ(write(document), read_bytes(lz4_path));
}

TEST(AnimxCodec, LzmaWriterUsesResoniteProperties) {
  const std::vector<std::uint8_t> data(1000, 7);
  const auto encoded = lzma_encode(data);
  ASSERT_GE(encoded.size(), 21u);
  EXPECT_EQ(std::vector<std::uint8_t>(encoded.begin(), encoded.begin() + 5),
            (std::vector<std::uint8_t>{0x5D, 0x00, 0x00, 0x20, 0x00}));
  const auto decoded = lzma_decode(encoded, 0);
  ASSERT_TRUE(decoded.ok()) << decoded.error().to_string();
  EXPECT_EQ(*decoded, data);
}

TEST(AnimxCodec, EmptyClipsRoundTripInEveryEncoding) {
  for (const Encoding encoding : {Encoding::Plain, Encoding::Lz4, Encoding::Lzma}) {
    Document empty;
    empty.encoding = encoding;
    const auto again = read(write(empty));
    ASSERT_TRUE(again.ok()) << again.error().to_string();
    EXPECT_EQ(*again, empty);
  }
}

TEST(AnimxCodec, EveryTruncationFailsWithAnOffset) {
  for (const char* name :
       {"animx/sample_plain.animx", "animx/sample_lz4.animx", "animx/handmade_v0_plain.animx",
        "animx/interop_liblz4_written.animx", "animx/interop_liblzma_written.animx"}) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, name);
    const auto bytes = read_bytes(path);
    for (std::size_t size = 0; size < bytes.size(); ++size) {
      const auto result = read(std::span(bytes).first(size));
      ASSERT_FALSE(result.ok()) << name << " cut at " << size;
      EXPECT_TRUE(result.error().offset.has_value())
          << name << " cut at " << size << ": " << result.error().to_string();
    }
  }
}

void append(std::vector<std::uint8_t>& bytes, std::initializer_list<int> values) {
  for (const int value : values) bytes.push_back(static_cast<std::uint8_t>(value));
}

// Magic, version 1, the given 7-bit track count, duration 3.0, name "", encoding.
std::vector<std::uint8_t> header(int encoding, std::initializer_list<int> track_count) {
  std::vector<std::uint8_t> bytes;
  append(bytes, {5, 'A', 'n', 'i', 'm', 'X', 1, 0, 0, 0});
  append(bytes, track_count);
  append(bytes, {0, 0, 0x40, 0x40, 0, encoding});
  return bytes;
}

TEST(AnimxCodec, AbsurdCountsFailFast) {
  // 2^31-1 tracks in a file of 17 bytes.
  auto result = read(header(0, {0xFF, 0xFF, 0xFF, 0xFF, 0x07}));
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("tracks"), std::string::npos) << result.error().message;
  // One Curve float3 track declaring 2^31-1 keys.
  auto bytes = header(0, {1});
  append(bytes, {2, 23, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 0, 1});
  result = read(bytes);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("Curve key count is 2147483647"), std::string::npos)
      << result.error().message;
  EXPECT_TRUE(result.error().offset.has_value());
}

TEST(AnimxCodec, CompressedSizesBeyondTheInputFailFast) {
  // LZMA declaring 2^40 bytes from 4 compressed bytes.
  auto lzma = header(2, {1});
  append(lzma, {0x5D, 0, 0, 0x20, 0});
  append(lzma, {0, 0, 0, 0, 0, 1, 0, 0});
  append(lzma, {4, 0, 0, 0, 0, 0, 0, 0});
  append(lzma, {0, 0, 0, 0});
  auto result = read(lzma);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("cannot come from"), std::string::npos) << result.error().message;
  // An LZ4 chunk declaring 2^34 bytes from 3 bytes.
  auto lz4 = header(1, {1});
  append(lz4, {3, 0x80, 0x80, 0x80, 0x80, 0x40, 3, 0, 0, 0});
  result = read(lz4);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("cannot come from"), std::string::npos) << result.error().message;
}

TEST(AnimxCodec, RejectsWhatResoniteRejects) {
  auto bad_version = header(0, {0});
  bad_version[6] = 2;
  EXPECT_FALSE(read(bad_version).ok());
  auto bezier = header(0, {1});
  append(bezier, {3, 21, 0, 0, 0, 0});  // TrackType Bezier
  const auto result = read(bezier);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("Bezier"), std::string::npos);
  EXPECT_FALSE(read(header(3, {0})).ok());  // encoding 3
}

TEST(AnimxCodec, CurveLayoutFollowsInsertKeyFrame) {
  Track track;
  track.element = ElementType::Float;
  choose_curve_layout(track, {Interpolation::Linear, Interpolation::Linear});
  EXPECT_EQ(track.flags, 0);
  EXPECT_EQ(track.shared_interpolation, 1);
  choose_curve_layout(track, {Interpolation::Tangent, Interpolation::Tangent});
  EXPECT_EQ(track.flags, 2);
  EXPECT_EQ(track.left_tangents.bytes.size(), 8u);
  choose_curve_layout(track, {Interpolation::Hold, Interpolation::Linear});
  EXPECT_EQ(track.flags, 1);
  EXPECT_EQ(track.interpolations, (std::vector<std::uint8_t>{0, 1}));
}

}  // namespace
}  // namespace bonebridge::animx::animation
