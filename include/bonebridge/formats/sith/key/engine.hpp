// SPDX-License-Identifier: MIT
#pragma once
// The Sith engine's pose of one KEY on one model (research/sith-key.md §2), reproduced literally: the last
// entry at or before the frame, rates applied only where the entry's flags say so, per-frame units,
// extrapolation past the last entry, Rz(yaw)·Rx(pitch)·Ry(roll) in degrees (X right, Y forward, Z up), the
// hierarchy with pivots that move only a node's own mesh, looping, and which markers fire in a tick.
// Values are computed in float, as the engine stores them. One track at full weight: no blending between
// tracks, no priorities, no fade-in, no "tweak" rotations (those are not KEY data).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/math.hpp"
#include "bonebridge/formats/sith/key/document.hpp"
#include "bonebridge/formats/sith/model/engine.hpp"

namespace bonebridge::sith {

// Without a model: one root joint per distinct KEY node index, in order of first appearance, with a zero base
// pose (the KEY's absolute values then are the whole pose).
std::vector<EngineNode> flat_nodes(const KeyContent& key);

// stdMath_NormalizeAngleAcute: into (-180, 180].
float normalize_angle_acute(float degrees);

// What one engine tick does to a track's frame and which marker types it fires (rdPuppet_AdvanceTrack).
struct TrackAdvance {
  float frame = 0;                  // the frame after the tick
  bool finished = false;            // a non-looping track reached FRAMES and is removed
  std::vector<std::int32_t> fired;  // marker types, in firing order
};

namespace key {

class Engine {
 public:
  Engine(const KeyContent& key, std::vector<EngineNode> nodes, Dialect dialect);

  const std::vector<EngineNode>& nodes() const { return nodes_; }
  // The KEY block driving node `n` (the last block with its index), or null: the node keeps its base pose.
  const KeyNode* track(std::size_t node) const { return tracks_[node]; }
  double fps() const { return key_->header.fps; }
  double frames() const { return key_->header.frames; }

  // Entry chosen for node `n` at `frame`, or -1 when the KEY has no entries for it (base pose).
  int entry_index(std::size_t node, float frame) const;
  // The values entry `entry` of node `n` gives at `frame` (rates applied per its flags), before any angle
  // normalisation: Euler-linear in the frame. With entry -1, the node's base pose.
  LocalPose entry_pose(std::size_t node, int entry, float frame) const;
  // Local pose of node `n` at a fractional frame (no looping applied: past the last entry, its rates go on).
  LocalPose local(std::size_t node, float frame) const;
  // Joint frames J_n = J_parent · L_n (the thing's placement is the identity).
  std::vector<Mat4> joint_matrices(float frame) const;
  // The matrix a node's mesh is drawn with: J_n · T(pivot_n).
  Mat4 mesh_matrix(const std::vector<Mat4>& joints, std::size_t node) const;

  // One tick advancing the track by `frames` from `previous`; `looping` false means the PUP NOLOOP flag.
  TrackAdvance advance(float previous, float frames, bool looping) const;

 private:
  const KeyContent* key_;
  std::vector<EngineNode> nodes_;
  std::vector<const KeyNode*> tracks_;  // per engine node: its KEY block (the last with its index), or null
  Dialect dialect_;
};

}  // namespace key

// Where the engine's nodes stand in an EnginePose. With a model, node n is hierarchy row n. Without one, the
// flat nodes come in KEY-block order, and pose joint i is KEY `NODE i`, as it would be row i of a model (§3),
// for i from 0 to max(JOINTS, highest NODE + 1) − 1; a NODE no block animates (or one the engine drops, at
// or past JOINTS) stays at the identity, as the engine leaves it. The list stops at kMaxFlatJoints (the
// puppet holds 64 nodes, §1.3), so that a stray NODE 2000000000 costs nothing; negative NODEs are not listed.
inline constexpr std::int32_t kMaxFlatJoints = 4096;

struct PoseLayout {
  std::size_t size = 0;
  std::vector<int> joint_of_node;  // engine node -> pose joint, or -1 when not listed
};

PoseLayout model_layout(const key::Engine& engine);
PoseLayout flat_layout(const key::Engine& engine, std::int32_t joints);
// The pose's joints, named and parented, at the identity: each listed engine node in its place, "node_i"
// where no node is.
std::vector<EngineJoint> layout_joints(const key::Engine& engine, const PoseLayout& layout);
namespace key {
// The kind's one EnginePose fill, joints as `layout` lists them. One play-through: the frame is t * FPS
// clamped to [0, FRAMES]; the end pose is the one at FRAMES exactly.
EnginePose engine_pose(const Engine& engine, const PoseLayout& layout, double seconds);
}  // namespace key

}  // namespace bonebridge::sith
