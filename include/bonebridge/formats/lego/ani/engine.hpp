// SPDX-License-Identifier: MIT
#pragma once
// The game's own evaluation of a `.ani` at a time, reproduced literally from the decompiled engine
// (../shared/research/lego-ani.md §3), quirks included: nothing before a channel's first key, the "active"
// bit (stored, or ORed in from the key's value), flags 0x02/0x04 read from the second key of a pair, slerp
// without a shortest-path flip (with its lerp and antipodal branches), stepped camera roll. Arithmetic is in
// float like the game's, slerp weights in double. Matrices are the game's: row-major m[row][col], row vectors
// (v' = v·M), translation in row 3, world = local · parentWorld.
//
// Time is whole milliseconds, as the game plays (`LegoTime` is an s32; a float time is truncated toward
// zero). Callers holding seconds use `to_game_time`. The double overloads and ani::Engine::evaluate_at give
// the same curves between milliseconds, where an exporter's keys and a viewer's frames fall.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/formats/lego/ani/document.hpp"

namespace bonebridge::lego {

using RowMatrix = std::array<std::array<float, 4>, 4>;
RowMatrix identity_matrix();
RowMatrix product(const RowMatrix& a, const RowMatrix& b);  // a · b, the game's float product

// Internal quaternion order (x, y, z, w), as the game holds it after reading w first from the file.
struct GameQuat {
  float x = 0, y = 0, z = 0, w = 1;
};
inline GameQuat to_game_quat(const RotationKey& key) {
  return {key.x, key.y, key.z, key.w};
}

// Seconds to the game's whole milliseconds: truncation toward zero, after snapping values within 1e-6 ms of
// an integer (so that 0.35 s is 350 ms even though 0.35 * 1000 is not exact in binary).
std::int32_t to_game_time(double seconds);

// Whether a key is active: its stored 0x01 flag, or the bit the game ORs in at load time from the key's
// value (§2): translation if a component's magnitude exceeds 1e-5, rotation if w != 1 exactly.
bool translation_active(const VectorKey& key);  // also camera position / target keys
bool rotation_active(const RotationKey& key);

// `LegoAnimNodeData::FindKeys`: n = 0 (before the first key or no keys), 1 (at key i, or after the last),
// 2 (between key i and i + 1).
struct KeySpan {
  int n = 0;
  std::size_t i = 0;
};
template <class Time, class Key>
KeySpan find_keys(Time time, const std::vector<Key>& keys) {
  if (keys.empty() || time < static_cast<Time>(keys.front().time)) return {};
  std::size_t i = 0;
  while (i + 1 < keys.size() && time >= static_cast<Time>(keys[i + 1].time)) ++i;
  if (i + 1 == keys.size() || time == static_cast<Time>(keys[i].time)) return {1, i};
  return {2, i};
}

// The game's quaternion interpolation (`MxQuaternionTransformer::Interpolate`), no shortest-path flip.
GameQuat game_slerp(GameQuat a, GameQuat c, float f);
// `Matrix4::FromQuaternion`: the textbook column-vector matrix of q, used with row vectors (so conj(q)).
RowMatrix rotation_matrix(GameQuat q);

// Channel values at a time; std::nullopt where the channel contributes nothing (no keys, before the first
// key, or inactive keys). The float overloads are the game's arithmetic. The double overloads give the
// same curves at times a float cannot hold (a glTF key's float32 seconds, in ms), with the interpolation
// fraction computed in double: they agree with the float ones at whole milliseconds within float rounding.
std::optional<std::array<float, 3>> evaluate_translation(const std::vector<VectorKey>& keys, float time);
std::optional<std::array<float, 3>> evaluate_translation(const std::vector<VectorKey>& keys, double time);
std::optional<GameQuat> evaluate_rotation(const std::vector<RotationKey>& keys, float time);
std::optional<GameQuat> evaluate_rotation(const std::vector<RotationKey>& keys, double time);
std::optional<std::array<float, 3>> evaluate_scale(const std::vector<VectorKey>& keys, float time);
std::optional<std::array<float, 3>> evaluate_scale(const std::vector<VectorKey>& keys, double time);
bool evaluate_visibility(const std::vector<MorphKey>& keys, float time);

// `CreateLocalTransform`: S · R, then T added to row 3.
RowMatrix local_transform(const Node& node, float time);
RowMatrix local_transform(const Node& node, double time);

// The node tree flattened in pre-order (document order); parent is an index into the same list, -1 for
// the root.
struct FlatNode {
  const Node* node = nullptr;
  int parent = -1;
};
std::vector<FlatNode> flatten(const Node& root);

struct NodePose {
  RowMatrix local;
  RowMatrix world;
  bool visible = true;
};

namespace ani {

// The `.ani` kind's evaluator: the game's node tree at a time.
class Engine {
 public:
  explicit Engine(const Document& document);

  const std::vector<FlatNode>& nodes() const { return nodes_; }
  // Every node at `time_ms`, in pre-order, with the root placed at `base` (the presenter's transform; B = I
  // for a file evaluated on its own).
  std::vector<NodePose> evaluate(std::int32_t time_ms, const RowMatrix& base = identity_matrix()) const;
  // `CalculateCameraTransform`: the camera's local-to-world matrix (rows right, up, forward, position).
  // std::nullopt without a camera block, and without target keys (undefined behaviour in the game).
  std::optional<RowMatrix> camera(std::int32_t time_ms, const RowMatrix& base = identity_matrix()) const;
  // The same curves at any time (the double overloads above). The game itself plays whole milliseconds;
  // these give the curves in between, where players that sample anywhere (a 60 Hz viewer) look.
  std::vector<NodePose> evaluate_at(double time_ms, const RowMatrix& base = identity_matrix()) const;
  std::optional<RowMatrix> camera_at(double time_ms, const RowMatrix& base = identity_matrix()) const;

 private:
  template <class Time>
  std::vector<NodePose> poses_at(Time time, const RowMatrix& base) const;
  template <class Time>
  std::optional<RowMatrix> camera_matrix(Time time, const RowMatrix& base) const;

  const Document* document_;
  std::vector<FlatNode> nodes_;
};

// The kind's one EnginePose fill: every node at whole milliseconds (seconds truncated as the game plays),
// local values from the game's keys (the rotation conjugated for core's column vectors), world
// matrices transposed to column vectors.
EnginePose engine_pose(const Engine& engine, double seconds);

}  // namespace ani

}  // namespace bonebridge::lego
