// SPDX-License-Identifier: MIT
// The sampling job: read the keys forward playback needs since the last call (or restart from a seek
// point), decode each into its track's segment, then interpolate every track at once.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "bonebridge/runtime/jobs.hpp"
#include "codec.hpp"
#include "simd.hpp"

namespace bonebridge::runtime {
namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();

// Four lanes of one kind of track (lanes lane..lane+width) at time t into x, y, z (and w for rotations).
template <class V, int Components>
void interpolate(const detail::Segment& s, V t, int lane, float* const* out) {
  const V one = V::splat(1);
  V f = min(max((t - V::load(&s.left_time[lane])) * V::load(&s.inverse_span[lane]), V::splat(0)), one);
  if constexpr (Components == 4) {
    // nlerp runs ahead of slerp before the middle and behind after it; f + k f (1 - f) (1 - 2f), with
    // k = (1 - cos) / 3 of the keys' quaternions, cancels that to third order (1e-4 of nlerp's error at 30
    // keys a second), so that rotations need no extra keys to follow the core clip's slerp.
    f = f + V::load(&s.k[lane]) * (f * ((one - f) * (one - (f + f))));
  }
  V value[4];
  for (int c = 0; c < Components; ++c) {
    const V a = V::load(&s.a[c][lane]);
    value[c] = a + (V::load(&s.b[c][lane]) - a) * f;
  }
  if constexpr (Components == 4) {
    const V norm = value[0] * value[0] + value[1] * value[1] + value[2] * value[2] + value[3] * value[3];
    const V inverse = one / sqrt(norm);
    for (V& c : value) c = c * inverse;
  }
  for (int c = 0; c < Components; ++c) value[c].store(out[c] + lane);
}

template <class V>
void interpolate_all(const detail::Segment* segments, float time, std::span<SoaTransform> output) {
  const V t = V::splat(time);
  for (std::size_t g = 0; g < output.size(); ++g) {
    SoaTransform& o = output[g];
    float* const translation[3] = {o.tx, o.ty, o.tz};
    float* const rotation[4] = {o.qx, o.qy, o.qz, o.qw};
    float* const scale[3] = {o.sx, o.sy, o.sz};
    for (int lane = 0; lane < 4; lane += V::kWidth) {
      interpolate<V, 3>(segments[g * 3], t, lane, translation);
      interpolate<V, 4>(segments[g * 3 + 1], t, lane, rotation);
      interpolate<V, 3>(segments[g * 3 + 2], t, lane, scale);
    }
  }
}

}  // namespace

void SamplingContext::bind(const RuntimeClip& clip) {
  clip_ = &clip;
  segments_.assign(clip.soa_count() * 3, detail::Segment{});
  right_time_.assign(clip.track_count(), -kInfinity);
  keys_.assign(clip.track_count() * 2, 0u);
  next_ = 0;
  time_ = -1;
}

void SamplingJob::set_ratio(float ratio) {
  time = std::clamp(ratio, 0.0f, 1.0f) * (clip ? clip->duration() : 0.0f);
}

namespace {

const char* problem(const SamplingJob& job) {
  if (!job.clip) return "no clip";
  if (!job.context) return "no context";
  if (job.context->clip() != job.clip) return "the context was made for another clip (bind it to this one)";
  if (job.clip->soa_count() == 0) return "the clip has no joints";
  if (!std::isfinite(job.time) || job.time < 0 || job.time > job.clip->duration())
    return "the time is outside the clip (0 to its duration)";
  if (job.output.size() < job.clip->soa_count())
    return "the output holds fewer SoA transforms than the clip's joints need";
  return nullptr;
}

}  // namespace

std::string SamplingJob::Validate() const {
  const char* text = problem(*this);
  return text ? text : "";
}

// What reading keys needs of the clip and the context, loaded once per call rather than once per key.
struct detail::KeyReader {
  const std::uint8_t* stream;
  const TrackCodec* codecs;
  const float* times;
  std::size_t header;
  detail::Segment* segments;
  float* right_time;

  float time_of(const std::uint8_t* record) const {
    std::uint32_t index = 0;
    if (header == 4) {
      std::uint16_t narrow;
      std::memcpy(&narrow, record + 2, sizeof narrow);
      index = narrow;
    } else {
      std::memcpy(&index, record + 2, sizeof index);
    }
    return times[index];
  }

  // The key at `offset` becomes its track's right key, the right key so far its left one. Returns the
  // record's size.
  std::size_t consume(std::size_t offset) const {
    const std::uint8_t* record = stream + offset;
    const std::size_t track = codec::read_track(record);
    const TrackKind kind = codec::kind_of(track);
    const TrackCodec& codec = codecs[track];
    float value[4];
    codec::decode_value(record + header, codec, kind, value);
    detail::Segment& s = segments[track / 4];
    const std::size_t lane = track % 4;
    const float right[4] = {s.b[0][lane], s.b[1][lane], s.b[2][lane], s.b[3][lane]};
    if (kind == TrackKind::Rotation) {
      const float cosine =
          right[0] * value[0] + right[1] * value[1] + right[2] * value[2] + right[3] * value[3];
      if (cosine < 0) {
        for (float& c : value) c = -c;  // the same rotation, on the side nlerp takes the short way from
      }
      s.k[lane] = (1 - std::fabs(cosine)) * (1.0f / 3);
    }
    const float time = time_of(record);
    const float left_time = right_time[track];
    // A right key at the left key's time (a step) is reached at once: f = (t - -inf) * 1 clamps to 1.
    const bool span = time > left_time;
    s.left_time[lane] = span ? left_time : -kInfinity;
    s.inverse_span[lane] = span ? 1.0f / (time - left_time) : 1.0f;
    for (int c = 0; c < 4; ++c) {
      s.a[c][lane] = right[c];
      s.b[c][lane] = value[c];
    }
    right_time[track] = time;
    return header + codec.value_bytes;
  }
};

detail::KeyReader SamplingContext::reader() {
  return {clip_->stream().data(), clip_->codecs().data(), clip_->times().data(),
          clip_->header_bytes(),  segments_.data(),       right_time_.data()};
}

void SamplingContext::advance(float time) {
  const detail::KeyReader keys = reader();
  const std::size_t end = clip_->stream().size();
  std::size_t next = next_;
  while (next < end && !(keys.right_time[codec::read_track(keys.stream + next)] > time))
    next += keys.consume(next);
  next_ = static_cast<std::uint32_t>(next);
  time_ = time;
}

// Random access: from the seek point at or before `time` (or the start), only the positions of each track's
// keys are followed up to `time`; the two keys each track ends on are the only ones decoded.
void SamplingContext::restart(float time) {
  std::fill(right_time_.begin(), right_time_.end(), -kInfinity);
  std::fill(keys_.begin(), keys_.end(), 0u);
  next_ = 0;
  const auto points = clip_->seek_points();
  const auto after = std::upper_bound(points.begin(), points.end(), time,
                                      [](float t, const SeekPoint& point) { return t < point.time; });
  const detail::KeyReader keys = reader();
  if (after != points.begin()) {
    const SeekPoint& point = *(after - 1);
    std::copy(point.segments.begin(), point.segments.end(), keys_.begin());
    for (std::size_t track = 0; track < right_time_.size(); ++track)
      right_time_[track] = keys.time_of(keys.stream + keys_[track * 2 + 1]);
    next_ = point.next;
  }
  const std::size_t end = clip_->stream().size();
  std::size_t next = next_;
  while (next < end) {
    const std::size_t track = codec::read_track(keys.stream + next);
    if (right_time_[track] > time) break;
    keys_[track * 2] = keys_[track * 2 + 1];
    keys_[track * 2 + 1] = static_cast<std::uint32_t>(next);
    right_time_[track] = keys.time_of(keys.stream + next);
    next += keys.header + keys.codecs[track].value_bytes;
  }
  next_ = static_cast<std::uint32_t>(next);
  for (std::size_t track = 0; track < right_time_.size(); ++track) {
    right_time_[track] = -kInfinity;
    keys.consume(keys_[track * 2]);
    keys.consume(keys_[track * 2 + 1]);
  }
}

void SamplingJob::Run() const {
  if (problem(*this)) return;
  SamplingContext& c = *context;
  // Backwards, or further forward than a seek point: restart rather than read every key on the way.
  const auto points = clip->seek_points();
  const bool far = !points.empty() && time - c.time_ > points.front().time;
  if (c.time_ < 0 || time < c.time_ || far) c.restart(time);
  c.advance(time);
  const auto groups = output.first(clip->soa_count());
#ifdef BONEBRIDGE_RUNTIME_SSE
  if (!simd::scalar_only()) return interpolate_all<simd::Sse>(c.segments_.data(), time, groups);
#endif
  interpolate_all<simd::Scalar>(c.segments_.data(), time, groups);
}

}  // namespace bonebridge::runtime
