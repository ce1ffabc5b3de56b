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

}  // namespace bonebridge::testing

// Declares `var` as the path of a sample file, or skips the test with a message naming the missing file.
#define BONEBRIDGE_REQUIRE_SAMPLE(var, relative)                                                       \
  const std::filesystem::path var = ::bonebridge::testing::samples_dir() / (relative);                 \
  if (!std::filesystem::exists(var)) {                                                                 \
    GTEST_SKIP() << "SKIPPED LOUDLY: real sample " << var << " is absent (../shared/samples missing)"; \
  }
