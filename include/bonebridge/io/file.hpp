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

// Writes `path` whole or not at all: a reader never sees a partial file. On Linux the bytes go to an unnamed
// file in the target's folder (O_TMPFILE), linked under its name once complete, so that a process killed
// while writing leaves nothing behind; a file it replaces is swapped by a rename from a name that lives only
// between link and rename. Elsewhere (or where the file system has no unnamed files): a named temporary
// file beside `path`, renamed over it.
Status write_file_atomic(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);

}  // namespace bonebridge
