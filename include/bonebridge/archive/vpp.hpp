// SPDX-License-Identifier: MIT
#pragma once
// Volition packfiles (.vpp_pc, .str2_pc): magic 0x51890ACE, a header, a directory, a names block and the
// entries' data, in four versions: 3 (Red Faction Guerrilla and Re-Mars-tered), 4 (Saints Row 2), 6 (Saints
// Row: The Third) and 10 (Saints Row IV, Gat out of Hell). Header flag 1 compresses each entry with zlib,
// flag 2 ("condensed") drops the padding between entries, and both ("compacted") store all entries as one
// zlib stream. A .str2_pc is the same format, usually found as an entry of a .vpp_pc.
//
// Entries report compression "none", "zlib" (a stream of their own) or "zlib (compacted)"; read_stored of a
// compacted entry gives its segment of the shared stream (ended by a sync flush), which cannot be decoded
// alone.
#include <cstdint>
#include <optional>
#include <string_view>

#include "bonebridge/archive/archive.hpp"

namespace bonebridge::archive {

inline constexpr const char* kVppFormat = "Volition packfile";

inline constexpr std::uint32_t kVppCompressed = 1;
inline constexpr std::uint32_t kVppCondensed = 2;
inline constexpr std::uint32_t kVppCompacted = kVppCompressed | kVppCondensed;

// How a packfile lays out its data; what a new archive is written with.
struct VppLayout {
  std::uint32_t version = 3;       // 3, 4, 6 or 10
  std::uint32_t flags = 0;         // kVppCompressed, kVppCondensed, both (compacted) or none
  std::uint32_t alignment = 2048;  // each entry's data but the last is padded to a multiple of this
  int level = 9;                   // zlib level (0-9) for data we compress
  bool operator==(const VppLayout&) const = default;
};

// Red Faction Guerrilla's own choices: a .vpp_pc holds its entries uncompressed, 2048-aligned; a .str2_pc is
// compacted with no padding, at zlib level 9.
inline constexpr VppLayout kRfgVpp{3, 0, 2048, 9};
inline constexpr VppLayout kRfgStr2{3, kVppCompacted, 1, 9};

const ArchiveKind& vpp_kind();

// The layout an opened packfile uses (its alignment detected from where its entries sit, its zlib level from
// the first zlib header); nullopt when `archive` is not a packfile.
std::optional<VppLayout> vpp_layout(const Archive& archive);

// Writes `entries` with `layout`. With a `model` (an opened packfile of the same version), its header and
// directory fields that we do not compute are kept, `keep` entries reuse their stored bytes when the mode
// allows it, an unchanged name list reuses the model's names block, and an unchanged compacted archive
// reuses its zlib stream: writing a packfile back with itself as the model gives the same bytes.
Result<std::vector<std::uint8_t>> write_vpp(const std::vector<EntrySource>& entries, const VppLayout& layout,
                                            const Archive* model = nullptr);

// The name hash of version 3 directories: each lower-cased byte XORed into the hash rotated left by 6.
std::uint32_t vpp_name_hash(std::string_view name);

}  // namespace bonebridge::archive
