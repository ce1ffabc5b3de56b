// SPDX-License-Identifier: MIT
#pragma once
// Small double-precision math for the core model. Conventions: column vectors, matrices column-major
// (element (row r, column c) at m[c * 4 + r], translation in m[12..14]), quaternions (x, y, z, w) with
// w the scalar part, rotating by q·v·q*. This is glTF's convention.
#include <array>
#include <cmath>

namespace bonebridge {

struct Vec3 {
  double x = 0, y = 0, z = 0;
  friend Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
  friend Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
  friend Vec3 operator*(Vec3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
  friend Vec3 operator*(double s, Vec3 a) { return a * s; }
  friend bool operator==(Vec3, Vec3) = default;
};

// A file's three floats (x, y, z) as a Vec3.
inline Vec3 to_vec3(const std::array<float, 3>& v) {
  return {v[0], v[1], v[2]};
}

inline double dot(Vec3 a, Vec3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline Vec3 cross(Vec3 a, Vec3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline double length(Vec3 a) {
  return std::sqrt(dot(a, a));
}
inline double distance(Vec3 a, Vec3 b) {
  return length(a - b);
}
inline Vec3 lerp(Vec3 a, Vec3 b, double f) {
  return a + (b - a) * f;
}

struct Quat {
  double x = 0, y = 0, z = 0, w = 1;
  friend bool operator==(Quat, Quat) = default;
};

inline double dot(Quat a, Quat b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
inline Quat operator-(Quat q) {
  return {-q.x, -q.y, -q.z, -q.w};
}
inline Quat conjugate(Quat q) {
  return {-q.x, -q.y, -q.z, q.w};
}
Quat operator*(Quat a, Quat b);
Quat normalize(Quat q);
Vec3 rotate(Quat q, Vec3 v);
Quat axis_angle(Vec3 axis, double radians);
// Shortest-path spherical interpolation, as glTF specifies for LINEAR rotation samplers.
Quat slerp(Quat a, Quat b, double f);
// Angle in radians of the rotation taking a to b (0..pi), sign of the quaternions ignored.
double angle_between(Quat a, Quat b);

struct Mat3 {
  std::array<double, 9> m{1, 0, 0, 0, 1, 0, 0, 0, 1};  // column-major
  double at(int row, int col) const { return m[col * 3 + row]; }
  double& at(int row, int col) { return m[col * 3 + row]; }
};

Mat3 to_mat3(Quat q);
Quat to_quat(const Mat3& r);  // r must be a proper rotation
double determinant(const Mat3& r);

struct Mat4 {
  std::array<double, 16> m{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  double at(int row, int col) const { return m[col * 4 + row]; }
  double& at(int row, int col) { return m[col * 4 + row]; }
  Vec3 translation() const { return {m[12], m[13], m[14]}; }
  friend bool operator==(const Mat4&, const Mat4&) = default;
};

Mat4 operator*(const Mat4& a, const Mat4& b);
Vec3 transform_point(const Mat4& m, Vec3 p);
Mat4 inverse_affine(const Mat4& m);

struct Transform {
  Vec3 translation;
  Quat rotation;
  Vec3 scale{1, 1, 1};
  Mat4 matrix() const;  // T · R · S
};

constexpr double kPi = 3.14159265358979323846;
constexpr double kRadiansPerDegree = kPi / 180.0;

}  // namespace bonebridge
