// SPDX-License-Identifier: MIT
// The sampling job: read the keys forward playback needs since the last call (or restart from a seek
// point), decode each into its track's segment, then interpolate every track at once.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

#include "bonebridge/runtime/jobs.hpp"
#include "codec.hpp"
#include "simd.hpp"

namespace bonebridge::runtime {
namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();

#include "kernels.hpp"

template <class V>
void interpolate_all(const detail::GroupSegments* segments, float time, std::span<SoaTransform> output) {
  const V t = V::splat(time);
  for (std::size_t g = 0; g < output.size(); ++g) interpolate_group<V>(segments[g], t, output[g]);
}

}  // namespace

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
  const RuntimeClip* clip;
  const std::uint8_t* tracks;
  std::size_t track_bytes;
  const std::uint8_t* values;
  std::size_t time_bytes;
  const std::uint8_t* record_bytes;
  const float* times;
  detail::GroupSegments* segments;
  float* right_time;
  std::uint32_t* right_key;

  std::size_t track_at(std::size_t record) const { return codec::read_track(tracks, record, track_bytes); }
  float time_at(std::uint32_t offset) const {
    return times[codec::read_time_index(values + offset, time_bytes)];
  }

  // A segment's start and 1 / its length, from its keys' times. A right key at the left key's time (a step)
  // is reached at once: f = (t - -inf) * 1 clamps to 1.
  static std::pair<float, float> timing(float left_time, float time) {
    const bool span = time > left_time;
    return {span ? left_time : -kInfinity, span ? 1.0f / (time - left_time) : 1.0f};
  }

  // The key at value offset `offset` becomes its track's right key, the right key so far its left one.
  void consume(std::size_t track, std::uint32_t offset) const {
    const TrackKind kind = codec::kind_of(track);
    float value[4];
    codec::decode_value(values + offset + time_bytes, clip->codec(track), kind, value);
    const float time = time_at(offset);
    const auto [start, inverse_span] = timing(right_time[track], time);
    detail::GroupSegments& g = segments[track / 12];
    const std::size_t lane = track % 4;
    if (kind == TrackKind::Rotation) {
      detail::RotationSegment& s = g.rotation;
      const float cosine = s.b[0][lane] * value[0] + s.b[1][lane] * value[1] + s.b[2][lane] * value[2] +
                           s.b[3][lane] * value[3];
      if (cosine < 0) {
        for (float& c : value) c = -c;  // the same rotation, on the side nlerp takes the short way from
      }
      s.k[lane] = (1 - std::fabs(cosine)) * (1.0f / 3);
      shift<4>(s, lane, value, start, inverse_span);
    } else {
      shift<3>(kind == TrackKind::Translation ? g.translation : g.scale, lane, value, start, inverse_span);
    }
    right_time[track] = time;
    right_key[track] = offset;
  }

  // A track's segment from the keys at value offsets `left` and `right` (random access): what consume(left)
  // then consume(right) leave, without turning and shifting the left key against a segment it replaces.
  void consume_pair(std::size_t track, std::uint32_t left, std::uint32_t right) const {
    const TrackKind kind = codec::kind_of(track);
    float a[4], b[4];
    codec::decode_value(values + left + time_bytes, clip->codec(track), kind, a);
    codec::decode_value(values + right + time_bytes, clip->codec(track), kind, b);
    const float time = time_at(right);
    const auto [start, inverse_span] = timing(time_at(left), time);
    detail::GroupSegments& g = segments[track / 12];
    const std::size_t lane = track % 4;
    if (kind == TrackKind::Rotation) {
      const float cosine = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
      if (cosine < 0) {
        for (float& c : b) c = -c;
      }
      g.rotation.k[lane] = (1 - std::fabs(cosine)) * (1.0f / 3);
      place<4>(g.rotation, lane, a, b, start, inverse_span);
    } else {
      place<3>(kind == TrackKind::Translation ? g.translation : g.scale, lane, a, b, start, inverse_span);
    }
    right_time[track] = time;
    right_key[track] = right;
  }

  // A constant track: both keys its codec's value.
  void hold(std::size_t track) const {
    float value[4];
    codec::constant_value(clip->codec(track), codec::kind_of(track), value);
    detail::GroupSegments& g = segments[track / 12];
    const std::size_t lane = track % 4;
    for (int twice = 0; twice < 2; ++twice) {
      if (codec::kind_of(track) == TrackKind::Rotation) {
        g.rotation.k[lane] = 0;
        shift<4>(g.rotation, lane, value, -kInfinity, 1.0f);
      } else {
        shift<3>(codec::kind_of(track) == TrackKind::Translation ? g.translation : g.scale, lane, value,
                 -kInfinity, 1.0f);
      }
    }
  }

  template <int Components, class Segment>
  static void place(Segment& s, std::size_t lane, const float* a, const float* b, float start,
                    float inverse_span) {
    s.left_time[lane] = start;
    s.inverse_span[lane] = inverse_span;
    for (int c = 0; c < Components; ++c) {
      s.a[c][lane] = a[c];
      s.b[c][lane] = b[c];
    }
  }

  template <int Components, class Segment>
  static void shift(Segment& s, std::size_t lane, const float* value, float start, float inverse_span) {
    s.left_time[lane] = start;
    s.inverse_span[lane] = inverse_span;
    for (int c = 0; c < Components; ++c) {
      s.a[c][lane] = s.b[c][lane];
      s.b[c][lane] = value[c];
    }
  }
};

detail::KeyReader SamplingContext::reader() {
  const RuntimeClip& c = *clip_;
  return {&c,
          c.tracks().data(),
          c.track_bytes(),
          c.values().data(),
          c.time_bytes(),
          c.record_bytes().data(),
          c.times().data(),
          segments_.data(),
          right_time_.data(),
          right_key_.data()};
}

void SamplingContext::bind(const RuntimeClip& clip) {
  clip_ = &clip;
  segments_.assign(clip.soa_count(), detail::GroupSegments{});
  right_time_.assign(clip.track_count(), -kInfinity);
  right_key_.assign(clip.track_count(), ~std::uint32_t{0});
  seeking_.assign(clip.track_count() * 2, 0u);
  next_ = next_value_ = 0;
  time_ = -1;
  // Constant tracks and tracks of two keys hold one segment over the whole clip: decoded here, never again.
  const detail::KeyReader keys = reader();
  for (std::size_t track = 0; track < clip.track_count(); ++track)
    if (clip.codec(track).format == KeyFormat::Constant) keys.hold(track);
  restart(0);
}

void SamplingContext::advance(float time) {
  const detail::KeyReader keys = reader();
  const std::size_t records = clip_->key_count();
  std::size_t next = next_;
  std::uint32_t at = next_value_;
  for (; next < records; ++next) {
    const std::size_t track = keys.track_at(next);
    if (keys.right_time[track] > time) break;
    keys.consume(track, at);
    at += keys.record_bytes[track];
  }
  next_ = static_cast<std::uint32_t>(next);
  next_value_ = at;
  time_ = time;
}

// Random access: from the seek point at or before `time` (or the start), only the positions of each track's
// keys are followed up to `time` (the track numbers are a fixed stride apart, so that this loop never waits
// on the size of a record to find the next); then only the tracks whose two keys differ from the ones their
// segment holds are decoded: a small jump back, or tracks with few keys, decode little.
void SamplingContext::restart(float time) {
  const detail::KeyReader keys = reader();
  const auto points = clip_->seek_times();
  const auto animated = clip_->animated_tracks();
  const auto point =
      static_cast<std::size_t>(std::upper_bound(points.begin(), points.end(), time) - points.begin());
  std::size_t next = 0;
  std::uint32_t at = 0;
  if (point == 0) {
    std::fill(right_time_.begin(), right_time_.end(), -kInfinity);
    std::fill(seeking_.begin(), seeking_.end(), 0u);
  } else {
    const auto cursor = clip_->seek_cursors().subspan((point - 1) * 2, 2);
    const auto seek = clip_->seek_keys().subspan((point - 1) * animated.size() * 2, animated.size() * 2);
    for (std::size_t i = 0; i < animated.size(); ++i) {
      const std::size_t track = animated[i];
      seeking_[track * 2] = seek[i * 2];
      seeking_[track * 2 + 1] = seek[i * 2 + 1];
      right_time_[track] = keys.time_at(seek[i * 2 + 1]);
    }
    next = cursor[0];
    at = cursor[1];
  }
  const std::size_t records = clip_->key_count();
  for (; next < records; ++next) {
    const std::size_t track = keys.track_at(next);
    if (right_time_[track] > time) break;
    seeking_[track * 2] = seeking_[track * 2 + 1];
    seeking_[track * 2 + 1] = at;
    right_time_[track] = keys.time_at(at);
    at += keys.record_bytes[track];
  }
  next_ = static_cast<std::uint32_t>(next);
  next_value_ = at;
  const auto decode = [&](std::size_t track) {
    // A track's left key is the one before its right key: the right key says which segment it holds.
    if (seeking_[track * 2 + 1] == right_key_[track]) return;
    keys.consume_pair(track, seeking_[track * 2], seeking_[track * 2 + 1]);
  };
  if (point == 0) {
    for (std::size_t track = 0; track < right_time_.size(); ++track)
      if (keys.clip->codec(track).format != KeyFormat::Constant) decode(track);
  } else {
    for (const std::uint16_t track : animated) decode(track);
  }
  time_ = time;
}

void SamplingJob::Run() const {
  if (problem(*this)) return;
  SamplingContext& c = *context;
  // Backwards, or further forward than the seek interval: restart rather than read every key on the way.
  const auto points = clip->seek_times();
  const bool far = !points.empty() && time - c.time_ > points.front();
  if (c.time_ < 0 || time < c.time_ || far) c.restart(time);
  c.advance(time);
  const auto groups = output.first(clip->soa_count());
  const detail::GroupSegments* segments = c.segments_.data();
  switch (simd::path()) {
#ifdef BONEBRIDGE_RUNTIME_AVX2
    case simd::Path::Avx2: {
      const std::size_t pairs = groups.size() / 2;
      simd::interpolate_pairs_avx2(segments, time, groups.data(), pairs);
      if (groups.size() % 2) interpolate_all<simd::Sse>(segments + pairs * 2, time, groups.last(1));
      return;
    }
#endif
#ifdef BONEBRIDGE_RUNTIME_SSE
    case simd::Path::Sse2:
      return interpolate_all<simd::Sse>(segments, time, groups);
#endif
    default:
      return interpolate_all<simd::Scalar>(segments, time, groups);
  }
}

}  // namespace bonebridge::runtime
