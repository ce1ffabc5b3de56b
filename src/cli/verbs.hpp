// SPDX-License-Identifier: MIT
#pragma once
// Each verb registers its own subcommand and runs through the library. Exit codes: 0 success, 1 invalid input
// (or a failed check, or outputs refused before writing), 2 usage error, 70 internal error (a bug: an
// exception no verb expected; EX_SOFTWARE of sysexits.h). Standard output carries only a verb's data (JSON,
// listings, poses); status lines, notes and errors go to standard error.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "bonebridge/plugin/family.hpp"
#include "bonebridge/services/conversion.hpp"

namespace bonebridge::cli {

enum Exit : int { kSuccess = 0, kInvalidInput = 1, kUsage = 2, kInternalError = 70 };

// Names from game files may be bytes of any code page: printed JSON replaces what is not UTF-8.
inline constexpr auto kReplaceInvalidUtf8 = nlohmann::json::error_handler_t::replace;

// The options every verb that opens a file shares: one flag per family setting (services/settings.hpp), so
// that a family's new setting is a flag without a change here.
struct InputOptions {
  std::string format;
  std::map<std::string, std::string> settings;  // --NAME VALUE, by setting name
  std::map<std::string, bool> switches;         // the settings that are flags
  std::vector<std::string> extra;               // --option key=value, the same settings by name
  bool strict = false;
  void add_to(CLI::App& command);
  Options to_options() const;
};

using Action = std::function<int()>;
struct Verb {
  CLI::App* command;
  Action run;
};

Verb add_formats(CLI::App& app);
Verb add_info(CLI::App& app);
Verb add_dump(CLI::App& app);
Verb add_validate(CLI::App& app);
Verb add_sample(CLI::App& app);
Verb add_fidelity(CLI::App& app);
Verb add_convert(CLI::App& app);
Verb add_batch(CLI::App& app);
Verb add_characters(CLI::App& app);
Verb add_ls(CLI::App& app);
Verb add_extract(CLI::App& app);
Verb add_pack(CLI::App& app);
Verb add_completion(CLI::App& app);
Verb add_preview(CLI::App& app);
Verb add_roles(CLI::App& app);

int report_error(const Error& error);

// Standard input read whole (the library reads none): "-" as an input path.
Result<std::vector<std::uint8_t>> read_standard_input();

// An input opened as the library's load_input opens it, "-" read from standard input (its format from its
// bytes or --format).
Result<LoadedInput> open_path(const std::string& path, const Options& options, const std::string& format,
                              std::span<const FormatFamily* const> elsewhere = {});

// How much the tool says on standard error besides errors: --quiet (nothing), normal (a status line per
// written file and the conversion notes), --verbose (also how each input was recognised, and every batch
// item's notes). Set once by main before a verb runs.
enum class Verbosity { Quiet, Normal, Verbose };
Verbosity& verbosity();
// Where status lines and notes go: standard error, or nowhere with --quiet.
std::ostream& status();
std::ostream& detail();  // standard error with --verbose only

}  // namespace bonebridge::cli
