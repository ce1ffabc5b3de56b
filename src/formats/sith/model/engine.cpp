// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/model/engine.hpp"

#include <algorithm>
#include <cmath>

namespace bonebridge::sith {
namespace {

Mat4 rotation_about(int axis, double degrees) {
  const double c = std::cos(degrees * kRadiansPerDegree);
  const double s = std::sin(degrees * kRadiansPerDegree);
  const int a = (axis + 1) % 3;
  const int b = (axis + 2) % 3;
  Mat4 m;
  m.at(a, a) = c;
  m.at(a, b) = -s;
  m.at(b, a) = s;
  m.at(b, b) = c;
  return m;
}

}  // namespace

std::vector<EngineNode> model_nodes(const ModelContent& model) {
  std::vector<EngineNode> nodes;
  nodes.reserve(model.hierarchy.size());
  for (std::size_t i = 0; i < model.hierarchy.size(); ++i) {
    const HierarchyNode& row = model.hierarchy[i];
    nodes.push_back(EngineNode{row.name, row.parent, static_cast<std::int32_t>(i), row.position, row.rotation,
                               row.pivot, row.type});
  }
  return nodes;
}

Mat4 build_matrix(const LocalPose& pose) {
  const auto& [pitch, yaw, roll] = pose.rotation;
  Mat4 m = rotation_about(2, yaw) * rotation_about(0, pitch) * rotation_about(1, roll);
  m.m[12] = pose.position[0];
  m.m[13] = pose.position[1];
  m.m[14] = pose.position[2];
  return m;
}

Quat rotation_quat(const std::array<float, 3>& pitch_yaw_roll) {
  const Mat4 m = build_matrix(LocalPose{{}, pitch_yaw_roll});
  Mat3 r;
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) r.at(row, col) = m.at(row, col);
  }
  return normalize(to_quat(r));
}

std::array<double, 3> pitch_yaw_roll(const Quat& rotation) {
  const Mat3 r = to_mat3(normalize(rotation));
  // R = Rz(y)·Rx(p)·Ry(r) has R(2,1) = sin p, R(2,0) = -cos p sin r, R(2,2) = cos p cos r,
  // R(0,1) = -sin y cos p, R(1,1) = cos y cos p.
  const double pitch = std::asin(std::clamp(r.at(2, 1), -1.0, 1.0));
  double yaw = 0;
  double roll = 0;
  if (std::abs(r.at(2, 1)) < 1.0 - 1e-12) {
    roll = std::atan2(-r.at(2, 0), r.at(2, 2));
    yaw = std::atan2(-r.at(0, 1), r.at(1, 1));
  } else {
    yaw = std::atan2(r.at(1, 0), r.at(0, 0));  // gimbal lock: all the turn is given to yaw
  }
  return {pitch / kRadiansPerDegree, yaw / kRadiansPerDegree, roll / kRadiansPerDegree};
}

}  // namespace bonebridge::sith
