// SPDX-License-Identifier: MIT
// Sith GOB/GOO: reading with every offset checked, and writing that keeps a model's file order and gaps.
#include "bonebridge/archive/gob.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "bonebridge/core/narrow.hpp"
#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"
#include "bonebridge/io/file.hpp"

namespace bonebridge::archive {
namespace {

constexpr std::uint32_t kVersion = 0x14;
constexpr std::size_t kHeaderSize = 12;
constexpr std::size_t kPathSize = 128;
constexpr std::size_t kRecordSize = 8 + kPathSize;

using PathField = std::array<std::uint8_t, kPathSize>;

struct Record {
  std::string name;
  PathField path{};  // as stored, bytes after the NUL included
  std::uint32_t offset = 0;
  std::uint32_t size = 0;
};

// A stretch of the file: the directory, or one entry's data. `gap_end` is where the next one starts (or the
// end of the file): the bytes between belong to this segment when the archive is written back.
struct Segment {
  std::uint64_t start = 0, end = 0, gap_end = 0;
  std::optional<std::size_t> entry;  // nullopt: the directory
};

struct Parsed {
  std::uint32_t dir_offset = 0;
  std::vector<Record> records;
  std::vector<Segment> segments;  // in file order
  bool regular = false;           // segments do not overlap and all lie inside the file, after the header
};

// The directory's records, `reader` at its count.
void parse_records(ByteReader& reader, Parsed& parsed) {
  const std::size_t count = reader.count(reader.u32("entry count"), kRecordSize, "entry count");
  parsed.records.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    Record record;
    record.offset = reader.u32("entry offset");
    record.size = reader.u32("entry size");
    const auto path = reader.bytes(kPathSize, "entry path");
    std::copy(path.begin(), path.end(), record.path.begin());
    // The engine copies the field as a C string; a path filling all 128 bytes has no NUL and is taken whole.
    record.name.assign(path.begin(), std::find(path.begin(), path.end(), std::uint8_t{0}));
    parsed.records.push_back(std::move(record));
  }
}

// The header; returns the directory offset.
std::uint32_t parse_header(ByteReader& reader) {
  const std::string magic = reader.string(4, "magic");
  if (magic != "GOB ") reader.fail_at(0, "expected magic \"GOB \"");
  const std::uint32_t version = reader.u32("version");
  if (version != kVersion) reader.fail_at(4, fmt::format("expected version 0x14, found 0x{:X}", version));
  return reader.u32("directory offset");
}

Parsed parse(ByteReader& reader) {
  Parsed parsed;
  parsed.dir_offset = parse_header(reader);
  reader.seek(parsed.dir_offset, "directory offset");
  parse_records(reader, parsed);
  return parsed;
}

void find_segments(Parsed& parsed, std::uint64_t file_size) {
  parsed.segments.push_back(
      {parsed.dir_offset, parsed.dir_offset + 4 + kRecordSize * parsed.records.size(), 0, {}});
  bool inside = true;
  for (std::size_t i = 0; i < parsed.records.size(); ++i) {
    const Record& record = parsed.records[i];
    if (record.size == 0) continue;
    inside =
        inside && record.offset >= kHeaderSize && std::uint64_t{record.offset} + record.size <= file_size;
    parsed.segments.push_back({record.offset, std::uint64_t{record.offset} + record.size, 0, i});
  }
  std::stable_sort(parsed.segments.begin(), parsed.segments.end(),
                   [](const Segment& a, const Segment& b) { return a.start < b.start; });
  parsed.regular = inside && parsed.segments.front().start >= kHeaderSize;
  for (std::size_t i = 0; i < parsed.segments.size(); ++i) {
    const std::uint64_t next = i + 1 < parsed.segments.size() ? parsed.segments[i + 1].start : file_size;
    parsed.regular = parsed.regular && parsed.segments[i].end <= next;
    parsed.segments[i].gap_end = std::max(next, parsed.segments[i].end);
  }
}

// A GOB's listing and its entry reads, checked against the archive's size; where the bytes come from (memory
// or the file on disk) is the subclass's.
class GobListing : public Archive {
 public:
  GobListing(Parsed parsed, std::uint64_t size, std::string file)
      : parsed_(std::move(parsed)), size_(size), file_(std::move(file)) {
    for (const Record& record : parsed_.records)
      entries_.push_back({record.name, record.size, record.size, "none"});
  }
  const std::vector<Entry>& entries() const override { return entries_; }
  Result<std::vector<std::uint8_t>> read(std::size_t index) const override { return read_stored(index); }
  Result<std::vector<std::uint8_t>> read_stored(std::size_t index) const override {
    if (index >= parsed_.records.size()) {
      return Error{
          kGobFormat, fmt::format("no entry {}: the archive holds {}", index, entries_.size()), {}, {}, {}};
    }
    const Record& record = parsed_.records[index];
    if (std::uint64_t{record.offset} + record.size > size_) {
      return Error{
          kGobFormat,
          fmt::format("entry {} '{}': its {} bytes at byte {} run past the end of the file ({} bytes)", index,
                      record.name, record.size, record.offset, size_),
          parsed_.dir_offset + 4 + index * kRecordSize,
          {},
          file_};
    }
    return bytes_of(record);
  }
  const Parsed& parsed() const { return parsed_; }

 protected:
  virtual Result<std::vector<std::uint8_t>> bytes_of(const Record& record) const = 0;

 private:
  Parsed parsed_;
  std::uint64_t size_;
  std::string file_;
  std::vector<Entry> entries_;
};

class GobArchive final : public GobListing {
 public:
  GobArchive(std::vector<std::uint8_t> bytes, Parsed parsed)
      : GobListing(std::move(parsed), bytes.size(), {}), bytes_(std::move(bytes)) {}
  std::span<const std::uint8_t> bytes() const { return bytes_; }

 private:
  Result<std::vector<std::uint8_t>> bytes_of(const Record& record) const override {
    const auto begin = bytes_.begin() + record.offset;
    return std::vector<std::uint8_t>(begin, begin + record.size);
  }
  std::vector<std::uint8_t> bytes_;
};

// A GOB on disk: the header and directory read at open, each entry read where it lies when asked for.
class GobFile final : public GobListing {
 public:
  GobFile(std::shared_ptr<const RandomAccessFile> file, Parsed parsed)
      : GobListing(std::move(parsed), file->size(), file->name()), file_(std::move(file)) {}

 private:
  Result<std::vector<std::uint8_t>> bytes_of(const Record& record) const override {
    return file_->read(record.offset, record.size);
  }
  std::shared_ptr<const RandomAccessFile> file_;
};

[[noreturn]] void fail_gob(std::string message) {
  throw FormatError(Error{kGobFormat, std::move(message), {}, {}, {}});
}

PathField path_field(const EntrySource& entry, const GobArchive* model, std::size_t index) {
  if (entry.keep && model->parsed().records[*entry.keep].name == entry.name) {
    return model->parsed().records[*entry.keep].path;
  }
  const std::string path = gob_path(entry.name);
  if (path.empty() || path.size() >= kPathSize || path.find('\0') != std::string::npos) {
    fail_gob(fmt::format("entry {} '{}': a GOB path holds 1 to 127 bytes and no NUL", index, entry.name));
  }
  PathField field{};
  std::copy(path.begin(), path.end(), field.begin());
  return field;
}

class GobWriter {
 public:
  GobWriter(const std::vector<EntrySource>& entries, const GobArchive* model)
      : entries_(entries), model_(model) {}

  std::vector<std::uint8_t> run() {
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      if (entries_[i].keep && (model_ == nullptr || *entries_[i].keep >= model_->entries().size())) {
        fail_gob(fmt::format("entry {} '{}' keeps model entry {}, which does not exist", i, entries_[i].name,
                             *entries_[i].keep));
      }
    }
    offsets_.assign(entries_.size(), 0);
    out_.bytes(std::vector<std::uint8_t>(kHeaderSize, 0));
    if (model_ != nullptr && model_->parsed().regular) {
      lay_out_like_model();
    } else {
      write_directory_placeholder();
      write_entries([](const EntrySource&) { return true; });
    }
    return finish();
  }

 private:
  std::vector<std::uint8_t> data_of(const EntrySource& entry) const {
    if (!entry.keep) return entry.bytes;
    auto bytes = model_->read_stored(*entry.keep);
    if (!bytes) throw FormatError(bytes.error());
    return std::move(bytes).value();
  }

  void write_directory_placeholder() {
    dir_offset_ = out_.size();
    out_.bytes(std::vector<std::uint8_t>(4 + kRecordSize * entries_.size(), 0));
  }

  // Writes the data of the entries `pick` selects, in order.
  template <class Pick>
  void write_entries(Pick pick) {
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      if (!pick(entries_[i])) continue;
      offsets_[i] = out_.size();
      out_.bytes(data_of(entries_[i]));
    }
  }

  void copy_model(std::uint64_t from, std::uint64_t to) {
    out_.bytes(model_->bytes().subspan(checked_size(from, kGobFormat, "a model segment's start"),
                                       checked_size(to - from, kGobFormat, "a model segment's size")));
  }

  void lay_out_like_model() {
    const Parsed& model = model_->parsed();
    copy_model(kHeaderSize, model.segments.front().start);
    const auto last_data = std::find_if(model.segments.rbegin(), model.segments.rend(),
                                        [](const Segment& s) { return s.entry.has_value(); });
    const Segment* new_entries_after =
        last_data == model.segments.rend() ? &model.segments.back() : &*last_data;
    for (const Segment& segment : model.segments) {
      if (!segment.entry) {
        write_directory_placeholder();
        copy_model(segment.end, segment.gap_end);
      } else if (place_kept(*segment.entry)) {
        copy_model(segment.start, segment.gap_end);
      }
      if (&segment == new_entries_after) write_entries([](const EntrySource& e) { return !e.keep; });
    }
    // Kept entries of no size have no segment: they keep their stored offset.
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      if (entries_[i].keep && model.records[*entries_[i].keep].size == 0) {
        offsets_[i] = model.records[*entries_[i].keep].offset;
      }
    }
  }

  // Points every entry that keeps model entry `index` at the data about to be written; false when none does.
  bool place_kept(std::size_t index) {
    bool kept = false;
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      if (entries_[i].keep == index) {
        offsets_[i] = out_.size();
        kept = true;
      }
    }
    return kept;
  }

  // The header and directory, now that every offset is known.
  std::vector<std::uint8_t> finish() {
    if (out_.size() > 0xFFFFFFFF) {
      fail_gob(fmt::format("the archive would take {} bytes; GOB offsets are 32-bit", out_.size()));
    }
    ByteWriter directory;
    directory.u32(static_cast<std::uint32_t>(entries_.size()));
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      const EntrySource& entry = entries_[i];
      const std::uint64_t size = entry.keep ? model_->entries()[*entry.keep].size : entry.bytes.size();
      if (size > 0x7FFFFFFF) fail_gob(fmt::format("entry {} '{}' is too large for a GOB", i, entry.name));
      directory.u32(static_cast<std::uint32_t>(offsets_[i]));
      directory.u32(static_cast<std::uint32_t>(size));
      directory.bytes(path_field(entry, model_, i));
    }
    ByteWriter header;
    header.string("GOB ");
    header.u32(kVersion);
    header.u32(static_cast<std::uint32_t>(dir_offset_));
    std::vector<std::uint8_t> bytes = std::move(out_).take();
    std::copy(header.data().begin(), header.data().end(), bytes.begin());
    std::copy(directory.data().begin(), directory.data().end(),
              bytes.begin() + static_cast<std::ptrdiff_t>(dir_offset_));
    return bytes;
  }

  const std::vector<EntrySource>& entries_;
  const GobArchive* model_;
  ByteWriter out_;
  std::uint64_t dir_offset_ = 0;
  std::vector<std::uint64_t> offsets_;
};

bool sniff_gob(std::span<const std::uint8_t> bytes) {
  static constexpr std::array<std::uint8_t, 8> kStart{'G', 'O', 'B', ' ', 0x14, 0, 0, 0};
  return bytes.size() >= kStart.size() && std::equal(kStart.begin(), kStart.end(), bytes.begin());
}

Result<std::unique_ptr<Archive>> open_gob(std::vector<std::uint8_t> bytes) {
  auto parsed = capture(kGobFormat, [&] {
    ByteReader reader(bytes, kGobFormat);
    Parsed result = parse(reader);
    find_segments(result, bytes.size());
    return result;
  });
  if (!parsed) return parsed.error();
  return std::unique_ptr<Archive>(std::make_unique<GobArchive>(std::move(bytes), std::move(*parsed)));
}

// Reads the header and the directory alone; a directory error names its byte in the file.
Result<std::unique_ptr<Archive>> open_gob_file(std::shared_ptr<const RandomAccessFile> file) {
  const std::uint64_t size = file->size();
  auto header = file->read(0, std::min<std::uint64_t>(size, kHeaderSize));
  if (!header) return header.error();
  auto dir_offset = capture(kGobFormat, [&] {
    ByteReader reader(*header, kGobFormat);
    return parse_header(reader);
  });
  if (!dir_offset) return dir_offset.error();
  if (*dir_offset + std::uint64_t{4} > size) {
    return Error{
        kGobFormat,
        fmt::format("the directory offset {} lies past the end of the file ({} bytes)", *dir_offset, size),
        8,
        {},
        file->name()};
  }
  // The count is checked against the file before the directory is read.
  auto directory = file->read(*dir_offset, std::min<std::uint64_t>(size - *dir_offset, 4));
  if (!directory) return directory.error();
  std::uint32_t count = 0;
  std::memcpy(&count, directory->data(), 4);
  const std::uint64_t directory_size = 4 + std::uint64_t{count} * kRecordSize;
  directory = file->read(*dir_offset, std::min(directory_size, size - *dir_offset));
  if (!directory) return directory.error();
  auto parsed = capture(kGobFormat, [&] {
    ByteReader reader(*directory, kGobFormat);
    Parsed result;
    result.dir_offset = *dir_offset;
    parse_records(reader, result);
    return result;
  });
  if (!parsed) {
    Error error = parsed.error();
    if (error.offset) *error.offset += *dir_offset;
    error.file = file->name();
    return error;
  }
  return std::unique_ptr<Archive>(std::make_unique<GobFile>(std::move(file), std::move(*parsed)));
}

}  // namespace

std::string gob_path(std::string_view name) {
  std::string path(name);
  for (char& c : path) {
    if (c == '/') c = '\\';
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return path;
}

Result<std::vector<std::uint8_t>> write_gob(const std::vector<EntrySource>& entries, const Archive* model) {
  const auto* gob = dynamic_cast<const GobArchive*>(model);
  if (model != nullptr && gob == nullptr)
    return Error{kGobFormat, "the model archive is not a GOB", {}, {}, {}};
  return capture(kGobFormat, [&] { return GobWriter(entries, gob).run(); });
}

const ArchiveKind& gob_kind() {
  static const ArchiveKind kind{
      "gob",
      "Sith GOB/GOO archive",
      {".gob", ".goo"},
      "Read and write (version 0x14: Jedi Knight, Mysteries of the Sith, Infernal Machine), byte-identical "
      "on unmodified archives; new paths stored lower-case with '\\' as the engine looks them up (OpenJKDF2 "
      "stdGob.c); '\\' folders become folders in extract and batch. A model's .mat files and a puppet's keys "
      "are found inside the GOB that holds them. Tested on hand-made archives only: no GOB is public.",
      sniff_gob,
      open_gob,
      [](const std::vector<EntrySource>& entries, const Archive* model) { return write_gob(entries, model); },
      open_gob_file};
  return kind;
}

}  // namespace bonebridge::archive
