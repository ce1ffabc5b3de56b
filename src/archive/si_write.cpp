// SPDX-License-Identifier: MIT
// SI writing: streams laid out in buffers the way the engine reads them. Object headers (MxSt, MxOb and the
// MxDa list header) never cross a buffer boundary; a data chunk that would is split into pieces that fill
// each buffer; a gap too small for the next chunk becomes a "pad " chunk (or bare zero bytes when fewer than
// 8 remain, which readers skip); the file ends on a buffer boundary because the engine reads whole buffers
// (isle mxdsfile.cpp MxDSFile::Read fails on a short read).
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "bonebridge/core/narrow.hpp"
#include "bonebridge/io/byte_writer.hpp"
#include "si_format.hpp"

namespace bonebridge::archive {
namespace {

using si::SiArchive;

constexpr std::uint32_t kActionEnabled = 0x20;  // MxDSAction::c_enabled
constexpr std::uint32_t kNoTime = 0xFFFFFFFF;   // libweaver stamps an object's first chunk and end with -1
constexpr std::uint8_t kPadFill = 0xCD;         // what "pad " chunks customarily hold
constexpr std::uint64_t kMinPiece = 2;          // split only when at least this much data fits

struct OutChunk {
  std::uint16_t flags = 0;
  std::uint32_t object = 0, time = 0;
  std::vector<std::uint8_t> data;
};

struct OutStream {
  std::vector<std::uint8_t> record;  // the MxOb body
  std::vector<OutChunk> chunks;
  std::vector<std::size_t> slots;  // MxOf table entries that point at this stream
};

struct OutFile {
  std::vector<std::uint8_t> header;  // the MxHd body
  std::uint32_t buffer_size = 0;
  std::uint32_t offset_count = 0;
  std::vector<std::uint32_t> offsets;
  std::vector<OutStream> streams;
};

[[noreturn]] void fail_si(std::string message) {
  throw FormatError(Error{kSiFormat, std::move(message), {}, {}, {}});
}

class Layout {
 public:
  explicit Layout(const OutFile& file) : file_(file), buffer_(file.buffer_size) {}

  std::vector<std::uint8_t> run() {
    out_.string("RIFF");
    out_.u32(0);
    out_.string("OMNI");
    const std::size_t header_at = begin(si::kMxHd);
    out_.bytes(file_.header);
    end(header_at);
    if (file_.header.size() % 2 != 0) out_.u8(0);
    const std::size_t offsets_at = begin(si::kMxOf);
    out_.u32(file_.offset_count);
    table_at_ = out_.size();
    for (const std::uint32_t offset : file_.offsets) out_.u32(offset);
    end(offsets_at);
    const std::size_t list_at = begin(si::kList);
    out_.u32(si::kMxSt);
    for (const OutStream& stream : file_.streams) write_stream(stream);
    if (out_.size() % buffer_ != 0) fill(room());
    end(list_at);
    end(4);
    if (out_.size() > 0xFFFFFFFF)
      fail_si(fmt::format("the file would take {} bytes; RIFF sizes are 32-bit", out_.size()));
    return std::move(out_).take();
  }

 private:
  std::uint64_t room() const { return buffer_ - out_.size() % buffer_; }

  std::size_t begin(std::uint32_t id) {
    out_.u32(id);
    out_.u32(0);
    return out_.size() - 4;
  }

  void end(std::size_t size_at) {
    out_.patch_u32(size_at, static_cast<std::uint32_t>(out_.size() - size_at - 4));
  }

  void fill(std::uint64_t gap) {
    if (gap < si::kChunkHeaderSize) {
      out_.bytes(std::vector<std::uint8_t>(checked_size(gap, kSiFormat, "a gap"), 0));
      return;
    }
    out_.u32(si::kPad);
    out_.u32(static_cast<std::uint32_t>(gap - si::kChunkHeaderSize));
    out_.bytes(
        std::vector<std::uint8_t>(checked_size(gap - si::kChunkHeaderSize, kSiFormat, "a pad"), kPadFill));
  }

  void write_stream(const OutStream& stream) {
    const std::uint64_t record = stream.record.size() + (stream.record.size() & 1);
    const std::uint64_t head = 2 * si::kChunkHeaderSize + record + si::kChunkHeaderSize + 4;
    if (head > buffer_) {
      fail_si(fmt::format("an object record of {} bytes does not fit in one {}-byte buffer",
                          stream.record.size(), buffer_));
    }
    if (head > room()) fill(room());
    for (const std::size_t slot : stream.slots) {
      out_.patch_u32(table_at_ + 4 * slot, static_cast<std::uint32_t>(out_.size()));
    }
    const std::size_t stream_at = begin(si::kMxSt);
    const std::size_t record_at = begin(si::kMxOb);
    out_.bytes(stream.record);
    end(record_at);
    if (stream.record.size() % 2 != 0) out_.u8(0);
    const std::size_t data_at = begin(si::kList);
    out_.u32(si::kMxDa);
    for (const OutChunk& chunk : stream.chunks) write_chunk(chunk);
    end(data_at);
    end(stream_at);
  }

  // Each piece's length field holds the bytes still to come from it on (the first piece: the whole chunk),
  // as libweaver writes them; the engine sizes its join buffer from the first.
  void write_chunk(const OutChunk& chunk) {
    const std::uint64_t total = chunk.data.size();
    std::uint64_t done = 0;
    std::uint16_t split = 0;
    while (true) {
      const std::uint64_t rest = total - done;
      if (si::kChunkHeaderSize + si::kMxChHeaderSize + rest + (rest & 1) <= room()) {
        return write_piece(chunk, static_cast<std::uint16_t>(chunk.flags | split), done, rest);
      }
      if (room() < si::kChunkHeaderSize + si::kMxChHeaderSize + kMinPiece) {
        fill(room());
        continue;
      }
      const std::uint64_t piece = (room() - si::kChunkHeaderSize - si::kMxChHeaderSize) & ~std::uint64_t{1};
      split = si::kChunkSplit;
      write_piece(chunk, static_cast<std::uint16_t>(chunk.flags | split), done, piece);
      done += piece;
    }
  }

  void write_piece(const OutChunk& chunk, std::uint16_t flags, std::uint64_t from, std::uint64_t size) {
    const std::size_t at = begin(si::kMxCh);
    out_.u16(flags);
    out_.u32(chunk.object);
    out_.u32(chunk.time);
    out_.u32(static_cast<std::uint32_t>(chunk.data.size() - from));
    out_.bytes(std::span(chunk.data)
                   .subspan(checked_size(from, kSiFormat, "a piece's start"),
                            checked_size(size, kSiFormat, "a piece's size")));
    end(at);
    if (size % 2 != 0) out_.u8(0);
  }

  const OutFile& file_;
  std::uint64_t buffer_;
  ByteWriter out_;
  std::size_t table_at_ = 0;
};

// The file is padded to whole buffers, so a huge buffer size would mean a huge file (isle-portable writes
// 64 KiB buffers; the engine's disk streamer singles out buffers under 128 KiB).
constexpr std::uint32_t kMaxBufferSize = 16 << 20;

void check_buffer_size(std::uint32_t buffer_size) {
  if (buffer_size < 64 || buffer_size > kMaxBufferSize || buffer_size % 2 != 0) {
    fail_si(fmt::format("a buffer size of {} cannot be written: it must be even, from 64 to {}", buffer_size,
                        kMaxBufferSize));
  }
}

void check_sizes(const OutFile& file) {
  std::uint64_t total = 0;
  for (const OutStream& stream : file.streams) {
    total += stream.record.size();
    for (const OutChunk& chunk : stream.chunks) total += chunk.data.size();
  }
  if (total > 0xFFFFFFFF)
    fail_si(fmt::format("{} bytes of objects do not fit in an SI (32-bit sizes)", total));
}

std::vector<std::uint8_t> run_layout(const OutFile& file) {
  check_buffer_size(file.buffer_size);
  check_sizes(file);
  return Layout(file).run();
}

bool has_ani_suffix(std::string_view name) {
  return name.size() > 4 && name.substr(name.size() - 4) == ".ani";
}

// An object action as isle-portable's asset builder makes one (assets/main.cpp): enabled, one loop, at the
// origin facing +z with +y up, frames-per-second and palette fields 1. An animation plays until its own end
// (duration -1).
std::vector<std::uint8_t> fresh_record(const EntrySource& entry, std::uint32_t id) {
  const bool animation = has_ani_suffix(entry.name);
  ByteWriter record;
  record.u16(si::kObjectAction);
  record.string(animation ? "LegoAnimPresenter" : "");
  record.u8(0);
  record.u32(0);
  record.string(animation ? std::string_view(entry.name).substr(0, entry.name.size() - 4) : entry.name);
  record.u8(0);
  record.u32(id);
  record.u32(kActionEnabled);
  record.u32(0);
  record.u32(animation ? 0xFFFFFFFF : 0);
  record.u32(1);
  for (const double value : {0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0}) record.f64(value);
  record.u16(0);
  record.string(entry.name);
  record.u8(0);
  for (const std::uint32_t value : {0u, 0u, 1u, si::kMediaObj, 1u, 0u}) record.u32(value);
  return std::move(record).take();
}

OutFile fresh_file(const std::vector<EntrySource>& entries, const SiLayout& layout) {
  OutFile file;
  ByteWriter header;
  header.u32(layout.version);
  header.u32(layout.buffer_size);
  header.u32(layout.buffer_count);
  file.header = std::move(header).take();
  file.buffer_size = layout.buffer_size;
  file.offset_count = static_cast<std::uint32_t>(entries.size());
  file.offsets.assign(entries.size(), 0);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const EntrySource& entry = entries[i];
    if (entry.keep)
      fail_si(fmt::format("entry {} '{}' keeps a model entry, but no model was given", i, entry.name));
    if (entry.name.empty() || entry.name == ".ani" || entry.name.find('\0') != std::string::npos) {
      fail_si(fmt::format("entry {} '{}': an object needs a name without NUL bytes", i, entry.name));
    }
    const auto id = static_cast<std::uint32_t>(i);
    file.streams.push_back(
        {fresh_record(entry, id), {{0, id, kNoTime, entry.bytes}, {si::kChunkEnd, id, kNoTime, {}}}, {i}});
  }
  return file;
}

void check_against_model(const std::vector<EntrySource>& entries, const SiArchive& model) {
  const auto& known = model.entries();
  if (entries.size() != known.size()) {
    fail_si(fmt::format("{} entries given for a model with {}: objects cannot be added or removed",
                        entries.size(), known.size()));
  }
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].name != known[i].name || (entries[i].keep && *entries[i].keep != i)) {
      fail_si(fmt::format("entry {} '{}' is not model entry {} '{}': objects cannot be renamed or reordered",
                          i, entries[i].name, i, known[i].name));
    }
  }
}

bool unchanged(const std::vector<EntrySource>& entries) {
  return std::all_of(entries.begin(), entries.end(), [](const EntrySource& e) { return e.keep.has_value(); });
}

// New data for the chunks of replaced entries, by chunk index.
std::map<std::size_t, const std::vector<std::uint8_t>*> replacements(const std::vector<EntrySource>& entries,
                                                                     const SiArchive& model) {
  std::map<std::size_t, const std::vector<std::uint8_t>*> out;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].keep) continue;
    const si::Object& object = model.object_of(i);
    if (object.data.size() == 1) {
      out[object.data.front()] = &entries[i].bytes;
      continue;
    }
    const auto old = model.read(i);
    if (!old || *old != entries[i].bytes) {
      fail_si(
          fmt::format("entry {} '{}' is object {}'s data in {} chunks (sound, video or a bitmap); only an "
                      "object of one chunk (an animation, a model) can be replaced",
                      i, entries[i].name, object.id, object.data.size()));
    }
  }
  return out;
}

OutFile model_file(const std::vector<EntrySource>& entries, const SiArchive& model) {
  const si::Parsed& parsed = model.parsed();
  if (parsed.irregular) {
    Error error = *parsed.irregular;
    error.message = "the model can only be written back unchanged: " + error.message;
    throw FormatError(error);
  }
  const auto replaced = replacements(entries, model);
  const auto bytes = model.bytes();
  OutFile file{{bytes.begin() + static_cast<std::ptrdiff_t>(parsed.header.offset),
                bytes.begin() + static_cast<std::ptrdiff_t>(parsed.header.offset + parsed.header.size)},
               parsed.buffer_size,
               parsed.offset_count,
               parsed.offsets,
               {}};
  std::vector<bool> placed(parsed.offsets.size(), false);
  for (const si::Stream& stream : parsed.streams) {
    const auto record = bytes.subspan(checked_size(stream.record->offset, kSiFormat, "a stream's offset"),
                                      checked_size(stream.record->size, kSiFormat, "a stream's size"));
    OutStream out{{record.begin(), record.end()}, {}, {}};
    for (const std::size_t index : stream.chunks) {
      const si::DataChunk& chunk = parsed.chunks[index];
      const auto found = replaced.find(index);
      out.chunks.push_back({chunk.flags, chunk.object, chunk.time,
                            found != replaced.end() ? *found->second : model.chunk_data(chunk)});
    }
    for (std::size_t slot = 0; slot < parsed.offsets.size(); ++slot) {
      if (parsed.offsets[slot] != stream.offset) continue;
      out.slots.push_back(slot);
      placed[slot] = true;
    }
    file.streams.push_back(std::move(out));
  }
  for (std::size_t slot = 0; slot < parsed.offsets.size(); ++slot) {
    if (parsed.offsets[slot] != 0 && !placed[slot]) {
      fail_si(fmt::format("MxOf entry {} points to byte {}, where no stream starts: it cannot be moved", slot,
                          parsed.offsets[slot]));
    }
  }
  return file;
}

}  // namespace

Result<std::vector<std::uint8_t>> write_si(const std::vector<EntrySource>& entries, const SiLayout& layout) {
  return capture(kSiFormat, [&] { return run_layout(fresh_file(entries, layout)); });
}

Result<std::vector<std::uint8_t>> write_si(const std::vector<EntrySource>& entries, const Archive& model) {
  const auto* si = dynamic_cast<const SiArchive*>(&model);
  if (si == nullptr) return Error{kSiFormat, "the model archive is not an SI file", {}, {}, {}};
  return capture(kSiFormat, [&] {
    check_against_model(entries, *si);
    if (unchanged(entries)) return std::vector<std::uint8_t>(si->bytes().begin(), si->bytes().end());
    return run_layout(model_file(entries, *si));
  });
}

}  // namespace bonebridge::archive
