// SPDX-License-Identifier: MIT
#pragma once
// Crunched animation <-> the core model.
//
// To core: rotations stay LINEAR (the engine's assumed shortest-path slerp is glTF's), with consecutive keys
// kept in one hemisphere and long segments split so that Blender's component-wise nlerp stays close;
// translations LINEAR; times frames / fps -> seconds.
//
// From core: a core clip -> crunched animation in the Saints Row: The Third layout the notes call writable
// (§5): version 14, 8-byte slots, flags 0x0D (PACKED_KEYS | DELTA_TIMES | HAS_MOTION), identity mapping, one
// track per rig bone, an empty root-controller block. The quantiser is this project's design (the notes
// propose it; no shipped clip has been re-encoded with it).
#include <string>
#include <vector>

#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/clip.hpp"
#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/skeleton.hpp"
#include "bonebridge/formats/volition/anim/engine.hpp"
#include "bonebridge/formats/volition/rig/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::volition {

// Without a rig the joints are the tracks, unparented, with zero rest offsets (noted).
CoreConversion anim_to_core(const AnimDocument& anim, const RigDocument* rig, const AnimSettings& settings,
                            const AxisConversion& axes, const std::string& clip_name);

// Largest angle between consecutive rotation keys the bridge leaves unsplit (radians, ~15 degrees).
inline constexpr double kMaxRotationSegment = 15.0 * 3.14159265358979323846 / 180.0;

struct EncodeReport {
  double max_rotation_error = 0;     // radians, decoded key against the clip at the key's frame
  double max_translation_error = 0;  // game units, same
  std::size_t frames = 0;            // end_frame
  std::size_t rotation_keys = 0;
  std::size_t translation_keys = 0;
  std::vector<std::string> notes;  // what could not be kept
};

struct EncodedAnim {
  AnimDocument document;
  EncodeReport report;
};

// `skeleton` and `clip` in the game's frame; core joints are matched to rig bones by name. Keys are taken
// at whole frames (settings.frames_per_second) and thinned where linear interpolation of the kept keys
// stays within the quantisation step.
Result<EncodedAnim> encode_clip(const Clip& clip, const Skeleton& skeleton, const RigDocument& rig,
                                const AnimSettings& settings);

}  // namespace bonebridge::volition
