// SPDX-License-Identifier: MIT
#pragma once
// A caller's settings, companions and files as the Options the services take.
#include <cstddef>
#include <vector>

#include "bonebridge/bonebridge.h"
#include "bonebridge/plugin/options.hpp"
#include "bonebridge/plugin/settings.hpp"

namespace bonebridge::capi {

struct OptionsArguments {
  const bb_setting* settings = nullptr;
  std::size_t setting_count = 0;
  const bb_companion* companions = nullptr;
  std::size_t companion_count = 0;
  const bb_files* files = nullptr;
};

// The settings by name (checked later, by the service that opens or writes, as the CLI's are), the
// companions given as bytes, and those named by address read through the caller's files: the library reads
// no companion itself.
Options options_of(const OptionsArguments& arguments);

// The companions among `settings` given by address, read now through the caller's files (options.nearby):
// the services would read them from the disk.
void read_named_companions(Options& options, const std::vector<Setting>& settings);

// Only the settings, with the disk as the place files are found: for the install calls, which read the disk.
Options settings_only(const bb_setting* settings, std::size_t setting_count);

}  // namespace bonebridge::capi
