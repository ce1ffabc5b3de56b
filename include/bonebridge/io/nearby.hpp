// SPDX-License-Identifier: MIT
#pragma once
// Files a document names by name (a model's .mat files, a puppet's keys), found the way the games find them:
// in folders near another file, in any letter case. Folders and files are addresses: a path on disk or, with
// the registry's finder (services/addressing.hpp `archive_files`), a folder or an entry inside an archive
// ("Res2.gob:3do\key", where '/' and '\' are one separator). This base class knows the disk only.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bonebridge/io/error.hpp"

namespace bonebridge {

class NearbyFiles {
 public:
  virtual ~NearbyFiles() = default;
  // The folder `relative` ("", "mat", "../mat") to the folder holding the file at `address`; nullopt when
  // there is no such folder.
  virtual std::optional<std::string> folder_near(const std::string& address,
                                                 const std::string& relative) const;
  // Whether `folder` names a folder.
  virtual bool is_folder(const std::string& folder) const;
  // The address of the file called `name` in `folder`, in any letter case; nullopt when there is none.
  virtual std::optional<std::string> find(const std::string& folder, const std::string& name) const;
  // The bytes of the file at `address`.
  virtual Result<std::vector<std::uint8_t>> read(const std::string& address) const;
};

// The disk-only finder every Options starts with.
std::shared_ptr<const NearbyFiles> disk_files();

}  // namespace bonebridge
