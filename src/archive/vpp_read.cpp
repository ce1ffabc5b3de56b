// SPDX-License-Identifier: MIT
// Packfile reading: the directory (checked against the file size before anything is allocated) and bounded
// entry reads.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/file.hpp"
#include "vpp_format.hpp"
#include "zlib.hpp"

namespace bonebridge::archive::vpp {
namespace {

// Version 3 (RFG): rfg_vpp.ksy and RfgToolsPlusPlus Packfile.md; the real files agree. Versions 4, 6 and 10:
// ThomasJepp.SaintsRow Packfiles/Version04, Version06, Version0A.
constexpr std::array<VersionSpec, 4> kVersions{{
    {3,  2048, 2048,  0x14C, 0x154, 0x158, 0x15C, 0x160, kNone, 0x164, 0x168, kNone,  //
     28, 0,    kNone, 8,     12,    16,    20,    kNone, kNone, false, false, false},
    {4,  2048, 2048, 0x14C, 0x154, 0x158, 0x15C, 0x160, 0x164, 0x168, 0x16C, kNone,  //
     28, 0,    4,    12,    kNone, 16,    20,    kNone, kNone, false, true,  false},
    {6,  2048, 2048,  0x14C, 0x154, 0x158, 0x15C, 0x160, kNone, 0x164, 0x168, kNone,  //
     24, 0,    kNone, 8,     kNone, 12,    16,    kNone, kNone, false, false, true},
    {10, 0x28, 1,     0x10, 0x14,  0x0C, 0x18, 0x1C, kNone, 0x20, 0x24, 0x08,  //
     24, 0,    kNone, 8,    kNone, 12,   16,   20,   22,    true, true, true},
}};

std::uint32_t u32_at(ByteReader& reader, std::size_t at, std::string_view what) {
  reader.seek(at, what);
  return reader.u32(what);
}

std::uint16_t u16_at(ByteReader& reader, std::size_t at, std::string_view what) {
  reader.seek(at, what);
  return reader.u16(what);
}

// A NUL-terminated name at `offset` inside the block [block_at, block_at + block_size).
std::string name_at(ByteReader& reader, std::size_t block_at, std::size_t block_size, std::uint32_t offset,
                    std::size_t index, std::string_view block) {
  if (offset >= block_size) {
    reader.fail_at(block_at, fmt::format("entry {} names offset {} in the {} block, which holds {} bytes",
                                         index, offset, block, block_size));
  }
  reader.seek(block_at + offset, block);
  const auto rest = reader.bytes(block_size - offset, block);
  const auto end = std::find(rest.begin(), rest.end(), std::uint8_t{0});
  if (end == rest.end()) {
    reader.fail_at(block_at + offset,
                   fmt::format("entry {}'s name has no terminating NUL inside the {} block", index, block));
  }
  return {rest.begin(), end};
}

struct Sections {
  std::size_t dir_at = 0;
  std::size_t dir_size = 0;
  std::size_t count = 0;
};

// Header fields and section positions; each section must lie inside the file.
Sections read_header(ByteReader& reader, std::uint64_t file_size, Directory& directory) {
  const std::uint32_t magic = reader.u32("magic");
  if (magic != kMagic) reader.fail_at(0, fmt::format("expected magic 0x51890ACE, found 0x{:08X}", magic));
  const std::uint32_t version = reader.u32("version");
  const VersionSpec* spec = find_version(version);
  if (spec == nullptr) reader.fail_at(4, fmt::format("expected version 3, 4, 6 or 10, found {}", version));
  directory.spec = spec;
  if (reader.size() < spec->header_size) {
    reader.fail_at(reader.size(), fmt::format("truncated header: version {} needs {} bytes, the file has {}",
                                              version, spec->header_size, reader.size()));
  }
  directory.flags = u32_at(reader, spec->flags_at, "flags");
  if ((directory.flags & ~kVppCompacted) != 0) {
    reader.fail_at(spec->flags_at, fmt::format("expected flags 0 to 3, found 0x{:X}", directory.flags));
  }
  Sections sections;
  sections.dir_at = spec->header_size;
  sections.dir_size = u32_at(reader, spec->dir_size_at, "directory size");
  const std::uint32_t count = u32_at(reader, spec->count_at, "entry count");
  reader.seek(sections.dir_at, "directory");
  sections.count = reader.count(count, spec->record_size, "entry count");
  if (sections.dir_size < sections.count * spec->record_size) {
    reader.fail_at(spec->dir_size_at, fmt::format("directory size {} is too small for {} entries of {} bytes",
                                                  sections.dir_size, count, spec->record_size));
  }
  const auto section = [&](std::size_t after, std::size_t size_at, std::string_view what) {
    const std::uint64_t at = align_up(after, spec->section_alignment);
    const std::uint32_t size = size_at == kNone ? 0 : u32_at(reader, size_at, what);
    if (at > file_size || size > file_size - at) {
      reader.fail_at(size_at, fmt::format("the {} ({} bytes from byte {}) run past the end of the file ({} "
                                          "bytes)",
                                          what, size, at, file_size));
    }
    return std::pair{static_cast<std::size_t>(at), std::size_t{size}};
  };
  std::tie(directory.names_at, directory.names_size) =
      section(sections.dir_at + sections.dir_size, spec->names_size_at, "names");
  std::tie(directory.extensions_at, directory.extensions_size) =
      section(directory.names_at + directory.names_size, spec->extensions_size_at, "extensions");
  directory.data_at = section(directory.extensions_at + directory.extensions_size, kNone, "data").first;
  directory.data_size = u32_at(reader, spec->data_size_at, "data size");
  directory.compressed_size = u32_at(reader, spec->compressed_size_at, "compressed data size");
  return sections;
}

Record read_record(ByteReader& reader, const Directory& directory, std::size_t at, std::size_t index) {
  const VersionSpec& spec = *directory.spec;
  Record record;
  record.record_at = at;
  const std::uint32_t name_offset = u32_at(reader, at + spec.name_at, "name offset");
  record.name = name_at(reader, directory.names_at, directory.names_size, name_offset, index, "names");
  if (spec.extension_at != kNone) {
    const std::uint32_t extension = u32_at(reader, at + spec.extension_at, "extension offset");
    record.name += '.';  // appended piece by piece: `"." + string` trips GCC 12's -Wrestrict at -O3
    record.name +=
        name_at(reader, directory.extensions_at, directory.extensions_size, extension, index, "extensions");
  }
  record.start = u32_at(reader, at + spec.start_at, "data start");
  record.size = u32_at(reader, at + spec.size_at, "data size");
  record.stored = u32_at(reader, at + spec.stored_at, "compressed size");
  if (!directory.compacted() && (directory.flags & kVppCompressed) != 0) {
    record.zlib =
        spec.entry_flags_at == kNone || (u16_at(reader, at + spec.entry_flags_at, "entry flags") & 1);
  }
  return record;
}

// Where each entry's data sits. Uncompressed: at its stored start (kept 64-bit: RFG Re-Mars-tered archives
// beyond 4 GiB let the 32-bit start wrap, so a start below the previous one has wrapped). Compacted: at its
// stored start in the decoded block (3, checked on the real .str2_pc and table.vpp_pc) or one after another
// (6 and 10, as ThomasJepp.SaintsRow reads them). Per-entry zlib: one after another, each padded to 2048
// (3 and 6; RFGM.Formats and ThomasJepp.SaintsRow agree), or at its stored start (4 and 10).
void place_records(Directory& directory) {
  const VersionSpec& spec = *directory.spec;
  std::uint64_t running = 0;
  std::uint64_t previous = 0;
  for (Record& record : directory.records) {
    if (directory.compacted()) {
      record.position = spec.contiguous_compacted ? running : record.start;
      running += record.size;
    } else if ((directory.flags & kVppCompressed) != 0 && !spec.stored_compressed_start) {
      record.position = running;
      running = align_up(running + record.stored, 2048);
    } else {
      std::uint64_t position = (previous & ~std::uint64_t{0xFFFFFFFF}) | record.start;
      if (position < previous) position += std::uint64_t{1} << 32;
      record.position = previous = position;
    }
  }
  directory.data_end = directory.data_at;
  if (directory.compacted()) {
    directory.data_end += directory.compressed_size;
    return;
  }
  for (const Record& record : directory.records) {
    const std::uint64_t length = record.zlib ? record.stored : record.size;
    directory.data_end = std::max(directory.data_end, directory.data_at + record.position + length);
  }
}

// `reader` holds the file's first bytes, at least up to its data block; `file_size` is the whole file's.
Directory parse(ByteReader& reader, std::uint64_t file_size) {
  Directory directory;
  const Sections sections = read_header(reader, file_size, directory);
  directory.records.reserve(sections.count);
  for (std::size_t i = 0; i < sections.count; ++i) {
    directory.records.push_back(
        read_record(reader, directory, sections.dir_at + i * directory.spec->record_size, i));
  }
  place_records(directory);
  if (directory.compacted()) {
    if (directory.compressed_size > file_size - directory.data_at) {
      reader.fail_at(
          directory.spec->compressed_size_at,
          fmt::format("the compressed data ({} bytes from byte {}) runs past the end of the file ({} "
                      "bytes)",
                      directory.compressed_size, directory.data_at, file_size));
    }
    if (directory.data_size > zlib::max_inflated_size(directory.compressed_size)) {
      reader.fail_at(directory.spec->data_size_at,
                     fmt::format("{} decoded bytes declared from {} bytes of zlib data, more than zlib can "
                                 "produce (a decompression bomb)",
                                 directory.data_size, directory.compressed_size));
    }
  }
  directory.data_end = std::min(directory.data_end, file_size);
  return directory;
}

std::string compression_of(const Directory& directory, const Record& record) {
  if (directory.compacted()) return "zlib (compacted)";
  return record.zlib ? "zlib" : "none";
}

}  // namespace

std::uint32_t VersionSpec::default_alignment(std::uint32_t flags) const {
  if (flags == kVppCondensed) return 16;
  if (version == 10 || flags == kVppCompacted) return 1;
  return 2048;
}

const VersionSpec* find_version(std::uint32_t version) {
  const auto found = std::find_if(kVersions.begin(), kVersions.end(),
                                  [&](const VersionSpec& spec) { return spec.version == version; });
  return found == kVersions.end() ? nullptr : &*found;
}

std::uint64_t align_up(std::uint64_t value, std::uint64_t alignment) {
  return alignment <= 1 ? value : (value + alignment - 1) / alignment * alignment;
}

Result<Directory> read_directory(std::span<const std::uint8_t> bytes) {
  return read_directory(bytes, bytes.size());
}

Result<Directory> read_directory(std::span<const std::uint8_t> index, std::uint64_t file_size) {
  return capture(kVppFormat, [&] {
    ByteReader reader(index, kVppFormat);
    return parse(reader, file_size);
  });
}

std::uint64_t index_size(std::span<const std::uint8_t> header) {
  const auto field = [&](std::size_t at) {
    std::uint32_t value = 0;
    if (at != kNone) std::memcpy(&value, header.data() + at, 4);
    return std::uint64_t{value};
  };
  if (header.size() < 8 || field(0) != kMagic) return header.size();
  const VersionSpec* spec = find_version(static_cast<std::uint32_t>(field(4)));
  if (spec == nullptr || header.size() < spec->header_size) return header.size();
  // As read_header places the sections: each starts on the version's section alignment.
  std::uint64_t end = spec->header_size + field(spec->dir_size_at);
  end = align_up(end, spec->section_alignment) + field(spec->names_size_at);
  end = align_up(end, spec->section_alignment) + field(spec->extensions_size_at);
  return align_up(end, spec->section_alignment);
}

PackfileListing::PackfileListing(Directory directory, std::uint64_t size, std::string file)
    : directory_(std::move(directory)), size_(size), file_(std::move(file)) {
  entries_.reserve(directory_.records.size());
  for (const Record& record : directory_.records) {
    const bool compressed = directory_.compacted() || record.zlib;
    entries_.push_back({record.name, record.size, compressed ? record.stored : record.size,
                        compression_of(directory_, record)});
  }
}

Error PackfileListing::entry_error(std::size_t index, std::string message, std::uint64_t offset) const {
  return Error{kVppFormat,
               fmt::format("entry {} '{}': {}", index, directory_.records[index].name, message),
               offset,
               {},
               file_};
}

// The whole block, inflated once and kept while the archive lives: entries are asked for in any order and
// from several threads (batch), and a compacted stream cannot be entered midway, so freeing it would mean
// inflating from the start again for each entry. It is bounded by the declared data size, itself checked
// against what the stored stream can produce; Red Faction Guerrilla compacts its .str2_pc containers and a
// few small .vpp_pc (table.vpp_pc: 1.6 MB), while its large packfiles store entries uncompressed. The stored
// stream is read, inflated and dropped.
const PackfileListing::Decoded& PackfileListing::decoded() const {
  std::call_once(decode_once_, [&] {
    const auto stream = bytes_at(directory_.data_at, directory_.compressed_size);
    if (!stream) {
      decoded_.error = stream.error();
      return;
    }
    decoded_.bytes.resize(directory_.data_size);
    const auto result = zlib::inflate_exact(*stream, decoded_.bytes);
    decoded_.good = result.produced;
    if (!result.error.empty()) {
      // A stream that holds more than declared contradicts the directory: no entry can be trusted.
      if (result.produced == decoded_.bytes.size()) decoded_.good = 0;
      decoded_.error = Error{
          kVppFormat, "compacted data: " + result.error, directory_.data_at + result.consumed, {}, file_};
    }
  });
  return decoded_;
}

Result<std::vector<std::uint8_t>> PackfileListing::read_compacted(std::size_t index) const {
  const Record& record = directory_.records[index];
  if (record.position + record.size > directory_.data_size) {
    return entry_error(index,
                       fmt::format("its {} bytes at {} lie past the {} decoded bytes of the compacted data",
                                   record.size, record.position, directory_.data_size),
                       record.record_at);
  }
  const Decoded& block = decoded();
  if (record.position + record.size > block.good) {
    return entry_error(index, block.error->message, block.error->offset.value_or(directory_.data_at));
  }
  const auto begin = block.bytes.begin() + static_cast<std::ptrdiff_t>(record.position);
  return std::vector<std::uint8_t>(begin, begin + record.size);
}

Result<std::vector<std::uint8_t>> PackfileListing::read_zlib(std::size_t index) const {
  const auto stored = read_stored(index);
  if (!stored) return stored.error();
  const Record& record = directory_.records[index];
  if (record.size > zlib::max_inflated_size(record.stored)) {
    return entry_error(index,
                       fmt::format("{} decoded bytes declared from {} bytes of zlib data, more than zlib can "
                                   "produce (a decompression bomb)",
                                   record.size, record.stored),
                       record.record_at);
  }
  std::vector<std::uint8_t> out(record.size);
  const auto result = zlib::inflate_exact(*stored, out);
  if (!result.error.empty()) {
    const std::uint64_t at = directory_.data_at + record.position;
    return entry_error(index, fmt::format("{} (its zlib data starts at byte {})", result.error, at),
                       at + result.consumed);
  }
  return out;
}

Result<std::vector<std::uint8_t>> PackfileListing::read(std::size_t index) const {
  if (index < directory_.records.size() && directory_.compacted()) return read_compacted(index);
  if (index < directory_.records.size() && directory_.records[index].zlib) return read_zlib(index);
  return read_stored(index);
}

Result<std::vector<std::uint8_t>> PackfileListing::read_stored(std::size_t index) const {
  if (index >= directory_.records.size()) {
    return Error{
        kVppFormat, fmt::format("no entry {}: the packfile holds {}", index, entries_.size()), {}, {}, file_};
  }
  const Record& record = directory_.records[index];
  std::uint64_t at = directory_.data_at + record.position;
  std::uint64_t length = record.zlib ? record.stored : record.size;
  std::uint64_t end = size_;
  if (directory_.compacted()) {
    // A compacted entry's stored bytes are its segment of the shared stream, which cannot be decoded alone.
    at = directory_.data_at;
    for (std::size_t i = 0; i < index; ++i) at += directory_.records[i].stored;
    length = record.stored;
    end = directory_.data_at + directory_.compressed_size;
  }
  if (at > end || length > end - at) {
    return entry_error(index,
                       fmt::format("its {} stored bytes at byte {} run past the end of the {} ({} bytes)",
                                   length, at, directory_.compacted() ? "compressed data" : "file", end),
                       record.record_at);
  }
  return bytes_at(at, length);
}

PackfileArchive::PackfileArchive(std::vector<std::uint8_t> bytes, Directory directory)
    : PackfileListing(std::move(directory), bytes.size(), {}), bytes_(std::move(bytes)) {}

std::span<const std::uint8_t> PackfileArchive::compacted_stream() const {
  return std::span(bytes_).subspan(directory().data_at, directory().compressed_size);
}

std::span<const std::uint8_t> PackfileArchive::tail() const {
  // data_end was capped at the file's size when the directory was read, so it fits a size_t.
  return std::span(bytes_).subspan(static_cast<std::size_t>(directory().data_end));
}

Result<std::vector<std::uint8_t>> PackfileArchive::bytes_at(std::uint64_t at, std::uint64_t length) const {
  // Checked by the caller: the bytes lie within the file held, so both fit a size_t.
  const auto begin = bytes_.begin() + static_cast<std::ptrdiff_t>(at);
  return std::vector<std::uint8_t>(begin, begin + static_cast<std::ptrdiff_t>(length));
}

PackfileFile::PackfileFile(std::shared_ptr<const RandomAccessFile> file, Directory directory)
    : PackfileListing(std::move(directory), file->size(), file->name()), file_(std::move(file)) {}

Result<std::vector<std::uint8_t>> PackfileFile::bytes_at(std::uint64_t at, std::uint64_t length) const {
  auto bytes = file_->read(at, length);
  if (!bytes) {
    // The file changed since it was opened (cut short, replaced) or cannot be read any more.
    return Error{kVppFormat,
                 fmt::format("reading {} bytes at byte {}: {}", length, at, bytes.error().message),
                 at,
                 {},
                 file_->name()};
  }
  return bytes;
}

}  // namespace bonebridge::archive::vpp
