// SPDX-License-Identifier: MIT
#pragma once
// The one place where a game's axes and units meet glTF's right-handed, Y-up, metre frame. A conversion is
// a signed axis permutation C (a proper rotation or a mirror) and a uniform scale: a point p becomes
// scale · C p, a local transform M becomes C M C⁻¹ (translation scaled).
#include <string>

#include "bonebridge/core/math.hpp"
#include "bonebridge/core/scene.hpp"

namespace bonebridge {

class AxisConversion {
 public:
  AxisConversion() = default;
  // `glTF_axis_of[i]` names where the game's axis i lands: +1/-1 = ±X, ±2 = ±Y, ±3 = ±Z.
  AxisConversion(int x_to, int y_to, int z_to, double unit_scale, std::string description);

  static AxisConversion identity() { return {}; }
  // Left-handed Y-up (+Z forward) to glTF: mirror X, as the LEGO Island community converters do.
  static AxisConversion mirror_x(double unit_scale = 1.0);
  // Right-handed Z-up to glTF: (x, y, z) -> (x, z, -y).
  static AxisConversion z_up_to_y_up(double unit_scale = 1.0);

  Vec3 point(Vec3 p) const;
  Vec3 direction(Vec3 v) const;  // no scale
  Quat rotation(Quat q) const;
  Vec3 scale(Vec3 s) const;  // per-axis scale factors, permuted
  Transform transform(const Transform& t) const;
  Mat4 matrix(const Mat4& m) const;
  AxisConversion inverse() const;

  double unit_scale() const { return unit_scale_; }
  bool is_mirror() const { return determinant(basis_) < 0; }
  const std::string& description() const { return description_; }

  // Converts every joint rest pose, channel value, root motion and mesh of `scene` in place.
  void apply(Scene& scene) const;

 private:
  Mat3 basis_;   // column j = image of the game's axis j
  Quat proper_;  // rotation part: C itself, or −C for a mirror
  double unit_scale_ = 1.0;
  std::string description_ = "identity";
};

}  // namespace bonebridge
