#include "bonebridge/registry/archives.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>

#include "bonebridge/archive/gob.hpp"
#include "bonebridge/archive/vpp.hpp"
#include "bonebridge/io/file.hpp"
#ifdef BONEBRIDGE_HAS_LBA
#include "bonebridge/formats/lba/hqr_archive.hpp"
#endif

namespace bonebridge {
namespace {

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::optional<std::size_t> entry_index(const archive::Archive& archive, const std::string& wanted) {
  const auto& entries = archive.entries();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].name == wanted) return i;
  }
  const std::string folded = lower(wanted);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (lower(entries[i].name) == folded) return i;
  }
  std::size_t index = 0;
  const auto [end, ec] = std::from_chars(wanted.data(), wanted.data() + wanted.size(), index);
  if (ec == std::errc() && end == wanted.data() + wanted.size() && index < entries.size()) return index;
  return std::nullopt;
}

}  // namespace

const std::vector<const archive::ArchiveKind*>& archive_kinds() {
  static const std::vector<const archive::ArchiveKind*> kinds = {
      &archive::vpp_kind(),
      &archive::gob_kind(),
#ifdef BONEBRIDGE_HAS_LBA
      &lba::hqr_kind(),
#endif
  };
  return kinds;
}

const archive::ArchiveKind* find_archive_kind(const std::filesystem::path& named,
                                              std::span<const std::uint8_t> bytes) {
  const std::string extension = lower(named.extension().string());
  for (const auto* kind : archive_kinds()) {
    if (std::find(kind->extensions.begin(), kind->extensions.end(), extension) != kind->extensions.end())
      return kind;
  }
  for (const auto* kind : archive_kinds()) {
    if (kind->sniff && kind->sniff(bytes)) return kind;
  }
  return nullptr;
}

std::optional<SplitAddress> split_address(const std::string& address) {
  std::error_code ec;
  if (std::filesystem::exists(address, ec)) return SplitAddress{address, {}};
  for (auto colon = address.rfind(':'); colon != std::string::npos && colon > 0;
       colon = address.rfind(':', colon - 1)) {
    const std::string file = address.substr(0, colon);
    if (!std::filesystem::is_regular_file(file, ec)) continue;
    SplitAddress split{file, {}};
    std::size_t start = colon + 1;
    for (auto next = address.find(':', start); next != std::string::npos; next = address.find(':', start)) {
      split.entries.push_back(address.substr(start, next - start));
      start = next + 1;
    }
    split.entries.push_back(address.substr(start));
    return split;
  }
  return std::nullopt;
}

Result<std::unique_ptr<archive::Archive>> open_archive(const std::string& name,
                                                       std::vector<std::uint8_t> bytes) {
  const auto* kind = find_archive_kind(name, bytes);
  if (!kind) {
    return Error{"archive",
                 "this file is not an archive that bonebridge reads (see `bonebridge formats`)",
                 {},
                 {},
                 name};
  }
  auto opened = guard(kind->title, [&] { return kind->open(std::move(bytes)); });
  if (!opened) {
    Error error = opened.error();
    if (error.file.empty()) error.file = name;
    return error;
  }
  return opened;
}

Result<AddressedFile> read_address(const std::string& address) {
  const auto split = split_address(address);
  if (!split) return read_file(address).error();  // names the missing file
  auto bytes = read_file(split->file);
  if (!bytes) return bytes.error();
  AddressedFile file{std::move(*bytes), split->file, {}};
  std::string reached = split->file;
  for (const auto& wanted : split->entries) {
    auto archive = open_archive(reached, std::move(file.bytes));
    if (!archive) return archive.error();
    const auto index = entry_index(**archive, wanted);
    if (!index) {
      return Error{"archive",
                   fmt::format("no entry named \"{}\" among its {} entries (see `bonebridge ls {}`)", wanted,
                               (*archive)->entries().size(), reached),
                   {},
                   {},
                   reached};
    }
    auto entry = (*archive)->read(*index);
    if (!entry) {
      Error error = entry.error();
      error.file = reached + ":" + (*archive)->entries()[*index].name;
      return error;
    }
    file.container = std::filesystem::path(file.name).filename().string();
    file.name = (*archive)->entries()[*index].name;
    file.bytes = std::move(*entry);
    reached += ":" + file.name;
  }
  return file;
}

}  // namespace bonebridge
