// SPDX-License-Identifier: MIT
#pragma once
// The JSON the tool prints of the registry and of documents (`formats --json`, `info --json`, `sample
// --json`): one place for the library's presentation, beside the preview page (services/preview.hpp).
#include <nlohmann/json.hpp>

#include "bonebridge/core/roles.hpp"
#include "bonebridge/services/conversion.hpp"

namespace bonebridge {

// What `formats --json` prints: every family with its capabilities, then every container ("container": true).
nlohmann::json formats_json();

// What `info` shows: the document's info plus the family that opened it and how it was chosen.
nlohmann::json input_info(const LoadedInput& input);

// The engine pose as the JSON of `bonebridge sample --json`.
nlohmann::json pose_json(const EnginePose& pose);
// What `roles --json` prints: the source used, each placed role with its joint's name (in VRM's order of the
// roles), and what could not be
// placed (required and optional roles no joint plays, joints with no role, names the source gives that the
// skeleton lacks, misplaced roles).
nlohmann::json roles_json(const Skeleton& skeleton, const RoleAssignment& assignment);

}  // namespace bonebridge
