// SPDX-License-Identifier: MIT
// The install view over disk and archives. Archives are opened once and kept for the view's life, so a
// family's many reads of one GOB open it once (an archive on disk keeps only its index); lookups fold case
// and separators as the games do.
#include "bonebridge/services/install.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <unordered_map>

#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/addressing.hpp"

namespace bonebridge {
namespace {

namespace fs = std::filesystem;

bool ends_with_path(const std::string& key, const std::string& wanted) {
  if (key == wanted) return true;
  return key.size() > wanted.size() && key.compare(key.size() - wanted.size(), wanted.size(), wanted) == 0 &&
         key[key.size() - wanted.size() - 1] == '/';
}

class ListedInstall final : public InstallView {
 public:
  explicit ListedInstall(std::string origin) : origin_(std::move(origin)) {}

  const std::string& origin() const override { return origin_; }
  const std::vector<InstallFile>& files() const override { return files_; }

  const InstallFile* find(std::string_view path, const InstallFile* near) const override {
    const std::string wanted = entry_key(std::string(path));
    if (wanted.empty()) return nullptr;
    const auto named = by_name_.find(wanted.substr(wanted.rfind('/') + 1));
    if (named == by_name_.end()) return nullptr;
    // Candidates share the last name: the near root's first, then every root's; within them the one nearest
    // its root (an engine opening mat\x.mat opens the root's mat\x.mat, not 3do\mat\x.mat), then listing
    // order.
    if (near) {
      if (const auto* found = nearest_root(named->second, wanted, &near->root)) return found;
    }
    return nearest_root(named->second, wanted, nullptr);
  }

  // Of the files `candidates` indexes whose key ends with `wanted` (in `root` when given), the one with the
  // fewest folders in its key; the first listed of those.
  const InstallFile* nearest_root(const std::vector<std::size_t>& candidates, const std::string& wanted,
                                  const std::string* root) const {
    const InstallFile* best = nullptr;
    std::ptrdiff_t best_depth = 0;
    for (const std::size_t i : candidates) {
      const InstallFile& file = files_[i];
      if ((root && file.root != *root) || !ends_with_path(file.key, wanted)) continue;
      const auto depth = std::count(file.key.begin(), file.key.end(), '/');
      if (!best || depth < best_depth) best = &file, best_depth = depth;
    }
    return best;
  }

  std::vector<const InstallFile*> with_extension(std::string_view extension) const override {
    const std::string wanted = entry_key(std::string(extension));
    std::vector<const InstallFile*> found;
    for (const auto& file : files_) {
      if (file.key.size() >= wanted.size() &&
          file.key.compare(file.key.size() - wanted.size(), wanted.size(), wanted) == 0)
        found.push_back(&file);
    }
    return found;
  }

  Result<std::vector<std::uint8_t>> read(const InstallFile& file) const override {
    const auto entry = entry_at_.find(file.address);
    if (entry == entry_at_.end()) {
      auto read = read_address(file.address);  // a file on disk, or an entry outside the view (its origin)
      if (!read) return read.error();
      return std::move(read->bytes);
    }
    return read_entry(*entry->second.archive, entry->second.index, file.address);
  }

  // The file at `address` as open_if_archive finds it, `depth` archives deep. An archive on disk keeps only
  // its index (entries are read where they lie); a nested one is read from the archive the view already
  // opened (the view's origin, an entry of an archive outside the view, through read_address), and keeps
  // its bytes.
  Result<std::unique_ptr<archive::Archive>> open_listed_archive(const std::string& address,
                                                                const std::string& name,
                                                                std::size_t depth) const {
    std::error_code ec;
    ArchiveCandidate candidate{address, fs::path(name).filename().string(), depth, {}};
    if (!fs::is_regular_file(address, ec))
      candidate.read = [this, &address, &name] { return read(InstallFile{address, name, {}, {}, 0}); };
    return open_if_archive(candidate);
  }

  std::shared_ptr<const NearbyFiles> nearby() const override { return nearby_; }

  // Once every file is listed: the finder reads the archives the view opened (not opened again).
  void share_archives() {
    std::vector<OpenedArchive> opened;
    for (const auto& [address, archive] : archives_) opened.push_back({address, archive});
    nearby_ = archive_files(std::move(opened));
  }
  const std::vector<std::string>& notes() const override { return notes_; }
  const std::vector<std::string>& unlisted() const override { return unlisted_; }

  // Listing, used while the view is built.
  void add_folder(const fs::path& folder) {
    std::vector<fs::path> found;
    std::error_code ec;
    const auto options = fs::directory_options::skip_permission_denied;
    for (fs::recursive_directory_iterator it(folder, options, ec), end; !ec && it != end; it.increment(ec)) {
      std::error_code type_ec;
      if (it->is_regular_file(type_ec)) found.push_back(it->path());
    }
    if (ec) {
      notes_.push_back(fmt::format("{}: cannot list the folder: {}", folder.string(), ec.message()));
      unlisted_.push_back(folder.string());
    }
    std::sort(found.begin(), found.end());
    for (const auto& path : found) {
      std::error_code size_ec;
      const auto size = fs::file_size(path, size_ec);
      add_file({path.string(), path.lexically_relative(folder).generic_string(), "", folder.string(),
                size_ec ? 0 : size},
               0);
    }
  }

  // A file `depth` archives deep, then its entries when it is an archive (an archive that does not open is a
  // file with a note).
  void add_file(InstallFile file, std::size_t depth) {
    file.key = entry_key(file.path);
    const std::string address = file.address;
    const std::string name = file.path;
    const std::size_t index = files_.size();
    by_name_[file.key.substr(file.key.rfind('/') + 1)].push_back(index);
    files_.push_back(std::move(file));
    if (const auto listed = add_archive(address, name, depth); listed && *listed)
      files_[index].archive = true;
  }

  // Lists the entries of the file at `address` when it is an archive (open_if_archive): true when it was,
  // false when it is a file.
  Result<bool> add_archive(const std::string& address, const std::string& name, std::size_t depth) {
    auto archive = open_listed_archive(address, name, depth);
    if (!archive) {
      notes_.push_back(archive.error().to_string());
      unlisted_.push_back(address);
      return archive.error();
    }
    if (!*archive) return false;
    const auto* opened = archive->get();
    archives_[address] = std::move(*archive);
    std::vector<InstallFile> entries;
    for (std::size_t i = 0; i < opened->entries().size(); ++i) {
      const auto& entry = opened->entries()[i];
      if (entry.compression == "blank") continue;
      entries.push_back({address + ":" + entry.name, entry.name, "", address, entry.size, false, i});
      entry_at_[entries.back().address] = {opened, i};
    }
    std::stable_sort(entries.begin(), entries.end(), [](const InstallFile& a, const InstallFile& b) {
      return entry_key(a.path) < entry_key(b.path);
    });
    for (auto& entry : entries) add_file(std::move(entry), depth + 1);
    return true;
  }

 private:
  std::vector<std::string> notes_;
  std::vector<std::string> unlisted_;  // the address each note is about
  std::string origin_;
  std::vector<InstallFile> files_;
  std::map<std::string, std::shared_ptr<const archive::Archive>> archives_;
  struct EntryAt {
    const archive::Archive* archive;
    std::size_t index;
  };
  std::map<std::string, EntryAt> entry_at_;                            // an entry's address -> where it lies
  std::unordered_map<std::string, std::vector<std::size_t>> by_name_;  // a key's last name -> files_ indices
  std::shared_ptr<const NearbyFiles> nearby_ = archive_files();
};

}  // namespace

Result<std::shared_ptr<const InstallView>> open_install(const std::string& address) {
  auto view = std::make_shared<ListedInstall>(address);
  std::error_code ec;
  if (fs::is_directory(address, ec)) {
    view->add_folder(address);
    view->share_archives();
    return std::shared_ptr<const InstallView>(view);
  }
  const auto split = split_address(address);
  if (!split) return Error{"", "no such file or folder", {}, {}, address};
  const std::string name = split->entries.empty() ? split->file : split->entries.back();
  const auto listed = view->add_archive(address, name, split->entries.size());
  if (!listed) return listed.error();
  if (*listed) {
    view->share_archives();
    return std::shared_ptr<const InstallView>(view);
  }
  auto bytes = read_address(address);
  if (!bytes) return bytes.error();
  view->add_file({address, fs::path(name).filename().string(), "", fs::path(name).parent_path().string(),
                  bytes->bytes.size()},
                 split->entries.size());
  return std::shared_ptr<const InstallView>(view);
}

}  // namespace bonebridge
