#pragma once
// `.ani` <-> the core model.
//
// Forward (to_core): one core joint per node, in pre-order (engine joint i is core joint i), rest pose
// identity, converted from the game's left-handed frame to glTF's by mirroring X (AxisConversion::mirror_x).
// A stored quaternion q acts as conj(q) in column-vector math (§3.3). The result is exact at every whole
// millisecond, which is where the game samples, because each channel is rebuilt from the engine itself:
//   - a key's own value (the n = 1 rule: inactive keys give zero/identity) at the key time;
//   - "nothing before the first key": identity at 0 and at first key - 1 ms, then the key (a 1 ms jump);
//   - inside a segment, points 1 ms after and before the keys, which carry the jumps of the inactive-key
//     rules and of 0x04 holds (the previous value up to key - 1 ms, the new one at the key);
//   - rotation segments on the game's slerp arc (long way, 0x02 negation and all) split into pieces of at
//     most 15 degrees, each consecutive pair of quaternions with dot >= 0, so that shortest-path slerp
//     (three.js) and nlerp (Blender) players both follow the game's path;
//   - where the game's curve is not a slerp (antipodal branch, non-unit quaternions, keys out of order):
//     one point per millisecond;
//   - then points that the neighbouring points reproduce within 1e-6 are dropped.
// Visibility keys become core VisibilityTracks (visible before the first key, as the game). The camera
// block becomes an extra joint named "camera" (clip metadata "lego.camera_joint") under the tree's root, so
// that a glTF skin keeps one common root; it is sampled from the engine's look-at every millisecond
// (relative to the root node) and reduced the same way. Its +Z is the view direction and +Y the up vector (a
// glTF camera attached to it needs a half turn about Y, since glTF cameras look down -Z). The actor list
// travels as JSON in clip metadata "lego.actors".
//
// Reverse (from_core): the clip is sampled at whole milliseconds: at 0, and at the milliseconds on both
// sides of every key (the game interpolates linearly between its keys like glTF LINEAR, so this is exact at
// whole milliseconds for STEP and LINEAR channels); CUBICSPLINE channels are sampled every millisecond and
// reduced. Quaternions are sign-aligned (dot >= 0) so the game's flip-free slerp follows the glTF path.
// The joint named by clip metadata "lego.camera_joint" (leaf, anywhere in the tree) becomes the camera
// block again, sampled every millisecond from its model matrix.
#include <cstddef>
#include <string>
#include <vector>

#include "bonebridge/core/scene.hpp"
#include "bonebridge/formats/lego/document.hpp"
#include "bonebridge/io/error.hpp"
#include "bonebridge/registry/family.hpp"

namespace bonebridge::lego {

inline constexpr const char* kCameraJointName = "camera";

CoreConversion to_core(const Document& document);

struct DocumentConversion {
  Document document;
  std::vector<std::string> notes;  // what was approximated or could not be kept
};

// Builds a `.ani` from clip `clip_index` of `scene` (glTF frame). Fails on an empty joint name, more than
// 65535 keys in a channel, or times beyond 2^24 ms.
Result<DocumentConversion> from_core(const Scene& scene, std::size_t clip_index = 0);

}  // namespace bonebridge::lego
