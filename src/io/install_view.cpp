// SPDX-License-Identifier: MIT
#include "bonebridge/io/install_view.hpp"

#include <algorithm>

#include "bonebridge/core/text.hpp"

namespace bonebridge {

const InstallFile* InstallView::entry_of(const InstallFile& archive, std::string_view name) const {
  std::string wanted = fold_case(std::string(name));
  std::replace(wanted.begin(), wanted.end(), '\\', '/');  // as InstallFile::key holds it
  for (const auto& file : files()) {
    if (file.root == archive.address && (file.key == wanted || file.path == name)) return &file;
  }
  return nullptr;
}

const std::vector<std::string>& InstallView::notes() const {
  static const std::vector<std::string> none;
  return none;
}

const std::vector<std::string>& InstallView::unlisted() const {
  static const std::vector<std::string> none;
  return none;
}

}  // namespace bonebridge
