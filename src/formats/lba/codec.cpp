#include "bonebridge/formats/lba/codec.hpp"

#include <fmt/format.h>

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::lba {
namespace {

constexpr std::size_t kGroupEntrySize = 8;
constexpr std::size_t kBodyGroupSize = 38;

Animation parse_animation(ByteReader& reader) {
  Animation animation;
  const std::uint16_t keyframe_count = reader.u16("keyframe count");
  animation.group_count = reader.u16("group count");
  animation.loop_frame = reader.u16("loop frame");
  animation.unused = reader.u16("unused header field");
  const std::size_t keyframe_size = 8 + kGroupEntrySize * animation.group_count;
  reader.count(keyframe_count, keyframe_size, "keyframes");
  animation.keyframes.reserve(keyframe_count);
  for (std::size_t k = 0; k < keyframe_count; ++k) {
    Keyframe keyframe;
    keyframe.duration = reader.u16("keyframe duration");
    for (auto& axis : keyframe.step) axis = reader.s16("keyframe step");
    keyframe.groups.reserve(animation.group_count);
    for (std::size_t g = 0; g < animation.group_count; ++g) {
      GroupEntry entry;
      entry.type = reader.u16("group type");
      entry.a = reader.s16("group alpha / x");
      entry.b = reader.s16("group beta / y");
      entry.c = reader.s16("group gamma / z");
      keyframe.groups.push_back(entry);
    }
    animation.keyframes.push_back(std::move(keyframe));
  }
  const auto trailing = reader.rest();
  animation.trailing.assign(trailing.begin(), trailing.end());
  return animation;
}

Body parse_body(ByteReader& reader) {
  Body body;
  body.flags = reader.u16("body flags");
  for (auto& bound : body.bounds) bound = reader.s16("bounding box");
  const std::uint16_t info_size = reader.u16("info size");
  const auto info = reader.bytes(info_size, "info area");
  body.info.assign(info.begin(), info.end());
  const std::size_t point_count = reader.count(reader.u16("point count"), 6, "points");
  body.points.reserve(point_count);
  for (std::size_t i = 0; i < point_count; ++i) {
    std::array<std::int16_t, 3> point{};
    for (auto& v : point) v = reader.s16("point coordinate");
    body.points.push_back(point);
  }
  const std::size_t group_count = reader.count(reader.u16("group count"), kBodyGroupSize, "groups");
  body.groups.reserve(group_count);
  for (std::size_t i = 0; i < group_count; ++i) {
    BodyGroup group;
    group.first_point = reader.u16("group first point");
    group.point_count = reader.u16("group point count");
    group.pivot_point = reader.u16("group pivot point");
    group.parent = reader.s16("group parent");
    group.type = reader.u16("group type");
    for (auto& angle : group.angles) angle = reader.s16("group rest angle");
    group.unknown16 = reader.u16("group field +16");
    group.normal_count = reader.u16("group normal count");
    for (auto& v : group.matrix) v = reader.s16("group matrix");
    body.groups.push_back(group);
  }
  const auto rest = reader.rest();
  body.rest.assign(rest.begin(), rest.end());
  return body;
}

}  // namespace

Result<Animation> read_animation(std::span<const std::uint8_t> bytes) {
  return capture(kAnmFormat, [&] {
    ByteReader reader(bytes, kAnmFormat);
    return parse_animation(reader);
  });
}

std::vector<std::uint8_t> write_animation(const Animation& animation) {
  ByteWriter out;
  out.u16(static_cast<std::uint16_t>(animation.keyframes.size()));
  out.u16(animation.group_count);
  out.u16(animation.loop_frame);
  out.u16(animation.unused);
  for (const auto& keyframe : animation.keyframes) {
    out.u16(keyframe.duration);
    for (const auto axis : keyframe.step) out.s16(axis);
    for (const auto& entry : keyframe.groups) {
      out.u16(entry.type);
      out.s16(entry.a);
      out.s16(entry.b);
      out.s16(entry.c);
    }
  }
  out.bytes(animation.trailing);
  return std::move(out).take();
}

Result<Body> read_body(std::span<const std::uint8_t> bytes) {
  return capture(kBodyFormat, [&] {
    ByteReader reader(bytes, kBodyFormat);
    return parse_body(reader);
  });
}

std::vector<std::uint8_t> write_body(const Body& body) {
  ByteWriter out;
  out.u16(body.flags);
  for (const auto bound : body.bounds) out.s16(bound);
  out.u16(static_cast<std::uint16_t>(body.info.size()));
  out.bytes(body.info);
  out.u16(static_cast<std::uint16_t>(body.points.size()));
  for (const auto& point : body.points) {
    for (const auto v : point) out.s16(v);
  }
  out.u16(static_cast<std::uint16_t>(body.groups.size()));
  for (const auto& group : body.groups) {
    out.u16(group.first_point);
    out.u16(group.point_count);
    out.u16(group.pivot_point);
    out.s16(group.parent);
    out.u16(group.type);
    for (const auto angle : group.angles) out.s16(angle);
    out.u16(group.unknown16);
    out.u16(group.normal_count);
    for (const auto v : group.matrix) out.s16(v);
  }
  out.bytes(body.rest);
  return std::move(out).take();
}

bool looks_like_animation(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 8) return false;
  const std::size_t keyframes = bytes[0] | std::size_t{bytes[1]} << 8;
  const std::size_t groups = bytes[2] | std::size_t{bytes[3]} << 8;
  return keyframes > 0 && groups > 0 && bytes.size() == 8 + keyframes * (8 + kGroupEntrySize * groups);
}

}  // namespace bonebridge::lba
