// SPDX-License-Identifier: MIT
#include "layout.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "bonebridge/formats/lba/hqr/codec.hpp"

namespace bonebridge::lba::hqr_layout {
namespace {

std::uint32_t u32_at(std::span<const std::uint8_t> bytes, std::size_t at) {
  return std::uint32_t{bytes[at]} | std::uint32_t{bytes[at + 1]} << 8 | std::uint32_t{bytes[at + 2]} << 16 |
         std::uint32_t{bytes[at + 3]} << 24;
}

Error layout_error(std::uint64_t at, std::string message) {
  return Error{kHqrFormat, std::move(message), at, {}, {}};
}

}  // namespace

Result<std::uint32_t> table_size(std::span<const std::uint8_t> first_four, std::uint64_t file_size) {
  if (file_size < 8 || first_four.size() < 4)
    return layout_error(0, fmt::format("expected at least 8 bytes (an offset table), found {}", file_size));
  const std::uint32_t size = u32_at(first_four, 0);
  if (size % 4 != 0 || size < 8 || size > file_size) {
    return layout_error(0,
                        fmt::format("expected a first offset that is a multiple of 4, at least 8 and at most "
                                    "the file's {} bytes, found {}",
                                    file_size, size));
  }
  return size;
}

Result<Table> read_table(std::span<const std::uint8_t> table, std::uint64_t file_size) {
  const auto size = table_size(table, file_size);
  if (!size) return size.error();
  if (table.size() < *size) return layout_error(table.size(), "the offset table ends early");
  Table out;
  out.size = *size;
  for (std::size_t at = 0; at < out.size; at += 4) out.offsets.push_back(u32_at(table, at));
  if (out.offsets.back() != file_size) {
    return layout_error(out.size - 4, fmt::format("expected the last slot to hold the file size {}, found {}",
                                                  file_size, out.offsets.back()));
  }
  out.offsets.pop_back();
  for (std::size_t i = 0; i < out.offsets.size(); ++i) {
    const std::uint32_t offset = out.offsets[i];
    if (offset == 0) continue;
    if (offset < out.size || offset + std::uint64_t{kEntryHeaderSize} > file_size) {
      return layout_error(i * 4, fmt::format("expected an entry offset between {} and {}, found {}", out.size,
                                             file_size - kEntryHeaderSize, offset));
    }
    out.starts.push_back(offset);
  }
  std::sort(out.starts.begin(), out.starts.end());
  out.starts.erase(std::unique(out.starts.begin(), out.starts.end()), out.starts.end());
  return out;
}

Result<EntryHeader> read_entry_header(std::span<const std::uint8_t> header, std::uint64_t at,
                                      std::uint64_t end) {
  if (at > end || end - at < kEntryHeaderSize || header.size() < kEntryHeaderSize)
    return layout_error(at, fmt::format("expected a 10-byte entry header before the next entry at {}", end));
  const EntryHeader entry{u32_at(header, 0), u32_at(header, 4),
                          static_cast<std::uint16_t>(header[8] | header[9] << 8)};
  const std::uint64_t data = at + kEntryHeaderSize;
  if (entry.method > 2)
    return layout_error(at + 8, fmt::format("expected compression method 0, 1 or 2, found {}", entry.method));
  if (entry.stored > end - data) {
    return layout_error(at + 4, fmt::format("entry stores {} bytes but only {} remain before the next entry",
                                            entry.stored, end - data));
  }
  if (entry.method == 0 && entry.stored != entry.size) {
    return layout_error(
        at, fmt::format("stored entry (method 0) declares {} bytes but stores {}", entry.size, entry.stored));
  }
  return entry;
}

}  // namespace bonebridge::lba::hqr_layout
