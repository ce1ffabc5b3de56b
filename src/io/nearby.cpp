// SPDX-License-Identifier: MIT
#include "bonebridge/io/nearby.hpp"

#include <filesystem>
#include <system_error>

#include "bonebridge/core/text.hpp"
#include "bonebridge/io/file.hpp"

namespace bonebridge {

namespace fs = std::filesystem;

std::optional<std::string> NearbyFiles::folder_near(const std::string& address,
                                                    const std::string& relative) const {
  std::error_code error;
  if (!fs::is_regular_file(address, error)) return std::nullopt;
  const fs::path here =
      fs::path(address).parent_path().empty() ? fs::path(".") : fs::path(address).parent_path();
  fs::path folder = (here / relative).lexically_normal();
  if (!folder.has_filename() && folder.has_parent_path()) folder = folder.parent_path();  // "mat/" as "mat"
  if (!fs::is_directory(folder, error)) return std::nullopt;
  return folder.string();
}

bool NearbyFiles::is_folder(const std::string& folder) const {
  std::error_code error;
  return fs::is_directory(folder, error);
}

std::optional<std::string> NearbyFiles::find(const std::string& folder, const std::string& name) const {
  std::error_code error;
  // A name is a file's name, never a path: a .3do or .pup cannot reach outside the folder.
  if (name.find_first_of("/\\") != std::string::npos || name == "." || name == "..") return std::nullopt;
  if (fs::is_regular_file(fs::path(folder) / name, error)) return (fs::path(folder) / name).string();
  const std::string wanted = fold_case(name);
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    if (fold_case(it->path().filename().string()) == wanted && it->is_regular_file(error))
      return it->path().string();
  }
  return std::nullopt;
}

Result<std::vector<std::uint8_t>> NearbyFiles::read(const std::string& address) const {
  return read_file(address);
}

std::shared_ptr<const NearbyFiles> disk_files() {
  static const auto disk = std::make_shared<const NearbyFiles>();
  return disk;
}

}  // namespace bonebridge
