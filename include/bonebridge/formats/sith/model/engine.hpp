// SPDX-License-Identifier: MIT
#pragma once
// The .3do hierarchy as the Sith engine poses it (research/sith-key.md §2, §3): each row a node with a base
// pose and a pivot, its local frame built as Rz(yaw)·Rx(pitch)·Ry(roll) in degrees (X right, Y forward,
// Z up). What a KEY does to these nodes is the KEY's engine (key/engine.hpp).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "bonebridge/core/math.hpp"
#include "bonebridge/formats/sith/model/document.hpp"

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

struct LocalPose {
  std::array<float, 3> position{};
  std::array<float, 3> rotation{};  // pitch, yaw, roll degrees
};

// rdMatrix_Build34: the columns are right (X), look (Y) and up (Z); R = Rz(yaw)·Rx(pitch)·Ry(roll).
Mat4 build_matrix(const LocalPose& pose);
// The rotation build_matrix builds, as a quaternion.
Quat rotation_quat(const std::array<float, 3>& pitch_yaw_roll);
// The inverse of Rz(yaw)·Rx(pitch)·Ry(roll): (pitch, yaw, roll) in degrees, each in (-180, 180].
std::array<double, 3> pitch_yaw_roll(const Quat& rotation);

}  // namespace bonebridge::sith
