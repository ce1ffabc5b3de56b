// SPDX-License-Identifier: MIT
#pragma once
// The plug-in API (3 of 4): a family's settings, declared with their types: the command-line tool builds its
// flags from them, `formats` lists them, and every value a user gives is checked against them
// (services/settings.hpp) before a family sees it, so that an unknown setting or a malformed value is a usage
// error naming the flag instead of a silent default.
#include <string>
#include <vector>

namespace bonebridge {

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

}  // namespace bonebridge
