// SPDX-License-Identifier: MIT
#pragma once
// The HQR archive, as stored (research/lba1-anm.md §3). Raw values are kept so that a read followed by a
// write gives the same bytes.
#include <cstdint>
#include <optional>
#include <vector>

namespace bonebridge::lba {

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

namespace hqr {
struct Document {
  std::vector<std::optional<std::uint32_t>> slots;  // block index per entry slot; nullopt = blank (offset 0)
  std::vector<std::uint8_t> table_gap;              // bytes between the offset table and the first block
  std::vector<HqrBlock> blocks;
  friend bool operator==(const Document&, const Document&) = default;
};
}  // namespace hqr

}  // namespace bonebridge::lba
