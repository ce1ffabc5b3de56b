// SPDX-License-Identifier: MIT
#include "options.hpp"

#include "bonebridge/services/settings.hpp"
#include "files.hpp"
#include "guard.hpp"

namespace bonebridge::capi {
namespace {

void add_settings(const OptionsArguments& arguments, Options& options) {
  if (arguments.setting_count > 0) required(arguments.settings, "settings");
  for (std::size_t i = 0; i < arguments.setting_count; ++i) {
    const bb_setting& setting = arguments.settings[i];
    const std::string name = text(setting.name, "a setting's name");
    if (name.empty()) throw ArgumentError{"a setting's name is empty"};
    options.values[name] = text(setting.value, ("setting " + name + "'s value").c_str());
  }
}

void add_companions(const OptionsArguments& arguments, Options& options) {
  if (arguments.companion_count > 0) required(arguments.companions, "companions");
  for (std::size_t i = 0; i < arguments.companion_count; ++i) {
    const bb_companion& companion = arguments.companions[i];
    const std::string setting = text(companion.setting, "a companion's setting");
    if (setting.empty()) throw ArgumentError{"a companion's setting is empty"};
    const std::string name = text(companion.name, "a companion's name", true);
    // The setting names the companion (what errors and the family's lookups beside it use).
    options.values[setting] = name.empty() ? setting : name;
    options.companions[setting] = bytes(companion.data, companion.size, ("companion " + setting).c_str());
  }
}

}  // namespace

void read_named_companions(Options& options, const std::vector<Setting>& settings) {
  for (const auto& setting : settings) {
    if (setting.kind != SettingKind::Companion || options.companions.contains(setting.name)) continue;
    const auto address = options.get(setting.name);
    if (!address) continue;
    options.companions[setting.name] = value_of(options.nearby->read(*address), *address);
  }
}

Options options_of(const OptionsArguments& arguments) {
  Options options;
  add_settings(arguments, options);
  add_companions(arguments, options);
  options.nearby = caller_files(arguments.files);
  read_named_companions(options, every_setting());
  return options;
}

Options settings_only(const bb_setting* settings, std::size_t setting_count) {
  Options options;
  add_settings({settings, setting_count, nullptr, 0, nullptr}, options);
  return options;
}

}  // namespace bonebridge::capi
