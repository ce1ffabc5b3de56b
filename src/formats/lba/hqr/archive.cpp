// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/hqr/archive.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "../body/report.hpp"
#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/body/codec.hpp"
#include "bonebridge/formats/lba/hqr/codec.hpp"
#include "bonebridge/io/random_access.hpp"
#include "layout.hpp"

namespace bonebridge::lba {
namespace {

const char* method_name(std::uint16_t method) {
  return method == 0 ? "none" : method == 1 ? "lzs" : method == 2 ? "lzmit" : "unknown";
}

class HqrOpened : public archive::Archive {
 public:
  explicit HqrOpened(hqr::Document hqr) : hqr_(std::move(hqr)) {
    for (std::size_t i = 0; i < hqr_.slots.size(); ++i) {
      archive::Entry entry{fmt::format("{}", i), 0, 0, "blank"};
      if (const auto* stored = slot_entry(i)) {
        entry.size = stored->size;
        entry.stored = stored->stored.size();
        entry.compression = method_name(stored->method);
      }
      entries_.push_back(std::move(entry));
    }
  }
  const std::vector<archive::Entry>& entries() const override { return entries_; }
  Result<std::vector<std::uint8_t>> read(std::size_t index) const override { return hqr_entry(hqr_, index); }
  Result<std::vector<std::uint8_t>> read_stored(std::size_t index) const override {
    const auto* stored = slot_entry(index);
    if (!stored) return Error{kHqrFormat, fmt::format("entry {} is blank or absent", index), {}, {}, {}};
    return stored->stored;
  }
  const hqr::Document& hqr() const { return hqr_; }
  const HqrEntry* slot_entry(std::size_t index) const {
    if (index >= hqr_.slots.size() || !hqr_.slots[index]) return nullptr;
    return &hqr_.blocks[*hqr_.slots[index]].entry;
  }

 private:
  hqr::Document hqr_;
  std::vector<archive::Entry> entries_;
};

// An HQR on disk: the offset table and each block's 10-byte entry header read at open, with the checks
// hqr::read makes of them; an entry's stored bytes read where they lie (and decoded) when asked for.
class HqrFile final : public archive::Archive {
 public:
  struct Stored {
    std::uint64_t data = 0;  // where the stored bytes start
    std::uint32_t size = 0, stored = 0;
    std::uint16_t method = 0;
  };

  HqrFile(std::shared_ptr<const RandomAccessFile> file, std::vector<std::optional<Stored>> slots)
      : file_(std::move(file)), slots_(std::move(slots)) {
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      archive::Entry entry{fmt::format("{}", i), 0, 0, "blank"};
      if (slots_[i]) entry = {entry.name, slots_[i]->size, slots_[i]->stored, method_name(slots_[i]->method)};
      entries_.push_back(std::move(entry));
    }
  }
  const std::vector<archive::Entry>& entries() const override { return entries_; }
  Result<std::vector<std::uint8_t>> read(std::size_t index) const override {
    auto stored = read_stored(index);
    if (!stored) return stored.error();
    return decode_entry({slots_[index]->size, slots_[index]->method, std::move(*stored)});
  }
  Result<std::vector<std::uint8_t>> read_stored(std::size_t index) const override {
    if (index >= slots_.size()) {
      return Error{kHqrFormat,
                   fmt::format("entry {} does not exist: the archive has {} entries", index, slots_.size()),
                   {},
                   {},
                   file_->name()};
    }
    if (!slots_[index])
      return Error{
          kHqrFormat, fmt::format("entry {} is blank (offset 0)", index), index * 4, {}, file_->name()};
    return file_->read(slots_[index]->data, slots_[index]->stored);
  }

 private:
  std::shared_ptr<const RandomAccessFile> file_;
  std::vector<std::optional<HqrFile::Stored>> slots_;
  std::vector<archive::Entry> entries_;
};

Error in_file(Error error, const RandomAccessFile& file) {
  error.file = file.name();
  return error;
}

// The offset table, checked by the layout's rules.
Result<hqr_layout::Table> offset_table(const RandomAccessFile& file) {
  const std::uint64_t size = file.size();
  auto first = file.read(0, std::min<std::uint64_t>(size, 4));
  if (!first) return first.error();
  const auto table_size = hqr_layout::table_size(*first, size);
  if (!table_size) return in_file(table_size.error(), file);
  auto table = file.read(0, *table_size);
  if (!table) return table.error();
  auto checked = hqr_layout::read_table(*table, size);
  if (!checked) return in_file(checked.error(), file);
  return checked;
}

// Each block's entry header, checked against the start of the next block (or the end of the file).
Result<std::unique_ptr<archive::Archive>> open_hqr_file(std::shared_ptr<const RandomAccessFile> file) {
  const auto table = offset_table(*file);
  if (!table) return table.error();
  const std::vector<std::uint32_t>& starts = table->starts;
  std::map<std::uint32_t, HqrFile::Stored> blocks;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    const std::uint64_t end = i + 1 < starts.size() ? starts[i + 1] : file->size();
    auto bytes =
        file->read(starts[i], std::min<std::uint64_t>(end - starts[i], hqr_layout::kEntryHeaderSize));
    if (!bytes) return bytes.error();
    const auto header = hqr_layout::read_entry_header(*bytes, starts[i], end);
    if (!header) return in_file(header.error(), *file);
    blocks[starts[i]] = {starts[i] + std::uint64_t{hqr_layout::kEntryHeaderSize}, header->size,
                         header->stored, header->method};
  }
  std::vector<std::optional<HqrFile::Stored>> slots;
  for (const std::uint32_t offset : table->offsets)
    slots.push_back(offset == 0 ? std::nullopt : std::optional(blocks.at(offset)));
  return std::unique_ptr<archive::Archive>(std::make_unique<HqrFile>(std::move(file), std::move(slots)));
}

bool all_kept_in_order(const std::vector<archive::EntrySource>& entries, const HqrOpened& model) {
  if (entries.size() != model.entries().size()) return false;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].keep != i) return false;
  }
  return true;
}

// Unchanged: the model's own layout (shared slots, hidden entries, gaps) byte for byte. Otherwise one block
// per entry: kept entries with their stored bytes and method, new ones compressed with LZMIT where it helps.
Result<std::vector<std::uint8_t>> write_entries(const std::vector<archive::EntrySource>& entries,
                                                const archive::Archive* model) {
  const auto* hqr_model = dynamic_cast<const HqrOpened*>(model);
  if (model && !hqr_model) return Error{kHqrFormat, "the model archive is not an HQR archive", {}, {}, {}};
  if (hqr_model && all_kept_in_order(entries, *hqr_model)) return hqr::write(hqr_model->hqr());
  // Slot 0's offset is also the table's size, so an HQR cannot hold no entry at all.
  if (entries.empty()) return Error{kHqrFormat, "an HQR archive needs at least one entry", {}, {}, {}};
  hqr::Document out;
  for (const auto& source : entries) {
    const HqrEntry* kept = hqr_model && source.keep ? hqr_model->slot_entry(*source.keep) : nullptr;
    if (source.keep && !kept) {
      out.slots.push_back(std::nullopt);
      continue;
    }
    out.slots.push_back(static_cast<std::uint32_t>(out.blocks.size()));
    out.blocks.push_back({kept ? *kept : encode_entry(source.bytes, 2), {}, {}});
  }
  return hqr::write(out);
}

std::string describe(std::span<const std::uint8_t> bytes) {
  if (looks_like_animation(bytes)) {
    return fmt::format("LBA .anm animation ({} keyframes, {} groups)", bytes[0] | bytes[1] << 8,
                       bytes[2] | bytes[3] << 8);
  }
  if (is_container(bytes)) return "HQR archive";
  if (const auto body = body::read(bytes); body.ok() && recognisable_body(*body)) {
    return fmt::format("LBA1 body ({} points, {} groups)", body->points.size(), body->groups.size());
  }
  return "data";
}

}  // namespace

bool is_container(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 8) return false;
  const auto u32 = [&](std::size_t at) {
    return std::uint32_t{bytes[at]} | std::uint32_t{bytes[at + 1]} << 8 | std::uint32_t{bytes[at + 2]} << 16 |
           std::uint32_t{bytes[at + 3]} << 24;
  };
  const std::uint32_t table = u32(0);
  if (table % 4 != 0 || table < 8 || table > bytes.size() || u32(table - 4) != bytes.size()) return false;
  for (std::size_t at = 4; at + 4 < table; at += 4) {
    const std::uint32_t offset = u32(at);
    if (offset != 0 && (offset < table || offset + 10 > bytes.size())) return false;
  }
  return true;
}

Result<std::vector<ContainerEntry>> container_entries(std::span<const std::uint8_t> bytes) {
  const auto archive = hqr::read(bytes);
  if (!archive) return archive.error();
  std::map<std::uint32_t, int> uses;
  for (const auto& slot : archive->slots) {
    if (slot) ++uses[*slot];
  }
  std::vector<ContainerEntry> out;
  for (std::size_t i = 0; i < archive->slots.size(); ++i) {
    ContainerEntry entry;
    entry.index = i;
    const auto& slot = archive->slots[i];
    entry.blank = !slot;
    if (slot) {
      const auto& stored = archive->blocks[*slot].entry;
      entry.size = stored.size;
      entry.stored_size = static_cast<std::uint32_t>(stored.stored.size());
      entry.method = stored.method;
      entry.shared = uses[*slot] > 1;
      const auto decoded = decode_entry(stored);
      entry.decodes_to = decoded ? describe(*decoded) : "undecodable: " + decoded.error().message;
    }
    out.push_back(std::move(entry));
  }
  return out;
}

Result<std::vector<std::uint8_t>> container_entry(std::span<const std::uint8_t> bytes, std::size_t index) {
  const auto archive = hqr::read(bytes);
  if (!archive) return archive.error();
  return hqr_entry(*archive, index);
}

const archive::ArchiveKind& hqr_kind() {
  static const archive::ArchiveKind kind{
      "hqr",
      "LBA HQR archive",
      {".hqr", ".ile", ".obl", ".vox"},
      "read and write (byte for byte when unchanged; blank, shared and hidden entries kept); entries named "
      "by "
      "index; LZS and LZMIT decoded and encoded; confirmed on the public LBA samples",
      is_container,
      [](std::vector<std::uint8_t> bytes) -> Result<std::unique_ptr<archive::Archive>> {
        auto hqr = hqr::read(bytes);
        if (!hqr) return hqr.error();
        return std::unique_ptr<archive::Archive>(std::make_unique<HqrOpened>(std::move(*hqr)));
      },
      write_entries,
      open_hqr_file,
  };
  return kind;
}

}  // namespace bonebridge::lba
