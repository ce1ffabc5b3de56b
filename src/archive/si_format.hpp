// SPDX-License-Identifier: MIT
#pragma once
// The SI layout shared by the reader and the writer: chunk ids, the parsed structure of an opened file, and
// the archive over it. Sources are listed in include/bonebridge/archive/si.hpp.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/archive/si.hpp"

namespace bonebridge::archive::si {

constexpr std::uint32_t fourcc(const char (&text)[5]) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(text[0])) |
         static_cast<std::uint32_t>(static_cast<unsigned char>(text[1])) << 8 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(text[2])) << 16 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(text[3])) << 24;
}

inline constexpr std::uint32_t kRiff = fourcc("RIFF");
inline constexpr std::uint32_t kOmni = fourcc("OMNI");
inline constexpr std::uint32_t kList = fourcc("LIST");
inline constexpr std::uint32_t kMxHd = fourcc("MxHd");
inline constexpr std::uint32_t kMxOf = fourcc("MxOf");
inline constexpr std::uint32_t kMxSt = fourcc("MxSt");
inline constexpr std::uint32_t kMxOb = fourcc("MxOb");
inline constexpr std::uint32_t kMxDa = fourcc("MxDa");
inline constexpr std::uint32_t kMxCh = fourcc("MxCh");
inline constexpr std::uint32_t kPad = fourcc("pad ");
inline constexpr std::uint32_t kMediaObj = fourcc(" OBJ");

inline constexpr std::uint16_t kChunkEnd = 0x02;    // end of the object's stream; carries no data
inline constexpr std::uint16_t kChunkSplit = 0x10;  // one piece of a chunk cut at a buffer boundary
inline constexpr std::uint64_t kChunkHeaderSize = 8;
inline constexpr std::uint64_t kMxChHeaderSize = 14;  // u16 flags, u32 object, u32 time, u32 length

// MxDSObject types (isle LEGO1/omni/include/mxdsobject.h).
enum ObjectType : std::uint16_t {
  kObject = 0,
  kAction = 1,
  kMediaAction = 2,
  kAnim = 3,
  kSound = 4,
  kMultiAction = 5,
  kSerialAction = 6,
  kParallelAction = 7,
  kEvent = 8,
  kSelectAction = 9,
  kStill = 10,
  kObjectAction = 11,
};

struct Span {
  std::uint64_t offset = 0, size = 0;
};

// One MxOb record (top-level or nested in a composite).
struct Object {
  std::uint16_t type = 0;
  std::string presenter;
  std::string name;
  std::uint32_t id = 0;
  std::optional<std::uint32_t> media_format;  // media actions only
  std::uint64_t offset = 0;                   // of its MxOb chunk
  std::vector<std::size_t> data;              // its data chunks (indices into Parsed::chunks), end chunks not
  std::optional<Error> damage;                // why its data cannot be read
};

// A data chunk as the engine sees it, its split pieces joined.
struct DataChunk {
  std::uint16_t flags = 0;  // as stored, without the split flag
  std::uint32_t object = 0;
  std::uint32_t time = 0;
  std::uint32_t length = 0;  // the declared data length (of all pieces)
  std::uint64_t offset = 0;  // of its first MxCh
  std::vector<Span> pieces;
  std::uint64_t size = 0;            // bytes in its pieces
  std::optional<std::size_t> owner;  // the object it belongs to (the last MxOb with its id before it)
};

// One MxSt: an object record and the data chunks that follow it in its MxDa list.
struct Stream {
  std::uint64_t offset = 0;  // of the MxSt chunk
  std::optional<Span> record;
  std::vector<std::size_t> chunks;  // in file order, end chunks included
};

struct Parsed {
  std::uint32_t version = 0, buffer_size = 0, buffer_count = 0;
  Span header;  // the MxHd body
  std::uint32_t offset_count = 0;
  std::vector<std::uint32_t> offsets;  // the MxOf table
  std::vector<Object> objects;         // in file order, parents before their children
  std::vector<DataChunk> chunks;
  std::vector<Stream> streams;
  // Why the file cannot be laid out again (chunks outside the MxSt/MxOb/MxDa arrangement, a damaged
  // stream...); nullopt when it can.
  std::optional<Error> irregular;
};

// Parses the whole structure; fails on anything that leaves the chunk tree unreadable. Damage confined to
// one object's data is recorded on that object instead.
Result<Parsed> parse(std::span<const std::uint8_t> bytes);

// Called before the walk reads bytes [at, at + length) (cut at the end of the file): the chunk headers, the
// object records, the data chunks' 14-byte headers; never the data between them. It may throw a FormatError.
using Loader = std::function<void(std::uint64_t at, std::uint64_t length)>;

// The walk over `mirror`, a buffer of the file's size that holds the file's bytes wherever `load` was asked
// for them (see open_si_file).
Result<Parsed> parse(std::span<const std::uint8_t> mirror, const Loader& load);

// LegoAnimPresenter and its subclasses, which all read their one data chunk as a LegoAnim.
bool is_animation(const Object& object);

// An opened SI file's listing and entry reads; where the bytes come from (memory, or the file on disk read
// where each piece lies) is the subclass's.
class SiListing : public Archive {
 public:
  SiListing(Parsed parsed, std::string file);
  const std::vector<Entry>& entries() const override { return entries_; }
  Result<std::vector<std::uint8_t>> read(std::size_t index) const override;
  Result<std::vector<std::uint8_t>> read_stored(std::size_t index) const override { return read(index); }

  const Parsed& parsed() const { return parsed_; }
  const Object& object_of(std::size_t entry) const { return parsed_.objects[entry_objects_[entry]]; }

 protected:
  // The bytes of one piece of a data chunk, which the parse found inside the file.
  virtual Result<std::vector<std::uint8_t>> piece_bytes(const Span& piece) const = 0;

 private:
  Parsed parsed_;
  std::string file_;  // the path of an SI read from disk, named by its errors
  std::vector<Entry> entries_;
  std::vector<std::size_t> entry_objects_;
};

// An SI held in memory: what the writer takes as a model.
class SiArchive final : public SiListing {
 public:
  SiArchive(std::vector<std::uint8_t> bytes, Parsed parsed);
  std::span<const std::uint8_t> bytes() const { return bytes_; }
  std::vector<std::uint8_t> chunk_data(const DataChunk& chunk) const;

 private:
  Result<std::vector<std::uint8_t>> piece_bytes(const Span& piece) const override;
  std::vector<std::uint8_t> bytes_;
};

// An SI on disk: its chunk tree walked at open (see open_si_file), each piece read where it lies.
class SiFile final : public SiListing {
 public:
  SiFile(std::shared_ptr<const RandomAccessFile> file, Parsed parsed);

 private:
  Result<std::vector<std::uint8_t>> piece_bytes(const Span& piece) const override;
  std::shared_ptr<const RandomAccessFile> file_;
};

}  // namespace bonebridge::archive::si
