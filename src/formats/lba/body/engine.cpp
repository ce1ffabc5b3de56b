// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/body/engine.hpp"

#include <algorithm>
#include <vector>

#include "../fixed_point.hpp"
#include "bonebridge/formats/lba/body/codec.hpp"

namespace bonebridge::lba {
namespace {

using Matrix = std::array<std::int32_t, 9>;  // row-major Q14

std::int32_t q14(std::int64_t a, std::int64_t b, std::int64_t cos_value, std::int64_t sin_value) {
  return static_cast<std::int32_t>((a * cos_value + b * sin_value) >> 14);
}

// M · R(axis): rewrites the two columns the rotation mixes, row by row, skipped for a zero angle.
void rotate_columns(Matrix& m, int first, int second, int angle, Variant variant) {
  if ((angle & angle_mask(variant)) == 0) return;
  const int c = cosine(variant, angle), s = sine(variant, angle);
  for (int row = 0; row < 3; ++row) {
    const std::int32_t u = m[row * 3 + first], v = m[row * 3 + second];
    m[row * 3 + first] = q14(u, v, c, s);
    m[row * 3 + second] = q14(v, -u, c, s);
  }
}

// Rx: y' = cy − sz; Rz: x' = cx − sy; Ry: x' = cx + sz, hence the column pairs (y,z), (x,y) and (z,x).
Matrix rotate(Matrix m, int alpha, int beta, int gamma, Variant variant) {
  rotate_columns(m, 1, 2, alpha, variant);
  rotate_columns(m, 0, 1, gamma, variant);
  rotate_columns(m, 2, 0, beta, variant);
  return m;
}

std::array<std::int32_t, 3> apply(const Matrix& m, std::int64_t x, std::int64_t y, std::int64_t z) {
  std::array<std::int32_t, 3> out{};
  for (int row = 0; row < 3; ++row) {
    out[row] = static_cast<std::int32_t>((m[row * 3] * x + m[row * 3 + 1] * y + m[row * 3 + 2] * z) >> 14);
  }
  return out;
}

std::int32_t as_s16(std::int32_t v) {
  return word(v);
}

}  // namespace

int parent_index(const BodyGroup& group, std::size_t self) {
  if (group.parent < 0 || group.parent % 38 != 0) return -1;
  const int parent = group.parent / 38;
  return static_cast<std::size_t>(parent) < self ? parent : -1;
}

std::vector<int> point_owners(const body::Document& body) {
  std::vector<int> owner(body.points.size(), -1);
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    const std::size_t first = body.groups[g].first_point / 6;
    for (std::size_t p = first; p < first + body.groups[g].point_count && p < owner.size(); ++p) {
      if (owner[p] < 0) owner[p] = static_cast<int>(g);
    }
  }
  return owner;
}

GroupEntry posed_value(const body::Document& body, const std::vector<GroupEntry>& pose, std::size_t group) {
  if (group >= 1 && group < pose.size()) return pose[group];
  const BodyGroup& stored = body.groups[group];
  return {stored.type, stored.angles[0], stored.angles[1], stored.angles[2]};
}

PosedBody pose_body(const body::Document& body, const std::vector<GroupEntry>& pose, const Orientation& actor,
                    Variant variant) {
  PosedBody posed;
  posed.groups.resize(body.groups.size());
  posed.points.assign(body.points.size(), {0, 0, 0});
  const Matrix identity{kOne, 0, 0, 0, kOne, 0, 0, 0, kOne};
  for (std::size_t i = 0; i < body.groups.size(); ++i) {
    const BodyGroup& group = body.groups[i];
    const GroupEntry value = posed_value(body, pose, i);
    const int parent = parent_index(group, i);
    PosedGroup& out = posed.groups[i];
    std::array<std::int32_t, 3> translation{};
    if (parent < 0) {
      // The root: the actor's own orientation, pivot at the origin (AnimNuage).
      out.matrix = rotate(identity, actor.alpha, actor.beta, actor.gamma, variant);
    } else {
      const std::size_t pivot = group.pivot_point / 6;
      const Matrix& parent_matrix = posed.groups[static_cast<std::size_t>(parent)].matrix;
      out.origin = pivot < posed.points.size() ? posed.points[pivot] : std::array<std::int32_t, 3>{};
      if (value.type == 0) {
        out.matrix = rotate(parent_matrix, value.a, value.b, value.c, variant);
      } else {
        // Translation (1); zoom (2) and unknown types are not rendered by LBA1: the parent's frame alone.
        out.matrix = parent_matrix;
        if (value.type == 1) translation = {value.a, value.b, value.c};
      }
      const auto moved = apply(parent_matrix, translation[0], translation[1], translation[2]);
      if (value.type == 1) {
        for (int axis = 0; axis < 3; ++axis) out.origin[axis] += moved[axis];
      }
    }
    const std::size_t first = group.first_point / 6;
    for (std::size_t p = first; p < first + group.point_count && p < body.points.size(); ++p) {
      const auto& raw = body.points[p];
      const auto v = apply(out.matrix, std::int64_t{raw[0]} + translation[0],
                           std::int64_t{raw[1]} + translation[1], std::int64_t{raw[2]} + translation[2]);
      const std::array<std::int32_t, 3> pivot_point =
          parent < 0 ? std::array<std::int32_t, 3>{}
                     : (group.pivot_point / 6 < posed.points.size() ? posed.points[group.pivot_point / 6]
                                                                    : std::array<std::int32_t, 3>{});
      for (int axis = 0; axis < 3; ++axis) posed.points[p][axis] = as_s16(v[axis] + pivot_point[axis]);
    }
  }
  return posed;
}

body::Document placeholder_body(std::size_t group_count) {
  body::Document body;
  body.flags = 2;
  body.info.assign(10, 0);
  body.points = {{0, 0, 0}};
  BodyGroup root;
  root.point_count = 1;
  body.groups.push_back(root);
  for (std::size_t i = 1; i < group_count; ++i) {
    BodyGroup group;
    group.point_count = 0;
    group.parent = 0;
    body.groups.push_back(group);
  }
  return body;
}

std::array<std::int32_t, 3> light_vector(int alpha, int beta, Variant variant) {
  constexpr int kNormalUnit = 64;
  const Matrix light = rotate({kOne, 0, 0, 0, kOne, 0, 0, 0, kOne}, alpha, beta, 0, variant);
  return apply(light, 0, 0, kNormalUnit - 5);
}

namespace {

// P_OB_ISO.ASM ComputeAnimNormal: light premultiplied into the matrix, one 32-bit sum, >> 14, a 16-bit
// divide.
int animated_intensity(const Matrix& m, const BodyNormal& n, const std::array<std::int32_t, 3>& light) {
  std::uint32_t sum = 0;  // the game's 32-bit register wraps
  for (std::size_t row = 0; row < 3; ++row) {
    for (std::size_t col = 0; col < 3; ++col) {
      sum += static_cast<std::uint32_t>(light[row]) * static_cast<std::uint32_t>(m[row * 3 + col]) *
             static_cast<std::uint32_t>(std::int32_t{n.vector[col]});
    }
  }
  const auto dot = static_cast<std::int32_t>(sum);
  if (dot < 0 || n.range == 0) return 0;
  return word(dot >> 14) / n.range;
}

// P_OBJET.ASM ComputeStaticNormal: the normal rotated to 16-bit words, 16×16-bit products summed in 32 bits,
// a 32/16-bit divide that faults when the quotient does not fit.
int static_intensity(const Matrix& m, const BodyNormal& n, const std::array<std::int32_t, 3>& light) {
  const auto rotated = apply(m, n.vector[0], n.vector[1], n.vector[2]);
  std::uint32_t sum = 0;
  for (std::size_t axis = 0; axis < 3; ++axis)
    sum += static_cast<std::uint32_t>(std::int32_t{word(rotated[axis])} * std::int32_t{word(light[axis])});
  const auto dot = static_cast<std::int32_t>(sum);
  if (dot < 0 || n.range == 0) return 0;
  const std::int32_t quotient = dot / n.range;
  return quotient == word(quotient) ? quotient : 0;
}

}  // namespace

std::vector<int> normal_intensities(const body::Document& body, const PosedBody& posed,
                                    const std::array<std::int32_t, 3>& light) {
  if (!body.geometry) return {};
  const auto& normals = body.geometry->normals;
  const bool animated = is_animatable(body);
  std::vector<int> out(normals.size(), 0);
  std::size_t next = 0;
  for (std::size_t g = 0; g < body.groups.size() && g < posed.groups.size(); ++g) {
    const Matrix& m = posed.groups[g].matrix;
    for (std::size_t k = 0; k < body.groups[g].normal_count && next < normals.size(); ++k, ++next)
      out[next] =
          animated ? animated_intensity(m, normals[next], light) : static_intensity(m, normals[next], light);
  }
  return out;
}

body::Document posable_body(const body::Document& body) {
  if (is_animatable(body)) return body;
  body::Document out = body;
  BodyGroup root;
  root.point_count = static_cast<std::uint16_t>(body.points.size());
  root.normal_count = static_cast<std::uint16_t>(body.geometry ? body.geometry->normals.size() : 0);
  out.groups = {root};
  return out;
}

}  // namespace bonebridge::lba
