// SPDX-License-Identifier: MIT
#include "bonebridge/formats/animx/animation/codec.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <climits>

#include "../varint.hpp"
#include "bonebridge/formats/animx/compression.hpp"
#include "bonebridge/formats/animx/elements.hpp"

namespace bonebridge::animx {
namespace {

constexpr std::uint8_t kMagic[] = {5, 'A', 'n', 'i', 'm', 'X'};
constexpr const char* kStreamFormat = "Resonite AnimX (decompressed track stream)";

// A 7-bit count as Elements.Core reads it (ulong truncated to int32); counts beyond int32 are refused.
std::size_t read_count(ByteReader& reader, std::size_t min_item_size, std::string_view what) {
  const std::size_t at = reader.offset();
  const std::uint64_t count = read_varint(reader, what);
  if (count > INT32_MAX)
    reader.fail_at(at, fmt::format("{}: expected a count below 2^31, found {}", what, count));
  return reader.count(count, min_item_size, what);
}

// .NET BinaryReader.ReadString: a 7-bit UTF-8 byte length of at most 5 groups, then the bytes.
std::string read_string(ByteReader& reader, std::string_view what) {
  const std::size_t at = reader.offset();
  std::uint64_t length = 0;
  for (int group = 0;; ++group) {
    if (group == 5) reader.fail_at(at, fmt::format("{}: string length longer than 5 bytes", what));
    const std::uint8_t byte = reader.u8(what);
    length |= static_cast<std::uint64_t>(byte & 0x7F) << (7 * group);
    if ((byte & 0x80) == 0) break;
  }
  if (length > INT32_MAX) reader.fail_at(at, fmt::format("{}: negative string length", what));
  return reader.string(static_cast<std::size_t>(length), what);
}

void write_string(ByteWriter& writer, std::string_view text) {
  write_varint(writer, text.size());
  writer.string(text);
}

// Nullable strings (Raw and Discrete string values) carry a has-value byte; Curve strings do not.
void read_value(ByteReader& reader, ElementType type, bool nullable, Values& out, std::string_view what) {
  if (is_string(type)) {
    if (nullable && reader.u8(what) == 0) {
      out.strings.emplace_back(std::nullopt);
      return;
    }
    out.strings.emplace_back(read_string(reader, what));
    return;
  }
  const auto bytes = reader.bytes(static_cast<std::size_t>(element_info(type).size), what);
  out.bytes.insert(out.bytes.end(), bytes.begin(), bytes.end());
}

void write_value(ByteWriter& writer, ElementType type, bool nullable, const Values& values,
                 std::size_t index) {
  if (is_string(type)) {
    const auto& text = values.strings[index];
    if (nullable) writer.u8(text ? 1 : 0);
    if (text || !nullable) write_string(writer, text ? *text : std::string());
    return;
  }
  const auto size = static_cast<std::size_t>(element_info(type).size);
  writer.bytes(std::span(values.bytes).subspan(index * size, size));
}

std::size_t value_min_size(ElementType type) {
  return is_string(type) ? 1 : static_cast<std::size_t>(element_info(type).size);
}

void reserve(Values& values, ElementType type, std::size_t count) {
  if (is_string(type)) {
    values.strings.reserve(count);
  } else {
    values.bytes.reserve(count * static_cast<std::size_t>(element_info(type).size));
  }
}

void read_raw(ByteReader& reader, Track& track) {
  const std::size_t count = read_count(reader, value_min_size(track.element), "Raw frame count");
  track.interval = reader.f32("Raw interval");
  reserve(track.values, track.element, count);
  for (std::size_t i = 0; i < count; ++i) read_value(reader, track.element, true, track.values, "Raw frame");
}

void read_discrete(ByteReader& reader, Track& track) {
  const std::size_t count = read_count(reader, 4 + value_min_size(track.element), "Discrete key count");
  track.times.reserve(count);
  reserve(track.values, track.element, count);
  for (std::size_t i = 0; i < count; ++i) {
    track.times.push_back(reader.f32("Discrete key time"));
    read_value(reader, track.element, true, track.values, "Discrete key value");
  }
}

void read_curve(ByteReader& reader, Track& track) {
  const std::size_t count = read_count(reader, 4 + value_min_size(track.element), "Curve key count");
  track.flags = reader.u8("Curve flags");
  if (track.flags & kCurvePerKeyInterpolation) {
    const auto modes = reader.bytes(count, "Curve per-key interpolations");
    track.interpolations.assign(modes.begin(), modes.end());
  } else {
    track.shared_interpolation = reader.u8("Curve shared interpolation");
  }
  track.times.reserve(count);
  reserve(track.values, track.element, count);
  for (std::size_t i = 0; i < count; ++i) {
    read_value(reader, track.element, false, track.values, "Curve key value");
    track.times.push_back(reader.f32("Curve key time"));
  }
  if ((track.flags & kCurveTangents) == 0) return;
  reader.count(count, 2 * value_min_size(track.element), "Curve tangents");
  reserve(track.left_tangents, track.element, count);
  reserve(track.right_tangents, track.element, count);
  for (std::size_t i = 0; i < count; ++i) {
    read_value(reader, track.element, false, track.left_tangents, "Curve left tangent");
    read_value(reader, track.element, false, track.right_tangents, "Curve right tangent");
  }
}

Track read_track(ByteReader& reader, std::int32_t version) {
  Track track;
  const std::size_t at = reader.offset();
  std::uint8_t element = 0;
  if (version == 0) {
    const std::uint8_t header = reader.u8("version-0 track header");
    track.type = (header & 1) ? TrackType::Curve : TrackType::Raw;
    element = static_cast<std::uint8_t>(header >> 1);
  } else {
    const std::uint8_t type = reader.u8("track type");
    if (type > 2) {
      reader.fail_at(at,
                     fmt::format("track type: expected 0 (Raw), 1 (Discrete) or 2 (Curve), found {}{}", type,
                                 type == 3 ? " (Bezier, which Resonite cannot decode either)" : ""));
    }
    track.type = static_cast<TrackType>(type);
    element = reader.u8("element type");
  }
  const auto element_type = element_from_index(element);
  if (!element_type) {
    reader.fail_at(reader.offset() - 1, fmt::format("element type: expected an index below {}, found {}",
                                                    kElementTypeCount, element));
  }
  track.element = *element_type;
  track.node = read_string(reader, "track node");
  track.property = read_string(reader, "track property");
  switch (track.type) {
    case TrackType::Raw:
      read_raw(reader, track);
      break;
    case TrackType::Discrete:
      read_discrete(reader, track);
      break;
    case TrackType::Curve:
      read_curve(reader, track);
      break;
  }
  return track;
}

struct Header {
  animation::Document document;  // header fields only
  std::size_t track_count = 0;
  std::size_t stream_at = 0;
};

Header read_header(ByteReader& reader) {
  Header header;
  const auto magic = reader.bytes(sizeof kMagic, "magic");
  if (!std::equal(magic.begin(), magic.end(), std::begin(kMagic))) {
    reader.fail_at(0, fmt::format("magic: expected the string \"AnimX\" (05 41 6E 69 6D 58), found {:02X}",
                                  fmt::join(magic, " ")));
  }
  auto& document = header.document;
  document.version = reader.s32("version");
  if (document.version > 1) {
    reader.fail_at(6, fmt::format("version: expected 0 or 1, found {}", document.version));
  }
  const std::size_t count_at = reader.offset();
  const std::uint64_t count = read_varint(reader, "track count");
  if (count > INT32_MAX)
    reader.fail_at(count_at, fmt::format("track count: expected below 2^31, found {}", count));
  header.track_count = static_cast<std::size_t>(count);
  document.global_duration = reader.f32("global duration");
  document.name = read_string(reader, "clip name");
  const std::uint8_t encoding = reader.u8("encoding");
  if (encoding > 2) {
    reader.fail_at(reader.offset() - 1,
                   fmt::format("encoding: expected 0 (Plain), 1 (LZ4) or 2 (LZMA), found {}", encoding));
  }
  document.encoding = static_cast<Encoding>(encoding);
  header.stream_at = reader.offset();
  return header;
}

std::vector<std::uint8_t> decompress(const Header& header, std::span<const std::uint8_t> stored) {
  auto decoded = header.document.encoding == Encoding::Lz4 ? lz4_decode(stored, header.stream_at)
                                                           : lzma_decode(stored, header.stream_at);
  if (!decoded) throw FormatError(decoded.error());
  return std::move(decoded).value();
}

animation::Document read_tracks(Header header, ByteReader& reader) {
  animation::Document document = std::move(header.document);
  reader.count(header.track_count, 4, "tracks");
  document.tracks.reserve(header.track_count);
  for (std::size_t i = 0; i < header.track_count; ++i)
    document.tracks.push_back(read_track(reader, document.version));
  const auto rest = reader.rest();
  document.trailing.assign(rest.begin(), rest.end());
  return document;
}

void write_track(ByteWriter& writer, const Track& track, bool version0) {
  if (version0) {
    writer.u8(static_cast<std::uint8_t>((static_cast<unsigned>(track.element) << 1) |
                                        (track.type == TrackType::Curve ? 1 : 0)));
  } else {
    writer.u8(static_cast<std::uint8_t>(track.type));
    writer.u8(static_cast<std::uint8_t>(track.element));
  }
  write_string(writer, track.node);
  write_string(writer, track.property);
  switch (track.type) {
    case TrackType::Raw: {
      const std::size_t count =
          is_string(track.element)
              ? track.values.strings.size()
              : track.values.bytes.size() / static_cast<std::size_t>(element_info(track.element).size);
      write_varint(writer, count);
      writer.f32(track.interval);
      for (std::size_t i = 0; i < count; ++i) write_value(writer, track.element, true, track.values, i);
      break;
    }
    case TrackType::Discrete:
      write_varint(writer, track.times.size());
      for (std::size_t i = 0; i < track.times.size(); ++i) {
        writer.f32(track.times[i]);
        write_value(writer, track.element, true, track.values, i);
      }
      break;
    case TrackType::Curve:
      write_varint(writer, track.times.size());
      writer.u8(track.flags);
      if (track.flags & kCurvePerKeyInterpolation) {
        writer.bytes(track.interpolations);
      } else {
        writer.u8(track.shared_interpolation);
      }
      for (std::size_t i = 0; i < track.times.size(); ++i) {
        write_value(writer, track.element, false, track.values, i);
        writer.f32(track.times[i]);
      }
      if (track.flags & kCurveTangents) {
        for (std::size_t i = 0; i < track.times.size(); ++i) {
          write_value(writer, track.element, false, track.left_tangents, i);
          write_value(writer, track.element, false, track.right_tangents, i);
        }
      }
      break;
  }
}

bool fits_version0(const animation::Document& document) {
  return std::none_of(document.tracks.begin(), document.tracks.end(),
                      [](const Track& track) { return track.type == TrackType::Discrete; });
}

// Whether the stream the document kept (as read) decompresses to `stream`, in the encoding asked for.
bool keeps_stored_stream(const animation::Document& document, const std::vector<std::uint8_t>& stream) {
  if (document.encoding == Encoding::Plain || document.stored.encoding != document.encoding) return false;
  const auto kept = document.encoding == Encoding::Lz4 ? lz4_decode(document.stored.bytes, 0)
                                                       : lzma_decode(document.stored.bytes, 0);
  return kept.ok() && *kept == stream;
}

}  // namespace

bool is_animx(std::span<const std::uint8_t> bytes) {
  return bytes.size() >= sizeof kMagic && std::equal(std::begin(kMagic), std::end(kMagic), bytes.begin());
}

Result<animation::Document> animation::read(std::span<const std::uint8_t> bytes) {
  return capture(kFormatName, [&] {
    ByteReader reader(bytes, kFormatName);
    Header header = read_header(reader);
    if (header.document.encoding == Encoding::Plain) return read_tracks(std::move(header), reader);
    const auto stored = reader.rest();
    const std::vector<std::uint8_t> stream = decompress(header, stored);
    ByteReader stream_reader(stream, kStreamFormat);
    animation::Document document = read_tracks(std::move(header), stream_reader);
    document.stored = {document.encoding, {stored.begin(), stored.end()}};
    return document;
  });
}

Result<std::vector<std::uint8_t>> animation::read_track_stream(std::span<const std::uint8_t> bytes) {
  return capture(kFormatName, [&] {
    ByteReader reader(bytes, kFormatName);
    const Header header = read_header(reader);
    const auto rest = reader.rest();
    if (header.document.encoding == Encoding::Plain)
      return std::vector<std::uint8_t>(rest.begin(), rest.end());
    return decompress(header, rest);
  });
}

std::vector<std::uint8_t> animation::write_track_stream(const animation::Document& document) {
  const bool version0 = document.version == 0 && fits_version0(document);
  ByteWriter writer;
  for (const auto& track : document.tracks) write_track(writer, track, version0);
  writer.bytes(document.trailing);
  return std::move(writer).take();
}

std::vector<std::uint8_t> animation::write(const animation::Document& document) {
  const bool version0 = document.version == 0 && fits_version0(document);
  ByteWriter writer;
  writer.bytes(kMagic);
  writer.s32(version0 ? 0 : (document.version == 0 ? 1 : document.version));
  write_varint(writer, document.tracks.size());
  writer.f32(document.global_duration);
  write_string(writer, document.name);
  writer.u8(static_cast<std::uint8_t>(document.encoding));
  const auto stream = animation::write_track_stream(document);
  if (keeps_stored_stream(document, stream)) {
    writer.bytes(document.stored.bytes);
    return std::move(writer).take();
  }
  switch (document.encoding) {
    case Encoding::Plain:
      writer.bytes(stream);
      break;
    case Encoding::Lz4:
      writer.bytes(lz4_encode(stream));
      break;
    case Encoding::Lzma:
      writer.bytes(lzma_encode(stream));
      break;
  }
  return std::move(writer).take();
}

void choose_curve_layout(Track& track, const std::vector<Interpolation>& modes) {
  const bool all_equal = std::adjacent_find(modes.begin(), modes.end(), std::not_equal_to<>()) == modes.end();
  const bool any_tangent = std::any_of(modes.begin(), modes.end(), [](Interpolation mode) {
    return mode == Interpolation::Tangent || mode == Interpolation::CubicBezier;
  });
  track.flags = static_cast<std::uint8_t>((all_equal ? 0 : kCurvePerKeyInterpolation) |
                                          (any_tangent ? kCurveTangents : 0));
  track.shared_interpolation = modes.empty() || !all_equal ? 0 : static_cast<std::uint8_t>(modes.front());
  track.interpolations.clear();
  if (!all_equal) {
    for (const auto mode : modes) track.interpolations.push_back(static_cast<std::uint8_t>(mode));
  }
  if (!any_tangent) {
    track.left_tangents = {};
    track.right_tangents = {};
    return;
  }
  for (Values* tangents : {&track.left_tangents, &track.right_tangents}) {
    if (is_string(track.element)) {
      tangents->strings.resize(modes.size(), std::string());
    } else {
      tangents->bytes.resize(modes.size() * static_cast<std::size_t>(element_info(track.element).size), 0);
    }
  }
}

}  // namespace bonebridge::animx
