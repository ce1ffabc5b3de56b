// SPDX-License-Identifier: MIT
#include "bonebridge/services/settings.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "bonebridge/plugin/family.hpp"
#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/retarget.hpp"

namespace bonebridge {
namespace {

// Keys every family accepts: tool-wide (--strict, and retargeting's, which the conversion service takes out
// before a family sees them).
bool is_tool_wide(const std::string& key) {
  return key == "strict" || is_retarget_setting(key);
}

const Setting* find_setting(const FormatFamily& family, const std::string& name) {
  const auto it = std::find_if(family.settings.begin(), family.settings.end(),
                               [&](const Setting& setting) { return setting.name == name; });
  return it == family.settings.end() ? nullptr : &*it;
}

Error usage_error(std::string message) {
  return Error{kSettingsErrorFormat, std::move(message), {}, {}, {}};
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
      const std::string help =
          family.id + ": " + setting.help + (setting.unit.empty() ? "" : " [" + setting.unit + "]");
      if (it == settings.end()) {
        settings.push_back(setting);
        settings.back().help = help;
      } else {
        it->help += "; " + help;
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
  auto parsed = parse_setting(setting, value, family_title);
  if (!parsed) return parsed.error();
  return Ok{};
}

Result<std::map<std::string, SettingValue>> parse_settings(const FormatFamily& family,
                                                           const std::map<std::string, std::string>& named,
                                                           std::span<const FormatFamily* const> elsewhere) {
  std::map<std::string, SettingValue> parsed;
  for (const auto& [name, value] : named) {
    if (is_tool_wide(name)) continue;
    if (const Setting* setting = find_setting(family, name)) {
      auto typed = parse_setting(*setting, value, family.title);
      if (!typed) return typed.error();
      parsed.emplace(name, std::move(*typed));
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
  return parsed;
}

Status check_settings(const FormatFamily& family, const Options& options,
                      std::span<const FormatFamily* const> elsewhere) {
  auto parsed = parse_settings(family, options.values, elsewhere);
  if (!parsed) return parsed.error();
  return Ok{};
}

void apply_tool_settings(Options& options) {
  if (options.flag("strict")) options.strict = true;
}

std::vector<std::string> companion_names(const FormatFamily& family) {
  std::vector<std::string> names;
  for (const auto& setting : family.settings) {
    if (setting.kind == SettingKind::Companion) names.push_back(setting.name);
  }
  return names;
}

}  // namespace bonebridge
