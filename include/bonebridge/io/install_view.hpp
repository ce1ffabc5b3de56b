// SPDX-License-Identifier: MIT
#pragma once
// One read-only view of everything a user points at (an install folder, an archive, a folder of loose files):
// the files on disk and the entries inside archives, nested archives included, listed once and looked up as
// the games look them up (any letter case, '/' and '\' one separator, a game path such as "3do\key\x.key").
// Families search it for the files their games' definitions name; the registry builds it
// (services/install.hpp `open_install`). Abstract here so that families depend on io/ only.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bonebridge/io/error.hpp"
#include "bonebridge/io/nearby.hpp"

namespace bonebridge {

struct InstallFile {
  std::string address;     // what the tool reads: a path, or ARCHIVE:ENTRY (nested: A.vpp_pc:b.str2_pc:c)
  std::string path;        // within its root, as stored ("3do\key\walk.key", "anims/walk.anm")
  std::string key;         // `path` as the games compare it: lower case, '/' separators
  std::string root;        // the address of the folder or archive it belongs to
  std::uint64_t size = 0;  // bytes (decoded)
  bool archive = false;    // opened as an archive: its entries are files of the view, their root its address
  std::size_t index = 0;   // an entry's place in its archive's own order (0 for files on disk)
};

class InstallView {
 public:
  virtual ~InstallView() = default;
  // The address the view was opened on.
  virtual const std::string& origin() const = 0;
  // Every file, archives' entries after the archive itself, in a stable order (roots in the order found,
  // files sorted by key within a root).
  virtual const std::vector<InstallFile>& files() const = 0;
  // The file at game path `path` ("3do\key\walk.key" or "walk.key"): its key equal to the path's, or ending
  // in "/" + it. Searched in `near`'s root first (the engines open a level's files from its own archive
  // first), then in every root in order; nullptr when there is none.
  virtual const InstallFile* find(std::string_view path, const InstallFile* near = nullptr) const = 0;
  // The entry called `name` (a stored name, or an index for numbered archives such as HQR) of the archive
  // that `archive` is; nullptr when it is not an archive of the view or has no such entry.
  // (By default: the files whose root is `archive` and whose key is `name`'s, in any letter case.)
  virtual const InstallFile* entry_of(const InstallFile& archive, std::string_view name) const;
  // The files whose name ends with `extension` (".pup", any letter case), in listing order.
  virtual std::vector<const InstallFile*> with_extension(std::string_view extension) const = 0;
  virtual Result<std::vector<std::uint8_t>> read(const InstallFile& file) const = 0;
  // What could not be listed (an archive that does not open), one line each naming the file.
  virtual const std::vector<std::string>& notes() const;  // (by default none)
  // The addresses of what could not be listed, one per note: a folder that could not be read, an archive that
  // did not open.
  virtual const std::vector<std::string>& unlisted() const;  // (by default none)
  // A finder for documents that look for files beside their own (a .3do its .mat files), sharing the view's
  // opened archives.
  virtual std::shared_ptr<const NearbyFiles> nearby() const = 0;
};

}  // namespace bonebridge
