// SPDX-License-Identifier: MIT
#include "bonebridge/io/random_access.hpp"

#include "bonebridge/io/file.hpp"

namespace bonebridge {

Result<std::shared_ptr<const RandomAccessFile>> RandomAccessFile::open(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    return Error{"file", "not a regular file, or not found", {}, {}, path.string()};
  const std::uint64_t size = std::filesystem::file_size(path, ec);
  if (ec) return Error{"file", "cannot read its size: " + ec.message(), {}, {}, path.string()};
  return std::shared_ptr<const RandomAccessFile>(new RandomAccessFile(path, size));
}

Result<std::vector<std::uint8_t>> RandomAccessFile::read(std::uint64_t offset, std::uint64_t length) const {
  return read_file_range(path_, offset, length);
}

}  // namespace bonebridge
