// SPDX-License-Identifier: MIT
#pragma once
// The packfile layout shared by the reader and the writer: where each version keeps its header and directory
// fields, and the parsed directory of an opened packfile.
//
// Sources (read, not copied): version 3 from rfg-modding/RFGM.Formats `Vpp/Models/rfg_vpp.ksy`, its reader
// and writer, and Moneyl's RfgToolsPlusPlus `Documentation/Packfile.md`, checked against the real files in
// ../shared/samples/volition/packfiles; versions 4, 6 and 10 from tomjepp/ThomasJepp.SaintsRow `Packfiles/`
// and saintsrowmods2/volition-docs `docs/SRTT/formats/vpp.md` (no public sample of those).
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/archive/vpp.hpp"

namespace bonebridge::archive::vpp {

inline constexpr std::uint32_t kMagic = 0x51890ACE;
inline constexpr std::uint32_t kNotCompressed = 0xFFFFFFFF;
inline constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// Byte offsets of one version's fields; kNone where the version has no such field.
struct VersionSpec {
  std::uint32_t version;
  std::size_t header_size;        // the header block before the directory
  std::size_t section_alignment;  // directory, names, extensions and data start on multiples of this
  // Header fields.
  std::size_t flags_at, count_at, file_size_at, dir_size_at, names_size_at, extensions_size_at, data_size_at,
      compressed_size_at, checksum_at;
  // Directory record fields.
  std::size_t record_size, name_at, extension_at, start_at, hash_at, size_at, stored_at, entry_flags_at,
      entry_alignment_at;
  bool padded_names;             // each name starts on an even offset and keeps a spare byte (10)
  bool stored_compressed_start;  // per-entry zlib data sits at its stored start (10), not packed in order
  bool contiguous_compacted;     // compacted entries follow each other, stored starts ignored (6, 10)
  std::uint32_t default_alignment(std::uint32_t flags) const;
};

// nullptr for a version we do not know.
const VersionSpec* find_version(std::uint32_t version);

struct Record {
  std::string name;
  std::size_t record_at = 0;   // file offset of its directory record
  std::uint64_t position = 0;  // its data, from the start of the data block (compacted: of the decoded block)
  std::uint32_t start = 0;     // the start field as stored
  std::uint32_t size = 0;      // decoded bytes
  std::uint32_t stored = 0;    // compressed bytes (kNotCompressed when the archive is not compressed)
  bool zlib = false;           // its stored bytes are a zlib stream of their own
};

struct Directory {
  const VersionSpec* spec = nullptr;
  std::uint32_t flags = 0;
  std::size_t names_at = 0, names_size = 0, extensions_at = 0, extensions_size = 0, data_at = 0;
  std::uint32_t data_size = 0, compressed_size = 0;
  std::vector<Record> records;
  std::uint64_t data_end = 0;  // where the data block ends; bytes after it are the file's tail
  bool compacted() const { return (flags & kVppCompacted) == kVppCompacted; }
};

// An opened packfile's listing and entry reads; where the bytes come from (memory, or the file on disk read
// where the entries lie) is the subclass's. A compacted packfile's data block is inflated on the first read
// and kept while the archive lives (see decoded()).
class PackfileListing : public Archive {
 public:
  PackfileListing(Directory directory, std::uint64_t size, std::string file);
  const std::vector<Entry>& entries() const override { return entries_; }
  Result<std::vector<std::uint8_t>> read(std::size_t index) const override;
  Result<std::vector<std::uint8_t>> read_stored(std::size_t index) const override;
  const Directory& directory() const { return directory_; }

 protected:
  // `length` bytes at byte `at` of the packfile, which the caller has checked lie inside it.
  virtual Result<std::vector<std::uint8_t>> bytes_at(std::uint64_t at, std::uint64_t length) const = 0;

 private:
  struct Decoded {
    std::vector<std::uint8_t> bytes;
    std::size_t good = 0;  // bytes decoded before the stream failed (all of them when it did not)
    std::optional<Error> error;
  };
  const Decoded& decoded() const;
  Error entry_error(std::size_t index, std::string message, std::uint64_t offset) const;
  Result<std::vector<std::uint8_t>> read_compacted(std::size_t index) const;
  Result<std::vector<std::uint8_t>> read_zlib(std::size_t index) const;

  Directory directory_;
  std::uint64_t size_;
  std::string file_;  // the path of a packfile read from disk, named by its errors
  std::vector<Entry> entries_;
  mutable std::once_flag decode_once_;
  mutable Decoded decoded_;
};

// A packfile held in memory: what the writer takes as a model.
class PackfileArchive final : public PackfileListing {
 public:
  PackfileArchive(std::vector<std::uint8_t> bytes, Directory directory);
  std::span<const std::uint8_t> bytes() const { return bytes_; }
  VppLayout layout() const;
  // The compacted zlib stream as stored.
  std::span<const std::uint8_t> compacted_stream() const;
  std::span<const std::uint8_t> tail() const;

 private:
  Result<std::vector<std::uint8_t>> bytes_at(std::uint64_t at, std::uint64_t length) const override;
  std::vector<std::uint8_t> bytes_;
};

// A packfile on disk: the header, directory and names read at open, each entry read where it lies.
class PackfileFile final : public PackfileListing {
 public:
  PackfileFile(std::shared_ptr<const RandomAccessFile> file, Directory directory);

 private:
  Result<std::vector<std::uint8_t>> bytes_at(std::uint64_t at, std::uint64_t length) const override;
  std::shared_ptr<const RandomAccessFile> file_;
};

// Reads the header, directory and names; every count and offset is checked against the file size first.
Result<Directory> read_directory(std::span<const std::uint8_t> bytes);

// The same from the start of a packfile of `file_size` bytes: `index` holds at least its header, directory,
// names and extensions (all of it when the file is shorter).
Result<Directory> read_directory(std::span<const std::uint8_t> index, std::uint64_t file_size);

// How many bytes from the start of a packfile hold its header, directory, names and extensions, as the
// header's sizes say (unchecked: read_directory checks them); the header's own size when `header` is not a
// packfile header we know.
std::uint64_t index_size(std::span<const std::uint8_t> header);

// The largest header of any version: what is read first to learn index_size.
inline constexpr std::size_t kLargestHeader = 2048;

std::uint64_t align_up(std::uint64_t value, std::uint64_t alignment);

}  // namespace bonebridge::archive::vpp
