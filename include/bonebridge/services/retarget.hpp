// SPDX-License-Identifier: MIT
#pragma once
// The conversion service's retarget step (`convert SOURCE OUT --retarget`, issue 36 parts 3-4): the source's
// clip (BVH, glTF, any game file) replayed on a target character through the humanoid roles
// (core/retarget.hpp), then written by the target family's writer with its usual lean write-back, limits and
// engine checks, and measured: per role the direction error, the hip-height ratio, foot sliding, and the
// engine's poses of the written file against the retargeted clip.
//
// The target: --skeleton FILE (any file bonebridge reads: its core scene, e.g. a glTF or a Resonite avatar
// package), else what the output's family builds from its companions or --character (FormatFamily::
// retarget_target: Volition's --rig, Sith's --model, LEGO's --character with --world).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bonebridge/core/fidelity.hpp"
#include "bonebridge/core/retarget.hpp"
#include "bonebridge/services/conversion.hpp"

namespace bonebridge {

// What a user sets for retargeting, by name in ConvertJob::options like a family's settings, and read through
// the plug-in API's one parser (retarget_settings). Tool-wide: every family accepts these names, and none
// sees them (the service takes them out of the options it hands on).
struct RetargetSettings {
  bool retarget = false;   // --retarget
  std::string skeleton;    // --skeleton FILE: the file whose skeleton the result animates
  std::string character;   // --character NAME: the target family's character (LEGO: an actor key)
  std::string source_map;  // --source-map FILE: a JSON role map for the source (core/roles.hpp)
  std::string target_map;  // --target-map FILE: the same for the target
  bool foot_lock = false;  // --foot-lock
  double contact_height = FootLock{}.contact_height;  // hip heights
  double contact_speed = FootLock{}.contact_speed;    // hip heights per second
};

// The settings' schema (what `convert --help` shows) and whether `name` is one of them.
const std::vector<Setting>& retarget_schema();
bool is_retarget_setting(const std::string& name);
Result<RetargetSettings> retarget_settings(const Options& options);

struct RetargetConversion {
  std::vector<std::uint8_t> bytes;  // the written file
  std::vector<std::string> notes;   // every conversion's, then the report's as text
  RetargetReport report;
  std::string source_roles, target_roles;  // the role maps used ("CMU BVH", a map file's path)
  // The target family's engine playing the written file against the retargeted clip (joint positions in
  // model space, game units), or why it could not be measured.
  std::optional<FidelityReport> engine;
  std::string engine_note;
};

// `job` (its options carrying RetargetSettings with retarget set) retargeted and written.
Result<RetargetConversion> retarget_conversion(const ConvertJob& job);

// The report as `convert --retarget --json` prints it.
nlohmann::json retarget_json(const RetargetConversion& conversion);

}  // namespace bonebridge
