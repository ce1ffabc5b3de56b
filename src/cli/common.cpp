// SPDX-License-Identifier: MIT
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>

#include "bonebridge/services/settings.hpp"
#include "verbs.hpp"

namespace bonebridge::cli {

namespace {

// What --help shows as the value: the choices, or what kind of value it is.
std::string value_name(const Setting& setting) {
  if (!setting.choices.empty()) return fmt::format("{}", fmt::join(setting.choices, "|"));
  switch (setting.kind) {
    case SettingKind::Companion:
      return "FILE";
    case SettingKind::Number:
      return "NUMBER";
    case SettingKind::Integer:
      return "INTEGER";
    case SettingKind::Text:
      return setting.form.empty() ? "TEXT" : setting.form;
    case SettingKind::Pair:
      return setting.form.empty() ? "A,B" : setting.form;
    case SettingKind::Choice:
    case SettingKind::Flag:
      break;
  }
  return "";
}

}  // namespace

void InputOptions::add_to(CLI::App& command) {
  command.add_option("--format", format, "Force a format family by id (see `formats`)");
  for (const auto& setting : every_setting()) {
    const std::string flag = "--" + setting.name;
    if (setting.kind == SettingKind::Flag) {
      command.add_flag(flag, switches[setting.name], setting.help);
    } else {
      command.add_option(flag, settings[setting.name], setting.help)->type_name(value_name(setting));
    }
  }
  command.add_flag("--strict", strict, "Treat what the game would reject as errors, not warnings");
  command.add_option("--option", extra, "A family setting as KEY=VALUE (see `formats`), repeatable");
}

Options InputOptions::to_options() const {
  Options options;
  for (const auto& [name, value] : settings) {
    if (!value.empty()) options.values[name] = value;
  }
  for (const auto& [name, on] : switches) {
    if (on) options.values[name] = "1";
  }
  options.strict = strict;
  for (const auto& setting : extra) {
    const auto equals = setting.find('=');
    options.values[setting.substr(0, equals)] =
        equals == std::string::npos ? "1" : setting.substr(equals + 1);
  }
  return options;
}

Verbosity& verbosity() {
  static Verbosity level = Verbosity::Normal;
  return level;
}

namespace {

std::ostream& nowhere() {
  static std::ostream discarded(nullptr);  // a stream without a buffer writes nothing
  return discarded;
}

}  // namespace

std::ostream& status() {
  return verbosity() == Verbosity::Quiet ? nowhere() : std::cerr;
}

std::ostream& detail() {
  return verbosity() == Verbosity::Verbose ? std::cerr : nowhere();
}

Result<std::vector<std::uint8_t>> read_standard_input() {
  std::vector<std::uint8_t> bytes;
  char buffer[1 << 16];
  while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0)
    bytes.insert(bytes.end(), buffer, buffer + std::cin.gcount());
  if (std::cin.bad()) return Error{"", "cannot read standard input", {}, {}, "-"};
  return bytes;
}

Result<LoadedInput> open_path(const std::string& path, const Options& options, const std::string& format,
                              std::span<const FormatFamily* const> elsewhere) {
  if (path != "-") return load_input(path, options, format, elsewhere);
  auto bytes = read_standard_input();
  if (!bytes) return bytes.error();
  return open_input(AddressedFile{std::move(*bytes), "-", {}}, path, options, format, elsewhere);
}

int report_error(const Error& error) {
  std::cerr << "bonebridge: error: " << error.to_string() << "\n";
  return error.format == kSettingsErrorFormat ? kUsage : kInvalidInput;
}

}  // namespace bonebridge::cli
