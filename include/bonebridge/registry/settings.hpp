// SPDX-License-Identifier: MIT
#pragma once
// A family's settings, declared with their types: the command-line tool builds its flags from them, `formats`
// lists them, and every value a user gives is checked against them before a family sees it, so that an
// unknown setting or a malformed value is a usage error naming the flag instead of a silent default.
#include <span>
#include <string>
#include <vector>

#include "bonebridge/io/error.hpp"

namespace bonebridge {

struct FormatFamily;
struct Options;

// The `format` of an Error about a setting: the tool reports those as usage errors (exit code 2).
inline constexpr const char* kSettingsErrorFormat = "settings";

enum class SettingKind {
  Companion,  // a file (or ARCHIVE:ENTRY) the document needs: --model, --body, --rig ...
  Choice,     // one of `choices`
  Number,     // a finite number in [minimum, maximum]
  Integer,    // a whole number in [minimum, maximum]
  Flag,       // present or not
  Text,       // any text, checked by the family (`form` says what it must look like)
};

struct Setting {
  std::string name;  // the flag without its dashes: "body", "update-ticks"
  SettingKind kind = SettingKind::Text;
  std::string help;
  std::vector<std::string> choices;  // Choice
  double minimum = 0, maximum = 0;   // Number, Integer
  std::string fallback;              // the value when it is not given, as `formats` shows it
  std::string form;                  // Text: what the value must look like ("ALPHA,BETA")
};

// Every setting some family declares, once per name (the first family's declaration, with the others'
// help joined), for the tool's flags.
std::vector<Setting> every_setting();

// What is wrong with `value` for `setting`, naming the flag, or Ok.
Status check_value(const Setting& setting, const std::string& value, const std::string& family_title);

// Checks every setting `options` carries against `family`'s declarations: an unknown name, or a value of the
// wrong kind, is an Error naming the flag (and, for an unknown one, the settings the family has). Settings
// declared by one of `elsewhere` (the other family of a conversion, or every family in a batch) are passed
// over when `family` does not declare them.
Status check_settings(const FormatFamily& family, const Options& options,
                      std::span<const FormatFamily* const> elsewhere = {});

// The settings of `family` that name companion files.
std::vector<std::string> companion_names(const FormatFamily& family);

}  // namespace bonebridge
