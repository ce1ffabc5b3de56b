// SPDX-License-Identifier: MIT
#pragma once
// Plain structs mirroring the Sith engine's .key keyframe files one to one (research/sith-key.md §1). Values
// are kept as the engine stores them: floats, raw hex flags, names as written. No behaviour lives here.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "bonebridge/formats/sith/dialect.hpp"

namespace bonebridge::sith {

struct KeyHeader {
  std::uint32_t flags = 0;         // FLAGS as IJIM reads it (%x); never used by either engine
  std::int32_t flags_decimal = 0;  // FLAGS as JK/MotS read it (%d): "0x0003" reads as 0
  std::string flags_text;          // the FLAGS word as written, which alone holds both readings
  std::uint32_t type = 0;          // bitmask of .3do node types given the track's high priority
  std::int32_t frames = 0;
  float fps = 0;
  std::int32_t joints = 0;
};

struct KeyMarker {
  float frame = 0;
  std::int32_t type = 0;
};

// One entry: an absolute local pose at `frame` plus per-frame rates, applied where `flags` says so.
struct KeyEntry {
  std::int32_t num = 0;  // read and ignored by the engine
  float frame = 0;
  std::uint32_t flags = 0;               // bit 0: position rates, bit 1: rotation rates
  std::array<float, 3> position{};       // x, y, z
  std::array<float, 3> rotation{};       // pitch, yaw, roll in degrees, in the file's column order
  std::array<float, 3> position_rate{};  // per frame
  std::array<float, 3> rotation_rate{};  // degrees per frame
};

struct KeyNode {
  std::int32_t index = 0;  // .3do hierarchy row
  std::string mesh_name;   // as written; the engine lowercases it and keeps it only in debug builds
  std::vector<KeyEntry> entries;
};

struct KeyContent {
  KeyHeader header;
  bool has_markers_section = false;
  std::vector<KeyMarker> markers;
  std::vector<KeyNode> nodes;  // in file order, indices possibly sparse or repeated
};

namespace key {
struct Document {
  KeyContent content;
  // The exact text read and the content it held: the writer emits the text unchanged while `content` still
  // equals `source_content`, so an unmodified file round trips byte for byte. Empty for a file built in code.
  std::string source_text;
  KeyContent source_content;
  std::vector<ReaderNote> notes;
};
}  // namespace key

}  // namespace bonebridge::sith
