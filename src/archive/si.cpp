// SPDX-License-Identifier: MIT
// The SI kind: sniffing, opening, entry names, and reading an entry's joined data chunks.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <new>

#include "bonebridge/core/narrow.hpp"
#include "si_format.hpp"

namespace bonebridge::archive {
namespace si {
namespace {

// "<name>.ani" for animations, the object name otherwise; see si.hpp for how clashes are resolved.
std::vector<std::string> entry_names(const Parsed& parsed, const std::vector<std::size_t>& objects) {
  const auto name_of = [&](std::size_t object, std::string_view tag) {
    const Object& o = parsed.objects[object];
    return o.name + std::string(tag) + (is_animation(o) ? ".ani" : "");
  };
  std::vector<std::string> names;
  std::map<std::string, int> uses;
  for (const std::size_t object : objects) ++uses[name_of(object, "")];
  for (const std::size_t object : objects) {
    const std::string plain = name_of(object, "");
    const bool clash = uses[plain] > 1 || parsed.objects[object].name.empty();
    names.push_back(clash ? name_of(object, fmt::format("#{}", parsed.objects[object].id)) : plain);
  }
  std::map<std::string, int> tagged;
  for (const std::string& name : names) ++tagged[name];
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (tagged[names[i]] > 1) {
      names[i] = name_of(objects[i], fmt::format("#{}~{}", parsed.objects[objects[i]].id, i));
    }
  }
  return names;
}

}  // namespace

bool is_animation(const Object& object) {
  static constexpr std::array<std::string_view, 5> kPresenters{
      "LegoAnimPresenter", "LegoLoopingAnimPresenter", "LegoLocomotionAnimPresenter", "LegoHideAnimPresenter",
      "LegoCarBuildAnimPresenter"};
  return object.media_format == kMediaObj &&
         std::find(kPresenters.begin(), kPresenters.end(), object.presenter) != kPresenters.end();
}

SiListing::SiListing(Parsed parsed, std::string file) : parsed_(std::move(parsed)), file_(std::move(file)) {
  for (std::size_t i = 0; i < parsed_.objects.size(); ++i) {
    if (!parsed_.objects[i].data.empty()) entry_objects_.push_back(i);
  }
  const auto names = entry_names(parsed_, entry_objects_);
  for (std::size_t i = 0; i < entry_objects_.size(); ++i) {
    std::uint64_t size = 0;
    for (const std::size_t chunk : parsed_.objects[entry_objects_[i]].data)
      size += parsed_.chunks[chunk].size;
    entries_.push_back({names[i], size, size, "none"});
  }
}

Result<std::vector<std::uint8_t>> SiListing::read(std::size_t index) const {
  if (index >= entries_.size()) {
    return Error{
        kSiFormat, fmt::format("no entry {}: the archive holds {}", index, entries_.size()), {}, {}, file_};
  }
  const Object& object = object_of(index);
  if (object.damage) {
    Error error = *object.damage;
    error.message =
        fmt::format("entry {} '{}' (object {}): {}", index, entries_[index].name, object.id, error.message);
    error.file = file_;
    return error;
  }
  const auto size = to_size(entries_[index].size, kSiFormat, fmt::format("entry {}'s size", index));
  if (!size) return size.error();
  std::vector<std::uint8_t> data;
  data.reserve(*size);
  for (const std::size_t chunk : object.data) {
    for (const Span& piece : parsed_.chunks[chunk].pieces) {
      auto bytes = piece_bytes(piece);
      if (!bytes) return bytes.error();
      data.insert(data.end(), bytes->begin(), bytes->end());
    }
  }
  return data;
}

SiArchive::SiArchive(std::vector<std::uint8_t> bytes, Parsed parsed)
    : SiListing(std::move(parsed), {}), bytes_(std::move(bytes)) {}

std::vector<std::uint8_t> SiArchive::chunk_data(const DataChunk& chunk) const {
  std::vector<std::uint8_t> data;
  // The pieces lie in the file's bytes, so their total fits a size_t; the reservation is only a hint.
  if (fits_size(chunk.size)) data.reserve(static_cast<std::size_t>(chunk.size));
  for (const Span& piece : chunk.pieces) {
    const auto begin = bytes_.begin() + static_cast<std::ptrdiff_t>(piece.offset);
    data.insert(data.end(), begin, begin + static_cast<std::ptrdiff_t>(piece.size));
  }
  return data;
}

Result<std::vector<std::uint8_t>> SiArchive::piece_bytes(const Span& piece) const {
  // The parse found the piece inside the file held, so both fit a size_t.
  const auto begin = bytes_.begin() + static_cast<std::ptrdiff_t>(piece.offset);
  return std::vector<std::uint8_t>(begin, begin + static_cast<std::ptrdiff_t>(piece.size));
}

SiFile::SiFile(std::shared_ptr<const RandomAccessFile> file, Parsed parsed)
    : SiListing(std::move(parsed), file->name()), file_(std::move(file)) {}

Result<std::vector<std::uint8_t>> SiFile::piece_bytes(const Span& piece) const {
  auto bytes = file_->read(piece.offset, piece.size);
  if (!bytes) {
    // The file changed since it was opened (cut short, replaced) or cannot be read any more.
    return Error{
        kSiFormat,
        fmt::format("reading {} bytes at byte {}: {}", piece.size, piece.offset, bytes.error().message),
        piece.offset,
        {},
        file_->name()};
  }
  return bytes;
}

}  // namespace si

namespace {

bool sniff_si(std::span<const std::uint8_t> bytes) {
  static constexpr std::array<std::uint8_t, 4> kRiffId{'R', 'I', 'F', 'F'};
  static constexpr std::array<std::uint8_t, 4> kOmniType{'O', 'M', 'N', 'I'};
  return bytes.size() >= 12 && std::equal(kRiffId.begin(), kRiffId.end(), bytes.begin()) &&
         std::equal(kOmniType.begin(), kOmniType.end(), bytes.begin() + 8);
}

Result<std::unique_ptr<Archive>> open_si(std::vector<std::uint8_t> bytes) {
  auto parsed = si::parse(bytes);
  if (!parsed) return parsed.error();
  return std::unique_ptr<Archive>(std::make_unique<si::SiArchive>(std::move(bytes), std::move(*parsed)));
}

// The chunk tree of an SI on disk, walked without reading the file whole. An entry's data chunks are
// interleaved with other objects' across the file (split at buffer boundaries, padded), so listing the
// entries means visiting every chunk header; the walk reads only the headers, the object records and the
// data chunks' 14-byte headers, never the data between them. It walks a mirror of the file's size that is
// allocated but not touched (the system gives it pages only where bytes are written) and filled, 4 KiB block
// by block, where the walk is about to read: a 200 MB file of 64 KiB buffers costs one block a buffer. The
// mirror is dropped after the walk: what stays is the parse, with each piece's place in the file.
class FileMirror {
 public:
  static constexpr std::uint64_t kBlock = 4096;

  explicit FileMirror(const RandomAccessFile& file)
      : file_(file),
        size_(static_cast<std::size_t>(file.size())),
        bytes_(new std::uint8_t[size_]),  // left uninitialised: untouched pages cost no memory
        loaded_((size_ + kBlock - 1) / kBlock, false) {}

  std::span<const std::uint8_t> bytes() const { return {bytes_.get(), size_}; }

  // Fills the blocks over [at, at + length) that are not yet filled, each run of them with one read.
  void load(std::uint64_t at, std::uint64_t length) {
    if (at >= size_ || length == 0) return;
    const std::uint64_t end = std::min<std::uint64_t>(size_, at + std::min<std::uint64_t>(length, size_));
    std::uint64_t block = at / kBlock;
    while (block * kBlock < end) {
      if (loaded_[static_cast<std::size_t>(block)]) {
        ++block;
        continue;
      }
      std::uint64_t last = block;
      while ((last + 1) * kBlock < end && !loaded_[static_cast<std::size_t>(last + 1)]) ++last;
      fill(block, last);
      block = last + 1;
    }
  }

 private:
  void fill(std::uint64_t first, std::uint64_t last) {
    const std::uint64_t from = first * kBlock;
    const std::uint64_t count = std::min<std::uint64_t>((last + 1) * kBlock, size_) - from;
    auto read = file_.read(from, count);
    if (!read) {
      throw FormatError(
          Error{kSiFormat,
                fmt::format("cannot read {} bytes at byte {}: the file ends or changed", count, from),
                from,
                {},
                file_.name()});
    }
    std::copy(read->begin(), read->end(), bytes_.get() + static_cast<std::size_t>(from));
    for (std::uint64_t block = first; block <= last; ++block) loaded_[static_cast<std::size_t>(block)] = true;
  }

  const RandomAccessFile& file_;
  std::size_t size_;
  std::unique_ptr<std::uint8_t[]> bytes_;
  std::vector<bool> loaded_;
};

Result<si::Parsed> parse_file(const RandomAccessFile& file) {
  const std::uint64_t size = file.size();
  // The RIFF size field is 32-bit: a larger file is no SI, and its size need not fit a 32-bit size_t.
  if (size > 0xFFFFFFFFu + std::uint64_t{8} || !fits_size(size)) {
    return Error{kSiFormat, fmt::format("{} bytes is more than a RIFF file holds", size), 4, {}, file.name()};
  }
  try {
    FileMirror mirror(file);
    return si::parse(mirror.bytes(),
                     [&](std::uint64_t at, std::uint64_t length) { mirror.load(at, length); });
  } catch (const std::bad_alloc&) {
    return Error{
        kSiFormat, fmt::format("no room for the walk's mirror of {} bytes", size), {}, {}, file.name()};
  }
}

Result<std::unique_ptr<Archive>> open_si_file(std::shared_ptr<const RandomAccessFile> file) {
  auto parsed = parse_file(*file);
  if (!parsed) {
    Error error = parsed.error();
    error.file = file->name();
    return error;
  }
  return std::unique_ptr<Archive>(std::make_unique<si::SiFile>(std::move(file), std::move(*parsed)));
}

}  // namespace

const ArchiveKind& si_kind() {
  static const ArchiveKind kind{
      "si",
      "LEGO Island SI (Interleaf)",
      {".si"},
      "Read and write (versions 2.2 and 2.1; LEGO1 plays 2.2 only). Entries are the objects that carry "
      "data, their chunks joined; animations (media ' OBJ', a LegoAnimPresenter) are named '<object>.ani'. "
      "An unchanged archive is written back byte for byte; with a model, replaced animations and models are "
      "laid out again in the model's buffers, and a new archive holds one object per entry. No SI file is "
      "public: tested on SI files written by this project from the layout in libweaver (SIEdit) and the "
      "isle decompilation (confidence: assumed).",
      sniff_si,
      open_si,
      [](const std::vector<EntrySource>& entries, const Archive* model) {
        return model != nullptr ? write_si(entries, *model) : write_si(entries, SiLayout{});
      },
      open_si_file};
  return kind;
}

}  // namespace bonebridge::archive
