// SPDX-License-Identifier: MIT
#pragma once
// `.ani` <-> the core model.
//
// Forward (to_core): one core joint per node, in pre-order (engine joint i is core joint i), rest pose
// identity, converted from the game's left-handed frame to glTF's by mirroring X (AxisConversion::mirror_x).
// A stored quaternion q acts as conj(q) in column-vector math (§3.3). The result is exact at every whole
// millisecond, which is where the game samples, and in between wherever the game's curve is a line or a slerp
// arc, because each channel is rebuilt from the engine itself. Point times are float32 seconds, as glTF
// stores them (the largest float32 not above the exact time), each point holding the engine's value at its
// own time:
//   - a key's own value (the n = 1 rule: inactive keys give zero/identity) at the key time;
//   - 0.01 ms before every key, the value the curve reaches there: the jumps of "nothing before the first
//     key" (identity up to the first key), of 0x04 holds (the previous value up to the key) and of the
//     inactive-key rules are 0.01 ms wide, so that no 24-144 Hz frame lands inside one (see
//     bridge_to_core.cpp);
//   - 1 ms after a key, for an inactive key the game skips at its own time but interpolates from;
//   - rotation segments on the game's slerp arc (long way, 0x02 negation and all) split into pieces of at
//     most 15 degrees, each consecutive pair of quaternions with dot >= 0, so that shortest-path slerp
//     (three.js) and nlerp (Blender) players both follow the game's path;
//   - where the game's curve is not a slerp (antipodal branch, non-unit quaternions, keys out of order):
//     one point per millisecond;
//   - then points that the neighbouring points reproduce within 2e-6 (relative) are dropped.
// Visibility keys become core VisibilityTracks (visible before the first key, as the game). The camera
// block becomes an extra joint named "camera" (clip metadata "lego.camera_joint") under the tree's root, so
// that a glTF skin keeps one common root; it is sampled from the engine's look-at (relative to the root
// node) at every roll, target, position and root key and 0.01 ms before it, and every millisecond in
// between, then reduced the same way. Clips longer than 2^16 ms (65.5 s) get a coarser grid between
// the keys, and a conversion note gives the step and the error measured half way between samples. Its +Z is
// the view direction and +Y the up vector (a glTF camera attached to it needs a half turn about Y, since
// glTF cameras look down -Z). The actor list travels as JSON in clip metadata "lego.actors".
//
// Reverse (from_core): the clip is sampled at whole milliseconds: at 0, and at the milliseconds on both
// sides of every key (the game interpolates linearly between its keys like glTF LINEAR, so this is exact at
// whole milliseconds for STEP and LINEAR channels); CUBICSPLINE channels are sampled every millisecond and
// reduced. Quaternions are sign-aligned (dot >= 0) so the game's flip-free slerp follows the glTF path. Keys
// are stored with the active flag 0x01 unless zero (translation) or the identity (rotation), so that small
// values the game's value test would skip (a rotation whose w rounds to 1.0f) are used.
// The joint named by clip metadata "lego.camera_joint" (leaf, anywhere in the tree) becomes the camera
// block again, sampled every millisecond from its model matrix.
// Then (issue 28) each channel keeps only the keys the game's own interpolation needs to stay within the
// tolerance at every dropped key (core/reduce.hpp), and when the clip's extras describe the source file
// (to_core puts it there) and the game plays what was written like that file at every millisecond, the
// source file itself is the result: an unchanged clip comes back byte for byte.
#include <cstddef>
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/scene.hpp"
#include "bonebridge/formats/lego/ani/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lego {

inline constexpr const char* kCameraJointName = "camera";

namespace ani {
Result<CoreConversion> to_core(const Document& document);  // never an error
}  // namespace ani

// Builds a `.ani` from clip `clip_index` of `scene` (glTF frame). Fails on an empty joint name, more than
// 65535 keys in a channel, or times beyond 2^24 ms.
// Keys are dropped while the game's interpolation reproduces them within this: game units (a character is
// ~5 tall) and radians, a few float32 steps of a key's value.
inline constexpr MotionTolerance kDefaultKeyTolerance{2e-6, 2e-6};

namespace ani {
Result<Converted<Document>> from_core(const Scene& scene, std::size_t clip_index = 0,
                                      const MotionTolerance& tolerance = kDefaultKeyTolerance);
}  // namespace ani

}  // namespace bonebridge::lego
