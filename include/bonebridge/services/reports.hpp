// SPDX-License-Identifier: MIT
#pragma once
// The JSON the tool prints of the registry and of documents (`formats --json`, `info --json`, `sample
// --json`): one place for the library's presentation, beside the preview page (services/preview.hpp).
#include <nlohmann/json.hpp>

#include "bonebridge/services/conversion.hpp"

namespace bonebridge {

// What `formats --json` prints: every family with its capabilities, then every container ("container": true).
nlohmann::json formats_json();

// What `info` shows: the document's info plus the family that opened it and how it was chosen.
nlohmann::json input_info(const LoadedInput& input);

// The engine pose as the JSON of `bonebridge sample --json`.
nlohmann::json pose_json(const EnginePose& pose);

}  // namespace bonebridge
