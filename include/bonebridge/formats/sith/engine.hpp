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

#include "bonebridge/core/math.hpp"
#include "bonebridge/formats/sith/document.hpp"

namespace bonebridge::sith {

// A node the engine poses: a .3do hierarchy row, or a flat stand-in when no model is given.
struct EngineNode {
  std::string name;
  int parent = -1;
  std::int32_t key_index = 0;       // the KEY `NODE n` that drives it
  std::array<float, 3> position{};  // base (rest) pose
  std::array<float, 3> rotation{};  // pitch, yaw, roll degrees
  std::array<float, 3> pivot{};     // offsets the node's own mesh only
  std::uint32_t type = 0;
};

// The .3do hierarchy rows in file order (node n is driven by KEY `NODE n`).
std::vector<EngineNode> model_nodes(const ModelContent& model);
// Without a model: one root joint per distinct KEY node index, in order of first appearance, with a zero base
// pose (the KEY's absolute values then are the whole pose).
std::vector<EngineNode> flat_nodes(const KeyContent& key);

struct LocalPose {
  std::array<float, 3> position{};
  std::array<float, 3> rotation{};  // pitch, yaw, roll degrees
};

// rdMatrix_Build34: the columns are right (X), look (Y) and up (Z); R = Rz(yaw)·Rx(pitch)·Ry(roll).
Mat4 build_matrix(const LocalPose& pose);
// stdMath_NormalizeAngleAcute: into (-180, 180].
float normalize_angle_acute(float degrees);

// What one engine tick does to a track's frame and which marker types it fires (rdPuppet_AdvanceTrack).
struct TrackAdvance {
  float frame = 0;                  // the frame after the tick
  bool finished = false;            // a non-looping track reached FRAMES and is removed
  std::vector<std::int32_t> fired;  // marker types, in firing order
};

class KeyEngine {
 public:
  KeyEngine(const KeyContent& key, std::vector<EngineNode> nodes, Dialect dialect);

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

}  // namespace bonebridge::sith
