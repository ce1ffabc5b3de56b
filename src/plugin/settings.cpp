// SPDX-License-Identifier: MIT
// The one parser of what a user sets (plugin/settings.hpp): the services check a user's settings with it and
// a family's settings struct is filled through it, so that a value means the same wherever it is read.
#include "bonebridge/plugin/settings.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace bonebridge {
namespace {

Error usage_error(std::string message) {
  return Error{kSettingsErrorFormat, std::move(message), {}, {}, {}};
}

bool has_range(const Setting& setting) {
  return setting.maximum > setting.minimum;
}

// A whole text read as a finite number, else nothing.
std::optional<double> finite_number(const std::string& text) {
  char* end = nullptr;
  const double number = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(number)) return std::nullopt;
  return number;
}

Result<SettingValue> parse_number(const Setting& setting, const std::string& text,
                                  const std::string& family_title) {
  const auto number = finite_number(text);
  const bool integer = setting.kind == SettingKind::Integer;
  // Beyond 2^53 a double holds only some whole numbers; no setting counts that far.
  const bool whole = !integer || (number && *number == std::floor(*number) && std::fabs(*number) < 0x1p53);
  const bool in_range =
      !has_range(setting) || (number && *number >= setting.minimum && *number <= setting.maximum);
  if (number && whole && in_range) {
    if (integer) return SettingValue(static_cast<std::int64_t>(*number));
    return SettingValue(*number);
  }
  const char* what = integer ? "a whole number" : "a number";
  const std::string range =
      has_range(setting) ? fmt::format(" from {} to {}", setting.minimum, setting.maximum) : "";
  return usage_error(
      fmt::format("--{} ({}): expected {}{}, found \"{}\"", setting.name, family_title, what, range, text));
}

// "A,B": two whole numbers (spaces around them allowed).
Result<SettingValue> parse_pair(const Setting& setting, const std::string& text,
                                const std::string& family_title) {
  const auto comma = text.find(',');
  const auto whole = [](std::string part) -> std::optional<std::int64_t> {
    part.erase(0, part.find_first_not_of(' '));
    part.erase(part.find_last_not_of(' ') + 1);
    const auto number = finite_number(part);
    if (!number || *number != std::floor(*number) || std::fabs(*number) > 1e9) return std::nullopt;
    return static_cast<std::int64_t>(*number);
  };
  if (comma != std::string::npos) {
    const auto first = whole(text.substr(0, comma));
    const auto second = whole(text.substr(comma + 1));
    if (first && second) return SettingValue(std::array<std::int64_t, 2>{*first, *second});
  }
  return usage_error(fmt::format("--{} ({}): expected {} (two whole numbers), found \"{}\"", setting.name,
                                 family_title, setting.form.empty() ? "A,B" : setting.form, text));
}

}  // namespace

Result<SettingValue> parse_setting(const Setting& setting, const std::string& text,
                                   const std::string& family_title) {
  switch (setting.kind) {
    case SettingKind::Choice:
      if (std::find(setting.choices.begin(), setting.choices.end(), text) != setting.choices.end())
        return SettingValue(text);
      return usage_error(fmt::format("--{} ({}): expected {}, found \"{}\"", setting.name, family_title,
                                     fmt::join(setting.choices, " or "), text));
    case SettingKind::Number:
    case SettingKind::Integer:
      return parse_number(setting, text, family_title);
    case SettingKind::Companion:
      if (!text.empty()) return SettingValue(text);
      return usage_error(
          fmt::format("--{} ({}): expected a file, found nothing", setting.name, family_title));
    case SettingKind::Pair:
      return parse_pair(setting, text, family_title);
    case SettingKind::Flag:
      return SettingValue(true);
    case SettingKind::Text:
      return SettingValue(text);
  }
  return SettingValue(text);
}

std::string setting_number_text(double value) {
  return fmt::format("{}", value);
}

}  // namespace bonebridge
