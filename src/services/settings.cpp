// SPDX-License-Identifier: MIT
#include "bonebridge/services/settings.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "bonebridge/plugin/family.hpp"
#include "bonebridge/registry/registry.hpp"

namespace bonebridge {
namespace {

// Keys every family accepts: tool-wide (--strict).
bool is_tool_wide(const std::string& key) {
  return key == "strict";
}

const Setting* find_setting(const FormatFamily& family, const std::string& name) {
  const auto it = std::find_if(family.settings.begin(), family.settings.end(),
                               [&](const Setting& setting) { return setting.name == name; });
  return it == family.settings.end() ? nullptr : &*it;
}

Error usage_error(std::string message) {
  return Error{kSettingsErrorFormat, std::move(message), {}, {}, {}};
}

Status check_number(const Setting& setting, const std::string& value, const std::string& family_title) {
  char* end = nullptr;
  const double number = std::strtod(value.c_str(), &end);
  const bool parsed = !value.empty() && end == value.c_str() + value.size() && std::isfinite(number);
  const bool whole = setting.kind != SettingKind::Integer || number == std::floor(number);
  const bool in_range =
      setting.maximum <= setting.minimum || (number >= setting.minimum && number <= setting.maximum);
  if (parsed && whole && in_range) return Ok{};
  const char* what = setting.kind == SettingKind::Integer ? "a whole number" : "a number";
  const std::string range = setting.maximum > setting.minimum
                                ? fmt::format(" from {} to {}", setting.minimum, setting.maximum)
                                : "";
  return usage_error(
      fmt::format("--{} ({}): expected {}{}, found \"{}\"", setting.name, family_title, what, range, value));
}

std::string setting_names(const FormatFamily& family) {
  std::string names;
  for (const auto& setting : family.settings) names += (names.empty() ? "--" : ", --") + setting.name;
  return names.empty() ? "none" : names;
}

}  // namespace

std::vector<Setting> every_setting() {
  std::vector<Setting> settings;
  for (const auto& family : format_families()) {
    for (const auto& setting : family.settings) {
      auto it = std::find_if(settings.begin(), settings.end(),
                             [&](const Setting& known) { return known.name == setting.name; });
      if (it == settings.end()) {
        settings.push_back(setting);
        settings.back().help = family.id + ": " + setting.help;
      } else {
        it->help += "; " + family.id + ": " + setting.help;
        if (it->kind != setting.kind) it->kind = SettingKind::Text;  // each family checks its own
        for (const auto& choice : setting.choices) {
          if (std::find(it->choices.begin(), it->choices.end(), choice) == it->choices.end())
            it->choices.push_back(choice);
        }
      }
    }
  }
  return settings;
}

Status check_value(const Setting& setting, const std::string& value, const std::string& family_title) {
  switch (setting.kind) {
    case SettingKind::Choice:
      if (std::find(setting.choices.begin(), setting.choices.end(), value) != setting.choices.end())
        return Ok{};
      return usage_error(fmt::format("--{} ({}): expected {}, found \"{}\"", setting.name, family_title,
                                     fmt::join(setting.choices, " or "), value));
    case SettingKind::Number:
    case SettingKind::Integer:
      return check_number(setting, value, family_title);
    case SettingKind::Companion:
      if (!value.empty()) return Ok{};
      return usage_error(
          fmt::format("--{} ({}): expected a file, found nothing", setting.name, family_title));
    case SettingKind::Flag:
    case SettingKind::Text:
      return Ok{};
  }
  return Ok{};
}

Status check_settings(const FormatFamily& family, const Options& options,
                      std::span<const FormatFamily* const> elsewhere) {
  for (const auto& [name, value] : options.values) {
    if (is_tool_wide(name)) continue;
    if (const Setting* setting = find_setting(family, name)) {
      if (auto checked = check_value(*setting, value, family.title); !checked) return checked;
      continue;
    }
    const std::string& key = name;  // clang 14 lambdas cannot capture a structured binding
    const bool known_elsewhere =
        std::any_of(elsewhere.begin(), elsewhere.end(),
                    [&](const FormatFamily* other) { return other && find_setting(*other, key); });
    if (known_elsewhere) continue;
    return usage_error(fmt::format("--{} is not a setting of {} (its settings: {})", name, family.title,
                                   setting_names(family)));
  }
  return Ok{};
}

std::vector<std::string> companion_names(const FormatFamily& family) {
  std::vector<std::string> names;
  for (const auto& setting : family.settings) {
    if (setting.kind == SettingKind::Companion) names.push_back(setting.name);
  }
  return names;
}

}  // namespace bonebridge
