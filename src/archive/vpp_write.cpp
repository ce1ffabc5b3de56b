// SPDX-License-Identifier: MIT
// Packfile writing. Sections are laid out as the version does (vpp_format.hpp); what we cannot derive (the
// runtime pointers in a version 3/6 header, a record's sector and parent fields, a compressed-mode start the
// game may compute differently) is taken from the model, so that an unchanged archive comes back byte for
// byte.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "bonebridge/core/narrow.hpp"
#include "bonebridge/io/byte_writer.hpp"
#include "vpp_format.hpp"
#include "zlib.hpp"

namespace bonebridge::archive::vpp {
namespace {

[[noreturn]] void fail_vpp(std::string message) {
  throw FormatError(Error{kVppFormat, std::move(message), {}, {}, {}});
}

template <class T>
T value_or_fail(Result<T> result) {
  if (!result) throw FormatError(result.error());
  return std::move(result).value();
}

void put_u32(std::vector<std::uint8_t>& bytes, std::size_t at, std::uint64_t value) {
  const auto v = static_cast<std::uint32_t>(value);
  std::memcpy(bytes.data() + at, &v, 4);
}

void put_u16(std::vector<std::uint8_t>& bytes, std::size_t at, std::uint16_t value) {
  std::memcpy(bytes.data() + at, &value, 2);
}

std::uint32_t checked_u32(std::uint64_t value, std::string_view what) {
  if (value > 0xFFFFFFFF)
    fail_vpp(fmt::format("{} is {}, more than a packfile's 32-bit field holds", what, value));
  return static_cast<std::uint32_t>(value);
}

// One entry as it will be written.
struct Planned {
  std::string name;
  std::optional<std::size_t> keep;  // model entry
  std::vector<std::uint8_t> data;   // what goes into the data block (stored bytes, or decoded when compacted)
  std::uint64_t length = 0;         // bytes it takes in the data block (data may be empty when reused)
  std::uint32_t size = 0;           // decoded bytes
  std::uint32_t stored = kNotCompressed;
  bool zlib = false;           // its data is a zlib stream of its own
  std::uint64_t position = 0;  // in the data block (compacted: in the decoded block)
};

// The names blocks and each entry's offsets into them.
struct Names {
  std::vector<std::uint8_t> names, extensions;
  std::vector<std::uint32_t> name_offsets, extension_offsets;
};

class Writer {
 public:
  Writer(const std::vector<EntrySource>& entries, const VppLayout& layout, const PackfileArchive* model)
      : entries_(entries), layout_(layout), model_(model) {}

  std::vector<std::uint8_t> run() {
    spec_ = find_version(layout_.version);
    check_layout();
    same_version_ = model_ != nullptr && model_->directory().spec == spec_;
    plan_entries();
    place_data();
    const Names names = build_names();
    return assemble(names);
  }

 private:
  bool compacted() const { return (layout_.flags & kVppCompacted) == kVppCompacted; }
  bool per_entry_zlib() const { return layout_.flags == kVppCompressed; }
  // The model has the same version and mode: its raw fields and stored bytes can be reused.
  bool same_mode() const { return same_version_ && model_->directory().flags == layout_.flags; }

  void check_layout() {
    if (spec_ == nullptr)
      fail_vpp(fmt::format("cannot write version {}: expected 3, 4, 6 or 10", layout_.version));
    if (layout_.flags > kVppCompacted)
      fail_vpp(fmt::format("expected flags 0 to 3, found {}", layout_.flags));
    if (layout_.alignment == 0) fail_vpp("alignment must be at least 1");
    if (layout_.level < 0 || layout_.level > 9)
      fail_vpp(fmt::format("zlib level {} is not 0 to 9", layout_.level));
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      const EntrySource& entry = entries_[i];
      if (entry.keep && (model_ == nullptr || *entry.keep >= model_->entries().size())) {
        fail_vpp(fmt::format("entry {} '{}' keeps model entry {}, which does not exist", i, entry.name,
                             *entry.keep));
      }
      if (entry.name.empty() || entry.name.find('\0') != std::string::npos) {
        fail_vpp(fmt::format("entry {}: a name must be non-empty and hold no NUL", i));
      }
      if (spec_->extension_at != kNone && entry.name.find('.') == std::string::npos) {
        fail_vpp(fmt::format("entry {} '{}': version 4 stores names as name + extension; this one has no '.'",
                             i, entry.name));
      }
    }
  }

  std::vector<std::uint8_t> decoded(const EntrySource& entry) const {
    return entry.keep ? value_or_fail(model_->read(*entry.keep)) : entry.bytes;
  }

  void plan_entries() {
    const bool reuse_stored = per_entry_zlib() && same_mode();
    reuse_block_ = compacted() && unchanged_compacted_model();
    for (const EntrySource& entry : entries_) {
      Planned planned{entry.name, entry.keep, {}, 0, 0, kNotCompressed, false, 0};
      if (reuse_block_) {
        planned.size = model_->directory().records[*entry.keep].size;
      } else if (reuse_stored && entry.keep) {
        // As stored, compressed or not (a version 10 entry says which in its flags).
        const Record& record = model_->directory().records[*entry.keep];
        planned.data = value_or_fail(model_->read_stored(*entry.keep));
        planned.size = record.size;
        planned.stored = record.stored;
        planned.zlib = record.zlib;
      } else {
        planned.data = decoded(entry);
        planned.size = checked_u32(planned.data.size(), "an entry's size");
        if (per_entry_zlib()) {
          planned.data = zlib::deflate(planned.data, layout_.level);
          planned.stored = checked_u32(planned.data.size(), "an entry's compressed size");
          planned.zlib = true;
        }
      }
      planned.length = reuse_block_ ? planned.size : planned.data.size();
      planned_.push_back(std::move(planned));
    }
  }

  // Positions in the data block, each entry but the last padded to the alignment.
  // (A reused compacted stream keeps the model's positions, wherever its directory put them.)
  void place_data() {
    std::uint64_t at = 0;
    for (std::size_t i = 0; i < planned_.size(); ++i) {
      planned_[i].position = reuse_block_ ? model_->directory().records[i].position : at;
      at += planned_[i].length;
      if (i + 1 < planned_.size()) at = align_up(at, layout_.alignment);
    }
    data_length_ = reuse_block_ ? model_->directory().data_size : at;
    if (compacted()) compress_block();
  }

  bool unchanged_compacted_model() const {
    if (!same_mode() || model_->entries().size() != entries_.size() ||
        model_->layout().alignment != layout_.alignment) {
      return false;
    }
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      if (entries_[i].keep != i) return false;
    }
    return true;
  }

  // Compacted: one zlib stream over the decoded block, each entry (with its padding) ending in a sync flush
  // so that its compressed size can be recorded; that is how RFG's .str2_pc were made (level 9 reproduces
  // them byte for byte). An unchanged archive reuses the model's stream.
  void compress_block() {
    if (reuse_block_) {
      const auto stream = model_->compacted_stream();
      block_.assign(stream.begin(), stream.end());
      for (std::size_t i = 0; i < planned_.size(); ++i)
        planned_[i].stored = model_->directory().records[i].stored;
      return;
    }
    zlib::SegmentWriter writer(layout_.level);
    for (std::size_t i = 0; i < planned_.size(); ++i) {
      std::vector<std::uint8_t>& data = planned_[i].data;
      const std::uint64_t end = i + 1 < planned_.size() ? planned_[i + 1].position : data_length_;
      data.resize(checked_size(end - planned_[i].position, kVppFormat, "an entry's padded size"));
      planned_[i].stored = checked_u32(writer.segment(data, block_), "an entry's compressed size");
    }
  }

  bool names_unchanged() const {
    if (!same_version_ || model_->entries().size() != entries_.size()) return false;
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      if (model_->entries()[i].name != entries_[i].name) return false;
    }
    return true;
  }

  std::uint32_t model_record_u32(std::size_t index, std::size_t field) const {
    std::uint32_t value = 0;
    std::memcpy(&value, model_->bytes().data() + model_->directory().records[index].record_at + field, 4);
    return value;
  }

  Names build_names() const {
    Names names;
    if (names_unchanged()) {
      const Directory& model = model_->directory();
      const auto block = model_->bytes();
      names.names.assign(block.begin() + static_cast<std::ptrdiff_t>(model.names_at),
                         block.begin() + static_cast<std::ptrdiff_t>(model.names_at + model.names_size));
      names.extensions.assign(
          block.begin() + static_cast<std::ptrdiff_t>(model.extensions_at),
          block.begin() + static_cast<std::ptrdiff_t>(model.extensions_at + model.extensions_size));
      for (std::size_t i = 0; i < entries_.size(); ++i) {
        names.name_offsets.push_back(model_record_u32(i, spec_->name_at));
        if (spec_->extension_at != kNone)
          names.extension_offsets.push_back(model_record_u32(i, spec_->extension_at));
      }
      return names;
    }
    if (spec_->extension_at != kNone) return split_names();
    for (const Planned& entry : planned_) {
      names.name_offsets.push_back(checked_u32(names.names.size(), "the names block"));
      names.names.insert(names.names.end(), entry.name.begin(), entry.name.end());
      names.names.push_back(0);
      // Version 10 keeps a spare byte after each name's NUL, then pads to even (ThomasJepp.SaintsRow).
      if (spec_->padded_names)
        names.names.resize(checked_size(align_up(names.names.size() + 1, 2), kVppFormat, "the name table"));
    }
    return names;
  }

  // Version 4: base names and extensions in two blocks, each string stored once. ThomasJepp.SaintsRow's
  // writer compares them case-insensitively, which renames "a.Pb" to "a.pb" when "b.pb" came first; here only
  // equal strings are shared, so every name is written as given (game archives use one case, where both
  // agree).
  Names split_names() const {
    Names names;
    std::vector<std::pair<std::string, std::uint32_t>> seen_names, seen_extensions;
    const auto add = [](std::vector<std::uint8_t>& block,
                        std::vector<std::pair<std::string, std::uint32_t>>& seen, const std::string& text) {
      const auto found =
          std::find_if(seen.begin(), seen.end(), [&](const auto& s) { return s.first == text; });
      if (found != seen.end()) return found->second;
      const auto offset = checked_u32(block.size(), "the names block");
      seen.emplace_back(text, offset);
      block.insert(block.end(), text.begin(), text.end());
      block.push_back(0);
      return offset;
    };
    for (const Planned& entry : planned_) {
      const std::size_t dot = entry.name.rfind('.');
      names.name_offsets.push_back(add(names.names, seen_names, entry.name.substr(0, dot)));
      names.extension_offsets.push_back(add(names.extensions, seen_extensions, entry.name.substr(dot + 1)));
    }
    return names;
  }

  std::vector<std::uint8_t> record(std::size_t i, const Names& names) const {
    const Planned& entry = planned_[i];
    std::vector<std::uint8_t> out(spec_->record_size, 0);
    const bool from_model = entry.keep && same_version_;
    if (from_model) {
      const auto at = model_->bytes().begin() +
                      static_cast<std::ptrdiff_t>(model_->directory().records[*entry.keep].record_at);
      std::copy(at, at + static_cast<std::ptrdiff_t>(spec_->record_size), out.begin());
    }
    put_u32(out, spec_->name_at, names.name_offsets[i]);
    if (spec_->extension_at != kNone) put_u32(out, spec_->extension_at, names.extension_offsets[i]);
    if (spec_->hash_at != kNone) put_u32(out, spec_->hash_at, vpp_name_hash(entry.name));
    put_u32(out, spec_->size_at, entry.size);
    put_u32(out, spec_->stored_at, entry.stored);
    // A kept entry that lands where it was keeps its start as stored (in per-entry zlib archives the game's
    // own value is not established), and its version 10 flags and alignment.
    const bool in_place =
        from_model && same_mode() && model_->directory().records[*entry.keep].position == entry.position;
    if (!in_place) put_u32(out, spec_->start_at, entry.position);
    if (spec_->entry_flags_at != kNone && !(from_model && same_mode())) {
      // Compacted entries carry the compressed flag too (ThomasJepp.SaintsRow); the reader ignores it there.
      put_u16(out, spec_->entry_flags_at, compacted() || entry.zlib ? 1 : 0);
      put_u16(out, spec_->entry_alignment_at, (layout_.flags & kVppCondensed) != 0 ? 16 : 1);
    }
    return out;
  }

  std::vector<std::uint8_t> data_block() const {
    if (compacted()) return block_;
    std::vector<std::uint8_t> out(checked_size(data_length_, kVppFormat, "the data block"), 0);
    for (const Planned& entry : planned_) {
      std::copy(entry.data.begin(), entry.data.end(),
                out.begin() + static_cast<std::ptrdiff_t>(entry.position));
    }
    return out;
  }

  bool data_is_models(const std::vector<std::uint8_t>& data) const {
    if (!same_mode()) return false;
    const Directory& model = model_->directory();
    const auto block = model_->bytes().subspan(
        checked_size(model.data_at, kVppFormat, "the model's data start"),
        checked_size(model.data_end - model.data_at, kVppFormat, "the model's data size"));
    return std::equal(data.begin(), data.end(), block.begin(), block.end());
  }

  // Sizes the header declares. The decoded size counts the padding between entries (Packfile.md); when the
  // data block is the model's own, both sizes are the model's.
  std::pair<std::uint32_t, std::uint32_t> data_sizes(const std::vector<std::uint8_t>& data,
                                                     bool models) const {
    if (models) return {model_->directory().data_size, model_->directory().compressed_size};
    if (layout_.flags == 0 || layout_.flags == kVppCondensed) {
      return {checked_u32(data.size(), "the data size"), kNotCompressed};
    }
    std::uint64_t decoded = 0;
    for (std::size_t i = 0; i < planned_.size(); ++i) {
      decoded += planned_[i].size;
      if (per_entry_zlib() && i + 1 < planned_.size()) {
        decoded += planned_[i + 1].position - planned_[i].position - planned_[i].length;
      }
    }
    if (compacted()) decoded = data_length_;
    return {checked_u32(decoded, "the data size"), checked_u32(data.size(), "the compressed data size")};
  }

  std::vector<std::uint8_t> header(std::uint64_t file_size, const Names& names,
                                   std::pair<std::uint32_t, std::uint32_t> sizes) const {
    std::vector<std::uint8_t> out(spec_->header_size, 0);
    if (same_version_) {
      std::copy_n(model_->bytes().begin(), spec_->header_size, out.begin());
    }
    put_u32(out, 0, kMagic);
    put_u32(out, 4, spec_->version);
    put_u32(out, spec_->flags_at, layout_.flags);
    put_u32(out, spec_->count_at, planned_.size());
    // Files beyond 4 GiB record 0xFFFFFFFF (rfg_vpp.ksy).
    put_u32(out, spec_->file_size_at, std::min<std::uint64_t>(file_size, 0xFFFFFFFF));
    put_u32(out, spec_->dir_size_at, planned_.size() * spec_->record_size);
    put_u32(out, spec_->names_size_at, names.names.size());
    if (spec_->extensions_size_at != kNone) put_u32(out, spec_->extensions_size_at, names.extensions.size());
    put_u32(out, spec_->data_size_at, sizes.first);
    put_u32(out, spec_->compressed_size_at, sizes.second);
    if (spec_->checksum_at != kNone) {
      // Version 10: Volition's CRC of the header fields after the checksum (ThomasJepp.SaintsRow).
      const std::size_t from = spec_->checksum_at + 4;
      put_u32(out, spec_->checksum_at,
              zlib::crc_volition(std::span(out).subspan(from, spec_->header_size - from)));
    }
    return out;
  }

  std::vector<std::uint8_t> assemble(const Names& names) const {
    std::vector<std::uint8_t> directory;
    for (std::size_t i = 0; i < planned_.size(); ++i) {
      const auto rec = record(i, names);
      directory.insert(directory.end(), rec.begin(), rec.end());
    }
    const std::vector<std::uint8_t> data = data_block();
    ByteWriter out;
    const auto pad = [&](std::size_t alignment) {
      while (out.size() % alignment != 0) out.u8(0);
    };
    out.bytes(std::vector<std::uint8_t>(spec_->header_size, 0));
    out.bytes(directory);
    pad(spec_->section_alignment);
    out.bytes(names.names);
    pad(spec_->section_alignment);
    if (spec_->extensions_size_at != kNone) {
      out.bytes(names.extensions);
      pad(spec_->section_alignment);
    }
    out.bytes(data);
    // Bytes after the model's data (padding some writers add after the last entry) stay when the data does.
    const bool models = data_is_models(data);
    if (models) out.bytes(model_->tail());
    std::vector<std::uint8_t> bytes = std::move(out).take();
    const auto head = header(bytes.size(), names, data_sizes(data, models));
    std::copy(head.begin(), head.end(), bytes.begin());
    return bytes;
  }

  const std::vector<EntrySource>& entries_;
  const VppLayout& layout_;
  const PackfileArchive* model_;
  const VersionSpec* spec_ = nullptr;
  bool same_version_ = false;
  bool reuse_block_ = false;  // the model's compacted stream is written back as it is
  std::vector<Planned> planned_;
  std::uint64_t data_length_ = 0;
  std::vector<std::uint8_t> block_;  // the compacted stream
};

}  // namespace
}  // namespace bonebridge::archive::vpp

namespace bonebridge::archive {

Result<std::vector<std::uint8_t>> write_vpp(const std::vector<EntrySource>& entries, const VppLayout& layout,
                                            const Archive* model) {
  const auto* packfile = dynamic_cast<const vpp::PackfileArchive*>(model);
  if (model != nullptr && packfile == nullptr) {
    return Error{kVppFormat, "the model archive is not a Volition packfile", {}, {}, {}};
  }
  return capture(kVppFormat, [&] { return vpp::Writer(entries, layout, packfile).run(); });
}

}  // namespace bonebridge::archive
