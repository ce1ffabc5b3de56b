// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/key/engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace bonebridge::sith {

std::vector<EngineNode> flat_nodes(const KeyContent& key) {
  std::vector<EngineNode> nodes;
  for (const KeyNode& block : key.nodes) {
    bool seen = false;
    for (const EngineNode& node : nodes) seen = seen || node.key_index == block.index;
    if (!seen) nodes.push_back(EngineNode{block.mesh_name, -1, block.index, {}, {}, {}, 0});
  }
  return nodes;
}

float normalize_angle_acute(float degrees) {
  float a = std::fmod(degrees, 360.0f);
  if (a < 0) a += 360.0f;
  if (a > 180.0f) a -= 360.0f;
  return a;
}

key::Engine::Engine(const KeyContent& key, std::vector<EngineNode> nodes, Dialect dialect)
    : key_(&key), nodes_(std::move(nodes)), tracks_(nodes_.size(), nullptr), dialect_(dialect) {
  // A later block with the same index overwrites the earlier one; blocks at or past JOINTS are never used
  // ("mismatched node count").
  for (const KeyNode& block : key.nodes) {
    if (block.index < 0 || block.index >= key.header.joints || block.entries.empty()) continue;
    for (std::size_t n = 0; n < nodes_.size(); ++n) {
      if (nodes_[n].key_index == block.index) tracks_[n] = &block;
    }
  }
}

int key::Engine::entry_index(std::size_t node, float frame) const {
  const KeyNode* track = tracks_[node];
  if (!track) return -1;
  // The engine's cursor moves forward from entry 0 while the next entry's frame has been reached, so equal
  // frames resolve to the last of them and a frame before entry 0 uses entry 0.
  std::size_t index = 0;
  const std::size_t last = track->entries.size() - 1;
  while (index != last && frame >= track->entries[index + 1].frame) ++index;
  return static_cast<int>(index);
}

LocalPose key::Engine::entry_pose(std::size_t node, int entry_number, float frame) const {
  const EngineNode& base = nodes_[node];
  if (entry_number < 0) return LocalPose{base.position, base.rotation};
  const KeyEntry& entry = tracks_[node]->entries[static_cast<std::size_t>(entry_number)];
  const float dt = frame - entry.frame;
  LocalPose pose;
  for (std::size_t i = 0; i < 3; ++i) {
    pose.position[i] =
        (entry.flags & 1) ? entry.position_rate[i] * dt + entry.position[i] : entry.position[i];
    pose.rotation[i] =
        (entry.flags & 2) ? entry.rotation_rate[i] * dt + entry.rotation[i] : entry.rotation[i];
  }
  return pose;
}

LocalPose key::Engine::local(std::size_t node, float frame) const {
  const int index = entry_index(node, frame);
  if (index < 0) return entry_pose(node, -1, frame);
  const EngineNode& base = nodes_[node];
  LocalPose pose = entry_pose(node, index, frame);
  for (std::size_t i = 0; i < 3; ++i) {
    // The engine blends offsets from the base pose, normalising angles on the way; with one full-weight
    // track this gives back the KEY's value (angles modulo 360).
    pose.position[i] = (pose.position[i] - base.position[i]) + base.position[i];
    pose.rotation[i] =
        normalize_angle_acute(normalize_angle_acute(pose.rotation[i] - base.rotation[i])) + base.rotation[i];
  }
  return pose;
}

std::vector<Mat4> key::Engine::joint_matrices(float frame) const {
  std::vector<Mat4> joints(nodes_.size());
  // Parents may come after children in a .3do: resolve each node once its parent is done.
  std::vector<bool> done(nodes_.size(), false);
  for (std::size_t pass = 0, remaining = nodes_.size(); remaining > 0 && pass <= nodes_.size(); ++pass) {
    for (std::size_t n = 0; n < nodes_.size(); ++n) {
      const int parent = nodes_[n].parent;
      if (done[n] || (parent >= 0 && !done[static_cast<std::size_t>(parent)])) continue;
      const Mat4 local_matrix = build_matrix(local(n, frame));
      joints[n] = parent < 0 ? local_matrix : joints[static_cast<std::size_t>(parent)] * local_matrix;
      done[n] = true;
      --remaining;
    }
  }
  return joints;
}

Mat4 key::Engine::mesh_matrix(const std::vector<Mat4>& joints, std::size_t node) const {
  Mat4 pivot;
  pivot.m[12] = nodes_[node].pivot[0];
  pivot.m[13] = nodes_[node].pivot[1];
  pivot.m[14] = nodes_[node].pivot[2];
  return joints[node] * pivot;
}

TrackAdvance key::Engine::advance(float previous, float frames, bool looping) const {
  TrackAdvance result;
  const auto total = static_cast<float>(key_->header.frames);
  float current = previous + frames;
  float progress = 0;
  if (total <= current) {
    if (!looping) {
      current = total;
      result.finished = true;
    } else {
      // OpenJKDF2 rounds the number of loops (rdPuppet.c:555); OpenJones3D floors it (rdPuppet.c:308).
      progress = dialect_ == Dialect::InfernalMachine ? std::floor(current / total)
                                                      : std::floor(current / total + 0.5f);
      current -= total * progress;
    }
  }
  result.frame = current;
  const auto& markers = key_->markers;
  if (progress == 0) {
    // Stops at the first marker past the current frame, so markers must be in ascending order.
    for (std::size_t i = 0; i < markers.size() && markers[i].frame <= current; ++i) {
      if (markers[i].frame > previous || previous == 0) result.fired.push_back(markers[i].type);
    }
  } else if (progress <= 1) {
    for (const KeyMarker& marker : markers) {
      if (marker.frame > previous || marker.frame <= current) result.fired.push_back(marker.type);
    }
  } else {
    for (const KeyMarker& marker : markers) result.fired.push_back(marker.type);
  }
  return result;
}

namespace {

int pose_parent(const PoseLayout& layout, int parent) {
  const bool known = parent >= 0 && static_cast<std::size_t>(parent) < layout.joint_of_node.size();
  return known ? layout.joint_of_node[static_cast<std::size_t>(parent)] : -1;
}

}  // namespace

PoseLayout model_layout(const key::Engine& engine) {
  PoseLayout layout{engine.nodes().size(), {}};
  for (std::size_t n = 0; n < engine.nodes().size(); ++n) layout.joint_of_node.push_back(static_cast<int>(n));
  return layout;
}

PoseLayout flat_layout(const key::Engine& engine, std::int32_t joints) {
  std::int32_t size = std::clamp(joints, 0, kMaxFlatJoints);
  for (const EngineNode& node : engine.nodes()) {
    if (node.key_index < kMaxFlatJoints) size = std::max(size, node.key_index + 1);
  }
  PoseLayout layout{static_cast<std::size_t>(size), {}};
  for (const EngineNode& node : engine.nodes()) {
    const bool listed = node.key_index >= 0 && node.key_index < kMaxFlatJoints;
    layout.joint_of_node.push_back(listed ? node.key_index : -1);
  }
  return layout;
}

std::vector<EngineJoint> layout_joints(const key::Engine& engine, const PoseLayout& layout) {
  std::vector<EngineJoint> joints(layout.size);
  for (std::size_t i = 0; i < layout.size; ++i) joints[i].name = fmt::format("node_{}", i);
  for (std::size_t n = 0; n < engine.nodes().size(); ++n) {
    if (const int slot = layout.joint_of_node[n]; slot >= 0) {
      joints[static_cast<std::size_t>(slot)].name = engine.nodes()[n].name;
      joints[static_cast<std::size_t>(slot)].parent = pose_parent(layout, engine.nodes()[n].parent);
    }
  }
  return joints;
}

namespace key {
EnginePose engine_pose(const Engine& engine, const PoseLayout& layout, double seconds) {
  EnginePose pose{seconds, layout_joints(engine, layout)};
  const auto frame = static_cast<float>(std::clamp(seconds * engine.fps(), 0.0, engine.frames()));
  const std::vector<Mat4> joints = engine.joint_matrices(frame);
  for (std::size_t n = 0; n < engine.nodes().size(); ++n) {
    const int slot = layout.joint_of_node[n];
    if (slot < 0) continue;
    const LocalPose local = engine.local(n, frame);
    EngineJoint& joint = pose.joints[static_cast<std::size_t>(slot)];
    joint.local = Transform{
        {local.position[0], local.position[1], local.position[2]}, rotation_quat(local.rotation), {1, 1, 1}};
    joint.model = joints[n];
  }
  return pose;
}
}  // namespace key

}  // namespace bonebridge::sith
