// SPDX-License-Identifier: MIT
// The offline half: a core clip made piecewise linear within the error bound, quantised where the bound
// allows, and laid out in the order forward playback reads it.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "bonebridge/core/sampler.hpp"
#include "codec.hpp"

namespace bonebridge::runtime {
namespace {

struct Key {
  double time;
  double value[4];
};

// How far each track may move joint positions: budgets in model units, angles in radians.
struct Budget {
  double linear = 0;     // lerp against the core curve
  double quantized = 0;  // rounding of the stored values
};

struct TrackKeys {
  TrackKind kind = TrackKind::Translation;
  std::vector<Key> keys;
  Budget budget;
};

Key key_of(double t, Vec3 v) {
  return {t, {v.x, v.y, v.z, 0}};
}
Key key_of(double t, Quat q) {
  q = normalize(q);
  return {t, {q.x, q.y, q.z, q.w}};
}

// The runtime's own interpolation between two keys, in doubles: lerp, or shortest-path normalised lerp with
// the sampling job's correction towards slerp.
Key runtime_lerp(const Key& a, const Key& b, double t, bool rotation) {
  double f = (t - a.time) / (b.time - a.time);
  const double cosine =
      a.value[0] * b.value[0] + a.value[1] * b.value[1] + a.value[2] * b.value[2] + a.value[3] * b.value[3];
  const double sign = rotation && cosine < 0 ? -1.0 : 1.0;
  if (rotation) f += (1 - std::fabs(cosine)) / 3 * f * (1 - f) * (1 - 2 * f);
  Key k{t, {}};
  double norm = 0;
  for (int c = 0; c < 4; ++c) {
    k.value[c] = a.value[c] + (sign * b.value[c] - a.value[c]) * f;
    norm += k.value[c] * k.value[c];
  }
  if (rotation && norm > 0)
    for (double& c : k.value) c /= std::sqrt(norm);
  return k;
}

double key_error(const Key& truth, const Key& approx, bool rotation) {
  if (rotation) {
    const Quat a{truth.value[0], truth.value[1], truth.value[2], truth.value[3]};
    const Quat b{approx.value[0], approx.value[1], approx.value[2], approx.value[3]};
    return angle_between(a, b);
  }
  return distance(Vec3{truth.value[0], truth.value[1], truth.value[2]},
                  Vec3{approx.value[0], approx.value[1], approx.value[2]});
}

// Keys strictly inside (a, b) that bring lerp within `budget` of the core curve, by bisection.
template <class Value>
void subdivide(const Channel<Value>& channel, const Key& a, const Key& b, double budget, int depth,
               std::vector<Key>& out, std::size_t& cursor) {
  constexpr bool rotation = std::is_same_v<Value, Quat>;
  const double span = b.time - a.time;
  if (depth == 0 || !(span > 1e-7)) return;
  double worst = 0;
  for (const double f : {0.25, 0.5, 0.75}) {
    const double t = a.time + span * f;
    worst = std::max(worst, key_error(key_of(t, sample_channel(channel, t, cursor)),
                                      runtime_lerp(a, b, t, rotation), rotation));
  }
  if (!(worst > budget)) return;
  const double mid_time = a.time + span * 0.5;
  const Key mid = key_of(mid_time, sample_channel(channel, mid_time, cursor));
  subdivide(channel, a, mid, budget, depth - 1, out, cursor);
  out.push_back(mid);
  subdivide(channel, mid, b, budget, depth - 1, out, cursor);
}

// A core channel as runtime keys: STEP as pairs of keys at the same time, LINEAR and CUBICSPLINE bisected
// until lerp stays within `budget`, held from 0 to `duration` as the core sampler clamps.
template <class Value>
std::vector<Key> linearise(const Channel<Value>& channel, double duration, double budget) {
  const bool cubic = channel.interpolation == Interpolation::CubicSpline;
  const auto value_at = [&](std::size_t k) { return channel.values[cubic ? k * 3 + 1 : k]; };
  std::vector<Key> keys;
  const auto& times = channel.times;
  keys.reserve(times.size() + 2);
  std::size_t cursor = 0;  // subdivide samples between consecutive keys: the search walks forward
  if (times.front() > 0) keys.push_back(key_of(0, value_at(0)));
  keys.push_back(key_of(times[0], value_at(0)));
  for (std::size_t k = 1; k < times.size(); ++k) {
    const Key next = key_of(times[k], value_at(k));
    if (channel.interpolation == Interpolation::Step) {
      keys.push_back(key_of(times[k], value_at(k - 1)));
    } else {
      const Key previous = keys.back();
      subdivide(channel, previous, next, budget, 10, keys, cursor);
    }
    keys.push_back(next);
  }
  if (keys.size() < 2 || keys.back().time < duration) {
    Key last = keys.back();
    last.time = std::max(last.time, duration);
    keys.push_back(last);
  }
  return keys;
}

std::vector<Key> constant(const double value[4], double duration) {
  Key key{0, {value[0], value[1], value[2], value[3]}};
  Key end = key;
  end.time = duration;
  return {key, end};
}

struct SkeletonReach {
  std::vector<double> reach;  // per joint: how far its descendants can be from it
  std::size_t depth = 1;      // joints on the longest chain
  double extent = 0;          // estimated diagonal of the box around the joints
};

double largest_translation(const Joint& joint, const JointChannels* channels) {
  double largest = length(joint.rest.translation);
  if (channels && channels->translation)
    for (const Vec3& v : channels->translation->values) largest = std::max(largest, length(v));
  return largest;
}

double largest_scale(const Joint& joint, const JointChannels* channels) {
  const auto biggest = [](Vec3 v) { return std::max({std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)}); };
  double largest = biggest(joint.rest.scale);
  if (channels && channels->scale)
    for (const Vec3& v : channels->scale->values) largest = std::max(largest, biggest(v));
  return largest;
}

SkeletonReach reach_of(const Skeleton& skeleton, const Clip& clip) {
  const std::size_t n = skeleton.joints.size();
  std::vector<const JointChannels*> channels(n, nullptr);
  for (const auto& c : clip.joints) channels[static_cast<std::size_t>(c.joint)] = &c;
  SkeletonReach out;
  out.reach.assign(n, 0);
  std::vector<std::size_t> depth(n, 1);
  for (std::size_t j = n; j-- > 0;) {
    const int parent = skeleton.joints[j].parent;
    if (parent < 0) continue;
    const auto p = static_cast<std::size_t>(parent);
    const double lever = largest_translation(skeleton.joints[j], channels[j]) + out.reach[j];
    out.reach[p] =
        std::max(out.reach[p], lever * std::max(1.0, largest_scale(skeleton.joints[p], channels[p])));
  }
  for (std::size_t j = 0; j < n; ++j) {
    const int parent = skeleton.joints[j].parent;
    if (parent >= 0) depth[j] = depth[static_cast<std::size_t>(parent)] + 1;
    out.depth = std::max(out.depth, depth[j]);
  }
  Vec3 low{1e300, 1e300, 1e300}, high{-1e300, -1e300, -1e300};
  for (const Mat4& m : rest_model(skeleton)) {
    const Vec3 p = m.translation();
    low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
    high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
  }
  out.extent = distance(low, high);
  for (std::size_t j = 0; j < n; ++j)
    if (skeleton.joints[j].parent < 0) out.extent = std::max(out.extent, out.reach[j]);
  return out;
}

// Errors along a chain add up: at worst linearly in the depth, but the joints' errors point in directions
// of their own (each joint's curve and rounding), so they are taken to add as the square root of the depth;
// the exactness test measures what they do. Half the tolerance goes to lerp, half to rounding.
// Rotations and scales move positions by their lever, the reach of the joint's descendants; a joint whose
// descendants all sit on it still gets a budget, 1e-4 rad, so that what it carries is not left unbounded.
Budget budget_of(TrackKind kind, double tolerance, double reach, std::size_t depth) {
  const auto d = static_cast<double>(depth);
  Budget budget{tolerance / (2 * std::sqrt(d)), tolerance / (2 * std::sqrt(d))};
  if (kind == TrackKind::Translation) return budget;
  const double lever = std::max(reach, tolerance * 1e4);
  return {std::min(budget.linear / lever, 1e-4), std::min(budget.quantized / lever, 1e-4)};
}

// The most a smallest-three rotation of 20 or 26 bits a component is off, in radians (half a step on each
// of three components, doubled from quaternion to rotation angle, and the float decoding).
constexpr double kRotation20Error = 2.4e-6, kRotation26Error = 2e-7;

// Two keys of one value (as floats): held over the whole clip, stored in the codec.
bool is_constant(const TrackKeys& track) {
  if (track.keys.size() != 2) return false;
  for (int c = 0; c < 4; ++c)
    if (static_cast<float>(track.keys[0].value[c]) != static_cast<float>(track.keys[1].value[c]))
      return false;
  return true;
}

TrackCodec codec_of(const TrackKeys& track) {
  TrackCodec codec;
  if (is_constant(track)) {
    const double* v = track.keys[0].value;
    codec.format = KeyFormat::Constant;
    codec.value_bytes = 0;
    for (int c = 0; c < 3; ++c) codec.offset[c] = static_cast<float>(v[c]);
    codec.scale[0] = track.kind == TrackKind::Rotation ? static_cast<float>(v[3]) : 0.0f;
    return codec;
  }
  if (track.kind == TrackKind::Rotation) {
    const double budget = track.budget.quantized;
    codec.format = kRotation26Error <= budget ? KeyFormat::Quantized : KeyFormat::Float;
    codec.rotation_bits = kRotation20Error <= budget ? 20 : 26;
    codec.value_bytes = codec.format == KeyFormat::Float ? 16 : codec.rotation_bits == 20 ? 8 : 10;
    return codec;
  }
  double error2 = 0;
  for (int c = 0; c < 3; ++c) {
    double low = track.keys[0].value[c], high = low;
    for (const Key& k : track.keys) low = std::min(low, k.value[c]), high = std::max(high, k.value[c]);
    codec.offset[c] = static_cast<float>(low);
    codec.scale[c] = static_cast<float>((high - low) / 65535.0);
    // Rounding to the step, and the float offset and scale themselves.
    const double error = (high - low) / 131070.0 + 1.2e-7 * std::max(std::fabs(low), std::fabs(high));
    error2 += error * error;
  }
  // A quantised track stores its range (24 bytes) and saves 6 bytes a key: floats below 5 keys.
  const bool fits = std::sqrt(error2) <= track.budget.quantized && track.keys.size() >= 5;
  codec.format = fits ? KeyFormat::Quantized : KeyFormat::Float;
  codec.value_bytes = fits ? 6 : 12;
  return codec;
}

void append_value(const Key& key, const TrackCodec& codec, TrackKind kind, std::vector<std::uint8_t>& out) {
  const auto put = [&out](const void* data, std::size_t bytes) {
    const auto* p = static_cast<const std::uint8_t*>(data);
    out.insert(out.end(), p, p + bytes);
  };
  if (codec.format == KeyFormat::Float) {
    const float v[4] = {static_cast<float>(key.value[0]), static_cast<float>(key.value[1]),
                        static_cast<float>(key.value[2]), static_cast<float>(key.value[3])};
    put(v, kind == TrackKind::Rotation ? 16 : 12);
  } else if (kind != TrackKind::Rotation) {
    std::uint16_t q[3];
    for (int c = 0; c < 3; ++c) {
      const double step = static_cast<double>(codec.scale[c]);
      const double units = step > 0 ? std::round((key.value[c] - codec.offset[c]) / step) : 0.0;
      q[c] = static_cast<std::uint16_t>(std::clamp(units, 0.0, 65535.0));
    }
    put(q, sizeof q);
  } else {
    int largest = 0;
    for (int c = 1; c < 4; ++c)
      if (std::fabs(key.value[c]) > std::fabs(key.value[largest])) largest = c;
    // q and -q are the same rotation: the largest component is made positive and not stored.
    const double sign = key.value[largest] < 0 ? -1.0 : 1.0;
    const int bits = codec.rotation_bits;
    const double top = static_cast<double>((1u << bits) - 1);
    std::uint8_t packed[10] = {};
    codec::write_bits(packed, 0, 2, static_cast<std::uint32_t>(largest));
    for (int c = 0, slot = 0; c < 4; ++c) {
      if (c == largest) continue;
      const double unit = (sign * key.value[c] + codec::kHalfSqrt2) / (2 * codec::kHalfSqrt2);
      const auto q = static_cast<std::uint32_t>(std::round(std::clamp(unit, 0.0, 1.0) * top));
      codec::write_bits(packed, 2 + bits * slot++, bits, q);
    }
    put(packed, codec.value_bytes);
  }
}

struct Record {
  float needed_at;  // the time of the key before it in its track: when forward playback reads it
  std::uint32_t track;
  std::uint32_t key;
};

// Every key once, sorted by when forward playback needs it; within one time, in track then key order.
std::vector<Record> playback_order(const std::vector<TrackKeys>& tracks) {
  std::vector<Record> records;
  for (std::uint32_t t = 0; t < tracks.size(); ++t) {
    const auto& keys = tracks[t].keys;
    if (is_constant(tracks[t])) continue;
    for (std::uint32_t k = 0; k < keys.size(); ++k) {
      const float needed =
          k == 0 ? -std::numeric_limits<float>::infinity() : static_cast<float>(keys[k - 1].time);
      records.push_back({needed, t, k});
    }
  }
  std::stable_sort(records.begin(), records.end(),
                   [](const Record& a, const Record& b) { return a.needed_at < b.needed_at; });
  return records;
}

// Every `interval` seconds, where the streams stand (`offsets`: each record's value offset, then the
// stream's end) and where each animated track's two current keys are.
void add_seek_points(const std::vector<Record>& records, const std::vector<std::uint32_t>& offsets,
                     std::size_t track_count, double duration, double interval,
                     std::span<const std::uint16_t> animated, std::vector<float>& times,
                     std::vector<std::uint32_t>& cursors, std::vector<std::uint32_t>& keys) {
  std::vector<std::uint32_t> segments(track_count * 2, 0);
  std::size_t next = 0, last = 0;
  // A seek point costs as much to restart from as reading about two records per animated track: one is
  // kept only where at least four times that many records lie since the last (a short clip has none).
  const std::size_t spacing = std::max<std::size_t>(64, animated.size() * 4);
  for (double time = interval; time < duration; time += interval) {
    const auto at = static_cast<float>(time);
    for (; next < records.size() && records[next].needed_at <= at; ++next) {
      const std::size_t track = records[next].track;
      segments[track * 2] = segments[track * 2 + 1];
      segments[track * 2 + 1] = offsets[next];
    }
    if (next - last < spacing) continue;
    last = next;
    times.push_back(at);
    cursors.push_back(static_cast<std::uint32_t>(next));
    cursors.push_back(offsets[next]);
    for (const std::uint16_t track : animated) {
      keys.push_back(segments[track * 2u]);
      keys.push_back(segments[track * 2u + 1]);
    }
  }
}

// Each distinct codec once; per track its index and its record's size in the values stream.
std::vector<TrackCodec> shared_codecs(const std::vector<TrackKeys>& tracks, std::size_t time_bytes,
                                      std::vector<std::uint16_t>& index, std::vector<std::uint8_t>& sizes) {
  using Fields =
      std::tuple<KeyFormat, std::uint8_t, std::uint8_t, std::array<float, 3>, std::array<float, 3>>;
  std::map<Fields, std::uint16_t> seen;
  std::vector<TrackCodec> codecs;
  for (const auto& track : tracks) {
    const TrackCodec codec = codec_of(track);
    const Fields fields{codec.format,
                        codec.value_bytes,
                        codec.rotation_bits,
                        {codec.offset[0], codec.offset[1], codec.offset[2]},
                        {codec.scale[0], codec.scale[1], codec.scale[2]}};
    const auto [at, added] = seen.emplace(fields, static_cast<std::uint16_t>(codecs.size()));
    if (added) codecs.push_back(codec);
    index.push_back(at->second);
    sizes.push_back(static_cast<std::uint8_t>(time_bytes + codec.value_bytes));
  }
  return codecs;
}

}  // namespace

namespace {

// The track's keys from the clip, or the rest value held over the clip.
void fill_joint(const Joint& joint, const JointChannels* channels, double duration, TrackKeys* track) {
  const Transform& rest = joint.rest;
  const double t[4] = {rest.translation.x, rest.translation.y, rest.translation.z, 0};
  const double s[4] = {rest.scale.x, rest.scale.y, rest.scale.z, 0};
  const auto& tr = channels ? channels->translation : std::nullopt;
  const auto& ro = channels ? channels->rotation : std::nullopt;
  const auto& sc = channels ? channels->scale : std::nullopt;
  track[0].keys =
      tr && !tr->empty() ? linearise(*tr, duration, track[0].budget.linear) : constant(t, duration);
  track[1].keys = ro && !ro->empty()
                      ? linearise(*ro, duration, track[1].budget.linear)
                      : std::vector<Key>{key_of(0, rest.rotation), key_of(duration, rest.rotation)};
  track[2].keys =
      sc && !sc->empty() ? linearise(*sc, duration, track[2].budget.linear) : constant(s, duration);
}

std::vector<TrackKeys> track_keys(const Skeleton& skeleton, const Clip& clip, double tolerance) {
  const SkeletonReach reach = reach_of(skeleton, clip);
  if (!(tolerance > 0)) tolerance = 5e-6 * (reach.extent > 0 ? reach.extent : 1.0);
  const std::size_t joints = skeleton.joints.size(), groups = (joints + 3) / 4;
  std::vector<const JointChannels*> channels(joints, nullptr);
  for (const auto& c : clip.joints) channels[static_cast<std::size_t>(c.joint)] = &c;
  std::vector<TrackKeys> tracks(groups * 12);
  const Joint padding{};
  for (std::size_t j = 0; j < groups * 4; ++j) {
    TrackKeys three[3];
    for (int k = 0; k < 3; ++k) {
      three[k].kind = static_cast<TrackKind>(k);
      three[k].budget = budget_of(three[k].kind, tolerance, j < joints ? reach.reach[j] : 0, reach.depth);
    }
    fill_joint(j < joints ? skeleton.joints[j] : padding, j < joints ? channels[j] : nullptr, clip.duration,
               three);
    for (int k = 0; k < 3; ++k) tracks[codec::track_id(j, static_cast<TrackKind>(k))] = std::move(three[k]);
  }
  return tracks;
}

}  // namespace

std::size_t RuntimeClip::size_bytes() const {
  return sizeof(*this) + tracks_.size() + values_.size() + times_.size() * sizeof(float) +
         codecs_.size() * sizeof(TrackCodec) + codec_index_.size() * sizeof(std::uint16_t) +
         record_bytes_.size() + seek_times_.size() * sizeof(float) +
         (seek_cursors_.size() + seek_keys_.size()) * sizeof(std::uint32_t) +
         animated_.size() * sizeof(std::uint16_t);
}

namespace {

// The clip's distinct key times, ascending.
std::vector<float> distinct_times(const std::vector<TrackKeys>& tracks) {
  std::vector<float> times;
  for (const auto& track : tracks)
    for (const Key& key : track.keys) times.push_back(static_cast<float>(key.time));
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

// Appends the record's track to `tracks` and its time index and value to `values`.
void append_record(const TrackKeys& track, std::size_t number, const Key& key, const TrackCodec& codec,
                   std::span<const float> times, std::size_t track_bytes, std::size_t time_bytes,
                   std::vector<std::uint8_t>& tracks, std::vector<std::uint8_t>& values) {
  const auto put = [](std::vector<std::uint8_t>& out, std::uint32_t value, std::size_t bytes) {
    for (std::size_t b = 0; b < bytes; ++b) out.push_back(static_cast<std::uint8_t>(value >> (8 * b)));
  };
  put(tracks, static_cast<std::uint32_t>(number), track_bytes);
  const auto time =
      std::lower_bound(times.begin(), times.end(), static_cast<float>(key.time)) - times.begin();
  put(values, static_cast<std::uint32_t>(time), time_bytes);
  append_value(key, codec, track.kind, values);
}

}  // namespace

RuntimeClip ClipBuilder::Build() const {
  const auto tracks = track_keys(*skeleton, *clip, tolerance);
  const auto records = playback_order(tracks);
  RuntimeClip out;
  out.duration_ = static_cast<float>(clip->duration);
  out.joints_ = skeleton->joints.size();
  out.keys_ = records.size();
  out.times_ = distinct_times(tracks);
  out.track_bytes_ = static_cast<std::uint8_t>(codec::bytes_for(tracks.size()));
  out.time_bytes_ = static_cast<std::uint8_t>(codec::bytes_for(out.times_.size()));
  out.codecs_ = shared_codecs(tracks, out.time_bytes_, out.codec_index_, out.record_bytes_);
  for (std::size_t t = 0; t < tracks.size(); ++t)
    if (tracks[t].keys.size() > 2) out.animated_.push_back(static_cast<std::uint16_t>(t));
  std::vector<std::uint32_t> offsets;
  offsets.reserve(records.size() + 1);
  for (const Record& record : records) {
    offsets.push_back(static_cast<std::uint32_t>(out.values_.size()));
    append_record(tracks[record.track], record.track, tracks[record.track].keys[record.key],
                  out.codec(record.track), out.times_, out.track_bytes_, out.time_bytes_, out.tracks_,
                  out.values_);
  }
  offsets.push_back(static_cast<std::uint32_t>(out.values_.size()));
  out.tracks_.push_back(0);  // padding: codec::read_track reads 2 bytes
  // At most 1,024 seek points, whatever the clip's length.
  const double interval = std::max(seek_interval, clip->duration / 1024);
  add_seek_points(records, offsets, tracks.size(), clip->duration, interval, out.animated_, out.seek_times_,
                  out.seek_cursors_, out.seek_keys_);
  return out;
}

namespace {

template <class Value>
std::string channel_problem(const Channel<Value>& channel, int joint, const char* what) {
  if (channel.empty()) return {};
  if (channel.values.size() != channel.times.size() * channel.values_per_key())
    return fmt::format("joint {}'s {} has {} values for {} keys", joint, what, channel.values.size(),
                       channel.times.size());
  for (std::size_t k = 0; k < channel.times.size(); ++k) {
    if (!std::isfinite(channel.times[k]) || std::fabs(channel.times[k]) > 1e6)
      return fmt::format("joint {}'s {} key {} has a time that is not finite or beyond 1e6 s", joint, what,
                         k);
    if (k > 0 && channel.times[k] < channel.times[k - 1])
      return fmt::format("joint {}'s {} key times go backwards at key {}", joint, what, k);
  }
  for (const Value& v : channel.values) {
    const double sum = v.x + v.y + v.z;  // NaN or infinite when any component is
    if (!std::isfinite(sum) || std::fabs(sum) > 1e30)
      return fmt::format("joint {}'s {} has a value that is not finite", joint, what);
  }
  if constexpr (std::is_same_v<Value, Quat>) {
    for (const Quat& q : channel.values)
      if (!std::isfinite(q.w) || !(dot(q, q) > 1e-12))
        return fmt::format("joint {}'s rotation has a zero or non-finite quaternion", joint);
  }
  return {};
}

std::string clip_problem(const Skeleton& skeleton, const Clip& clip) {
  std::size_t keys = 0;
  for (const auto& channels : clip.joints) {
    if (channels.joint < 0 || static_cast<std::size_t>(channels.joint) >= skeleton.joints.size())
      return fmt::format("the clip animates joint {}, but the skeleton has {} joints", channels.joint,
                         skeleton.joints.size());
    std::string problem;
    if (channels.translation) problem = channel_problem(*channels.translation, channels.joint, "translation");
    if (problem.empty() && channels.rotation)
      problem = channel_problem(*channels.rotation, channels.joint, "rotation");
    if (problem.empty() && channels.scale)
      problem = channel_problem(*channels.scale, channels.joint, "scale");
    if (!problem.empty()) return problem;
    for (const auto* c : {&channels.translation, &channels.scale}) keys += *c ? (*c)->times.size() : 0;
    keys += channels.rotation ? channels.rotation->times.size() : 0;
  }
  if (keys == 0) return "the clip has no keys";
  return {};
}

}  // namespace

std::string ClipBuilder::Validate() const {
  if (!skeleton || !clip) return "no skeleton or no clip";
  if (skeleton->joints.empty()) return "the skeleton has no joints";
  // Track numbers are 16 bits: 12 tracks per group of four joints.
  if (skeleton->joints.size() > 21840) return "the skeleton has more than 21,840 joints";
  if (!is_topologically_ordered(*skeleton)) return "the skeleton lists a joint before its parent";
  if (!std::isfinite(clip->duration) || clip->duration < 0 || clip->duration > 1e6)
    return "the clip's duration is not within 0 to 1e6 seconds";
  if (!std::isfinite(tolerance) || tolerance < 0) return "the tolerance is not a positive number";
  if (!std::isfinite(seek_interval) || !(seek_interval > 0))
    return "the seek interval is not a positive number";
  for (const auto& joint : skeleton->joints) {
    const Transform& r = joint.rest;
    const double sum = r.translation.x + r.translation.y + r.translation.z + r.rotation.x + r.rotation.y +
                       r.rotation.z + r.rotation.w + r.scale.x + r.scale.y + r.scale.z;
    if (!std::isfinite(sum)) return fmt::format("joint '{}' has a rest pose that is not finite", joint.name);
  }
  return clip_problem(*skeleton, *clip);
}

RuntimeSkeleton make_runtime_skeleton(const Skeleton& skeleton) {
  RuntimeSkeleton out;
  const std::size_t groups = (skeleton.joints.size() + 3) / 4;
  out.rest.assign(groups, SoaTransform{});
  for (std::size_t j = 0; j < groups * 4; ++j) {
    const Transform rest = j < skeleton.joints.size() ? skeleton.joints[j].rest : Transform{};
    const Quat q = normalize(rest.rotation);
    SoaTransform& g = out.rest[j / 4];
    const std::size_t l = j % 4;
    g.tx[l] = static_cast<float>(rest.translation.x), g.ty[l] = static_cast<float>(rest.translation.y);
    g.tz[l] = static_cast<float>(rest.translation.z);
    g.qx[l] = static_cast<float>(q.x), g.qy[l] = static_cast<float>(q.y), g.qz[l] = static_cast<float>(q.z);
    g.qw[l] = static_cast<float>(q.w);
    g.sx[l] = static_cast<float>(rest.scale.x), g.sy[l] = static_cast<float>(rest.scale.y);
    g.sz[l] = static_cast<float>(rest.scale.z);
  }
  for (const auto& joint : skeleton.joints) out.parents.push_back(joint.parent);
  return out;
}

}  // namespace bonebridge::runtime
