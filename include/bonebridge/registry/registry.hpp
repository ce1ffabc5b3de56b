// SPDX-License-Identifier: MIT
#pragma once
#include <deque>
#include <filesystem>
#include <string_view>
#include <vector>

#include "bonebridge/plugin/family.hpp"

namespace bonebridge {

// The families, in the order the registry lists them.
const std::deque<FormatFamily>& format_families();

// Adds a family row after the built-in ones (a test's family, a plug-in): its id and extensions must be new.
// Not thread-safe: register before opening files from other threads.
Status register_family(FormatFamily row);

// The family that claims a file: by its extension when that names a family (a user's file name is the
// strongest evidence there is), else by content. nullptr when none does.
const FormatFamily* find_family(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);
const FormatFamily* find_family_by_id(std::string_view id);
// A path's extension in lower case, with its dot (".anm"); empty when it has none.
std::string lower_extension(const std::filesystem::path& path);
// The family whose extensions include `path`'s (for output files).
const FormatFamily* find_family_by_extension(const std::filesystem::path& path);

}  // namespace bonebridge
