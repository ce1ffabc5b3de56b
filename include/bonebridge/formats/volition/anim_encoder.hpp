#pragma once
// Core clip -> crunched animation in the Saints Row: The Third layout the notes call writable (§5):
// version 14, 8-byte slots, flags 0x0D (PACKED_KEYS | DELTA_TIMES | HAS_MOTION), identity mapping, one
// track per rig bone, an empty root-controller block. The quantiser is this project's design (the notes
// propose it; no shipped clip has been re-encoded with it).
#include <string>
#include <vector>

#include "bonebridge/core/clip.hpp"
#include "bonebridge/core/skeleton.hpp"
#include "bonebridge/formats/volition/anim_engine.hpp"
#include "bonebridge/formats/volition/rig_document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::volition {

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

// A crunched rig from a core skeleton: bind positions from the rest pose in model space, names hashed.
// Rest rotations cannot be stored (crunched rigs have none); they are reported in `notes`.
RigDocument rig_from_skeleton(const Skeleton& skeleton, PointerWidth width, std::vector<std::string>& notes);

}  // namespace bonebridge::volition
