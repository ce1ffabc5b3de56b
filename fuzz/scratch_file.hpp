// SPDX-License-Identifier: MIT
#pragma once
// The file a fuzz target's file-backed reader opens: one per process in the temporary folder, rewritten with
// each input and removed when the process ends (fuzz_replay tests and campaigns left one behind per run).
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

namespace bonebridge::fuzzing {

class ScratchFile {
 public:
  // `name` tells the targets apart, `extension` (".gob") the kind the reader expects.
  ScratchFile(const std::string& name, const std::string& extension)
      : path_(std::filesystem::temp_directory_path() /
              ("bonebridge-fuzz-" + name + "-" + std::to_string(::getpid()) + extension)) {}
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  ~ScratchFile() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }

  // The file holding `bytes` and nothing else.
  const std::filesystem::path& write(const std::vector<std::uint8_t>& bytes) const {
    std::ofstream(path_, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return path_;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace bonebridge::fuzzing
