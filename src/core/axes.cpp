// SPDX-License-Identifier: MIT
#include "bonebridge/core/axes.hpp"

#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <utility>

namespace bonebridge {

AxisConversion::AxisConversion(int x_to, int y_to, int z_to, double unit_scale, std::string description)
    : unit_scale_(unit_scale), description_(std::move(description)) {
  const int targets[3] = {x_to, y_to, z_to};
  basis_.m.fill(0);
  for (int axis = 0; axis < 3; ++axis) {
    const int t = targets[axis];
    if (t == 0 || std::abs(t) > 3) throw std::invalid_argument("axis target must be ±1, ±2 or ±3");
    basis_.at(std::abs(t) - 1, axis) = t > 0 ? 1.0 : -1.0;
  }
  Mat3 proper = basis_;
  if (determinant(basis_) < 0) {
    for (double& v : proper.m) v = -v;
  }
  proper_ = to_quat(proper);
}

AxisConversion AxisConversion::mirror_x(double unit_scale) {
  return {-1, 2, 3, unit_scale, "left-handed Y-up to right-handed Y-up: x negated"};
}

AxisConversion AxisConversion::z_up_to_y_up(double unit_scale) {
  return {1, -3, 2, unit_scale, "right-handed Z-up to Y-up: (x, y, z) -> (x, z, -y)"};
}

Vec3 AxisConversion::direction(Vec3 v) const {
  return {basis_.at(0, 0) * v.x + basis_.at(0, 1) * v.y + basis_.at(0, 2) * v.z,
          basis_.at(1, 0) * v.x + basis_.at(1, 1) * v.y + basis_.at(1, 2) * v.z,
          basis_.at(2, 0) * v.x + basis_.at(2, 1) * v.y + basis_.at(2, 2) * v.z};
}

Vec3 AxisConversion::point(Vec3 p) const {
  return direction(p) * unit_scale_;
}

// For a mirror C = −P: C R Cᵀ = P R Pᵀ, so the proper part alone conjugates the rotation and keeps its sign.
Quat AxisConversion::rotation(Quat q) const {
  return proper_ * q * conjugate(proper_);
}

// C S Cᵀ of a diagonal S is diagonal with its entries permuted (signs cancel), tangents included.
Vec3 AxisConversion::scale(Vec3 s) const {
  const auto row = [&](int r) {
    return basis_.at(r, 0) * basis_.at(r, 0) * s.x + basis_.at(r, 1) * basis_.at(r, 1) * s.y +
           basis_.at(r, 2) * basis_.at(r, 2) * s.z;
  };
  return {row(0), row(1), row(2)};
}

Transform AxisConversion::transform(const Transform& t) const {
  return {point(t.translation), rotation(t.rotation), scale(t.scale)};
}

Mat4 AxisConversion::matrix(const Mat4& m) const {
  Mat4 c;
  for (int r = 0; r < 3; ++r) {
    for (int col = 0; col < 3; ++col) c.at(r, col) = basis_.at(r, col);
  }
  Mat4 ct = c;  // inverse of a signed permutation is its transpose
  for (int r = 0; r < 3; ++r) {
    for (int col = 0; col < 3; ++col) ct.at(r, col) = basis_.at(col, r);
  }
  Mat4 out = c * m * ct;
  for (int r = 0; r < 3; ++r) out.at(r, 3) *= unit_scale_;
  return out;
}

AxisConversion AxisConversion::inverse() const {
  int targets[3] = {0, 0, 0};
  for (int axis = 0; axis < 3; ++axis) {
    for (int row = 0; row < 3; ++row) {
      const double v = basis_.at(row, axis);
      if (v != 0) targets[row] = v > 0 ? axis + 1 : -(axis + 1);
    }
  }
  return {targets[0], targets[1], targets[2], 1.0 / unit_scale_, "inverse of " + description_};
}

namespace {

template <class Value, class F>
void convert_channel(std::optional<Channel<Value>>& channel, F&& convert) {
  if (!channel) return;
  for (auto& v : channel->values) v = convert(v);
}

}  // namespace

void AxisConversion::apply(Scene& scene) const {
  for (auto& joint : scene.skeleton.joints) joint.rest = transform(joint.rest);
  const auto as_point = [this](Vec3 v) { return point(v); };
  const auto as_rotation = [this](Quat q) { return rotation(q); };
  const auto as_scale = [this](Vec3 v) { return scale(v); };
  for (auto& clip : scene.clips) {
    for (auto& channels : clip.joints) {
      // Cubic tangents are derivatives of the same linear map, so they convert like the values.
      convert_channel(channels.translation, as_point);
      convert_channel(channels.rotation, as_rotation);
      convert_channel(channels.scale, as_scale);
    }
    if (clip.root_motion) {
      convert_channel(clip.root_motion->translation, as_point);
      convert_channel(clip.root_motion->rotation, as_rotation);
    }
  }
  for (auto& mesh : scene.meshes) {
    for (auto& p : mesh.positions) p = point(p);
    // A mirror turns counter-clockwise faces clockwise; swapping two corners keeps them facing out.
    if (is_mirror()) {
      for (std::size_t t = 0; t + 2 < mesh.triangles.size(); t += 3)
        std::swap(mesh.triangles[t + 1], mesh.triangles[t + 2]);
    }
  }
}

}  // namespace bonebridge
