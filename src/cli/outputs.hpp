// SPDX-License-Identifier: MIT
#pragma once
// The verbs that write files plan every output first and write only when the whole plan is safe: no two
// outputs on one path, no input (or companion file) written over, and no existing file replaced unless
// --force says so. A refused plan writes nothing, not even the output folder.
#include <cstdint>
#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bonebridge/io/error.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::cli {

struct PlannedOutput {
  std::string input;           // what is converted into it: a file, or ARCHIVE:INDEX
  std::filesystem::path path;  // where it goes
  bool replaces = false;       // it existed when planned, and --force allows replacing it
};

class OutputPlan {
 public:
  explicit OutputPlan(bool force) : force_(force) {}

  // A file the run reads (an input, an archive holding one, a companion): no output may land on it. An
  // ARCHIVE:INDEX address protects the archive.
  void protect_input(const std::string& address);
  // The companion files named in `options` (--model, --body, --rig...): whatever a family lists as one.
  void protect_companions(const Options& options);
  void add(const std::string& input, const std::filesystem::path& output);

  const std::vector<PlannedOutput>& outputs() const { return outputs_; }
  const std::vector<std::string>& conflicts() const { return conflicts_; }

  // Prints every conflict to standard error and returns the exit code of a refused run.
  int refuse() const;

 private:
  bool force_;
  std::map<std::string, std::string> inputs_;   // path key -> the input's name as given
  std::map<std::string, std::size_t> planned_;  // path key -> index in outputs_
  std::vector<PlannedOutput> outputs_;
  std::vector<std::string> conflicts_;
};

// Two names of one file give one key: absolute, with symbolic links resolved, and in lower case because the
// file systems of Windows and macOS take names that differ only in letter case for one file. (Hard links are
// not seen; `convert` checks its input with fs::equivalent as well.)
std::string path_key(const std::filesystem::path& path);

// Where one input of a batch goes: its path relative to the batch's input (a file of the folder, or an
// archive entry named by the caller) under the output folder, with the output's extension. A relative path
// that would leave the output folder ("../x", "/x", as an archive could name an entry) is an error.
Result<std::filesystem::path> mirrored_output(const std::filesystem::path& out,
                                              const std::filesystem::path& relative,
                                              std::string_view extension);

// Creates the output's folder and writes it atomically. Refuses when a file appeared at its path after
// planning (another process, or a name that a case-insensitive file system folds onto an earlier output).
Status write_planned(const PlannedOutput& output, std::span<const std::uint8_t> bytes);

}  // namespace bonebridge::cli
