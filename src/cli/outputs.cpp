// SPDX-License-Identifier: MIT
#include "outputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <system_error>

#include "bonebridge/io/file.hpp"
#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/addressing.hpp"
#include "bonebridge/services/conversion.hpp"
#include "bonebridge/services/settings.hpp"
#include "verbs.hpp"

namespace bonebridge::cli {
namespace {

namespace fs = std::filesystem;

std::string collision(const PlannedOutput& earlier, const std::string& input, const fs::path& output) {
  if (earlier.path == output) {
    return fmt::format("'{}' and '{}' would both be written to '{}'", earlier.input, input, output.string());
  }
  return fmt::format(
      "'{}' and '{}' would both be written to one file, '{}' and '{}' (names that differ only in letter case "
      "are one file on Windows and macOS)",
      earlier.input, input, earlier.path.string(), output.string());
}

}  // namespace

std::string path_key(const fs::path& path) {
  std::error_code ec;
  fs::path resolved = fs::weakly_canonical(path, ec);
  if (ec) resolved = path.lexically_normal();
  std::string key = resolved.string();
  std::transform(key.begin(), key.end(), key.begin(),
                 [](unsigned char c) { return static_cast<char>(c < 0x80 ? std::tolower(c) : c); });
  return key;
}

void OutputPlan::protect_input(const std::string& address) {
  if (address.empty()) return;
  const auto split = split_address(address);
  inputs_.emplace(path_key(split ? split->file : address), address);
}

void OutputPlan::protect_companions(const Options& options) {
  for (const auto& family : format_families()) {
    for (const auto& key : companion_names(family)) {
      if (const auto file = options.get(key)) protect_input(*file);
    }
  }
}

void OutputPlan::add(const std::string& input, const fs::path& output) {
  const std::string key = path_key(output);
  if (const auto read = inputs_.find(key); read != inputs_.end()) {
    conflicts_.push_back(
        fmt::format("'{}' is read by this run (as '{}'); refusing to write the conversion of "
                    "'{}' over it",
                    output.string(), read->second, input));
    return;
  }
  if (const auto earlier = planned_.find(key); earlier != planned_.end()) {
    conflicts_.push_back(collision(outputs_[earlier->second], input, output));
    return;
  }
  std::error_code ec;
  const bool exists = fs::exists(fs::symlink_status(output, ec));
  if (exists && fs::is_directory(output, ec)) {
    conflicts_.push_back(
        fmt::format("'{}' is a folder; the conversion of '{}' cannot replace it", output.string(), input));
    return;
  }
  if (exists && !force_) {
    conflicts_.push_back(
        fmt::format("'{}' already exists; refusing to replace it with the conversion of '{}' "
                    "(use --force)",
                    output.string(), input));
    return;
  }
  planned_.emplace(key, outputs_.size());
  outputs_.push_back({input, output, exists});
}

int OutputPlan::refuse() const {
  for (const auto& conflict : conflicts_) std::cerr << "bonebridge: error: " << conflict << "\n";
  std::cerr << fmt::format("bonebridge: nothing written ({} conflict{})\n", conflicts_.size(),
                           conflicts_.size() == 1 ? "" : "s");
  return kInvalidInput;
}

Result<fs::path> mirrored_output(const fs::path& out, const fs::path& relative, std::string_view extension) {
  // Archive entry names separate their folders with '\' too (Sith GOB/GOO): both become folders here.
  std::string generic = relative.string();
  std::replace(generic.begin(), generic.end(), '\\', '/');
  fs::path normal = fs::path(generic).lexically_normal();
  if (normal.empty() || normal.has_root_path() || *normal.begin() == ".." || normal == "." ||
      !normal.has_filename()) {
    return Error{"", "not a path inside the output folder", {}, {}, relative.string()};
  }
  return out / normal.replace_extension(extension);
}

Status write_planned(const PlannedOutput& output, std::span<const std::uint8_t> bytes) {
  std::error_code ec;
  if (!output.replaces && fs::exists(fs::symlink_status(output.path, ec))) {
    return Error{"file",
                 "a file appeared here after this run planned its outputs (another process, or an earlier "
                 "output of this run on a file system that ignores letter case); not replaced",
                 {},
                 {},
                 output.path.string()};
  }
  if (output.path.has_parent_path()) {
    fs::create_directories(output.path.parent_path(), ec);
    if (ec) return Error{"file", "cannot create its folder: " + ec.message(), {}, {}, output.path.string()};
  }
  return write_file_atomic(output.path, bytes);
}

}  // namespace bonebridge::cli
