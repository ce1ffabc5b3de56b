// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "bonebridge/io/error.hpp"

namespace bonebridge {

// Reads a whole file; refuses files larger than `max_bytes`.
Result<std::vector<std::uint8_t>> read_file(const std::filesystem::path& path,
                                            std::uintmax_t max_bytes = std::uintmax_t{1} << 32);

// Reads `size` bytes at byte `offset` of a file (a seek and a read); an error when the file ends before them.
Result<std::vector<std::uint8_t>> read_file_range(const std::filesystem::path& path, std::uint64_t offset,
                                                  std::uint64_t size);

// Writes to a temporary file beside `path`, then renames it over `path`: a reader never sees a partial file.
Status write_file_atomic(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);

}  // namespace bonebridge
