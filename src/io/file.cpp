// SPDX-License-Identifier: MIT
#include "bonebridge/io/file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <system_error>

namespace bonebridge {
namespace {

Error io_error(const std::filesystem::path& path, std::string message) {
  return Error{"file", std::move(message), {}, {}, path.string()};
}

}  // namespace

Result<std::vector<std::uint8_t>> read_file(const std::filesystem::path& path, std::uintmax_t max_bytes) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return io_error(path, "not a regular file, or not found");
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return io_error(path, "cannot read its size: " + ec.message());
  if (size > max_bytes)
    return io_error(path, fmt::format("{} bytes is larger than the limit of {}", size, max_bytes));
  std::ifstream in(path, std::ios::binary);
  if (!in) return io_error(path, std::string("cannot open: ") + std::strerror(errno));
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (in.gcount() != static_cast<std::streamsize>(bytes.size())) return io_error(path, "short read");
  return bytes;
}

Result<std::vector<std::uint8_t>> read_file_range(const std::filesystem::path& path, std::uint64_t offset,
                                                  std::uint64_t size) {
  std::error_code ec;
  const auto file_size = std::filesystem::file_size(path, ec);
  if (ec) return io_error(path, "cannot read its size: " + ec.message());
  // Checked before anything is allocated: the wanted bytes must lie in the file.
  if (offset > file_size || size > file_size - offset)
    return io_error(path, fmt::format("{} bytes at byte {} run past the end of the file ({} bytes)", size,
                                      offset, file_size));
  std::ifstream in(path, std::ios::binary);
  if (!in) return io_error(path, std::string("cannot open: ") + std::strerror(errno));
  in.seekg(static_cast<std::streamoff>(offset));
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (in.gcount() != static_cast<std::streamsize>(bytes.size())) return io_error(path, "short read");
  return bytes;
}

namespace {

std::filesystem::path temporary_name(const std::filesystem::path& path) {
  auto temp = path;
  temp += fmt::format(".{}.tmp", ::getpid());
  return temp;
}

#if defined(__linux__) && defined(O_TMPFILE)
bool write_all(int fd, std::span<const std::uint8_t> bytes) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return false;
    bytes = bytes.subspan(static_cast<std::size_t>(written));
  }
  return true;
}

// The unnamed-file way; nullopt when the folder's file system cannot make one (the caller falls back).
std::optional<Status> write_unnamed(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
  const auto folder = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  const int fd = ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0) return std::nullopt;
  const bool written = write_all(fd, bytes);
  const std::string self = fmt::format("/proc/self/fd/{}", fd);
  Status status = Ok{};
  if (!written) {
    status = io_error(path, std::string("write failed: ") + std::strerror(errno));
  } else if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, path.c_str(), AT_SYMLINK_FOLLOW) != 0) {
    if (errno != EEXIST) {
      ::close(fd);
      return std::nullopt;  // no /proc, or a file system without links: the named way
    }
    const auto temp = temporary_name(path);
    std::error_code ec;
    if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, temp.c_str(), AT_SYMLINK_FOLLOW) != 0) {
      status = io_error(path, std::string("cannot link the written file: ") + std::strerror(errno));
    } else if (std::filesystem::rename(temp, path, ec); ec) {
      std::filesystem::remove(temp, ec);
      status = io_error(path, "cannot move the written file into place: " + ec.message());
    }
  }
  ::close(fd);
  return status;
}
#endif

}  // namespace

Status write_file_atomic(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
#if defined(__linux__) && defined(O_TMPFILE)
  if (auto unnamed = write_unnamed(path, bytes)) return *unnamed;
#endif
  const auto temp = temporary_name(path);
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) return io_error(path, std::string("cannot create a temporary file: ") + std::strerror(errno));
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.close();  // a full disk may show only when the last buffer is written
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(temp, ignored);
      return io_error(path, "write failed");
    }
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
    return io_error(path, "cannot move the temporary file into place: " + ec.message());
  }
  return Ok{};
}

}  // namespace bonebridge
