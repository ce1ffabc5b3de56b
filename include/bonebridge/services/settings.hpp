// SPDX-License-Identifier: MIT
#pragma once
// What a user sets, checked at the edge against a family's declared settings (plugin/settings.hpp) before a
// family sees a value, with the one parser the family's settings struct is filled through.
#include <map>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/io/error.hpp"
#include "bonebridge/plugin/settings.hpp"

namespace bonebridge {

struct FormatFamily;
struct Options;

// Every setting some family declares, once per name (the first family's declaration, with the others'
// help joined), for the tool's flags.
std::vector<Setting> every_setting();

// What is wrong with `value` for `setting`, naming the flag, or Ok.
Status check_value(const Setting& setting, const std::string& value, const std::string& family_title);

// The settings `named` gives (command-line names to text, as the CLI, the Python module or a C caller hold
// them) parsed for `family` by the one parser, by name; or an Error naming the flag: an unknown name (with
// the settings the family has), or a value of the wrong kind. Settings declared by one of `elsewhere` (the
// other family of a conversion, or every family in a batch) are passed over when `family` does not declare
// them; tool-wide ones (strict) are accepted by every family.
Result<std::map<std::string, SettingValue>> parse_settings(
    const FormatFamily& family, const std::map<std::string, std::string>& named,
    std::span<const FormatFamily* const> elsewhere = {});

// parse_settings on what `options` carries, for its errors only.
Status check_settings(const FormatFamily& family, const Options& options,
                      std::span<const FormatFamily* const> elsewhere = {});

// The tool-wide settings a caller gave by name (strict=1 from the Python module or a C caller) moved into
// their typed fields of `options`.
void apply_tool_settings(Options& options);

// The settings of `family` that name companion files.
std::vector<std::string> companion_names(const FormatFamily& family);

}  // namespace bonebridge
