// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/anim/codec.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::volition {
namespace {

// Bytes up to the next multiple of `alignment` (file offsets), kept as stored.
std::vector<std::uint8_t> read_pad(ByteReader& in, std::size_t alignment, std::string_view what) {
  const std::size_t misalign = in.offset() % alignment;
  if (misalign == 0) return {};
  auto pad = in.bytes(alignment - misalign, what);
  return {pad.begin(), pad.end()};
}

std::uint16_t read_count(ByteReader& in, bool wide, std::string_view what) {
  return wide ? in.u16(what) : in.u8(what);
}

std::uint16_t read_time(ByteReader& in, bool wide, std::string_view what) {
  return wide ? in.u16(what) : in.u8(what);
}

void write_small(ByteWriter& out, bool wide, std::uint16_t value) {
  if (wide) {
    out.u16(value);
  } else {
    out.u8(static_cast<std::uint8_t>(value));
  }
}

WeightTable read_weights(ByteReader& in, std::size_t tracks, std::uint8_t flags) {
  WeightTable table;
  const bool short_counts = flags & kShortCounts;
  if (short_counts) table.count_pad = read_pad(in, 2, "weight count alignment");
  in.count(tracks, short_counts ? 2 : 1, "weight table counts");
  std::size_t total = 0;
  for (std::size_t i = 0; i < tracks; ++i) {
    table.counts.push_back(read_count(in, short_counts, "weight key count"));
    total += table.counts.back();
  }
  table.value_pad = read_pad(in, 4, "weight value alignment");
  const bool short_times = flags & kTimeAsShorts;
  in.count(total, 4 + (short_times ? 2 : 1), "weight keys");
  table.values.reserve(total);
  for (std::size_t i = 0; i < total; ++i) table.values.push_back(in.f32("weight value"));
  table.times.reserve(total);
  for (std::size_t i = 0; i < total; ++i) table.times.push_back(read_time(in, short_times, "weight time"));
  return table;
}

AnimTrack read_track(ByteReader& in, std::uint8_t flags) {
  AnimTrack track;
  const bool short_counts = flags & kShortCounts;
  const bool long_translations = flags & kLongTranslations;
  if (short_counts) track.count_pad = read_pad(in, 2, "track count alignment");
  const std::size_t rotation_keys = read_count(in, short_counts, "rotation key count");
  const std::size_t translation_keys = read_count(in, short_counts, "translation key count");

  // Each rotation record covers its 6-bit count + 1 keys (trap 2).
  for (std::size_t covered = 0; covered < rotation_keys;) {
    auto raw = in.bytes(4, "rotation record");
    track.rotation_records.push_back({raw[0], raw[1], raw[2], raw[3]});
    covered += (raw[3] & 0x3Fu) + 1u;
  }
  const bool packed = flags & kPackedKeys;
  in.count(rotation_keys, packed ? 3 : 4, "rotation keys");
  track.rotation_keys.reserve(rotation_keys);
  for (std::size_t i = 0; i < rotation_keys; ++i) {
    auto raw = in.bytes(3, "rotation key");
    track.rotation_keys.push_back({raw[0], raw[1], raw[2]});
  }
  if (!packed) {
    auto extra = in.bytes(rotation_keys, "unpacked rotation key bytes");
    track.unpacked_rotation_extra.assign(extra.begin(), extra.end());
  }
  track.rotation_pad = read_pad(in, long_translations ? 4 : 2, "rotation key alignment");

  // A translation record's num_keys is a plain count; records with 0 keys exist (trap 11).
  for (std::size_t covered = 0; covered < translation_keys;) {
    TranslationRecord record;
    if (long_translations) {
      record.num_keys = in.u32("long translation record key count");
      for (auto& axis : record.base) axis = in.s32("long translation record base");
    } else {
      record.num_keys = in.u16("translation record key count");
      for (auto& axis : record.base) axis = in.s16("translation record base");
    }
    track.translation_records.push_back(record);
    covered += record.num_keys;
  }
  const bool short_times = flags & kTimeAsShorts;
  in.count(translation_keys, 3 + (short_times ? 2 : 1), "translation keys");
  track.translation_keys.reserve(translation_keys);
  for (std::size_t i = 0; i < translation_keys; ++i) {
    TranslationKey key;
    for (auto& axis : key) axis = in.s8("translation key");
    track.translation_keys.push_back(key);
  }
  track.translation_times.reserve(translation_keys);
  for (std::size_t i = 0; i < translation_keys; ++i) {
    track.translation_times.push_back(read_time(in, short_times, "translation key time"));
  }
  return track;
}

anim::Document parse_anim(ByteReader& in, PointerWidth width) {
  anim::Document doc;
  doc.width = width;
  auto id = in.bytes(4, "id");
  std::copy(id.begin(), id.end(), doc.id.begin());
  if (doc.id != std::array<std::uint8_t, 4>{'A', 'N', 'I', 'M'}) {
    in.fail_at(0, fmt::format("expected the id \"ANIM\" (41 4E 49 4D), found {:02X} {:02X} {:02X} {:02X}",
                              id[0], id[1], id[2], id[3]));
  }
  doc.version = in.u8("version");
  doc.flags = in.u8("flags");
  doc.end_frame = in.u16("end_frame");
  doc.ramp_in = in.u8("ramp_in");
  doc.ramp_out = in.u8("ramp_out");
  const std::size_t num_tracks = in.u8("num_bones");
  doc.num_rig_bones = in.u8("num_rig_bones");
  for (auto& value : doc.total_rotation) value = in.f32("total_rotation");
  for (auto& value : doc.total_translation) value = in.f32("total_translation");
  doc.bone_mapping_offset = read_pointer(in, width, "anim_to_rig_bone_mapping");
  doc.root_controller_bone = read_pointer(in, width, "root_controller_bone");
  if (doc.flags & kHasMorph) {
    if (width == PointerWidth::Four) {
      in.fail_at(5,
                 "flags has HAS_MORPH (0x10), whose header extension is known only for 8-byte slots "
                 "(Saints Row: The Third); the 4-byte layout is not known");
    }
    auto unknown = in.bytes(8, "morph header bytes");
    std::copy(unknown.begin(), unknown.end(), doc.morph_unknown.begin());
    doc.morph_offset = read_pointer(in, width, "morph data offset");
  }
  if (doc.bone_mapping_offset.value != 0) {
    const std::size_t at = doc.bone_mapping_offset.value;
    if (at < in.offset()) {
      in.fail_at(0x28, fmt::format("anim_to_rig_bone_mapping: expected 0 or an offset at or after the end of "
                                   "the header ({}), found {}",
                                   in.offset(), at));
    }
    if (at > in.size())
      in.fail_at(0x28, fmt::format("anim_to_rig_bone_mapping {} is past the end ({})", at, in.size()));
    auto gap = in.bytes(at - in.offset(), "bytes before the bone mapping");
    doc.mapping_gap.assign(gap.begin(), gap.end());
    auto mapping = in.bytes(num_tracks, "bone mapping table");
    doc.bone_mapping.assign(mapping.begin(), mapping.end());
  }
  if (doc.flags & kHasWeightKeys) doc.weights = read_weights(in, num_tracks, doc.flags);
  doc.tracks.reserve(num_tracks);
  for (std::size_t i = 0; i < num_tracks; ++i) doc.tracks.push_back(read_track(in, doc.flags));
  auto tail = in.rest();
  doc.tail.assign(tail.begin(), tail.end());
  return doc;
}

void write_track(ByteWriter& out, const AnimTrack& track, std::uint8_t flags) {
  const bool short_counts = flags & kShortCounts;
  const bool short_times = flags & kTimeAsShorts;
  out.bytes(track.count_pad);
  write_small(out, short_counts, static_cast<std::uint16_t>(track.rotation_keys.size()));
  write_small(out, short_counts, static_cast<std::uint16_t>(track.translation_keys.size()));
  for (const auto& record : track.rotation_records) out.bytes(record);
  for (const auto& key : track.rotation_keys) out.bytes(key);
  out.bytes(track.unpacked_rotation_extra);
  out.bytes(track.rotation_pad);
  for (const auto& record : track.translation_records) {
    if (flags & kLongTranslations) {
      out.u32(record.num_keys);
      for (auto axis : record.base) out.s32(axis);
    } else {
      out.u16(static_cast<std::uint16_t>(record.num_keys));
      for (auto axis : record.base) out.s16(static_cast<std::int16_t>(axis));
    }
  }
  for (const auto& key : track.translation_keys) {
    for (auto axis : key) out.s8(axis);
  }
  for (auto time : track.translation_times) write_small(out, short_times, time);
}

}  // namespace

std::size_t anim_header_size(PointerWidth width, std::uint8_t flags) {
  if (width == PointerWidth::Four) return 0x30;
  return (flags & kHasMorph) ? 0x48 : 0x38;
}

Result<anim::Document> anim::read(std::span<const std::uint8_t> bytes, std::optional<PointerWidth> width) {
  return capture(kAnimFormat, [&] {
    ByteReader in(bytes, kAnimFormat);
    PointerWidth chosen = PointerWidth::Eight;
    if (width) {
      chosen = *width;
    } else if (bytes.size() >= 0x30) {
      const std::uint32_t at_2c = static_cast<std::uint32_t>(
          bytes[0x2C] | bytes[0x2D] << 8 | bytes[0x2E] << 16 | static_cast<std::uint32_t>(bytes[0x2F]) << 24);
      chosen = at_2c == 0 ? PointerWidth::Eight : PointerWidth::Four;
    }
    return parse_anim(in, chosen);
  });
}

std::vector<std::uint8_t> anim::write(const anim::Document& doc) {
  const PointerWidth width = doc.width;
  ByteWriter out;
  out.bytes(doc.id);
  out.u8(doc.version);
  out.u8(doc.flags);
  out.u16(doc.end_frame);
  out.u8(doc.ramp_in);
  out.u8(doc.ramp_out);
  out.u8(static_cast<std::uint8_t>(doc.tracks.size()));
  out.u8(doc.num_rig_bones);
  for (float value : doc.total_rotation) out.f32(value);
  for (float value : doc.total_translation) out.f32(value);
  write_pointer(out, width, doc.bone_mapping_offset);
  write_pointer(out, width, doc.root_controller_bone);
  if (doc.flags & kHasMorph) {
    out.bytes(doc.morph_unknown);
    write_pointer(out, width, doc.morph_offset);
  }
  if (doc.bone_mapping_offset.value != 0) {
    out.bytes(doc.mapping_gap);
    out.bytes(doc.bone_mapping);
  }
  if (doc.weights) {
    const bool short_counts = doc.flags & kShortCounts;
    const bool short_times = doc.flags & kTimeAsShorts;
    out.bytes(doc.weights->count_pad);
    for (auto count : doc.weights->counts) write_small(out, short_counts, count);
    out.bytes(doc.weights->value_pad);
    for (float value : doc.weights->values) out.f32(value);
    for (auto time : doc.weights->times) write_small(out, short_times, time);
  }
  for (const auto& track : doc.tracks) write_track(out, track, doc.flags);
  out.bytes(doc.tail);
  return std::move(out).take();
}

namespace {

std::vector<std::uint8_t> zero_pad(std::size_t& at, std::size_t alignment) {
  const std::size_t misalign = at % alignment;
  const std::size_t size = misalign == 0 ? 0 : alignment - misalign;
  at += size;
  return std::vector<std::uint8_t>(size, 0);
}

}  // namespace

void lay_out_anim(anim::Document& doc) {
  const std::uint8_t flags = doc.flags;
  const bool short_counts = flags & kShortCounts;
  const std::size_t time_size = (flags & kTimeAsShorts) ? 2 : 1;
  const std::size_t count_size = short_counts ? 2 : 1;
  std::size_t at = anim_header_size(doc.width, flags);
  doc.mapping_gap.clear();
  if (doc.bone_mapping.empty()) {
    doc.bone_mapping_offset = {};
  } else {
    doc.bone_mapping.resize(doc.tracks.size(), 255);
    doc.bone_mapping_offset = {static_cast<std::uint32_t>(at), 0};
    at += doc.bone_mapping.size();
  }
  if (!(flags & kHasWeightKeys)) {
    doc.weights.reset();
  } else {
    if (!doc.weights) doc.weights.emplace();
    auto& w = *doc.weights;
    w.counts.resize(doc.tracks.size(), 0);
    std::size_t total = 0;
    for (auto count : w.counts) total += count;
    w.values.resize(total, 0.0f);
    w.times.resize(total, 0);
    w.count_pad = short_counts ? zero_pad(at, 2) : std::vector<std::uint8_t>{};
    at += count_size * w.counts.size();
    w.value_pad = zero_pad(at, 4);
    at += total * (4 + time_size);
  }
  for (auto& track : doc.tracks) {
    track.count_pad = short_counts ? zero_pad(at, 2) : std::vector<std::uint8_t>{};
    at += 2 * count_size + 4 * track.rotation_records.size() + 3 * track.rotation_keys.size();
    if (!(flags & kPackedKeys)) {
      track.unpacked_rotation_extra.resize(track.rotation_keys.size(), 0);
    } else {
      track.unpacked_rotation_extra.clear();
    }
    at += track.unpacked_rotation_extra.size();
    track.rotation_pad = zero_pad(at, (flags & kLongTranslations) ? 4 : 2);
    track.translation_times.resize(track.translation_keys.size(), 0);
    at += track.translation_records.size() * ((flags & kLongTranslations) ? 16 : 8) +
          track.translation_keys.size() * (3 + time_size);
  }
  doc.root_controller_bone = {static_cast<std::uint32_t>(at), 0};
}

std::size_t anim_walk_end(const anim::Document& doc) {
  return anim::write(doc).size() - doc.tail.size();
}

int sign_extend6(unsigned value) {
  value &= 0x3Fu;
  return value >= 32 ? static_cast<int>(value) - 64 : static_cast<int>(value);
}

RotationRecord unpack_rotation_record(const RotationRecordBytes& bytes) {
  RotationRecord record;
  for (int j = 0; j < 3; ++j) {
    record.base[j] = sign_extend6(bytes[j]);
    record.scaler[j] = bytes[j] >> 6;
  }
  record.count = bytes[3] & 0x3F;
  record.largest = bytes[3] >> 6;
  return record;
}

RotationKey unpack_rotation_key(const RotationKeyBytes& bytes) {
  const unsigned b0 = bytes[0], b1 = bytes[1], b2 = bytes[2];
  RotationKey key;
  key.delta[0] = sign_extend6(b0 >> 2);
  key.delta[1] = sign_extend6(((b0 & 0x3u) << 4) | (b1 >> 4));
  key.delta[2] = sign_extend6(((b1 & 0xFu) << 2) | (b2 >> 6));
  key.time = static_cast<int>(b2 & 0x3Fu);
  return key;
}

RotationRecordBytes pack_rotation_record(const RotationRecord& record) {
  RotationRecordBytes bytes{};
  for (int j = 0; j < 3; ++j) {
    bytes[j] = static_cast<std::uint8_t>((record.base[j] & 0x3F) | ((record.scaler[j] & 0x3) << 6));
  }
  bytes[3] = static_cast<std::uint8_t>((record.count & 0x3F) | ((record.largest & 0x3) << 6));
  return bytes;
}

RotationKeyBytes pack_rotation_key(const RotationKey& key) {
  const unsigned a = static_cast<unsigned>(key.delta[0]) & 0x3Fu;
  const unsigned b = static_cast<unsigned>(key.delta[1]) & 0x3Fu;
  const unsigned c = static_cast<unsigned>(key.delta[2]) & 0x3Fu;
  const unsigned t = static_cast<unsigned>(key.time) & 0x3Fu;
  return {static_cast<std::uint8_t>((a << 2) | (b >> 4)),
          static_cast<std::uint8_t>(((b & 0xFu) << 4) | (c >> 2)),
          static_cast<std::uint8_t>(((c & 0x3u) << 6) | t)};
}

}  // namespace bonebridge::volition
