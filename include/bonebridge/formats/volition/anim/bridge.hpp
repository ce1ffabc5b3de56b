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
#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/skeleton.hpp"
#include "bonebridge/formats/volition/anim/engine.hpp"
#include "bonebridge/formats/volition/rig/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::volition {

namespace anim {
// Without a rig the joints are the tracks, unparented, with zero rest offsets (noted). Never an error.
Result<CoreConversion> to_core(const anim::Document& anim, const rig::Document* rig,
                               const AnimSettings& settings, const AxisConversion& axes,
                               const std::string& clip_name);
}  // namespace anim

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
  anim::Document document;
  EncodeReport report;
};

// How far the engine's interpolation of the kept keys may be from a dropped one (issue 28): by default half
// a rotation quantisation step and 1e-4 game units; --tolerance sets both.
inline constexpr MotionTolerance kDefaultKeyTolerance{1e-4, 0.5 * 4.0 * static_cast<double>(kRotationStep)};

// `skeleton` and `clip` in the game's frame; core joints are matched to rig bones by name. Keys are taken
// at whole frames (settings.frames_per_second) and thinned where the engine's interpolation of the kept
// keys stays within `tolerance`.
namespace anim {
Result<EncodedAnim> from_core(const Clip& clip, const Skeleton& skeleton, const rig::Document& rig,
                              const AnimSettings& settings,
                              const MotionTolerance& tolerance = kDefaultKeyTolerance);
}  // namespace anim

// The conversion note of an encoding: the tolerance, the keys kept and the largest error of the decoded
// document against the clip at every frame.
std::string reduction_note(const EncodeReport& report, const MotionTolerance& tolerance);

// The file the clip's extras describe (core/reduce.hpp), when the engine plays it (with `rig` and
// `settings`) as the clip moves (`skeleton` and `clip` in the game's frame), every joint matched to a rig
// bone by name, at every frame and half-frame within the float rounding of a round trip through glTF: the
// clip is unchanged, and those bytes are what to write. Otherwise nullopt, with a note when the clip
// describes a file.
std::optional<std::vector<std::uint8_t>> unchanged_source(const Clip& clip, const Skeleton& skeleton,
                                                          const rig::Document& rig,
                                                          const AnimSettings& settings,
                                                          std::vector<std::string>& notes);

}  // namespace bonebridge::volition
