// SPDX-License-Identifier: MIT
#pragma once
// The command-line tool run as a user runs it: a subprocess whose exit code, standard output and standard
// error are checked, in a scratch folder of its own per test.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "support/samples.hpp"

namespace bonebridge::testing {

struct ToolRun {
  int code = -1;
  std::string out, err;
};

inline std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

inline std::string read_text(const std::filesystem::path& path) {
  const auto bytes = read_bytes(path);
  return {bytes.begin(), bytes.end()};
}

inline void write_text(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// A file's bytes and modification time: what a run that writes nothing leaves as it was.
struct FileState {
  std::vector<std::uint8_t> bytes;
  std::filesystem::file_time_type modified;
  bool operator==(const FileState&) const = default;
};

// Every file under `folder`, by its path relative to it.
inline std::map<std::string, FileState> snapshot(const std::filesystem::path& folder) {
  std::map<std::string, FileState> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
    if (!entry.is_regular_file()) continue;
    files[entry.path().lexically_relative(folder).string()] = {read_bytes(entry.path()),
                                                               entry.last_write_time()};
  }
  return files;
}

class ToolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    scratch_ = std::filesystem::temp_directory_path() /
               (std::string("bonebridge-cli-") + test->name() + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(scratch_);
    std::filesystem::create_directories(scratch_);
  }
  void TearDown() override { std::filesystem::remove_all(scratch_); }

  std::filesystem::path scratch(const std::string& relative = {}) const { return scratch_ / relative; }

  // `environment` is prefixed to the command ("NAME=value").
  ToolRun run(const std::vector<std::string>& args, const std::string& environment = {}) const {
    const auto out = scratch_ / "stdout.txt";
    const auto err = scratch_ / "stderr.txt";
    // Appended word by word: GCC 12 at -O3 warns falsely (-Wrestrict) on "literal" + std::string&&.
    std::string command = environment;
    command.append(" ").append(shell_quote(BONEBRIDGE_TOOL));
    for (const auto& arg : args) command.append(" ").append(shell_quote(arg));
    command.append(" >").append(shell_quote(out.string())).append(" 2>").append(shell_quote(err.string()));
    const int status = std::system(command.c_str());
    ToolRun result{WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(out), read_text(err)};
    std::filesystem::remove(out);
    std::filesystem::remove(err);
    return result;
  }

  // Copies a bundled example (examples/FAMILY/NAME) into the scratch folder as `relative`.
  std::filesystem::path copy_example(const std::string& example, const std::string& relative) const {
    const auto target = scratch(relative);
    std::filesystem::create_directories(target.parent_path());
    std::filesystem::copy_file(source_dir() / "examples" / example, target);
    return target;
  }

  // Pushes a file's modification time an hour back, so that any rewrite in the test shows in it whatever
  // the file system's timestamp resolution.
  static void age(const std::filesystem::path& path) {
    std::filesystem::last_write_time(path, std::filesystem::last_write_time(path) - std::chrono::hours(1));
  }

 private:
  std::filesystem::path scratch_;
};

}  // namespace bonebridge::testing
