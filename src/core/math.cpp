// SPDX-License-Identifier: MIT
#include "bonebridge/core/math.hpp"

#include <algorithm>

namespace bonebridge {

Quat operator*(Quat a, Quat b) {
  return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
          a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

Quat normalize(Quat q) {
  const double n = std::sqrt(dot(q, q));
  if (n == 0) return {};
  return {q.x / n, q.y / n, q.z / n, q.w / n};
}

Vec3 rotate(Quat q, Vec3 v) {
  const Vec3 u{q.x, q.y, q.z};
  const Vec3 t = cross(u, v) * 2.0;
  return v + t * q.w + cross(u, t);
}

Quat axis_angle(Vec3 axis, double radians) {
  const double n = length(axis);
  const double s = std::sin(radians / 2) / (n == 0 ? 1 : n);
  return {axis.x * s, axis.y * s, axis.z * s, std::cos(radians / 2)};
}

Quat slerp(Quat a, Quat b, double f) {
  double d = dot(a, b);
  if (d < 0) {
    b = -b;
    d = -d;
  }
  if (d > 0.9999995) {
    return normalize(
        {a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f, a.w + (b.w - a.w) * f});
  }
  const double theta = std::acos(std::clamp(d, -1.0, 1.0));
  const double s = std::sin(theta);
  const double wa = std::sin((1 - f) * theta) / s, wb = std::sin(f * theta) / s;
  return {wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z, wa * a.w + wb * b.w};
}

double angle_between(Quat a, Quat b) {
  const double d = std::abs(dot(normalize(a), normalize(b)));
  return 2 * std::acos(std::min(1.0, d));
}

Mat3 to_mat3(Quat q) {
  const double xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  const double xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  const double wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  Mat3 r;
  r.at(0, 0) = 1 - 2 * (yy + zz);
  r.at(0, 1) = 2 * (xy - wz);
  r.at(0, 2) = 2 * (xz + wy);
  r.at(1, 0) = 2 * (xy + wz);
  r.at(1, 1) = 1 - 2 * (xx + zz);
  r.at(1, 2) = 2 * (yz - wx);
  r.at(2, 0) = 2 * (xz - wy);
  r.at(2, 1) = 2 * (yz + wx);
  r.at(2, 2) = 1 - 2 * (xx + yy);
  return r;
}

Quat to_quat(const Mat3& r) {
  const double trace = r.at(0, 0) + r.at(1, 1) + r.at(2, 2);
  Quat q;
  if (trace > 0) {
    const double s = std::sqrt(trace + 1.0) * 2;
    q = {(r.at(2, 1) - r.at(1, 2)) / s, (r.at(0, 2) - r.at(2, 0)) / s, (r.at(1, 0) - r.at(0, 1)) / s,
         0.25 * s};
  } else if (r.at(0, 0) > r.at(1, 1) && r.at(0, 0) > r.at(2, 2)) {
    const double s = std::sqrt(1.0 + r.at(0, 0) - r.at(1, 1) - r.at(2, 2)) * 2;
    q = {0.25 * s, (r.at(0, 1) + r.at(1, 0)) / s, (r.at(0, 2) + r.at(2, 0)) / s,
         (r.at(2, 1) - r.at(1, 2)) / s};
  } else if (r.at(1, 1) > r.at(2, 2)) {
    const double s = std::sqrt(1.0 + r.at(1, 1) - r.at(0, 0) - r.at(2, 2)) * 2;
    q = {(r.at(0, 1) + r.at(1, 0)) / s, 0.25 * s, (r.at(1, 2) + r.at(2, 1)) / s,
         (r.at(0, 2) - r.at(2, 0)) / s};
  } else {
    const double s = std::sqrt(1.0 + r.at(2, 2) - r.at(0, 0) - r.at(1, 1)) * 2;
    q = {(r.at(0, 2) + r.at(2, 0)) / s, (r.at(1, 2) + r.at(2, 1)) / s, 0.25 * s,
         (r.at(1, 0) - r.at(0, 1)) / s};
  }
  return normalize(q);
}

double determinant(const Mat3& r) {
  return r.at(0, 0) * (r.at(1, 1) * r.at(2, 2) - r.at(1, 2) * r.at(2, 1)) -
         r.at(0, 1) * (r.at(1, 0) * r.at(2, 2) - r.at(1, 2) * r.at(2, 0)) +
         r.at(0, 2) * (r.at(1, 0) * r.at(2, 1) - r.at(1, 1) * r.at(2, 0));
}

Mat4 operator*(const Mat4& a, const Mat4& b) {
  Mat4 r;
  for (int c = 0; c < 4; ++c) {
    for (int row = 0; row < 4; ++row) {
      double sum = 0;
      for (int k = 0; k < 4; ++k) sum += a.at(row, k) * b.at(k, c);
      r.at(row, c) = sum;
    }
  }
  return r;
}

Vec3 transform_point(const Mat4& m, Vec3 p) {
  return {m.at(0, 0) * p.x + m.at(0, 1) * p.y + m.at(0, 2) * p.z + m.at(0, 3),
          m.at(1, 0) * p.x + m.at(1, 1) * p.y + m.at(1, 2) * p.z + m.at(1, 3),
          m.at(2, 0) * p.x + m.at(2, 1) * p.y + m.at(2, 2) * p.z + m.at(2, 3)};
}

Mat4 inverse_affine(const Mat4& m) {
  // General 3x3 inverse (scale may be non-uniform), then the translation.
  const double a = m.at(0, 0), b = m.at(0, 1), c = m.at(0, 2);
  const double d = m.at(1, 0), e = m.at(1, 1), f = m.at(1, 2);
  const double g = m.at(2, 0), h = m.at(2, 1), i = m.at(2, 2);
  const double det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  const double s = det == 0 ? 0 : 1 / det;
  Mat4 r;
  r.at(0, 0) = (e * i - f * h) * s;
  r.at(0, 1) = (c * h - b * i) * s;
  r.at(0, 2) = (b * f - c * e) * s;
  r.at(1, 0) = (f * g - d * i) * s;
  r.at(1, 1) = (a * i - c * g) * s;
  r.at(1, 2) = (c * d - a * f) * s;
  r.at(2, 0) = (d * h - e * g) * s;
  r.at(2, 1) = (b * g - a * h) * s;
  r.at(2, 2) = (a * e - b * d) * s;
  const Vec3 t = m.translation();
  for (int row = 0; row < 3; ++row) {
    r.at(row, 3) = -(r.at(row, 0) * t.x + r.at(row, 1) * t.y + r.at(row, 2) * t.z);
  }
  return r;
}

Mat4 Transform::matrix() const {
  const Mat3 r = to_mat3(rotation);
  Mat4 m;
  const double s[3] = {scale.x, scale.y, scale.z};
  for (int c = 0; c < 3; ++c) {
    for (int row = 0; row < 3; ++row) m.at(row, c) = r.at(row, c) * s[c];
  }
  m.m[12] = translation.x;
  m.m[13] = translation.y;
  m.m[14] = translation.z;
  return m;
}

}  // namespace bonebridge
