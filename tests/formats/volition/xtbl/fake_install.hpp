// SPDX-License-Identifier: MIT
#pragma once
// A small InstallView over files held in memory (name -> bytes), grouped in roots, for the character tests:
// the registry's real view is written elsewhere. Lookups follow the view's contract: keys in lower case with
// '/' separators, a path matching a key or its end after a '/'.
#include <algorithm>
#include <cctype>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bonebridge/archive/vpp.hpp"
#include "bonebridge/io/install_view.hpp"

namespace bonebridge::testing {

class FakeInstall : public InstallView {
 public:
  explicit FakeInstall(std::string origin) : origin_(std::move(origin)) {}

  void add(const std::string& root, const std::string& path, std::vector<std::uint8_t> bytes) {
    files_.push_back({root + ":" + path, path, key_of(path), root, bytes.size()});
    bytes_.push_back(std::move(bytes));
  }
  // Every entry of a packfile, under the packfile's name; a .str2_pc entry's entries too, after it.
  bool add_packfile(const std::string& name, std::vector<std::uint8_t> bytes) {
    auto archive = archive::vpp_kind().open(std::move(bytes));
    if (!archive) return false;
    for (std::size_t i = 0; i < (*archive)->entries().size(); ++i) {
      auto entry = (*archive)->read(i);
      if (!entry) return false;
      const std::string& path = (*archive)->entries()[i].name;
      add(name, path, *entry);
      if (key_of(path).ends_with(".str2_pc") && !add_packfile(name + ":" + path, std::move(*entry)))
        return false;
    }
    return true;
  }

  const std::string& origin() const override { return origin_; }
  const std::vector<InstallFile>& files() const override { return files_; }
  const InstallFile* find(std::string_view path, const InstallFile* = nullptr) const override {
    const std::string key = key_of(std::string(path));
    for (const auto& file : files_) {
      if (file.key == key || (file.key.size() > key.size() && file.key.ends_with("/" + key))) return &file;
    }
    return nullptr;
  }
  std::vector<const InstallFile*> with_extension(std::string_view extension) const override {
    const std::string suffix = key_of(std::string(extension));
    std::vector<const InstallFile*> out;
    for (const auto& file : files_) {
      if (file.key.ends_with(suffix)) out.push_back(&file);
    }
    return out;
  }
  Result<std::vector<std::uint8_t>> read(const InstallFile& file) const override {
    return bytes_[static_cast<std::size_t>(&file - files_.data())];
  }
  std::shared_ptr<const NearbyFiles> nearby() const override { return disk_files(); }

 private:
  static std::string key_of(std::string path) {
    std::transform(path.begin(), path.end(), path.begin(),
                   [](unsigned char c) { return c == '\\' ? '/' : static_cast<char>(std::tolower(c)); });
    return path;
  }
  std::string origin_;
  std::vector<InstallFile> files_;
  std::vector<std::vector<std::uint8_t>> bytes_;
};

}  // namespace bonebridge::testing
