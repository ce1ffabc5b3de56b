// SPDX-License-Identifier: MIT
#pragma once
// The HQR's layout rules (research/lba1-anm.md §3): the offset table and the 10-byte entry header, checked
// in one place for both readers: hqr::read, which has the whole file in memory, and the file-backed archive,
// which reads only the table and the headers when it opens. Errors carry the byte offset, not the file.
#include <cstdint>
#include <span>
#include <vector>

#include "bonebridge/io/error.hpp"

namespace bonebridge::lba::hqr_layout {

inline constexpr std::size_t kEntryHeaderSize = 10;

struct Table {
  std::uint32_t size = 0;  // bytes of the table: its first slot
  std::vector<std::uint32_t>
      offsets;  // each entry slot's block start, 0 when blank (the closing slot dropped)
  std::vector<std::uint32_t> starts;  // the distinct block starts, ascending
};

// The table's size, read from the file's first four bytes and checked against the file's size.
Result<std::uint32_t> table_size(std::span<const std::uint8_t> first_four, std::uint64_t file_size);

// The table: the file's first `table_size` bytes. The closing slot holds the file's size; every other slot
// is 0 or a block start that leaves room for an entry header.
Result<Table> read_table(std::span<const std::uint8_t> table, std::uint64_t file_size);

struct EntryHeader {
  std::uint32_t size = 0;    // decoded bytes
  std::uint32_t stored = 0;  // bytes that follow the header
  std::uint16_t method = 0;  // 0 stored, 1 LZS, 2 LZMIT
};

// The header at byte `at` of an entry that must end by `end` (the next block, or the file's end); `header`
// holds at least its ten bytes.
Result<EntryHeader> read_entry_header(std::span<const std::uint8_t> header, std::uint64_t at,
                                      std::uint64_t end);

}  // namespace bonebridge::lba::hqr_layout
