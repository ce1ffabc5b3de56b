// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/ani/engine.hpp"

#include <cmath>

#include "bonebridge/formats/lego/ani/codec.hpp"

namespace bonebridge::lego {
namespace {

using Vector3f = std::array<float, 3>;

// Time is the game's float, or double for the continuous curve between milliseconds (see engine.hpp);
// with float every operation below is the game's own.
template <class Time>
Time key_time(std::uint32_t time) {
  return static_cast<Time>(time);
}

// `LegoAnimNodeData::Interpolate`, in the game's operation order.
template <class Time>
float interpolate(float v1, float v2, Time t, Time t1, Time t2) {
  return static_cast<float>(v1 + (v2 - v1) * (t - t1) / (t2 - t1));
}

Vector3f key_value(const VectorKey& key) {
  return {key.x, key.y, key.z};
}

template <class Time>
Vector3f interpolate(const VectorKey& a, const VectorKey& b, Time time) {
  const Time t1 = key_time<Time>(a.time), t2 = key_time<Time>(b.time);
  return {interpolate(a.x, b.x, time, t1, t2), interpolate(a.y, b.y, time, t1, t2),
          interpolate(a.z, b.z, time, t1, t2)};
}

Vector3f cross(const Vector3f& a, const Vector3f& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// `Vector3::Unitize`: false (vector untouched) when the length is zero.
bool unitize(Vector3f& v) {
  const float length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (!(length > 0.0f)) return false;
  for (float& c : v) c /= length;
  return true;
}

void set_row(RowMatrix& m, int row, const Vector3f& v) {
  for (int c = 0; c < 3; ++c) m[row][c] = v[c];
}

Vector3f row_of(const RowMatrix& m, int row) {
  return {m[row][0], m[row][1], m[row][2]};
}

// `Matrix4::RotateZ`: m · Rz(angle) with rows (c, s) and (-s, c).
RowMatrix rotate_z(const RowMatrix& m, float angle) {
  const float c = std::cos(angle), s = std::sin(angle);
  RowMatrix out = m;
  for (int r = 0; r < 4; ++r) {
    out[r][0] = m[r][0] * c - m[r][1] * s;
    out[r][1] = m[r][1] * c + m[r][0] * s;
  }
  return out;
}

}  // namespace

RowMatrix identity_matrix() {
  return {{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}};
}

RowMatrix product(const RowMatrix& a, const RowMatrix& b) {
  RowMatrix out{};
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) {
      out[r][c] = a[r][0] * b[0][c] + a[r][1] * b[1][c] + a[r][2] * b[2][c] + a[r][3] * b[3][c];
    }
  }
  return out;
}

std::int32_t to_game_time(double seconds) {
  const double ms = seconds * 1000.0;
  const double nearest = std::round(ms);
  const double snapped = std::abs(ms - nearest) < 1e-6 ? nearest : std::trunc(ms);
  if (!(snapped > -2147483648.0)) return INT32_MIN;
  if (!(snapped < 2147483647.0)) return INT32_MAX;
  return static_cast<std::int32_t>(snapped);
}

// The game's readers only OR the bit in (`m_flags |= c_active`), so a key stored with it stays active.
bool translation_active(const VectorKey& key) {
  return (key.flags & kFlagActive) != 0 || std::abs(key.x) > 1e-5f || std::abs(key.y) > 1e-5f ||
         std::abs(key.z) > 1e-5f;
}

bool rotation_active(const RotationKey& key) {
  return (key.flags & kFlagActive) != 0 || key.w != 1.0f;
}

GameQuat game_slerp(GameQuat a, GameQuat c, float f) {
  const float pa[4] = {a.x, a.y, a.z, a.w};
  const float pc[4] = {c.x, c.y, c.z, c.w};
  const double d = static_cast<double>(a.x * c.x + a.y * c.y + a.z * c.z + a.w * c.w);
  float out[4];
  if (d + 1.0 > 0.00001) {
    double wa = 1.0 - f, wc = f;
    if (1.0 - d > 0.00001) {
      const double theta = std::acos(d);
      const double denominator = std::sin(theta);
      wa = std::sin((1.0 - f) * theta) / denominator;
      wc = std::sin(f * theta) / denominator;
    }
    for (int i = 0; i < 4; ++i) out[i] = static_cast<float>(pa[i] * wa + pc[i] * wc);
  } else {
    // Nearly opposite: blend toward a perpendicular quaternion; the game leaves w at a.z (kept on purpose).
    const float perpendicular[3] = {-a.y, a.x, -a.w};
    const double wa = std::sin((1.0 - f) * 1.570796326794895), wp = std::sin(f * 1.570796326794895);
    for (int i = 0; i < 3; ++i) out[i] = static_cast<float>(pa[i] * wa + perpendicular[i] * wp);
    out[3] = a.z;
  }
  return {out[0], out[1], out[2], out[3]};
}

RowMatrix rotation_matrix(GameQuat q) {
  RowMatrix m = identity_matrix();
  const float length2 = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
  if (!(length2 > 0.0f)) return m;
  const float s = 2.0f / length2;
  const float xs = q.x * s, ys = q.y * s, zs = q.z * s;
  const float wx = q.w * xs, wy = q.w * ys, wz = q.w * zs;
  const float xx = q.x * xs, xy = q.x * ys, xz = q.x * zs;
  const float yy = q.y * ys, yz = q.y * zs, zz = q.z * zs;
  m[0] = {1.0f - (yy + zz), xy - wz, xz + wy, 0};
  m[1] = {xy + wz, 1.0f - (xx + zz), yz - wx, 0};
  m[2] = {xz - wy, yz + wx, 1.0f - (xx + yy), 0};
  return m;
}

namespace {

template <class Time>
std::optional<Vector3f> translation_at(const std::vector<VectorKey>& keys, Time time) {
  const KeySpan span = find_keys(time, keys);
  if (span.n == 1) {
    if (!translation_active(keys[span.i])) return std::nullopt;
    return key_value(keys[span.i]);
  }
  if (span.n == 2) {
    const VectorKey& a = keys[span.i];
    const VectorKey& b = keys[span.i + 1];
    if (!translation_active(a) && !translation_active(b)) return std::nullopt;
    return interpolate(a, b, time);
  }
  return std::nullopt;
}

template <class Time>
std::optional<GameQuat> rotation_at(const std::vector<RotationKey>& keys, Time time) {
  const KeySpan span = find_keys(time, keys);
  if (span.n == 1) {
    if (!rotation_active(keys[span.i])) return std::nullopt;
    return to_game_quat(keys[span.i]);
  }
  if (span.n == 2) {
    const RotationKey& a = keys[span.i];
    const RotationKey& b = keys[span.i + 1];
    if (!rotation_active(a) && !rotation_active(b)) return std::nullopt;
    if (b.flags & kFlagHold) return to_game_quat(a);
    GameQuat c = to_game_quat(b);
    if (b.flags & kFlagNegate) c = {-c.x, -c.y, -c.z, -c.w};
    const Time f = (time - key_time<Time>(a.time)) / (key_time<Time>(b.time) - key_time<Time>(a.time));
    return game_slerp(to_game_quat(a), c, static_cast<float>(f));
  }
  return std::nullopt;
}

template <class Time>
std::optional<Vector3f> scale_at(const std::vector<VectorKey>& keys, Time time) {
  const KeySpan span = find_keys(time, keys);
  if (span.n == 1) return key_value(keys[span.i]);
  if (span.n == 2) return interpolate(keys[span.i], keys[span.i + 1], time);
  return std::nullopt;
}

template <class Time>
bool visible_at(const std::vector<MorphKey>& keys, Time time) {
  const KeySpan span = find_keys(time, keys);
  return span.n == 0 || keys[span.i].visible != 0;
}

template <class Time>
RowMatrix local_at(const Node& node, Time time) {
  RowMatrix m = identity_matrix();
  const auto rotation = [&] {
    const auto q = rotation_at(node.rotation, time);
    return q ? rotation_matrix(*q) : identity_matrix();
  };
  if (!node.scale.empty()) {
    if (const auto s = scale_at(node.scale, time)) {
      for (auto& row : m) {
        for (int c = 0; c < 3; ++c) row[c] *= (*s)[c];
      }
    }
    if (!node.rotation.empty()) m = product(m, rotation());
  } else if (!node.rotation.empty()) {
    m = rotation();
  }
  if (const auto t = translation_at(node.translation, time)) {
    for (int c = 0; c < 3; ++c) m[3][c] += (*t)[c];
  }
  return m;
}

}  // namespace

std::optional<Vector3f> evaluate_translation(const std::vector<VectorKey>& keys, float time) {
  return translation_at(keys, time);
}
std::optional<Vector3f> evaluate_translation(const std::vector<VectorKey>& keys, double time) {
  return translation_at(keys, time);
}
std::optional<GameQuat> evaluate_rotation(const std::vector<RotationKey>& keys, float time) {
  return rotation_at(keys, time);
}
std::optional<GameQuat> evaluate_rotation(const std::vector<RotationKey>& keys, double time) {
  return rotation_at(keys, time);
}
std::optional<Vector3f> evaluate_scale(const std::vector<VectorKey>& keys, float time) {
  return scale_at(keys, time);
}
std::optional<Vector3f> evaluate_scale(const std::vector<VectorKey>& keys, double time) {
  return scale_at(keys, time);
}

bool evaluate_visibility(const std::vector<MorphKey>& keys, float time) {
  return visible_at(keys, time);
}

RowMatrix local_transform(const Node& node, float time) {
  return local_at(node, time);
}
RowMatrix local_transform(const Node& node, double time) {
  return local_at(node, time);
}

std::vector<FlatNode> flatten(const Node& root) {
  std::vector<FlatNode> nodes;
  struct Pending {
    const Node* node;
    int parent;
  };
  std::vector<Pending> stack{{&root, -1}};
  while (!stack.empty()) {
    const Pending next = stack.back();
    stack.pop_back();
    const int index = static_cast<int>(nodes.size());
    nodes.push_back({next.node, next.parent});
    for (auto child = next.node->children.rbegin(); child != next.node->children.rend(); ++child) {
      stack.push_back({&*child, index});
    }
  }
  return nodes;
}

ani::Engine::Engine(const Document& document) : document_(&document), nodes_(flatten(document.root)) {}

std::vector<NodePose> ani::Engine::evaluate(std::int32_t time_ms, const RowMatrix& base) const {
  return poses_at(static_cast<float>(time_ms), base);
}

std::optional<RowMatrix> ani::Engine::camera(std::int32_t time_ms, const RowMatrix& base) const {
  return camera_matrix(static_cast<float>(time_ms), base);
}

std::vector<NodePose> ani::Engine::evaluate_at(double time_ms, const RowMatrix& base) const {
  return poses_at(time_ms, base);
}

std::optional<RowMatrix> ani::Engine::camera_at(double time_ms, const RowMatrix& base) const {
  return camera_matrix(time_ms, base);
}

template <class Time>
std::vector<NodePose> ani::Engine::poses_at(Time time, const RowMatrix& base) const {
  std::vector<NodePose> poses(nodes_.size());
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    const Node& node = *nodes_[i].node;
    NodePose& pose = poses[i];
    pose.local = local_at(node, time);
    const int parent = nodes_[i].parent;
    pose.world = product(pose.local, parent < 0 ? base : poses[static_cast<std::size_t>(parent)].world);
    pose.visible = visible_at(node.morph, time);
  }
  return poses;
}

template <class Time>
std::optional<RowMatrix> ani::Engine::camera_matrix(Time time, const RowMatrix& base) const {
  if (!document_->camera || document_->camera->target.empty()) return std::nullopt;
  const CameraScene& scene = *document_->camera;
  RowMatrix look = identity_matrix();
  Vector3f target{0, 0, 0};
  if (const auto t = translation_at(scene.target, time)) target = *t;
  Vector3f position{0, 0, 0};
  if (!scene.position.empty()) {
    if (const auto p = translation_at(scene.position, time)) position = *p;
  }
  Vector3f forward{target[0] - position[0], target[1] - position[1], target[2] - position[2]};
  if (!unitize(forward)) return base;
  Vector3f right = cross(row_of(look, 1), forward);
  if (!unitize(right)) return base;
  set_row(look, 2, forward);
  set_row(look, 0, right);
  set_row(look, 1, cross(forward, right));
  RowMatrix result = base;
  const Vector3f translation{base[3][0] + position[0], base[3][1] + position[1], base[3][2] + position[2]};
  set_row(result, 3, {0, 0, 0});
  const KeySpan roll = find_keys(time, scene.roll);
  // The game computes an interpolated roll between keys and then applies key i's value: a step function.
  if (roll.n != 0) result = rotate_z(result, scene.roll[roll.i].roll);
  result = product(result, look);
  set_row(result, 3, translation);
  return result;
}

namespace ani {

EnginePose engine_pose(const Engine& engine, double seconds) {
  const std::int32_t ms = to_game_time(seconds);
  const auto time = static_cast<float>(ms);
  EnginePose pose;
  pose.time = ms / 1000.0;
  const auto poses = engine.evaluate(ms);
  for (std::size_t i = 0; i < poses.size(); ++i) {
    const Node& node = *engine.nodes()[i].node;
    EngineJoint joint;
    joint.name = name_to_utf8(node.name);
    joint.parent = engine.nodes()[i].parent;
    if (const auto t = evaluate_translation(node.translation, time))
      joint.local.translation = {(*t)[0], (*t)[1], (*t)[2]};
    if (const auto q = evaluate_rotation(node.rotation, time)) {
      const Quat core{-static_cast<double>(q->x), -static_cast<double>(q->y), -static_cast<double>(q->z),
                      static_cast<double>(q->w)};
      if (dot(core, core) > 0) joint.local.rotation = normalize(core);
    }
    if (const auto s = evaluate_scale(node.scale, time)) joint.local.scale = {(*s)[0], (*s)[1], (*s)[2]};
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) joint.model.at(r, c) = poses[i].world[c][r];  // transpose to column vectors
    }
    pose.joints.push_back(std::move(joint));
  }
  return pose;
}

}  // namespace ani

}  // namespace bonebridge::lego
