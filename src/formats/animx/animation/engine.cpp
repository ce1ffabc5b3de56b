// SPDX-License-Identifier: MIT
#include "bonebridge/formats/animx/animation/engine.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>

#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/skeleton.hpp"
#include "bonebridge/formats/animx/elements.hpp"
#include "key_order.hpp"

namespace bonebridge::animx {
namespace {

Error sampling_error(const Track& track, std::string message) {
  return Error{kFormatName, fmt::format("track {}.{}: {}", track.node, track.property, message), {}, {}, {}};
}

template <class T>
void store(std::uint8_t* at, T value) {
  std::memcpy(at, &value, sizeof value);
}

std::size_t scalar_size(Scalar scalar) {
  switch (scalar) {
    case Scalar::U8:
    case Scalar::S8:
    case Scalar::Bool:
      return 1;
    case Scalar::U16:
    case Scalar::S16:
      return 2;
    case Scalar::U32:
    case Scalar::S32:
    case Scalar::F32:
      return 4;
    case Scalar::U64:
    case Scalar::S64:
    case Scalar::F64:
      return 8;
    case Scalar::String:
      return 0;
  }
  return 0;
}

double load_scalar(Scalar scalar, const std::uint8_t* at) {
  switch (scalar) {
    case Scalar::Bool:
      return *at != 0 ? 1 : 0;
    case Scalar::U8:
      return *at;
    case Scalar::S8:
      return load<std::int8_t>(at);
    case Scalar::U16:
      return load<std::uint16_t>(at);
    case Scalar::S16:
      return load<std::int16_t>(at);
    case Scalar::U32:
      return load<std::uint32_t>(at);
    case Scalar::S32:
      return load<std::int32_t>(at);
    case Scalar::U64:
      return static_cast<double>(load<std::uint64_t>(at));
    case Scalar::S64:
      return static_cast<double>(load<std::int64_t>(at));
    case Scalar::F32:
      return load<float>(at);
    case Scalar::F64:
      return load<double>(at);
    case Scalar::String:
      return 0;
  }
  return 0;
}

// .NET's float-to-integer conversion on x86: out of range and NaN give the "integer indefinite" value.
std::int64_t truncate_to_integer(double value) {
  if (!(value >= -9.2233720368547758e18 && value < 9.2233720368547758e18)) {
    return std::numeric_limits<std::int64_t>::min();
  }
  return static_cast<std::int64_t>(value);
}

std::int32_t truncate_to_int32(float value) {
  if (!(value >= -2147483648.0f && value < 2147483648.0f)) return std::numeric_limits<std::int32_t>::min();
  return static_cast<std::int32_t>(value);
}

void store_scalar(Scalar scalar, std::uint8_t* at, double value) {
  const auto integer = static_cast<std::uint64_t>(truncate_to_integer(value));
  switch (scalar) {
    case Scalar::F32:
      store(at, static_cast<float>(value));
      return;
    case Scalar::F64:
      store(at, value);
      return;
    case Scalar::U64:
      store(at, value >= 9.2233720368547758e18 && value < 1.8446744073709552e19
                    ? static_cast<std::uint64_t>(value)
                    : integer);
      return;
    case Scalar::Bool:
    case Scalar::U8:
    case Scalar::S8:
      *at = static_cast<std::uint8_t>(integer);
      return;
    case Scalar::U16:
    case Scalar::S16:
      store(at, static_cast<std::uint16_t>(integer));
      return;
    case Scalar::U32:
    case Scalar::S32:
      store(at, static_cast<std::uint32_t>(integer));
      return;
    case Scalar::S64:
      store(at, integer);
      return;
    case Scalar::String:
      return;
  }
}

bool is_integer(Scalar scalar) {
  return scalar != Scalar::F32 && scalar != Scalar::F64 && scalar != Scalar::Bool && scalar != Scalar::String;
}

// Component `c` of a stored value, as components() gives it.
double component_at(const ElementInfo& info, std::span<const std::uint8_t> bytes, std::size_t c) {
  if (info.scalar == Scalar::Bool)
    return info.components == 1 ? (bytes[0] != 0 ? 1 : 0) : (bytes[0] >> c) & 1;
  return load_scalar(info.scalar, bytes.data() + c * scalar_size(info.scalar));
}

// The numbers of one value (at most float4x4's 16) in the scalar type Resonite computes in: float for float
// and integer types, double for double types. Held in place: sampling allocates nothing per number, which
// the bridge's fitting, sampling thousands of times a channel, depends on.
template <class S>
struct Numbers {
  std::array<S, 16> values{};
  std::size_t count = 0;
  std::size_t size() const { return count; }
  S& operator[](std::size_t i) { return values[i]; }
  const S& operator[](std::size_t i) const { return values[i]; }
  S* begin() { return values.data(); }
  S* end() { return values.data() + count; }
};

template <class S>
Numbers<S> load_components(ElementType element, std::span<const std::uint8_t> bytes) {
  const auto& info = element_info(element);
  Numbers<S> out;
  if (info.scalar == Scalar::String) return out;
  out.count = static_cast<std::size_t>(info.components);
  for (std::size_t c = 0; c < out.count; ++c) out[c] = static_cast<S>(component_at(info, bytes, c));
  return out;
}

template <class S>
Numbers<S> sized_like(const Numbers<S>& other) {
  Numbers<S> out;
  out.count = other.count;
  return out;
}

enum class Rounding { Nearest, Truncate };

template <class S>
SampledValue store_components(ElementType element, const Numbers<S>& values, Rounding rounding) {
  const auto& info = element_info(element);
  SampledValue out{element, std::vector<std::uint8_t>(static_cast<std::size_t>(info.size)), {}};
  const std::size_t step = scalar_size(info.scalar);
  for (std::size_t i = 0; i < values.size(); ++i) {
    double value = static_cast<double>(values[i]);
    // MathX.Lerp on integers rounds (to even, as Math.Round); Tangent and Bezier results are truncated.
    if (is_integer(info.scalar) && rounding == Rounding::Nearest) value = std::nearbyint(value);
    store_scalar(info.scalar, out.bytes.data() + i * step, value);
  }
  return out;
}

template <class S>
void normalize_quaternion(Numbers<S>& q) {
  const S length = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  for (S& c : q) c = c / length;
}

SampledValue stored_value(const Track& track, const Values& values, std::size_t index) {
  if (is_string(track.element)) return {track.element, {}, values.strings[index]};
  const auto bytes = value_bytes(track.element, values, index);
  return {track.element, {bytes.begin(), bytes.end()}, {}};
}

// Index of the first key whose time is >= t, minus one (a linear scan from key 0, as Resonite does). On keys
// whose times never decrease and hold no NaN (`in_order`), the first such key is the one a bisection finds.
std::ptrdiff_t segment_of(const std::vector<float>& times, float t, bool in_order) {
  if (in_order) return std::lower_bound(times.begin(), times.end(), t) - times.begin() - 1;
  std::ptrdiff_t i = 0;
  while (i < static_cast<std::ptrdiff_t>(times.size()) && times[static_cast<std::size_t>(i)] < t) ++i;
  return i - 1;
}

template <class S>
SampledValue curve_numeric(const Track& track, Interpolation mode, std::size_t i, float t) {
  const float t0 = track.times[i], t1 = track.times[i + 1];
  const S u = static_cast<S>((t - t0) / (t1 - t0));
  const S w = 1 - u;
  const auto v0 = load_components<S>(track.element, value_bytes(track.element, track.values, i));
  const auto v1 = load_components<S>(track.element, value_bytes(track.element, track.values, i + 1));
  Numbers<S> out = sized_like(v0);
  if (mode == Interpolation::Linear) {
    for (std::size_t c = 0; c < out.size(); ++c) out[c] = v0[c] + (v1[c] - v0[c]) * u;
    if (is_quaternion(track.element)) normalize_quaternion(out);  // nlerp, no hemisphere flip
    return store_components(track.element, out, Rounding::Nearest);
  }
  const auto right = load_components<S>(track.element, value_bytes(track.element, track.right_tangents, i));
  const auto left = load_components<S>(track.element, value_bytes(track.element, track.left_tangents, i + 1));
  if (mode == Interpolation::Tangent) {
    const S before = static_cast<S>(t - t0), after = static_cast<S>(t1 - t);
    for (std::size_t c = 0; c < out.size(); ++c) {
      out[c] = (v0[c] + right[c] * before * w) * w + (v1[c] + left[c] * after * u) * u;
    }
    return store_components(track.element, out, Rounding::Truncate);  // quaternions stay unnormalized
  }
  for (std::size_t c = 0; c < out.size(); ++c) {
    out[c] = w * w * w * v0[c] + 3 * w * w * u * right[c] + 3 * w * u * u * left[c] + u * u * u * v1[c];
  }
  if (is_quaternion(track.element)) normalize_quaternion(out);
  return store_components(track.element, out, Rounding::Truncate);
}

Result<SampledValue> sample_curve(const Track& track, float t, bool in_order) {
  const std::size_t count = track.times.size();
  if (count == 0) return sampling_error(track, "an empty Curve track cannot be sampled (Resonite throws)");
  const std::ptrdiff_t segment = segment_of(track.times, t, in_order);
  if (segment < 0) return stored_value(track, track.values, 0);
  const auto i = static_cast<std::size_t>(segment);
  const std::uint8_t mode_byte =
      (track.flags & kCurvePerKeyInterpolation) ? track.interpolations[i] : track.shared_interpolation;
  if (mode_byte > 3) {
    return sampling_error(
        track, fmt::format("key {}: invalid interpolation type {} (Resonite throws)", i, mode_byte));
  }
  const auto mode = static_cast<Interpolation>(mode_byte);
  if (mode == Interpolation::Hold || i + 1 == count) return stored_value(track, track.values, i);
  const bool tangents = mode == Interpolation::Tangent || mode == Interpolation::CubicBezier;
  if (is_string(track.element) || is_bool(track.element)) {
    if (tangents) {
      return sampling_error(track,
                            "Tangent and CubicBezier keys cannot be sampled on bool or string values "
                            "(Resonite throws)");
    }
    const float u = (t - track.times[i]) / (track.times[i + 1] - track.times[i]);
    return stored_value(track, track.values, u < 0.5f ? i : i + 1);
  }
  if (tangents && (track.flags & kCurveTangents) == 0) {
    return sampling_error(
        track, fmt::format("key {} uses tangents but the track stores none (flags bit 1 clear)", i));
  }
  if (element_info(track.element).scalar == Scalar::F64) return curve_numeric<double>(track, mode, i, t);
  return curve_numeric<float>(track, mode, i, t);
}

Result<SampledValue> sample_discrete(const Track& track, float t, bool in_order) {
  if (track.times.empty())
    return sampling_error(track, "an empty Discrete track cannot be sampled (Resonite throws)");
  const std::ptrdiff_t segment = segment_of(track.times, t, in_order);
  return stored_value(track, track.values, segment < 0 ? 0 : static_cast<std::size_t>(segment));
}

template <class S>
SampledValue raw_numeric(const Track& track, std::size_t index, std::size_t next, S l) {
  const auto a = load_components<S>(track.element, value_bytes(track.element, track.values, index));
  const auto b = load_components<S>(track.element, value_bytes(track.element, track.values, next));
  Numbers<S> out = sized_like(a);
  for (std::size_t c = 0; c < out.size(); ++c) out[c] = a[c] * (1 - l) + b[c] * l;
  return store_components(track.element, out, Rounding::Nearest);
}

Result<SampledValue> sample_raw(const Track& track, float t) {
  const std::size_t count = value_count(track);
  if (count < 2)
    return sampling_error(track, "a Raw track with fewer than 2 frames cannot be sampled (Resonite throws)");
  const float inverse = 1.0f / track.interval;
  const std::int64_t scaled = truncate_to_int32(t * inverse);
  // MathX.Clamp(int) treats its maximum as exclusive, so the base frame never passes count - 2.
  const auto max = static_cast<std::int64_t>(count - 1);
  const auto index = static_cast<std::size_t>(scaled >= max ? max - 1 : std::max<std::int64_t>(scaled, 0));
  const float l = (t - track.interval * static_cast<float>(index)) * inverse;
  const std::size_t next = std::min(index + 1, count - 1);
  if (is_string(track.element) || is_bool(track.element)) {
    return stored_value(track, track.values, l >= 0.5f ? next : index);
  }
  if (element_info(track.element).scalar == Scalar::F64) return raw_numeric<double>(track, index, next, l);
  return raw_numeric<float>(track, index, next, l);
}

}  // namespace

Result<SampledValue> sample(const Track& track, float seconds, KeyOrder order) {
  const bool in_order = order == KeyOrder::InOrder;
  switch (track.type) {
    case TrackType::Raw:
      return sample_raw(track, seconds);
    case TrackType::Discrete:
      return sample_discrete(track, seconds, in_order);
    case TrackType::Curve:
      return sample_curve(track, seconds, in_order);
  }
  return sampling_error(track, "unknown track type");
}

Result<SampledValue> sample(const Track& track, float seconds) {
  return sample(track, seconds, KeyOrder::AsStored);
}

KeyOrder key_order(const Track& track) {
  const auto& times = track.times;
  for (std::size_t i = 0; i < times.size(); ++i) {
    if (std::isnan(times[i]) || (i > 0 && times[i] < times[i - 1])) return KeyOrder::AsStored;
  }
  return KeyOrder::InOrder;
}

Status animation::engine_pose(const animation::Document& document, const Skeleton& skeleton, double seconds,
                              EnginePose& pose) {
  pose.time = seconds;
  pose.joints.clear();
  for (const auto& joint : skeleton.joints) pose.joints.push_back({joint.name, joint.parent, joint.rest, {}});
  std::set<std::pair<std::string, char>> done;
  for (const auto& track : document.tracks) {
    const char part = transform_part(track);
    if (!part || !done.insert({track.node, part}).second) continue;
    const auto value = sample(track, static_cast<float>(seconds));
    if (!value.ok()) return value.error();  // Resonite throws: the clip has no pose at this time
    const auto c = components(value->element, value->bytes);
    auto& local = pose.joints[static_cast<std::size_t>(joint_index(skeleton, track.node))].local;
    if (part == 'T') local.translation = {c[0], c[1], c[2]};
    if (part == 'S') local.scale = {c[0], c[1], c[2]};
    if (part == 'R') local.rotation = normalize(Quat{c[0], c[1], c[2], c[3]});
  }
  // Parents come first, so each model matrix builds on its parent's (a flat skeleton has no parents).
  for (auto& joint : pose.joints) {
    const Mat4 local = joint.local.matrix();
    joint.model =
        joint.parent < 0 ? local : pose.joints[static_cast<std::size_t>(joint.parent)].model * local;
  }
  return Ok{};
}

std::size_t value_count(const Track& track) {
  if (is_string(track.element)) return track.values.strings.size();
  return track.values.bytes.size() / static_cast<std::size_t>(element_info(track.element).size);
}

float track_duration(const Track& track) {
  if (track.type == TrackType::Raw) return static_cast<float>(value_count(track)) * track.interval;
  return track.times.empty() ? 0.0f : track.times.back();
}

float max_track_duration(const animation::Document& document) {
  float longest = 0;
  for (const auto& track : document.tracks) longest = std::max(longest, track_duration(track));
  return longest;
}

std::span<const std::uint8_t> value_bytes(ElementType element, const Values& values, std::size_t index) {
  const auto size = static_cast<std::size_t>(element_info(element).size);
  return std::span(values.bytes).subspan(index * size, size);
}

std::vector<double> components(ElementType element, std::span<const std::uint8_t> bytes) {
  const auto& info = element_info(element);
  std::vector<double> out;
  if (info.scalar == Scalar::String) return out;
  out.reserve(static_cast<std::size_t>(info.components));
  for (std::size_t c = 0; c < static_cast<std::size_t>(info.components); ++c)
    out.push_back(component_at(info, bytes, c));
  return out;
}

std::vector<std::uint8_t> to_bytes(ElementType element, std::span<const double> numbers) {
  const auto& info = element_info(element);
  std::vector<std::uint8_t> out(static_cast<std::size_t>(info.size));
  if (info.scalar == Scalar::Bool) {
    for (std::size_t c = 0; c < numbers.size() && c < 8; ++c) {
      if (numbers[c] != 0) out[0] = static_cast<std::uint8_t>(out[0] | (1u << c));
    }
    return out;
  }
  const std::size_t step = scalar_size(info.scalar);
  for (std::size_t c = 0; c < numbers.size() && c < static_cast<std::size_t>(info.components); ++c) {
    store_scalar(info.scalar, out.data() + c * step,
                 is_integer(info.scalar) ? std::nearbyint(numbers[c]) : numbers[c]);
  }
  return out;
}

}  // namespace bonebridge::animx
