// SPDX-License-Identifier: MIT
#include "bonebridge/services/addressing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>

#include "bonebridge/archive/gob.hpp"
#include "bonebridge/archive/si.hpp"
#include "bonebridge/archive/vpp.hpp"
#include "bonebridge/io/file.hpp"
#include "bonebridge/registry/registry.hpp"

namespace bonebridge {
namespace {

// The one entry whose name without its extension is `folded` ("WORLD.WDB:head" for head.wdb); none when no
// entry or several have that stem.
std::optional<std::size_t> entry_by_stem(const std::vector<archive::Entry>& entries,
                                         const std::string& folded) {
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::string key = entry_key(entries[i].name);
    const auto dot = key.rfind('.');
    if (dot == std::string::npos || key.find('/', dot) != std::string::npos ||
        key.compare(0, dot, folded) != 0 || dot != folded.size())
      continue;
    if (found) return std::nullopt;
    found = i;
  }
  return found;
}

// The kind `name`'s extension names and its word for a file of it that is no archive ("a part"); for other
// names, "a file".
std::pair<std::string, std::string> what_file(const std::string& name) {
  const auto* kind = find_archive_kind(std::filesystem::path(name).filename(), {});
  if (kind == nullptr || kind->lone_file.empty()) return {"archive", "a file"};
  return {kind->title, kind->lone_file};
}

// The error for an archive asked of a file that open_if_archive finds is not one.
Error not_an_archive(const std::string& address, const std::string& name) {
  const auto [format, what] = what_file(name);
  return Error{format, fmt::format("it is {}, not an archive", what), {}, {}, address};
}

// An entry asked of a file that is not an archive: "WORLD.WDB:body.wdb has no entry 'x' (it is a part, ...)".
Error no_entry_in_file(const std::string& address, const std::string& name, const std::string& wanted) {
  const auto [format, what] = what_file(name);
  return Error{
      format, fmt::format("has no entry '{}' (it is {}, not an archive)", wanted, what), {}, {}, address};
}

// An opened archive's error names the file or entry when the container's own does not.
Result<std::unique_ptr<archive::Archive>> named(Result<std::unique_ptr<archive::Archive>> opened,
                                                const std::string& address) {
  if (opened || !opened.error().file.empty()) return opened;
  Error error = opened.error();
  error.file = address;
  return error;
}

}  // namespace

std::optional<std::size_t> entry_index(const archive::Archive& archive, const std::string& wanted) {
  const auto& entries = archive.entries();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].name == wanted) return i;
  }
  const std::string folded = entry_key(wanted);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entry_key(entries[i].name) == folded) return i;
  }
  if (const auto stem = entry_by_stem(entries, folded)) return stem;
  std::size_t index = 0;
  const auto [end, ec] = std::from_chars(wanted.data(), wanted.data() + wanted.size(), index);
  if (ec == std::errc() && end == wanted.data() + wanted.size() && index < entries.size()) return index;
  return std::nullopt;
}

std::string entry_key(const std::string& name) {
  std::string key;
  for (const char c : name) {
    if (c != '/' && c != '\\') {
      key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!key.empty() && key.back() != '/') {
      key += '/';
    }
  }
  if (!key.empty() && key.back() == '/') key.pop_back();
  return key;
}

std::vector<const archive::ArchiveKind*> archive_kinds() {
  // The engine-neutral containers, then those the family rows bring, by id (a family registered later brings
  // its own).
  std::vector<const archive::ArchiveKind*> brought;
  for (const auto& family : format_families())
    brought.insert(brought.end(), family.archive_kinds.begin(), family.archive_kinds.end());
  std::sort(brought.begin(), brought.end(), [](const auto* a, const auto* b) { return a->id < b->id; });
  std::vector<const archive::ArchiveKind*> kinds = {&archive::vpp_kind(), &archive::gob_kind(),
                                                    &archive::si_kind()};
  kinds.insert(kinds.end(), brought.begin(), brought.end());
  return kinds;
}

bool names_an_archive(const std::filesystem::path& name) {
  return !name.extension().empty() && find_archive_kind(name.filename(), {}) != nullptr;
}

const archive::ArchiveKind* find_archive_kind(const std::filesystem::path& named,
                                              std::span<const std::uint8_t> bytes) {
  const std::string extension = lower_extension(named);
  for (const auto* kind : archive_kinds()) {
    if (std::find(kind->extensions.begin(), kind->extensions.end(), extension) != kind->extensions.end())
      return kind;
  }
  for (const auto* kind : archive_kinds()) {
    if (kind->sniff && kind->sniff(bytes)) return kind;
  }
  return nullptr;
}

Result<std::vector<std::uint8_t>> read_entry(const archive::Archive& archive, std::size_t index,
                                             const std::string& address) {
  auto bytes = archive.read(index);
  if (bytes) return bytes;
  Error error = bytes.error();
  error.file = address;
  return error;
}

Result<std::unique_ptr<archive::Archive>> open_if_archive(const ArchiveCandidate& candidate) {
  if (!names_an_archive(candidate.name)) return std::unique_ptr<archive::Archive>();
  const auto* kind = find_archive_kind(std::filesystem::path(candidate.name).filename(), {});
  if (candidate.depth >= kMaxArchiveDepth) {
    return Error{kind->title,
                 fmt::format("an archive inside {} others; bonebridge opens archives at most {} deep",
                             candidate.depth, kMaxArchiveDepth),
                 {},
                 {},
                 candidate.address};
  }
  if (!candidate.read && kind->open_file && !kind->holds_entries) {
    auto file = RandomAccessFile::open(candidate.address);
    if (!file) return file.error();
    return named(guard(kind->title, [&] { return kind->open_file(std::move(*file)); }), candidate.address);
  }
  auto bytes = candidate.read ? candidate.read() : read_file(candidate.address);
  if (!bytes) return bytes.error();
  if (kind->holds_entries && !kind->holds_entries(*bytes)) return std::unique_ptr<archive::Archive>();
  return named(guard(kind->title, [&] { return kind->open(std::move(*bytes)); }), candidate.address);
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
  if (kind->holds_entries && !kind->holds_entries(bytes)) return not_an_archive(name, name);
  return named(guard(kind->title, [&] { return kind->open(std::move(bytes)); }), name);
}

Result<std::unique_ptr<archive::Archive>> open_archive_file(const std::filesystem::path& path) {
  if (!names_an_archive(path.filename())) {  // known by its bytes, if at all
    auto bytes = read_file(path);
    if (!bytes) return bytes.error();
    return open_archive(path.string(), std::move(*bytes));
  }
  auto opened = open_if_archive({path.string(), path.filename().string(), 0, {}});
  if (opened && !*opened) return not_an_archive(path.string(), path.filename().string());
  return opened;
}

Result<std::unique_ptr<archive::Archive>> open_archive_at(const std::string& address) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(address, ec)) return open_archive_file(address);
  auto file = read_address(address);
  if (!file) return file.error();
  if (!names_an_archive(file->name)) return open_archive(file->name, std::move(file->bytes));
  const std::size_t depth = split_address(address)->entries.size();  // read_address split it
  auto opened = open_if_archive({address, file->name, depth, [&]() -> Result<std::vector<std::uint8_t>> {
                                   return std::move(file->bytes);
                                 }});
  if (opened && !*opened) return not_an_archive(address, file->name);
  return opened;
}

Result<AddressedFile> read_address(const std::string& address) {
  const auto split = split_address(address);
  if (!split) return read_file(address).error();  // names the missing file
  if (split->entries.empty()) {
    auto bytes = read_file(split->file);
    if (!bytes) return bytes.error();
    return AddressedFile{std::move(*bytes), split->file, {}};
  }
  // The outer archive is read where its entries lie; nested ones from the entry's bytes, each opened by the
  // rule every walk follows.
  auto archive = open_archive_file(split->file);
  AddressedFile file{{}, split->file, {}};
  std::string reached = split->file;
  for (std::size_t depth = 0; depth < split->entries.size(); ++depth) {
    const std::string& wanted = split->entries[depth];
    if (depth > 0) {
      archive = open_if_archive({reached, file.name, depth, [&]() -> Result<std::vector<std::uint8_t>> {
                                   return std::move(file.bytes);
                                 }});
      if (archive && !*archive) return no_entry_in_file(reached, file.name, wanted);
    }
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

Result<AddressedFile> read_address(const std::string& address, const NearbyFiles& files) {
  const auto split = split_address(address);
  if (!split || split->entries.empty()) return read_address(address);
  auto bytes = files.read(address);
  // Read again the usual way: its error names the archive and entry (and a caller's own finder may know
  // none).
  if (!bytes) return read_address(address);
  const std::string container =
      split->entries.size() > 1 ? split->entries[split->entries.size() - 2] : split->file;
  return AddressedFile{std::move(*bytes), split->entries.back(),
                       std::filesystem::path(container).filename().string()};
}

Result<std::vector<std::uint8_t>> replace_entry(const std::string& name, std::vector<std::uint8_t> archive,
                                                std::span<const std::string> path,
                                                std::vector<std::uint8_t> bytes) {
  if (path.empty()) return bytes;
  const auto* kind = find_archive_kind(name, archive);
  auto opened = open_archive(name, std::move(archive));
  if (!opened) return opened.error();
  if (!kind->write) return Error{kind->title, "writing this container is not supported", {}, {}, name};
  const auto index = entry_index(**opened, path.front());
  if (!index) return Error{kind->title, "no entry named \"" + path.front() + "\"", {}, {}, name};
  const std::string entry_name = (*opened)->entries()[*index].name;
  if (path.size() > 1) {
    auto inner = (*opened)->read(*index);
    if (!inner) return inner.error();
    auto replaced = replace_entry(entry_name, std::move(*inner), path.subspan(1), std::move(bytes));
    if (!replaced) return replaced.error();
    bytes = std::move(*replaced);
  }
  std::vector<archive::EntrySource> sources;
  for (std::size_t i = 0; i < (*opened)->entries().size(); ++i) {
    if (i == *index) {
      sources.push_back({entry_name, std::move(bytes), std::nullopt});
    } else {
      sources.push_back({(*opened)->entries()[i].name, {}, i});
    }
  }
  return guard(kind->title, [&] { return kind->write(sources, opened->get()); });
}

namespace {

struct FolderItem {
  std::string name;  // the entry name: the path under the packed folder, '/'-separated
  std::filesystem::path path;
};

// Numbered entries (HQR's "0", "1", ... "10") in number order; other names as strings.
bool numbers_in_order(const std::filesystem::path& a, const std::filesystem::path& b) {
  const std::string x = a.filename().string(), y = b.filename().string();
  const auto digits = [](const std::string& s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
  };
  if (digits(x) && digits(y) && x.size() != y.size()) return x.size() < y.size();
  return x < y;
}

// The files under `folder`, by entry name: plain subfolders add their name to the entry's, subfolders named
// like an archive are one entry (packed in turn).
Status collect(const std::filesystem::path& folder, const std::string& prefix, std::vector<FolderItem>& out) {
  std::error_code ec;
  std::vector<std::filesystem::path> paths;
  for (const auto& item : std::filesystem::directory_iterator(folder, ec)) paths.push_back(item.path());
  if (ec) return Error{"archive", "cannot list the folder: " + ec.message(), {}, {}, folder.string()};
  std::sort(paths.begin(), paths.end(), numbers_in_order);
  for (const auto& path : paths) {
    const std::string name = prefix + path.filename().string();
    if (std::filesystem::is_directory(path) && !names_an_archive(path)) {
      if (auto status = collect(path, name + "/", out); !status) return status;
    } else {
      out.push_back({name, path});
    }
  }
  return Ok{};
}

Result<archive::EntrySource> folder_entry(const FolderItem& item, const archive::Archive* model,
                                          std::optional<std::size_t> model_index) {
  std::optional<std::vector<std::uint8_t>> model_bytes;
  if (model && model_index) {
    auto read = model->read(*model_index);
    if (read) model_bytes = std::move(*read);
  }
  if (std::filesystem::is_directory(item.path)) {
    auto packed =
        pack_folder(item.path, item.path.filename().string(), model_bytes ? &*model_bytes : nullptr);
    if (!packed) return packed.error();
    if (model_bytes && *packed == *model_bytes) return archive::EntrySource{item.name, {}, model_index};
    return archive::EntrySource{item.name, std::move(*packed), std::nullopt};
  }
  auto bytes = read_file(item.path);
  if (!bytes) return bytes.error();
  if (model_bytes && *model_bytes == *bytes) return archive::EntrySource{item.name, {}, model_index};
  return archive::EntrySource{item.name, std::move(*bytes), std::nullopt};
}

}  // namespace

Result<std::vector<std::uint8_t>> pack_folder(const std::filesystem::path& folder, const std::string& name,
                                              const std::vector<std::uint8_t>* model) {
  std::vector<FolderItem> items;
  if (auto status = collect(folder, "", items); !status) return status.error();
  const auto* kind = find_archive_kind(
      name, model ? std::span<const std::uint8_t>(*model) : std::span<const std::uint8_t>());
  if (!kind || !kind->write)
    return Error{
        "archive", "the archive's extension names no container that bonebridge writes", {}, {}, name};
  std::unique_ptr<archive::Archive> opened;
  if (model) {
    auto open = open_archive(name, *model);
    if (!open) return open.error();
    opened = std::move(*open);
  }
  std::vector<archive::EntrySource> sources;
  std::vector<bool> used(items.size(), false);
  for (std::size_t i = 0; opened && i < opened->entries().size(); ++i) {
    // Matched as the games compare names ("3do/x.3do" extracted from "3do\x.3do"), written with the stored
    // name.
    const std::string key = entry_key(opened->entries()[i].name);
    const auto it = std::find_if(items.begin(), items.end(),
                                 [&](const FolderItem& item) { return entry_key(item.name) == key; });
    if (it == items.end()) continue;  // removed from the folder: left out
    used[static_cast<std::size_t>(it - items.begin())] = true;
    auto source = folder_entry({opened->entries()[i].name, it->path}, opened.get(), i);
    if (!source) return source.error();
    sources.push_back(std::move(*source));
  }
  for (std::size_t f = 0; f < items.size(); ++f) {
    if (used[f]) continue;
    auto source = folder_entry(items[f], nullptr, std::nullopt);
    if (!source) return source.error();
    sources.push_back(std::move(*source));
  }
  return guard(kind->title, [&] { return kind->write(sources, opened.get()); });
}

}  // namespace bonebridge
