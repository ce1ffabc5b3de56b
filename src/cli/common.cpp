// SPDX-License-Identifier: MIT
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>

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
  if (strict) options.values["strict"] = "1";
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

int report_error(const Error& error) {
  std::cerr << "bonebridge: error: " << error.to_string() << "\n";
  return error.format == kSettingsErrorFormat ? kUsage : kInvalidInput;
}

}  // namespace bonebridge::cli
