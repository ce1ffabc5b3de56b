// SPDX-License-Identifier: MIT
#pragma once
// A file read where its bytes lie: named once, read by range. Every archive read from disk (src/archive, a
// family's archive kind) reads through one, never by path: io/ is the one room that opens files.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/io/error.hpp"

namespace bonebridge {

class RandomAccessFile {
 public:
  // Fails when `path` is not a regular file or its size cannot be read.
  static Result<std::shared_ptr<const RandomAccessFile>> open(const std::filesystem::path& path);

  const std::filesystem::path& path() const { return path_; }
  std::string name() const { return path_.string(); }  // for errors
  std::uint64_t size() const { return size_; }         // as it was when opened

  // `length` bytes at byte `offset`: checked against the file's size before anything is allocated, an
  // error naming the file when they are not all there (the file changed since it was opened). Each read
  // opens the file anew, so that no handle outlives a read: a batch may hold thousands of archives open,
  // and on Windows an open handle would keep a user from replacing the file.
  Result<std::vector<std::uint8_t>> read(std::uint64_t offset, std::uint64_t length) const;

 private:
  RandomAccessFile(std::filesystem::path path, std::uint64_t size) : path_(std::move(path)), size_(size) {}
  std::filesystem::path path_;
  std::uint64_t size_ = 0;
};

}  // namespace bonebridge
