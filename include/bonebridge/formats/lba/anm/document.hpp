// SPDX-License-Identifier: MIT
#pragma once
// The .anm animation, field for field as stored (research/lba1-anm.md §1). Raw values are kept unmasked and
// unvalidated so that a read followed by a write gives the same bytes.
#include <array>
#include <cstdint>
#include <vector>

namespace bonebridge::lba {

// One 8-byte group entry of a keyframe. Entry 0 is the master slot: type = master flag, b = yaw delta.
struct GroupEntry {
  std::uint16_t type = 0;  // 0 rotation, 1 translation, 2 zoom; anything else as stored
  std::int16_t a = 0;      // alpha (about X) or translation x
  std::int16_t b = 0;      // beta (about Y) or translation y
  std::int16_t c = 0;      // gamma (about Z) or translation z
  friend bool operator==(const GroupEntry&, const GroupEntry&) = default;
};

struct Keyframe {
  std::uint16_t duration = 0;          // time to come to this keyframe: 50 Hz ticks (LBA1) or ms (LBA2)
  std::array<std::int16_t, 3> step{};  // actor-local root displacement gained while moving into this keyframe
  std::vector<GroupEntry> groups;      // header.group_count entries, slot 0 included
  friend bool operator==(const Keyframe&, const Keyframe&) = default;
};

namespace anm {
struct Document {
  std::uint16_t group_count = 0;  // G, slot 0 included; kept apart so that N = 0 files keep it
  std::uint16_t loop_frame = 0;
  std::uint16_t unused = 0;  // header +6: read by no engine; preserved
  std::vector<Keyframe> keyframes;
  std::vector<std::uint8_t> trailing;  // bytes after the last keyframe (none in known files)
  friend bool operator==(const Document&, const Document&) = default;
};
}  // namespace anm

}  // namespace bonebridge::lba
