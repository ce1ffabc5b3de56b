// SPDX-License-Identifier: MIT
#pragma once
// Checking what a user sets against a family's declared settings (plugin/settings.hpp), at the edge, before a
// family sees a value.
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

// Checks every setting `options` carries against `family`'s declarations: an unknown name, or a value of the
// wrong kind, is an Error naming the flag (and, for an unknown one, the settings the family has). Settings
// declared by one of `elsewhere` (the other family of a conversion, or every family in a batch) are passed
// over when `family` does not declare them.
Status check_settings(const FormatFamily& family, const Options& options,
                      std::span<const FormatFamily* const> elsewhere = {});

// The settings of `family` that name companion files.
std::vector<std::string> companion_names(const FormatFamily& family);

}  // namespace bonebridge
