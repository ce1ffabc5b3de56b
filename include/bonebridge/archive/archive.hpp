// SPDX-License-Identifier: MIT
#pragma once
// One interface for every container the games keep their files in (LBA HQR, Volition .vpp_pc/.str2_pc,
// Sith GOB/GOO, LEGO Island SI). Each container is one `ArchiveKind` row (like a format family's row) whose
// `open` gives an `Archive`: a listing plus entry reads. Writing takes the entries anew and, optionally, the
// archive they came from, so that an unmodified archive is written back byte for byte and a replaced entry
// leaves every other entry's stored bytes as they were.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/io/error.hpp"
#include "bonebridge/io/random_access.hpp"

namespace bonebridge::archive {

struct Entry {
  std::string name;          // as stored ("anims/walk.anim_pc"); numbered containers (HQR) use the index
  std::uint64_t size = 0;    // bytes once decoded
  std::uint64_t stored = 0;  // bytes inside the archive
  std::string compression;   // "none", "zlib", "lzss", ... as the container names it
};

// An opened archive. It owns (or shares) the bytes it was opened from; reads never allocate more than an
// entry's declared size, and a damaged entry fails alone, naming the entry and the byte offset.
class Archive {
 public:
  virtual ~Archive() = default;
  virtual const std::vector<Entry>& entries() const = 0;
  virtual Result<std::vector<std::uint8_t>> read(std::size_t index) const = 0;
  // The stored (possibly compressed) bytes of an entry, as they sit in the archive; writers reuse them for
  // unchanged entries.
  virtual Result<std::vector<std::uint8_t>> read_stored(std::size_t index) const = 0;
};

// One entry of an archive to write: new bytes, or entry `keep` of the model archive unchanged.
struct EntrySource {
  std::string name;
  std::vector<std::uint8_t> bytes;  // decoded bytes (ignored when `keep` is set)
  std::optional<std::size_t> keep;  // index into the model archive
};

struct ArchiveKind {
  std::string id;                       // "vpp"
  std::string title;                    // "Volition packfile (.vpp_pc/.str2_pc)"
  std::vector<std::string> extensions;  // lower case, with the dot
  std::string support;                  // what is read/written and how sure we are (printed by `formats`)
  std::function<bool(std::span<const std::uint8_t>)> sniff;
  std::function<Result<std::unique_ptr<Archive>>(std::vector<std::uint8_t> bytes)> open;
  // Writes `entries` in this container's layout. With a `model` (an archive of this kind), its header
  // settings (version, flags, alignment, compression) are kept and `keep` entries reuse their stored bytes.
  // Empty when the container cannot be written.
  std::function<Result<std::vector<std::uint8_t>>(const std::vector<EntrySource>& entries,
                                                  const Archive* model)>
      write;
  // Opens an archive that is a file on disk reading only its index; entries are then read where they lie,
  // through `file`. Empty when the container is read from memory only (open takes the whole file).
  std::function<Result<std::unique_ptr<Archive>>(std::shared_ptr<const RandomAccessFile> file)> open_file;
  // Whether `bytes`, a file of this kind, hold entries of their own. Empty when every file of the kind does.
  // Set for a kind whose files may also be a lone file: a WDB part file (one global part, no worlds: what
  // WORLD.WDB's <part>.wdb entries are) opened as an archive would list itself as its only entry, which
  // would list itself again. Where this says no, the file is a file, never an archive
  // (services/addressing.hpp open_if_archive), and `lone_file` says what it is ("a part").
  // (Initialised here so that the rows of kinds whose every file holds entries leave them out.)
  std::function<bool(std::span<const std::uint8_t> bytes)> holds_entries = nullptr;
  std::string lone_file = {};
};

}  // namespace bonebridge::archive
