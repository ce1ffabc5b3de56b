// SPDX-License-Identifier: MIT
#pragma once
// The family's settings: what a user sets, declared field by field in family.cpp (the members carry the
// defaults; the engine's own assumptions are AnimSettings' defaults), and read by the row and the kinds'
// adapters.
#include <optional>
#include <string>

#include "bonebridge/formats/volition/anim/bridge.hpp"
#include "bonebridge/formats/volition/anim/engine.hpp"
#include "bonebridge/formats/volition/common.hpp"
#include "bonebridge/plugin/options.hpp"

namespace bonebridge::volition {

// Which kind of file a glTF is written as (--write-as, else the output's extension).
enum class WrittenKind { Rig, Anim };

struct Settings {
  std::string rig;                      // companion: the .rig_pc an .anim_pc animates
  std::optional<WrittenKind> write_as;  // unset: as the output's extension says, else .anim_pc with --rig
  std::optional<PointerWidth> pointer_width;  // unset: from the file (a written rig: 8)
  std::optional<std::string> axes;  // "identity" or "mirror-x"; unset: identity (to_core: as opened)
  std::string name = "clip";        // the animation's name in glTF
  double frames_per_second = AnimSettings{}.frames_per_second;
  KeyTimeModel key_times = AnimSettings{}.key_times;
  RotationTiming rotation_timing = AnimSettings{}.rotation_timing;
  KeyInterpolation interpolation = AnimSettings{}.interpolation;
  double translation_key_divisor = AnimSettings{}.translation_key_divisor;
  // Writing: how far a dropped key may be from the engine's interpolation of the kept ones.
  double distance_tolerance = kDefaultKeyTolerance.position;  // game units
  double angle_tolerance = kDefaultKeyTolerance.radians;      // radians (given in degrees)
};

// The settings a user gave in `options`, parsed by the plug-in API's one parser.
Result<Settings> family_settings(const Options& options);

// The engine's settings among them.
AnimSettings anim_settings(const Settings& settings);

}  // namespace bonebridge::volition
