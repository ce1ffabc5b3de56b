// SPDX-License-Identifier: MIT
#pragma once
// Real game files live outside the project, in ../shared/samples. A test that needs one skips loudly when
// the folder is absent instead of passing silently.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace bonebridge::testing {

inline std::filesystem::path samples_dir() {
  if (const char* env = std::getenv("BONEBRIDGE_SAMPLES_DIR")) return env;
  return BONEBRIDGE_SAMPLES_DIR;
}

inline std::filesystem::path source_dir() {
  return BONEBRIDGE_SOURCE_DIR;
}

inline std::vector<std::uint8_t> read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// `bytes` as the file at `path`, its folders made first.
inline void write_bytes(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// `bytes` as the file `name` in the system's temporary folder; its path.
inline std::filesystem::path write_temp(const std::string& name, const std::vector<std::uint8_t>& bytes) {
  const auto path = std::filesystem::temp_directory_path() / name;
  write_bytes(path, bytes);
  return path;
}

}  // namespace bonebridge::testing

// Declares `var` as the path of a sample file, or skips the test with a message naming the missing file.
#define BONEBRIDGE_REQUIRE_SAMPLE(var, relative)                                                       \
  const std::filesystem::path var = ::bonebridge::testing::samples_dir() / (relative);                 \
  if (!std::filesystem::exists(var)) {                                                                 \
    GTEST_SKIP() << "SKIPPED LOUDLY: real sample " << var << " is absent (../shared/samples missing)"; \
  }
