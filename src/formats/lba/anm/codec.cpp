// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/anm/codec.hpp"

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::lba {
namespace {

constexpr std::size_t kGroupEntrySize = 8;

anm::Document parse_animation(ByteReader& reader) {
  anm::Document animation;
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

}  // namespace

Result<anm::Document> anm::read(std::span<const std::uint8_t> bytes) {
  return capture(kAnmFormat, [&] {
    ByteReader reader(bytes, kAnmFormat);
    return parse_animation(reader);
  });
}

std::vector<std::uint8_t> anm::write(const anm::Document& animation) {
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

bool looks_like_animation(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 8) return false;
  const std::size_t keyframes = bytes[0] | std::size_t{bytes[1]} << 8;
  const std::size_t groups = bytes[2] | std::size_t{bytes[3]} << 8;
  return keyframes > 0 && groups > 0 && bytes.size() == 8 + keyframes * (8 + kGroupEntrySize * groups);
}

}  // namespace bonebridge::lba
