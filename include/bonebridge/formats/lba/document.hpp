#pragma once
// Plain mirrors of the Little Big Adventure files, field for field as stored (research/lba1-anm.md §1, §2.5,
// §3). Raw values are kept unmasked and unvalidated so that a read followed by a write gives the same bytes.
#include <array>
#include <cstdint>
#include <optional>
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

struct Animation {
  std::uint16_t group_count = 0;  // G, slot 0 included; kept apart so that N = 0 files keep it
  std::uint16_t loop_frame = 0;
  std::uint16_t unused = 0;  // header +6: read by no engine; preserved
  std::vector<Keyframe> keyframes;
  std::vector<std::uint8_t> trailing;  // bytes after the last keyframe (none in known files)
  friend bool operator==(const Animation&, const Animation&) = default;
};

// LBA1 body (BODY.HQR entry). Offsets into the point and group tables are kept in their stored units
// (×6 for points, ×38 for parents) so that odd values survive a round trip.
struct BodyGroup {
  std::uint16_t first_point = 0;  // ×6
  std::uint16_t point_count = 0;
  std::uint16_t pivot_point = 0;  // ×6
  std::int16_t parent = -1;       // ×38 byte offset, −1 = root
  std::uint16_t type = 0;
  std::array<std::int16_t, 3> angles{};  // rest alpha, beta, gamma (the live pose at run time)
  std::uint16_t unknown16 = 0;           // +16, unexplained
  std::uint16_t normal_count = 0;
  std::array<std::int16_t, 9> matrix{};  // Q14 scratch matrix
  friend bool operator==(const BodyGroup&, const BodyGroup&) = default;
};

struct Body {
  std::uint16_t flags = 0;               // bit 1 (INFO_ANIM): animatable
  std::array<std::int16_t, 6> bounds{};  // xmin, xmax, ymin, ymax, zmin, zmax
  std::vector<std::uint8_t> info;        // u16 size at +14, then this scratch area
  std::vector<std::array<std::int16_t, 3>> points;
  std::vector<BodyGroup> groups;
  // Normals, polygons, lines and spheres: not described by the reference notes, kept as stored.
  std::vector<std::uint8_t> rest;
  friend bool operator==(const Body&, const Body&) = default;
};

// HQR archive (§3). Blocks are the distinct entry positions in file order; slots point at them.
struct HqrEntry {
  std::uint32_t size = 0;            // decompressed size
  std::uint16_t method = 0;          // 0 stored, 1 LZS (min match 2), 2 LZMIT (min match 3)
  std::vector<std::uint8_t> stored;  // the bytes as stored (compressed for methods 1 and 2)
  friend bool operator==(const HqrEntry&, const HqrEntry&) = default;
};

struct HqrBlock {
  HqrEntry entry;
  std::vector<HqrEntry> hidden;   // further entries chained after it before the next block (VOX files)
  std::vector<std::uint8_t> gap;  // anything after those up to the next block, as stored
  friend bool operator==(const HqrBlock&, const HqrBlock&) = default;
};

struct HqrArchive {
  std::vector<std::optional<std::uint32_t>> slots;  // block index per entry slot; nullopt = blank (offset 0)
  std::vector<std::uint8_t> table_gap;              // bytes between the offset table and the first block
  std::vector<HqrBlock> blocks;
  friend bool operator==(const HqrArchive&, const HqrArchive&) = default;
};

}  // namespace bonebridge::lba
