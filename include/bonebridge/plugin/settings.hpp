// SPDX-License-Identifier: MIT
#pragma once
// The plug-in API (3 of 4): a family's settings. A family keeps what a user may set in one plain struct whose
// members carry the defaults, and describes each member once, in a table of fields: the flag's name, kind,
// unit, range or choices, help, and where the value goes. From that one table come
//   - the schema that `--help`, `formats` and the Blender panel show (`settings_schema`: each default read
//   off
//     a default-constructed struct, so that a default lives in one place), and
//   - the struct itself (`read_settings`), every value parsed and checked by the one parser, `parse_setting`,
//     which is also what the services check a user's settings with before a family sees them (an unknown
//     setting or a malformed value is a usage error naming the flag, never a silent default).
// A family reads typed members only; it parses no text.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "bonebridge/io/error.hpp"
#include "bonebridge/plugin/options.hpp"

namespace bonebridge {

// The `format` of an Error about a setting: the tool reports those as usage errors (exit code 2).
inline constexpr const char* kSettingsErrorFormat = "settings";

enum class SettingKind {
  Companion,  // a file (or ARCHIVE:ENTRY) the document needs: --model, --body, --rig ...
  Choice,     // one of `choices`
  Number,     // a finite number in [minimum, maximum]
  Integer,    // a whole number in [minimum, maximum]
  Flag,       // present or not
  Text,       // any text (`form` says what it names: "FOLDER", "NAME")
  Pair,       // two whole numbers, "A,B" (`form` names them: "ALPHA,BETA")
};

// One setting as the schema shows it. A range with maximum <= minimum is no range.
struct Setting {
  std::string name;  // the flag without its dashes: "body", "update-ticks"
  SettingKind kind = SettingKind::Text;
  std::string help;
  std::vector<std::string> choices;  // Choice
  double minimum = 0, maximum = 0;   // Number, Integer
  std::string fallback;  // the default as a user would write it, or what the family does without the setting
  std::string form;      // Text, Pair: what the value looks like ("ALPHA,BETA")
  std::string unit;      // Number, Integer: what it counts ("degrees", "game units", "metres per game unit")
  std::string alias_of;  // an old spelling kept working: the settings it stands for ("angle-tolerance")
};

// A value as `parse_setting` read it: a Flag's presence, an Integer, a Number, the text of a Companion (its
// address), Choice or Text, a Pair's two numbers.
using SettingValue = std::variant<bool, std::int64_t, double, std::string, std::array<std::int64_t, 2>>;

// The one parser: `text`, given for `setting` of the family titled `family_title`, as a typed value, or a
// usage error (format kSettingsErrorFormat) naming the flag, what it expects and what was found.
Result<SettingValue> parse_setting(const Setting& setting, const std::string& text,
                                   const std::string& family_title);

// A number as a user would write it, in the fewest digits that read back the same ("0.001953125", "2e-06").
std::string setting_number_text(double value);

// One member of a family's settings struct `Settings`: its schema, how a parsed value is stored in it, and
// how its value shows as a default ("" for an optional member that is unset: the schema then shows
// `setting.fallback`, which says what the family does without it).
template <class Settings>
struct SettingField {
  Setting setting;
  std::function<void(Settings&, const SettingValue&)> store;
  std::function<std::string(const Settings&)> show;
};

template <class Settings>
using SettingFields = std::vector<SettingField<Settings>>;

// The schema of a family's settings, the defaults read off `Settings{}`.
template <class Settings>
std::vector<Setting> settings_schema(const SettingFields<Settings>& fields) {
  const Settings defaults{};
  std::vector<Setting> schema;
  for (const auto& field : fields) {
    schema.push_back(field.setting);
    if (auto shown = field.show(defaults); !shown.empty()) schema.back().fallback = std::move(shown);
  }
  return schema;
}

// The family's settings struct from what a user set in `options` (settings of other families are not looked
// at). Old spellings are applied first, so that a setting's own name wins over an alias given with it.
template <class Settings>
Result<Settings> read_settings(const Options& options, const SettingFields<Settings>& fields,
                               const std::string& family_title) {
  Settings settings{};
  for (const bool aliases : {true, false}) {
    for (const auto& field : fields) {
      if (field.setting.alias_of.empty() == aliases) continue;
      const auto given = options.get(field.setting.name);
      if (!given) continue;
      auto value = parse_setting(field.setting, *given, family_title);
      if (!value) return value.error();
      field.store(settings, *value);
    }
  }
  return settings;
}

// The fields, one helper per kind. `Member` is the member's type: T, or std::optional<T> when "not given"
// means something of its own (the schema then shows `when_unset`).
namespace setting_fields {

template <class T>
struct Optional : std::false_type {
  using Value = T;
};
template <class T>
struct Optional<std::optional<T>> : std::true_type {
  using Value = T;
};

struct Range {
  double minimum = 0, maximum = 0;
};

template <class Member, class Show>
std::string shown(const Member& member, Show show) {
  if constexpr (Optional<Member>::value) {
    return member ? show(*member) : std::string();
  } else {
    return show(member);
  }
}

// A number in `unit`; a member kept in another unit gets the given value times `scale` (degrees given,
// radians kept: pi / 180).
template <class Settings, class Member>
SettingField<Settings> number(std::string name, Member Settings::*member, std::string unit, Range range,
                              std::string help, std::string when_unset = {}, double scale = 1) {
  Setting setting{std::move(name),       SettingKind::Number,
                  std::move(help),       {},
                  range.minimum,         range.maximum,
                  std::move(when_unset), {},
                  std::move(unit),       {}};
  return {std::move(setting),
          [member, scale](Settings& settings, const SettingValue& value) {
            settings.*member = std::get<double>(value) * scale;
          },
          [member, scale](const Settings& settings) {
            return shown(settings.*member,
                         [scale](double value) { return setting_number_text(value / scale); });
          }};
}

template <class Settings, class Member>
SettingField<Settings> integer(std::string name, Member Settings::*member, std::string unit, Range range,
                               std::string help, std::string when_unset = {}) {
  using Value = typename Optional<Member>::Value;
  Setting setting{std::move(name),       SettingKind::Integer,
                  std::move(help),       {},
                  range.minimum,         range.maximum,
                  std::move(when_unset), {},
                  std::move(unit),       {}};
  return {std::move(setting),
          [member](Settings& settings, const SettingValue& value) {
            settings.*member = static_cast<Value>(std::get<std::int64_t>(value));
          },
          [member](const Settings& settings) {
            return shown(settings.*member, [](Value value) { return std::to_string(value); });
          }};
}

// One of `choices`: each name a user writes with the value the member takes.
template <class Settings, class Member>
SettingField<Settings> choice(std::string name, Member Settings::*member,
                              std::vector<std::pair<std::string, typename Optional<Member>::Value>> choices,
                              std::string help, std::string when_unset = {}) {
  using Value = typename Optional<Member>::Value;
  Setting setting{
      std::move(name), SettingKind::Choice, std::move(help), {}, 0, 0, std::move(when_unset), {}, {}, {}};
  for (const auto& named : choices) setting.choices.push_back(named.first);
  return {std::move(setting),
          [member, choices](Settings& settings, const SettingValue& value) {
            for (const auto& [written, meant] : choices) {
              if (written == std::get<std::string>(value)) settings.*member = meant;
            }
          },
          [member, choices](const Settings& settings) {
            return shown(settings.*member, [&choices](const Value& value) {
              for (const auto& [written, meant] : choices) {
                if (meant == value) return written;
              }
              return std::string();
            });
          }};
}

// Text, or a Companion's address: kept as written.
template <class Settings, class Member>
SettingField<Settings> text(std::string name, Member Settings::*member, SettingKind kind, std::string form,
                            std::string help, std::string when_unset = {}) {
  Setting setting{
      std::move(name), kind, std::move(help), {}, 0, 0, std::move(when_unset), std::move(form), {}, {}};
  return {std::move(setting),
          [member](Settings& settings, const SettingValue& value) {
            settings.*member = std::get<std::string>(value);
          },
          [member](const Settings& settings) {
            return shown(settings.*member, [](const std::string& value) { return value; });
          }};
}

template <class Settings, class Member>
SettingField<Settings> companion(std::string name, Member Settings::*member, std::string help,
                                 std::string when_unset = {}) {
  return text(std::move(name), member, SettingKind::Companion, {}, std::move(help), std::move(when_unset));
}

template <class Settings>
SettingField<Settings> flag(std::string name, bool Settings::*member, std::string help) {
  Setting setting{std::move(name), SettingKind::Flag, std::move(help), {}, 0, 0, {}, {}, {}, {}};
  return {std::move(setting), [member](Settings& settings, const SettingValue&) { settings.*member = true; },
          [](const Settings&) { return std::string(); }};
}

// Two whole numbers "A,B" into a std::optional<std::array<int, 2>>.
template <class Settings>
SettingField<Settings> pair(std::string name, std::optional<std::array<int, 2>> Settings::*member,
                            std::string form, std::string help, std::string when_unset) {
  Setting setting{std::move(name),
                  SettingKind::Pair,
                  std::move(help),
                  {},
                  0,
                  0,
                  std::move(when_unset),
                  std::move(form),
                  {},
                  {}};
  return {std::move(setting),
          [member](Settings& settings, const SettingValue& value) {
            const auto& numbers = std::get<std::array<std::int64_t, 2>>(value);
            settings.*member = std::array<int, 2>{static_cast<int>(numbers[0]), static_cast<int>(numbers[1])};
          },
          [member](const Settings& settings) {
            const auto& value = settings.*member;
            return value ? std::to_string((*value)[0]) + "," + std::to_string((*value)[1]) : std::string();
          }};
}

// An old spelling of a number, kept working: `apply` sets the members it stands for (`alias_of`), with the
// meaning the name had before.
template <class Settings>
SettingField<Settings> number_alias(std::string name, std::string alias_of, std::string unit, Range range,
                                    std::string help, std::string when_unset,
                                    std::function<void(Settings&, double)> apply) {
  Setting setting{std::move(name), SettingKind::Number, std::move(help),       {},
                  range.minimum,   range.maximum,       std::move(when_unset), {},
                  std::move(unit), std::move(alias_of)};
  return {std::move(setting),
          [apply = std::move(apply)](Settings& settings, const SettingValue& value) {
            apply(settings, std::get<double>(value));
          },
          [](const Settings&) { return std::string(); }};
}

// An old spelling of `field`, kept working with the field's meaning: listed after it, applied before it (so
// that the new name wins when both are given), with no default of its own.
template <class Settings>
SettingField<Settings> old_spelling(SettingField<Settings> field, std::string old_name) {
  field.setting.alias_of = field.setting.name;
  field.setting.help = "the old spelling of --" + field.setting.name + ", kept";
  field.setting.fallback = "as --" + field.setting.name;
  field.setting.name = std::move(old_name);
  field.show = [](const Settings&) { return std::string(); };
  return field;
}

// Key reduction against a game's own interpolation (LEGO, Volition): --distance-tolerance in game units,
// --angle-tolerance in degrees kept in radians, and the old --tolerance that set both with one number.
// `interpolator` says whose interpolation of the kept keys is meant ("the game's", "the engine's").
template <class Settings>
std::vector<SettingField<Settings>> key_reduction(const std::string& interpolator) {
  constexpr double kRadiansPerDegree = 3.14159265358979323846 / 180;
  const std::string from = " may be from " + interpolator + " interpolation of the kept ones";
  return {
      number("distance-tolerance", &Settings::distance_tolerance, "game units", {0, 1},
             "how far a dropped key's position" + from),
      number("angle-tolerance", &Settings::angle_tolerance, "degrees", {0, 57.29577951308232},
             "how far a dropped key's rotation" + from, {}, kRadiansPerDegree),
      number_alias<Settings>("tolerance", "distance-tolerance, angle-tolerance",
                             "game units and radians at once", {0, 1},
                             "the old spelling, kept: one number as --distance-tolerance in game units and "
                             "as the angle in radians",
                             "as --distance-tolerance and --angle-tolerance",
                             [](Settings& settings, double value) {
                               settings.distance_tolerance = settings.angle_tolerance = value;
                             }),
  };
}

}  // namespace setting_fields
}  // namespace bonebridge
