// SPDX-License-Identifier: MIT
// The SI kind: sniffing, opening, entry names, and reading an entry's joined data chunks.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>

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

SiArchive::SiArchive(std::vector<std::uint8_t> bytes, Parsed parsed)
    : bytes_(std::move(bytes)), parsed_(std::move(parsed)) {
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

Result<std::vector<std::uint8_t>> SiArchive::read(std::size_t index) const {
  if (index >= entries_.size()) {
    return Error{
        kSiFormat, fmt::format("no entry {}: the archive holds {}", index, entries_.size()), {}, {}, {}};
  }
  const Object& object = object_of(index);
  if (object.damage) {
    Error error = *object.damage;
    error.message =
        fmt::format("entry {} '{}' (object {}): {}", index, entries_[index].name, object.id, error.message);
    return error;
  }
  const auto size = to_size(entries_[index].size, kSiFormat, fmt::format("entry {}'s size", index));
  if (!size) return size.error();
  std::vector<std::uint8_t> data;
  data.reserve(*size);
  for (const std::size_t chunk : object.data) {
    const auto bytes = chunk_data(parsed_.chunks[chunk]);
    data.insert(data.end(), bytes.begin(), bytes.end());
  }
  return data;
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
      {}};  // read from memory only
  return kind;
}

}  // namespace bonebridge::archive
