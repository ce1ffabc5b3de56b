// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/hqr/codec.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <filesystem>
#include <map>

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"
#include "bonebridge/io/file.hpp"
#include "layout.hpp"

namespace bonebridge::lba {
namespace {

using hqr_layout::kEntryHeaderSize;
constexpr std::size_t kWindow = 4096;

std::size_t min_match(std::uint16_t method) {
  return std::size_t{method} + 1;
}

Error hqr_error(std::string message, std::optional<std::uint64_t> offset = std::nullopt) {
  return Error{kHqrFormat, std::move(message), offset, {}, {}};
}

[[noreturn]] void fail(const ByteReader& reader, const Error& error) {
  reader.fail_at(error.offset.value_or(0), error.message);
}

// The entry at the reader's offset, which must end by `end`; its header checked by the layout's rules.
HqrEntry read_entry(ByteReader& reader, std::span<const std::uint8_t> bytes, std::size_t end) {
  const std::size_t at = reader.offset();
  const auto header = hqr_layout::read_entry_header(bytes.subspan(at), at, end);
  if (!header) fail(reader, header.error());
  reader.seek(at + kEntryHeaderSize, "entry header");
  HqrEntry entry;
  entry.size = header->size;
  entry.method = header->method;
  const auto data = reader.bytes(header->stored, "entry data");
  entry.stored.assign(data.begin(), data.end());
  return entry;
}

// Entries chained after a block's own entry (VOX "hidden" entries) are taken only when they fill the space
// up to the next block exactly; anything else stays raw in `gap`.
void read_hidden(ByteReader& reader, std::span<const std::uint8_t> bytes, std::size_t end, HqrBlock& block) {
  const std::size_t start = reader.offset();
  std::vector<HqrEntry> hidden;
  try {
    while (reader.offset() < end && end - reader.offset() >= kEntryHeaderSize)
      hidden.push_back(read_entry(reader, bytes, end));
  } catch (const FormatError&) {
    hidden.clear();
  }
  if (reader.offset() == end && !hidden.empty()) {
    block.hidden = std::move(hidden);
    return;
  }
  reader.seek(start, "hidden entries");
  const auto gap = reader.bytes(end - start, "bytes between entries");
  block.gap.assign(gap.begin(), gap.end());
}

hqr::Document parse(std::span<const std::uint8_t> bytes) {
  ByteReader reader(bytes, kHqrFormat);
  const auto table = hqr_layout::read_table(bytes, bytes.size());
  if (!table) fail(reader, table.error());
  hqr::Document archive;
  std::map<std::uint32_t, std::uint32_t> block_of;
  for (std::size_t i = 0; i < table->starts.size(); ++i)
    block_of[table->starts[i]] = static_cast<std::uint32_t>(i);
  for (const std::uint32_t offset : table->offsets)
    archive.slots.push_back(offset == 0 ? std::nullopt : std::optional(block_of.at(offset)));
  const std::size_t end = bytes.size();
  const std::size_t first = table->starts.empty() ? end : table->starts.front();
  reader.seek(table->size, "offset table");
  const auto table_gap = reader.bytes(first - table->size, "bytes after the offset table");
  archive.table_gap.assign(table_gap.begin(), table_gap.end());
  for (std::size_t i = 0; i < table->starts.size(); ++i) {
    const std::uint32_t start = table->starts[i];
    const std::size_t block_end = i + 1 < table->starts.size() ? table->starts[i + 1] : end;
    if (reader.offset() != start) {
      reader.fail_at(start, fmt::format("entry at {} overlaps the data before it (which ends at {})", start,
                                        reader.offset()));
    }
    HqrBlock block;
    block.entry = read_entry(reader, bytes, block_end);
    read_hidden(reader, bytes, block_end, block);
    archive.blocks.push_back(std::move(block));
  }
  return archive;
}

void write_entry(ByteWriter& out, const HqrEntry& entry) {
  out.u32(entry.size);
  out.u32(static_cast<std::uint32_t>(entry.stored.size()));
  out.u16(entry.method);
  out.bytes(entry.stored);
}

std::size_t block_size(const HqrBlock& block) {
  std::size_t size = kEntryHeaderSize + block.entry.stored.size() + block.gap.size();
  for (const auto& hidden : block.hidden) size += kEntryHeaderSize + hidden.stored.size();
  return size;
}

// Greedy LZSS with hash chains over the 4096-byte window: a flag byte (LSB first, 1 = literal) before each
// group of eight items; a match is a u16 with (distance − 1) << 4 | (length − minimum).
std::vector<std::uint8_t> compress(std::span<const std::uint8_t> data, std::uint16_t method) {
  const std::size_t minimum = min_match(method), maximum = 15 + minimum;
  std::vector<std::uint8_t> out;
  out.reserve(data.size() + data.size() / 8 + 1);
  std::vector<std::int64_t> head(1 << 16, -1), previous(data.size(), -1);
  const auto hash = [&](std::size_t i) { return (std::size_t{data[i]} << 8 | data[i + 1]) & 0xFFFF; };
  const auto insert = [&](std::size_t i) {
    if (i + 1 >= data.size()) return;
    previous[i] = head[hash(i)];
    head[hash(i)] = static_cast<std::int64_t>(i);
  };
  std::size_t flag_at = 0, items = 8, pos = 0;
  while (pos < data.size()) {
    if (items == 8) {
      flag_at = out.size();
      out.push_back(0);
      items = 0;
    }
    std::size_t best_length = 0, best_distance = 0;
    if (pos + minimum <= data.size()) {
      const std::size_t limit = std::min(maximum, data.size() - pos);
      int chain = 64;
      for (std::int64_t candidate = head[hash(pos)]; candidate >= 0 && chain-- > 0;
           candidate = previous[static_cast<std::size_t>(candidate)]) {
        const auto from = static_cast<std::size_t>(candidate);
        if (pos - from > kWindow) break;
        std::size_t length = 0;
        while (length < limit && data[from + length] == data[pos + length]) ++length;
        if (length > best_length) {
          best_length = length;
          best_distance = pos - from;
          if (length == limit) break;
        }
      }
    }
    if (best_length >= minimum) {
      const auto word = static_cast<std::uint16_t>((best_distance - 1) << 4 | (best_length - minimum));
      out.push_back(static_cast<std::uint8_t>(word & 0xFF));
      out.push_back(static_cast<std::uint8_t>(word >> 8));
      for (std::size_t i = 0; i < best_length; ++i) insert(pos + i);
      pos += best_length;
    } else {
      out[flag_at] = static_cast<std::uint8_t>(out[flag_at] | (1u << items));
      out.push_back(data[pos]);
      insert(pos);
      ++pos;
    }
    ++items;
  }
  return out;
}

}  // namespace

std::uint64_t max_decoded_size(std::uint64_t stored_size, std::uint16_t method) {
  if (method == 0) return stored_size;
  // Densest stream: one flag byte per eight 2-byte matches of the longest length.
  const std::uint64_t longest = 15 + min_match(method);
  return (stored_size * 8 / 17 + 1) * longest;
}

Result<std::vector<std::uint8_t>> decode_entry(const HqrEntry& entry) {
  if (entry.method > 2)
    return hqr_error(fmt::format("expected compression method 0, 1 or 2, found {}", entry.method));
  if (entry.method == 0) {
    if (entry.stored.size() != entry.size) {
      return hqr_error(
          fmt::format("stored entry declares {} bytes but holds {}", entry.size, entry.stored.size()));
    }
    return entry.stored;
  }
  if (entry.size > max_decoded_size(entry.stored.size(), entry.method)) {
    return hqr_error(fmt::format("declared size {} cannot come from {} compressed bytes (at most {})",
                                 entry.size, entry.stored.size(),
                                 max_decoded_size(entry.stored.size(), entry.method)));
  }
  const std::size_t minimum = min_match(entry.method);
  std::vector<std::uint8_t> out(entry.size);
  std::size_t in = 0, produced = 0;
  const auto& src = entry.stored;
  while (produced < out.size()) {
    if (in >= src.size())
      return hqr_error(fmt::format("compressed data ends after {} of {} bytes", produced, out.size()), in);
    const std::uint8_t flags = src[in++];
    for (int bit = 0; bit < 8 && produced < out.size(); ++bit) {
      if (flags & (1u << bit)) {
        if (in >= src.size()) return hqr_error("compressed data ends inside a literal", in);
        out[produced++] = src[in++];
        continue;
      }
      if (in + 2 > src.size()) return hqr_error("compressed data ends inside a match", in);
      const std::size_t word = src[in] | std::size_t{src[in + 1]} << 8;
      const std::size_t length = (word & 15) + minimum, distance = (word >> 4) + 1;
      if (distance > produced) {
        return hqr_error(fmt::format("match refers {} bytes back at output position {}", distance, produced),
                         in);
      }
      if (length > out.size() - produced) {
        return hqr_error(fmt::format("match of {} bytes at output position {} overruns the declared size {}",
                                     length, produced, out.size()),
                         in);
      }
      in += 2;
      for (std::size_t i = 0; i < length; ++i, ++produced) out[produced] = out[produced - distance];
    }
  }
  return out;
}

HqrEntry encode_entry(std::span<const std::uint8_t> data, std::uint16_t method) {
  HqrEntry entry;
  entry.size = static_cast<std::uint32_t>(data.size());
  if (method == 1 || method == 2) {
    auto packed = compress(data, method);
    if (packed.size() < data.size()) {
      entry.method = method;
      entry.stored = std::move(packed);
      return entry;
    }
  }
  entry.method = 0;
  entry.stored.assign(data.begin(), data.end());
  return entry;
}

hqr::Document build_hqr(const std::vector<std::optional<std::vector<std::uint8_t>>>& entries,
                        std::uint16_t method) {
  hqr::Document archive;
  for (const auto& entry : entries) {
    // Slot 0's offset doubles as the table size, so it cannot be 0: a blank first entry is written empty.
    if (!entry && archive.slots.empty()) {
      archive.slots.push_back(0);
      archive.blocks.push_back({encode_entry({}, 0), {}, {}});
      continue;
    }
    if (!entry) {
      archive.slots.push_back(std::nullopt);
      continue;
    }
    archive.slots.push_back(static_cast<std::uint32_t>(archive.blocks.size()));
    archive.blocks.push_back({encode_entry(*entry, method), {}, {}});
  }
  return archive;
}

Result<hqr::Document> hqr::read(std::span<const std::uint8_t> bytes) {
  return capture(kHqrFormat, [&] { return parse(bytes); });
}

std::vector<std::uint8_t> hqr::write(const hqr::Document& archive) {
  const std::size_t table_size = (archive.slots.size() + 1) * 4;
  std::vector<std::uint32_t> block_offsets;
  std::size_t at = table_size + archive.table_gap.size();
  for (const auto& block : archive.blocks) {
    block_offsets.push_back(static_cast<std::uint32_t>(at));
    at += block_size(block);
  }
  ByteWriter out;
  out.reserve(at);
  for (const auto& slot : archive.slots) out.u32(slot ? block_offsets.at(*slot) : 0);
  out.u32(static_cast<std::uint32_t>(at));
  out.bytes(archive.table_gap);
  for (const auto& block : archive.blocks) {
    write_entry(out, block.entry);
    for (const auto& hidden : block.hidden) write_entry(out, hidden);
    out.bytes(block.gap);
  }
  return std::move(out).take();
}

Result<std::vector<std::uint8_t>> hqr_entry(const hqr::Document& archive, std::size_t index) {
  if (index >= archive.slots.size()) {
    return hqr_error(
        fmt::format("entry {} does not exist: the archive has {} entries", index, archive.slots.size()));
  }
  const auto& slot = archive.slots[index];
  if (!slot) return hqr_error(fmt::format("entry {} is blank (offset 0)", index), index * 4);
  return decode_entry(archive.blocks.at(*slot).entry);
}

}  // namespace bonebridge::lba
