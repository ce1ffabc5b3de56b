// SPDX-License-Identifier: MIT
// NearbyFiles that reach into archives: a companion named by a file inside Res2.gob (a model's .mat files, a
// puppet's keys) is looked for in the same archive, in folders relative to that file, as the game finds it.
#include <fmt/format.h>

#include <map>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "bonebridge/io/nearby.hpp"
#include "bonebridge/services/addressing.hpp"

namespace bonebridge {
namespace {

// An address inside an archive: the archive's own address (a file, or an entry of another archive) and the
// path of a file or folder within it ("" for its top).
struct Inside {
  std::string archive;
  std::string path;
};

std::optional<Inside> inside_archive(const std::string& address) {
  const auto split = split_address(address);
  if (!split || split->entries.empty()) return std::nullopt;
  Inside inside{split->file, split->entries.back()};
  for (std::size_t i = 0; i + 1 < split->entries.size(); ++i) inside.archive += ":" + split->entries[i];
  return inside;
}

// A path's folders and name, '/' and '\' alike, empty parts dropped.
std::vector<std::string> parts_of(const std::string& path) {
  std::vector<std::string> parts;
  std::string part;
  for (const char c : path + '/') {
    if (c != '/' && c != '\\') {
      part += c;
    } else if (!part.empty()) {
      parts.push_back(std::move(part));
      part.clear();
    }
  }
  return parts;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string path;
  for (const auto& part : parts) {
    if (!path.empty()) path += '/';
    path += part;
  }
  return path;
}

// An opened archive with its entries by key and the folders its entry names hold, so that a lookup costs a
// hash, not a walk of the listing (a batch over a GOB of thousands of models looks up 11 materials each).
struct Indexed {
  std::shared_ptr<const archive::Archive> archive;
  std::unordered_map<std::string, std::size_t> by_key;  // entry_key -> first entry of that key
  std::unordered_set<std::string> folders;              // every folder of every entry's key, "" for the top
};

Indexed indexed(std::shared_ptr<const archive::Archive> archive) {
  Indexed result{std::move(archive), {}, {""}};
  const auto& entries = result.archive->entries();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::string key = entry_key(entries[i].name);
    result.by_key.try_emplace(key, i);
    for (auto slash = key.find('/'); slash != std::string::npos; slash = key.find('/', slash + 1))
      result.folders.insert(key.substr(0, slash));
  }
  return result;
}

class ArchiveFiles final : public NearbyFiles {
 public:
  std::optional<std::string> folder_near(const std::string& address,
                                         const std::string& relative) const override {
    const auto inside = inside_archive(address);
    if (!inside) return NearbyFiles::folder_near(address, relative);
    std::vector<std::string> parts = parts_of(inside->path);
    if (!parts.empty()) parts.pop_back();  // the file's own name
    for (auto& step : parts_of(relative)) {
      if (step == ".") continue;
      if (step != "..") {
        parts.push_back(std::move(step));
      } else if (parts.empty()) {
        return std::nullopt;  // above the archive's top
      } else {
        parts.pop_back();
      }
    }
    const std::string folder = joined(parts);
    if (!holds_folder(inside->archive, folder)) return std::nullopt;
    return inside->archive + ":" + folder;
  }

  bool is_folder(const std::string& folder) const override {
    const auto inside = inside_archive(folder);
    return inside ? holds_folder(inside->archive, inside->path) : NearbyFiles::is_folder(folder);
  }

  std::optional<std::string> find(const std::string& folder, const std::string& name) const override {
    const auto inside = inside_archive(folder);
    if (!inside) return NearbyFiles::find(folder, name);
    if (parts_of(name).size() != 1 || name == "." || name == "..") return std::nullopt;
    const auto* archive = opened(inside->archive);
    if (!archive) return std::nullopt;
    const auto found = archive->by_key.find(entry_key(inside->path + "/" + name));
    if (found == archive->by_key.end()) return std::nullopt;
    return inside->archive + ":" + archive->archive->entries()[found->second].name;
  }

  Result<std::vector<std::uint8_t>> read(const std::string& address) const override {
    const auto inside = inside_archive(address);
    if (!inside) return NearbyFiles::read(address);
    const auto* archive = opened(inside->archive);
    if (!archive) return read_address(address).error();  // names what is wrong with the archive
    const auto found = archive->by_key.find(entry_key(inside->path));
    if (found == archive->by_key.end() || archive->archive->entries()[found->second].name != inside->path) {
      auto file = read_address(address);  // an entry named in another letter case, or by its index
      if (!file) return file.error();
      return std::move(file->bytes);
    }
    return read_entry(*archive->archive, found->second, address);
  }

  void adopt(const std::string& address, std::shared_ptr<const archive::Archive> archive) const {
    const std::lock_guard lock(mutex_);
    archives_.try_emplace(address, std::make_unique<Indexed>(indexed(std::move(archive))));
  }

 private:
  bool holds_folder(const std::string& archive_address, const std::string& folder) const {
    const auto* archive = opened(archive_address);
    return archive && archive->folders.contains(entry_key(folder));
  }

  // The archive at `address`, opened once per finder; nullptr when it does not open.
  const Indexed* opened(const std::string& address) const {
    const std::lock_guard lock(mutex_);
    auto [it, fresh] = archives_.try_emplace(address);
    if (fresh) {
      auto archive = open_archive_at(address);  // on disk: its index only
      if (archive) it->second = std::make_unique<Indexed>(indexed(std::move(*archive)));
    }
    return it->second.get();
  }

  mutable std::mutex mutex_;
  mutable std::map<std::string, std::unique_ptr<Indexed>> archives_;
};

}  // namespace

std::shared_ptr<const NearbyFiles> archive_files() {
  return std::make_shared<const ArchiveFiles>();
}

std::shared_ptr<const NearbyFiles> archive_files(std::vector<OpenedArchive> opened) {
  auto files = std::make_shared<const ArchiveFiles>();
  for (auto& archive : opened) files->adopt(archive.address, std::move(archive.archive));
  return files;
}

}  // namespace bonebridge
