// SPDX-License-Identifier: MIT
#include "bonebridge/core/sampler.hpp"

#include <algorithm>

namespace bonebridge {
namespace {

// Index i of the segment [times[i], times[i+1]) holding t, starting the search at `cursor` so that
// forward playback walks without searching. Requires t strictly inside (times.front(), times.back()).
std::size_t find_segment(const std::vector<double>& times, double t, std::size_t& cursor) {
  std::size_t i = std::min(cursor, times.size() - 2);
  if (times[i] <= t && t < times[i + 1]) return i;
  if (i + 2 < times.size() && times[i + 1] <= t && t < times[i + 2]) return cursor = i + 1;
  const auto it = std::upper_bound(times.begin(), times.end(), t);
  return cursor = it == times.begin() ? 0 : static_cast<std::size_t>(it - times.begin()) - 1;
}

Vec3 hermite(Vec3 p0, Vec3 m0, Vec3 p1, Vec3 m1, double s) {
  const double s2 = s * s, s3 = s2 * s;
  return p0 * (2 * s3 - 3 * s2 + 1) + m0 * (s3 - 2 * s2 + s) + p1 * (-2 * s3 + 3 * s2) + m1 * (s3 - s2);
}

Quat hermite(Quat p0, Quat m0, Quat p1, Quat m1, double s) {
  const double s2 = s * s, s3 = s2 * s;
  const double a = 2 * s3 - 3 * s2 + 1, b = s3 - 2 * s2 + s, c = -2 * s3 + 3 * s2, d = s3 - s2;
  return normalize({a * p0.x + b * m0.x + c * p1.x + d * m1.x, a * p0.y + b * m0.y + c * p1.y + d * m1.y,
                    a * p0.z + b * m0.z + c * p1.z + d * m1.z, a * p0.w + b * m0.w + c * p1.w + d * m1.w});
}

Quat scaled(Quat q, double s) {
  return {q.x * s, q.y * s, q.z * s, q.w * s};
}
Vec3 scaled(Vec3 v, double s) {
  return v * s;
}
Vec3 interpolate(Vec3 a, Vec3 b, double f) {
  return lerp(a, b, f);
}
Quat interpolate(Quat a, Quat b, double f) {
  return slerp(a, b, f);
}

template <class Value>
Value sample_at(const Channel<Value>& channel, double t, std::size_t& cursor) {
  const auto& times = channel.times;
  const bool cubic = channel.interpolation == Interpolation::CubicSpline;
  const auto value_at = [&](std::size_t key) { return channel.values[cubic ? key * 3 + 1 : key]; };
  // Written so that a NaN time (of the query or of a key) lands on an end key, never outside the keys.
  if (!(t > times.front()) || times.size() == 1) return value_at(0);
  if (!(t < times.back())) return value_at(times.size() - 1);
  const std::size_t i = std::min(find_segment(times, t, cursor), times.size() - 2);
  const double span = times[i + 1] - times[i];
  const double f = (t - times[i]) / span;
  switch (channel.interpolation) {
    case Interpolation::Step:
      return value_at(i);
    case Interpolation::Linear:
      return interpolate(value_at(i), value_at(i + 1), f);
    case Interpolation::CubicSpline:
      return hermite(channel.values[i * 3 + 1], scaled(channel.values[i * 3 + 2], span),
                     channel.values[(i + 1) * 3 + 1], scaled(channel.values[(i + 1) * 3], span), f);
  }
  return value_at(i);
}

}  // namespace

const char* to_string(Interpolation interpolation) {
  switch (interpolation) {
    case Interpolation::Step:
      return "STEP";
    case Interpolation::Linear:
      return "LINEAR";
    case Interpolation::CubicSpline:
      return "CUBICSPLINE";
  }
  return "LINEAR";
}

Vec3 sample_channel(const Channel<Vec3>& channel, double t) {
  std::size_t cursor = 0;
  return sample_at(channel, t, cursor);
}

Quat sample_channel(const Channel<Quat>& channel, double t) {
  std::size_t cursor = 0;
  return sample_at(channel, t, cursor);
}

Vec3 sample_channel(const Channel<Vec3>& channel, double t, std::size_t& cursor) {
  return sample_at(channel, t, cursor);
}

Quat sample_channel(const Channel<Quat>& channel, double t, std::size_t& cursor) {
  return sample_at(channel, t, cursor);
}

ClipSampler::ClipSampler(const Skeleton& skeleton, const Clip& clip) {
  rest_.reserve(skeleton.joints.size());
  for (const auto& joint : skeleton.joints) rest_.push_back(joint.rest);
  for (const auto& channels : clip.joints) {
    const auto joint = static_cast<std::size_t>(channels.joint);
    if (joint >= rest_.size()) continue;
    if (channels.translation && !channels.translation->empty())
      translations_.push_back({&*channels.translation, joint});
    if (channels.rotation && !channels.rotation->empty()) rotations_.push_back({&*channels.rotation, joint});
    if (channels.scale && !channels.scale->empty()) scales_.push_back({&*channels.scale, joint});
  }
}

void ClipSampler::sample(double t, std::span<Transform> locals) {
  std::copy(rest_.begin(), rest_.end(), locals.begin());
  for (auto& track : translations_)
    locals[track.joint].translation = sample_at(*track.channel, t, track.cursor);
  for (auto& track : rotations_) locals[track.joint].rotation = sample_at(*track.channel, t, track.cursor);
  for (auto& track : scales_) locals[track.joint].scale = sample_at(*track.channel, t, track.cursor);
}

ClipPoser::ClipPoser(const Skeleton& skeleton, const Clip& clip)
    : skeleton_(skeleton), sampler_(skeleton, clip), locals_(skeleton.joints.size()) {}

const std::vector<Mat4>& ClipPoser::model_at(double t) {
  sampler_.sample(t, locals_);
  local_to_model(skeleton_, locals_, model_);
  return model_;
}

}  // namespace bonebridge
