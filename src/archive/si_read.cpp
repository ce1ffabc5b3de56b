// SPDX-License-Identifier: MIT
// SI reading: the RIFF chunk tree walked with the engine's buffer rules, object records, and data chunks
// with their split pieces joined. Every size is checked against its container before it is used.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "bonebridge/core/narrow.hpp"
#include "bonebridge/io/byte_reader.hpp"
#include "si_format.hpp"

namespace bonebridge::archive::si {
namespace {

constexpr int kMaxDepth = 8;  // RIFF > LIST MxSt > MxSt > LIST MxDa > MxCh is 4; composites nest in MxOb

std::string fourcc_text(std::uint32_t id) {
  std::string text;
  for (int i = 0; i < 4; ++i) {
    const auto c = static_cast<char>((id >> (8 * i)) & 0xFF);
    text += (c >= 0x20 && c < 0x7F) ? c : '?';
  }
  return text;
}

// Where a chunk sits, which decides what it may hold when the file is laid out again.
enum class Level { kRiff, kStreams, kStream, kData, kOther };

struct Header {
  std::uint32_t id = 0;
  std::uint64_t offset = 0, size = 0, body = 0, end = 0;
};

class Parser {
 public:
  Parser(std::span<const std::uint8_t> bytes, const Loader& load) : bytes_(bytes), load_(load) {}

  Parsed run() {
    load(0, 12);
    ByteReader reader(bytes_, kSiFormat);
    if (reader.string(4, "RIFF id") != "RIFF") reader.fail_at(0, "expected \"RIFF\"");
    const std::uint64_t size = reader.u32("RIFF size");
    if (reader.u32("RIFF type") != kOmni) reader.fail_at(8, "expected RIFF type \"OMNI\"");
    if (8 + size > bytes_.size()) {
      reader.fail_at(4, fmt::format("the RIFF chunk declares {} bytes, past the end of the file ({} bytes)",
                                    size, bytes_.size()));
    }
    walk(12, 8 + size, Level::kRiff, 1);
    if (!have_header_) reader.fail_at(12, "the RIFF \"OMNI\" holds no MxHd header chunk");
    if (join_) {
      const DataChunk& open = out_.chunks[*join_];
      damage(open.owner, open.offset,
             fmt::format("the split chunk at byte {} lacks {} of its {} bytes at the end of the file",
                         open.offset, open.length - open.size, open.length));
    }
    if (!have_offsets_ || !have_streams_) irregular(12, "the RIFF lacks its MxOf table or LIST \"MxSt\"");
    return std::move(out_);
  }

 private:
  [[noreturn]] void fail(std::uint64_t offset, std::string message) const {
    throw FormatError(Error{kSiFormat, std::move(message), offset, {}, {}});
  }

  void irregular(std::uint64_t offset, std::string message) {
    if (!out_.irregular) out_.irregular = Error{kSiFormat, std::move(message), offset, {}, {}};
  }

  void damage(std::optional<std::size_t> owner, std::uint64_t offset, std::string message) {
    if (owner && !out_.objects[*owner].damage) {
      out_.objects[*owner].damage = Error{kSiFormat, message, offset, {}, {}};
    }
    irregular(offset, "a data stream is damaged: " + message);
  }

  // Children of a container, each starting where the last ended (plus the RIFF pad byte after an odd
  // size). As in the engine and libweaver, fewer than 8 bytes left in a buffer are skipped: no chunk header
  // straddles a buffer boundary.
  void walk(std::uint64_t begin, std::uint64_t end, Level level, int depth) {
    if (depth > kMaxDepth) fail(begin, fmt::format("chunks nest deeper than {} levels", kMaxDepth));
    const std::uint64_t buffer = out_.buffer_size;
    std::uint64_t at = begin;
    while (at + kChunkHeaderSize <= end) {
      if (buffer > 0 && at % buffer + kChunkHeaderSize > buffer) {
        at += buffer - at % buffer;
        continue;
      }
      const Header header = read_header(at, end);
      visit(header, level, depth);
      at = header.end + (header.size & 1);
    }
  }

  Header read_header(std::uint64_t at, std::uint64_t end) const {
    load(at, kChunkHeaderSize);
    ByteReader reader(first(end), kSiFormat);
    reader.seek(at, "chunk");
    Header header;
    header.id = reader.u32("chunk id");
    header.size = reader.u32("chunk size");
    header.offset = at;
    header.body = at + kChunkHeaderSize;
    header.end = header.body + header.size;
    if (header.end > end) {
      fail(at + 4, fmt::format("chunk \"{}\" at byte {} declares {} bytes, but its container ends at byte {} "
                               "({} bytes left)",
                               fourcc_text(header.id), at, header.size, end, end - header.body));
    }
    return header;
  }

  void visit(const Header& header, Level level, int depth) {
    switch (header.id) {
      case kMxHd:
        return read_mxhd(header, level);
      case kMxOf:
        return read_mxof(header, level);
      case kList:
        return read_list(header, level, depth);
      case kMxSt:
        return read_stream(header, level, depth);
      case kMxOb:
        return read_object_chunk(header, level);
      case kMxCh:
        return read_data_chunk(header, level);
      case kPad:
        return;
      default:
        irregular(header.offset, fmt::format("unexpected chunk \"{}\"", fourcc_text(header.id)));
    }
  }

  void read_mxhd(const Header& header, Level level) {
    if (level != Level::kRiff || have_header_) {
      return irregular(header.offset, "an MxHd chunk outside the RIFF header, or a second one");
    }
    load(header.body, 12);
    ByteReader reader(first(header.end), kSiFormat);
    reader.seek(header.body, "MxHd");
    out_.version = reader.u32("MxHd version");
    out_.buffer_size = reader.u32("MxHd buffer size");
    out_.buffer_count = reader.u32("MxHd buffer count");
    if (out_.version != kSiVersion22 && out_.version != kSiVersion21) {
      fail(header.body, fmt::format("expected version 2.2 (0x00020002) or 2.1 (0x00010002), found 0x{:08X}",
                                    out_.version));
    }
    out_.header = {header.body, header.size};
    have_header_ = true;
  }

  void read_mxof(const Header& header, Level level) {
    if (level != Level::kRiff || have_offsets_) {
      return irregular(header.offset, "an MxOf chunk outside the RIFF header, or a second one");
    }
    load(header.body, header.size);
    ByteReader reader(first(header.end), kSiFormat);
    reader.seek(header.body, "MxOf");
    out_.offset_count = reader.u32("MxOf count");
    // The table fills the chunk; the count field is not always its length (libweaver reads it this way).
    if (reader.remaining() % 4 != 0) irregular(header.offset, "the MxOf table is not a whole number of u32");
    out_.offsets.reserve(reader.remaining() / 4);
    while (reader.remaining() >= 4) out_.offsets.push_back(reader.u32("MxOf offset"));
    have_offsets_ = true;
  }

  void read_list(const Header& header, Level level, int depth) {
    if (header.size < 4) fail(header.offset + 4, "a LIST chunk of fewer than 4 bytes has no list type");
    const std::uint32_t type = read_u32(header.body);
    Level inner = Level::kOther;
    if (level == Level::kRiff && type == kMxSt && !have_streams_) {
      inner = Level::kStreams;
      have_streams_ = true;
    } else if (level == Level::kStream && type == kMxDa && stream_ && !in_data_) {
      inner = Level::kData;
      in_data_ = true;
      if (!out_.streams[*stream_].record) irregular(header.offset, "an MxDa list before its object record");
    } else {
      irregular(header.offset, fmt::format("unexpected LIST \"{}\"", fourcc_text(type)));
    }
    walk(header.body + 4, header.end, inner, depth + 1);
  }

  void read_stream(const Header& header, Level level, int depth) {
    if (level != Level::kStreams) {
      irregular(header.offset, "an MxSt chunk outside the LIST \"MxSt\"");
      return walk(header.body, header.end, Level::kOther, depth + 1);
    }
    stream_ = out_.streams.size();
    in_data_ = false;
    out_.streams.push_back({header.offset, std::nullopt, {}});
    walk(header.body, header.end, Level::kStream, depth + 1);
    if (!out_.streams[*stream_].record) irregular(header.offset, "an MxSt chunk without an object record");
    stream_.reset();
  }

  std::uint32_t read_u32(std::uint64_t at) const {
    load(at, 4);
    ByteReader reader(bytes_, kSiFormat);
    reader.seek(at, "field");
    return reader.u32("field");
  }

  void read_object_chunk(const Header& header, Level level) {
    if (level == Level::kStream && !out_.streams[*stream_].record) {
      out_.streams[*stream_].record = Span{header.body, header.size};
    } else {
      irregular(header.offset, "an MxOb chunk that is not the first record of an MxSt");
    }
    load(header.body, header.size);  // the record, its strings and its children's records
    ByteReader reader(first(header.end), kSiFormat);
    reader.seek(header.body, "MxOb");
    read_record(reader, header.offset, 1);
  }

  std::string cstring(ByteReader& reader, std::string_view what) const {
    const auto rest = bytes_.subspan(reader.offset(), reader.remaining());
    const auto nul = std::find(rest.begin(), rest.end(), std::uint8_t{0});
    if (nul == rest.end()) {
      reader.fail(fmt::format("unterminated {}: no NUL before byte {}", what, reader.size()));
    }
    std::string text = reader.string(static_cast<std::size_t>(nul - rest.begin()), what);
    reader.u8(what);
    return text;
  }

  // One MxOb body: MxDSObject, then MxDSAction, then the media or composite part its type calls for
  // (isle mxdsobject.cpp, mxdsaction.cpp, mxdsmediaaction.cpp, mxdssound.cpp, mxdsmultiaction.cpp,
  // mxdsselectaction.cpp).
  void read_record(ByteReader& reader, std::uint64_t chunk_at, int depth) {
    if (depth > kMaxDepth) reader.fail(fmt::format("composites nest deeper than {} levels", kMaxDepth));
    Object object;
    object.offset = chunk_at;
    object.type = reader.u16("object type");
    if (object.type > kObjectAction) {
      reader.fail_at(reader.offset() - 2,
                     fmt::format("expected an object type from 0 to 11, found {}", object.type));
    }
    object.presenter = cstring(reader, "presenter name");
    reader.u32("object field 0x14");
    object.name = cstring(reader, "object name");
    object.id = reader.u32("object id");
    if (object.type != kObject) {
      reader.bytes(4 * 4 + 9 * 8, "action fields");  // flags, start, duration, loops; three double vectors
      reader.bytes(reader.u16("extra length"), "extra data");
    }
    const bool media = object.type == kMediaAction || object.type == kAnim || object.type == kSound ||
                       object.type == kEvent || object.type == kStill || object.type == kObjectAction;
    if (media) {
      cstring(reader, "media source path");
      reader.bytes(4 * 3, "media fields");  // two unknown u32, frames per second
      object.media_format = reader.u32("media format");
      reader.bytes(4 * 2, "media fields");  // palette management, sustain time
      if (object.type == kSound) reader.u32("volume");
    }
    const std::uint16_t type = object.type;
    latest_[object.id] = out_.objects.size();
    out_.objects.push_back(std::move(object));
    const bool composite =
        type == kMultiAction || type == kSerialAction || type == kParallelAction || type == kSelectAction;
    if (composite && reader.remaining() >= 12) read_children(reader, type, depth);
  }

  // A composite's LIST "MxCh": [2.1: an unknown u32], a select action's variable and choices, the child
  // count, then one MxOb chunk per child.
  void read_children(ByteReader& reader, std::uint16_t type, int depth) {
    const std::uint64_t list_at = reader.offset();
    if (reader.u32("child list id") != kList) reader.fail_at(list_at, "expected a LIST of child objects");
    const std::uint64_t list_end = list_at + 8 + reader.u32("child list size");
    if (list_end > reader.size()) {
      reader.fail_at(list_at + 4, fmt::format("the child list ends at byte {}, past its object (byte {})",
                                              list_end, reader.size()));
    }
    if (reader.u32("child list type") != kMxCh) reader.fail_at(list_at + 8, "expected list type \"MxCh\"");
    if (out_.version == kSiVersion21) reader.u32("version 2.1 list field");
    std::uint64_t count = 0;
    if (type == kSelectAction) {
      cstring(reader, "select variable");
      count = reader.count(reader.u32("choice count"), 2, "choice count");
      for (std::uint64_t i = 0; i < count; ++i) cstring(reader, "choice");
    } else {
      count = reader.count(reader.u32("child count"), 8, "child count");
    }
    for (std::uint64_t i = 0; i < count; ++i) read_child(reader, list_end, depth);
  }

  void read_child(ByteReader& reader, std::uint64_t list_end, int depth) {
    const std::uint64_t at = reader.offset();
    if (reader.u32("child id") != kMxOb) reader.fail_at(at, "expected a child \"MxOb\" chunk");
    const std::uint64_t size = reader.u32("child size");
    if (at + 8 + size > list_end) {
      reader.fail_at(at + 4,
                     fmt::format("child object at byte {} declares {} bytes, past the end of its list "
                                 "(byte {})",
                                 at, size, list_end));
    }
    ByteReader child(first(at + 8 + size), kSiFormat);
    child.seek(at + 8, "child object");
    read_record(child, at, depth + 1);
    reader.seek(std::min<std::uint64_t>(at + 8 + size + (size & 1), list_end), "next child");
  }

  void read_data_chunk(const Header& header, Level level) {
    if (header.size < kMxChHeaderSize) {
      fail(header.offset + 4, fmt::format("MxCh at byte {} holds {} bytes, fewer than its 14-byte header",
                                          header.offset, header.size));
    }
    if (level != Level::kData) irregular(header.offset, "an MxCh chunk outside an MxDa list");
    load(header.body, kMxChHeaderSize);
    ByteReader reader(first(header.end), kSiFormat);
    reader.seek(header.body, "MxCh");
    DataChunk chunk;
    const std::uint16_t flags = reader.u16("chunk flags");
    chunk.flags = flags & static_cast<std::uint16_t>(~kChunkSplit);
    chunk.object = reader.u32("chunk object");
    chunk.time = reader.u32("chunk time");
    chunk.length = reader.u32("chunk length");
    chunk.offset = header.offset;
    const Span piece{header.body + kMxChHeaderSize, header.size - kMxChHeaderSize};
    if (join_ && continue_split(flags, chunk.object, piece, header.offset)) return;
    const auto owner = latest_.find(chunk.object);
    if (owner != latest_.end()) chunk.owner = owner->second;
    chunk.pieces.push_back(piece);
    chunk.size = piece.size;
    check_length(chunk, (flags & kChunkSplit) != 0);
    add_chunk(std::move(chunk), level);
  }

  // A split chunk's later pieces are the very next chunks in the file (the engine appends whatever chunk
  // comes next, mxdsbuffer.cpp); each carries the split flag and its object's id (as libweaver writes them).
  bool continue_split(std::uint16_t flags, std::uint32_t object, const Span& piece, std::uint64_t at) {
    DataChunk& open = out_.chunks[*join_];
    const std::uint64_t missing = open.length - open.size;
    if ((flags & kChunkSplit) == 0 || object != open.object) {
      damage(open.owner, at,
             fmt::format("the split chunk at byte {} lacks {} of its {} bytes, but the next chunk (byte {}) "
                         "is not its continuation",
                         open.offset, missing, open.length, at));
      join_.reset();
      return false;
    }
    if (piece.size > missing) {
      damage(open.owner, at,
             fmt::format("the piece at byte {} holds {} bytes, but the split chunk at byte {} lacks only {}",
                         at, piece.size, open.offset, missing));
      join_.reset();
      return true;
    }
    open.pieces.push_back(piece);
    open.size += piece.size;
    if (open.size == open.length) join_.reset();
    return true;
  }

  void check_length(const DataChunk& chunk, bool split) {
    if (split && chunk.size > chunk.length) {
      damage(chunk.owner, chunk.offset,
             fmt::format("the split chunk at byte {} declares {} bytes in all, but its first piece holds {}",
                         chunk.offset, chunk.length, chunk.size));
    } else if (split && chunk.size < chunk.length) {
      join_ = out_.chunks.size();
    } else if (!split && (chunk.flags & kChunkEnd) == 0 && chunk.size != chunk.length) {
      damage(chunk.owner, chunk.offset,
             fmt::format("the chunk at byte {} declares {} data bytes but holds {}", chunk.offset,
                         chunk.length, chunk.size));
    }
  }

  void add_chunk(DataChunk chunk, Level level) {
    const std::size_t index = out_.chunks.size();
    if (level == Level::kData) out_.streams[*stream_].chunks.push_back(index);
    if (chunk.owner && (chunk.flags & kChunkEnd) == 0) out_.objects[*chunk.owner].data.push_back(index);
    if (!chunk.owner)
      irregular(chunk.offset, fmt::format("a chunk of object {}, defined nowhere before it", chunk.object));
    out_.chunks.push_back(std::move(chunk));
  }

  // The file up to byte `end`, an end the caller checked against the file (so it fits a 32-bit size_t too).
  std::span<const std::uint8_t> first(std::uint64_t end) const {
    return bytes_.first(checked_size(end, kSiFormat, "a chunk's end"));
  }

  // Makes the bytes about to be read present (a file's mirror is filled where the walk reads); none for bytes
  // held whole.
  void load(std::uint64_t at, std::uint64_t length) const {
    if (load_) load_(at, length);
  }

  std::span<const std::uint8_t> bytes_;
  const Loader& load_;
  Parsed out_;
  std::map<std::uint32_t, std::size_t> latest_;  // object id -> the last object record with that id
  std::optional<std::size_t> stream_;            // the MxSt being walked
  std::optional<std::size_t> join_;              // a split chunk awaiting its next piece
  bool in_data_ = false, have_header_ = false, have_offsets_ = false, have_streams_ = false;
};

}  // namespace

Result<Parsed> parse(std::span<const std::uint8_t> bytes) {
  return parse(bytes, {});
}

Result<Parsed> parse(std::span<const std::uint8_t> bytes, const Loader& load) {
  return capture(kSiFormat, [&] { return Parser(bytes, load).run(); });
}

}  // namespace bonebridge::archive::si
