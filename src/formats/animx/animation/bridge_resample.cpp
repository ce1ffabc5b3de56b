// SPDX-License-Identifier: MIT
// Resampling a track from the engine (research/animx.md §5), for motion the core model cannot express
// exactly, and measuring how far a channel strays from the engine.
#include <algorithm>
#include <cmath>
#include <type_traits>

#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/animx/elements.hpp"
#include "bridge_resample.hpp"
#include "key_order.hpp"

namespace bonebridge::animx {
namespace {

constexpr double kCurveRate = 60;  // keys per second where Tangent / CubicBezier motion is sampled
constexpr double kMinSplitSeconds = 1e-3;
// Resampled channels are refined until their midpoints follow the engine this closely.
constexpr double kValueTolerance = 1e-4;  // metres, scale or property units
constexpr double kRotationToleranceDegrees = 0.05;
constexpr double kCheckRate = 240;  // grid on which resampled channels are compared with the engine

// Resampling covers at most the first hour of a clip, so that a forged duration cannot ask for billions of
// keys; the engine comparison uses at most kMaxCheckSamples times.
constexpr double kMaxResampleSeconds = 3600;
constexpr int kMaxCheckSamples = 20000;
constexpr int kMaxExtraKeys = 20000;  // per resampled track, for each of uniform sampling and refinement
// The work grows with a track's keys, never with its duration alone (issue 38: a forged 3-key track lasting
// 9.2e9 s became 40,000 keys, and the way back spent 51 s on them): a segment brings at most this many
// 60 Hz pieces (a Tangent segment longer than 4.3 s is sampled more sparsely; the bisection still holds it
// to the tolerance), and a track at most this many pieces and bisection tests per key.
constexpr int kPiecesPerKey = 256;

// kPiecesPerKey for each of `keys`, within kMaxExtraKeys.
int budget_for(std::size_t keys) {
  return static_cast<int>(
      std::min<std::size_t>(kMaxExtraKeys, kPiecesPerKey * std::max<std::size_t>(keys, 1)));
}

// Pieces of `rate` per second over `seconds`, at least 1, for durations up to kMaxResampleSeconds.
int steps_for(double seconds, double rate) {
  if (!(seconds > 0)) return 1;
  return static_cast<int>(std::ceil(std::min(seconds, kMaxResampleSeconds) * rate));
}

// A time just after t that float32 still tells apart from t, so a jump lands between two keys.
double just_after(double t) {
  return t + std::max(1e-4, std::abs(t) * std::ldexp(1.0, -19));
}

std::optional<std::vector<double>> engine_numbers(const Track& track, double t,
                                                  KeyOrder order = KeyOrder::AsStored) {
  const auto value = sample(track, static_cast<float>(t), order);
  if (!value.ok()) return std::nullopt;
  return components(value->element, value->bytes);
}

// Rotation travelled between two (not necessarily unit) quaternions on the 4D path, in degrees: q and -q
// are 360° apart, as nlerp without a hemisphere flip treats them.
double travel_degrees(Quat a, Quat b) {
  const double norms = std::sqrt(dot(a, a) * dot(b, b));
  if (!(norms > 0)) return 360;
  return 2 * std::acos(std::clamp(dot(a, b) / norms, -1.0, 1.0)) * 180 / kPi;
}

// Times at which the engine is sampled when a channel is resampled: every key, a key just after each Hold
// jump, 60 Hz inside Tangent / CubicBezier segments; Raw frames plus the extrapolated end frame.
std::vector<double> sample_times(const Track& track, double clip_end) {
  std::vector<double> times;
  if (track.type == TrackType::Raw) {
    const std::size_t count = value_count(track);
    if (track.interval > 0 && std::isfinite(track.interval)) {
      for (std::size_t k = 0; k < count; ++k) {
        times.push_back(static_cast<double>(track.interval) * static_cast<double>(k));
      }
      // Raw extrapolates linearly past its last frame, so one key at the end of the clip carries the tail.
      times.push_back(
          std::min(std::max(static_cast<double>(track_duration(track)), clip_end), kMaxResampleSeconds));
    }
  } else if (track.type == TrackType::Curve && increasing_from_zero(track.times)) {
    int budget = kMaxExtraKeys;
    for (std::size_t i = 0; i + 1 < track.times.size(); ++i) {
      const double t0 = track.times[i], t1 = track.times[i + 1];
      times.push_back(t0);
      const std::uint8_t mode = mode_byte(track, i);
      if (mode == static_cast<std::uint8_t>(Interpolation::Hold)) {
        times.push_back(t1);
        times.push_back(just_after(t1));
      } else if (mode != static_cast<std::uint8_t>(Interpolation::Linear)) {
        const int pieces = std::min({steps_for(t1 - t0, kCurveRate), kPiecesPerKey, budget});
        budget -= pieces - 1;
        for (int j = 1; j < pieces; ++j) times.push_back(t0 + (t1 - t0) * j / pieces);
      }
    }
    times.push_back(track.times.back());
  } else {
    // Unsorted, repeated or negative key times: a uniform grid over the track, plus every key and the
    // instant after it.
    const double duration = track_duration(track);
    const double end = std::isfinite(duration) ? std::clamp(duration, 0.0, kMaxResampleSeconds) : 0.0;
    const int steps = std::min(steps_for(end, kCurveRate), budget_for(track.times.size()));
    for (int j = 0; j <= steps; ++j) times.push_back(end * j / std::max(steps, 1));
    for (const float t : track.times) {
      if (t >= 0) {
        times.push_back(t);
        times.push_back(just_after(t));
      }
    }
  }
  // NaN or infinite key times (possible in a binary file) never become channel times.
  std::erase_if(times, [](double t) { return !std::isfinite(t) || t < 0; });
  std::sort(times.begin(), times.end());
  // glTF stores times as float32: keep only times that stay strictly increasing there.
  times.erase(std::unique(times.begin(), times.end(),
                          [](double a, double b) { return static_cast<float>(a) >= static_cast<float>(b); }),
              times.end());
  return times;
}

// How far from the exact value the engine's own result may lie when it computes with numbers up to
// `magnitude`: Resonite computes float and integer elements in float32 (a few units in the last place of the
// largest operand), and rounds an integer element's lerp to an integer (half a unit). A midpoint is followed
// no closer than this: refining past it only samples the engine's rounding (issue 38: a Raw uint track of 12
// frames up to 4e9 became 193 keys, 37 now, each then fitted on the way back). Below 200 units the float32
// term is under kValueTolerance, which then decides as before.
double engine_resolution(Scalar scalar, double magnitude) {
  if (scalar == Scalar::F64) return 0;
  const double float32 = magnitude * std::ldexp(1.0, -21);
  const bool integer = scalar != Scalar::F32 && scalar != Scalar::Bool && scalar != Scalar::String;
  return integer ? 0.5 + float32 : float32;
}

// Whether the straight (or, for rotations, shortest-slerp) path from a to b misses the engine's value at
// their midpoint by more than the stated tolerance (or the engine's resolution there, when coarser), or a
// rotation step is longer than kMaxTravelDegrees.
bool needs_split(const Keyed& a, const Keyed& b, const Keyed& middle, bool rotation, Scalar scalar) {
  if (!rotation) {
    for (std::size_t c = 0; c < middle.value.size(); ++c) {
      const double apart = std::abs((a.value[c] + b.value[c]) / 2 - middle.value[c]);
      const double magnitude =
          std::max({std::abs(a.value[c]), std::abs(b.value[c]), std::abs(middle.value[c])});
      if (apart > std::max(kValueTolerance, engine_resolution(scalar, magnitude))) return true;
    }
    return false;
  }
  const Quat qa = quat_of(a.value), qb = quat_of(b.value), qm = quat_of(middle.value);
  if (travel_degrees(qa, qb) > kMaxTravelDegrees) return true;
  if (!(dot(qa, qa) > 0) || !(dot(qb, qb) > 0) || !(dot(qm, qm) > 0)) return false;
  const Quat na = normalize(qa), nb = normalize(qb);
  const Quat halfway = slerp(na, same_hemisphere(na, nb), 0.5);
  return angle_between(halfway, normalize(qm)) * 180 / kPi > kRotationToleranceDegrees;
}

// channel_error for either kind of channel, compared on a kCheckRate grid over the track or the channel.
template <class Value>
double largest_error(const Track& track, const Channel<Value>& channel) {
  ErrorReport report;
  double end = std::min(std::max(static_cast<double>(track_duration(track)), channel.times.back()),
                        kMaxResampleSeconds);
  if (!std::isfinite(end)) end = channel.times.back();
  const int steps = std::min(steps_for(end, kCheckRate), kMaxCheckSamples);
  const KeyOrder order = key_order(track);
  for (int j = 0; j <= steps; ++j) {
    const double t = end * j / std::max(steps, 1);
    const auto expected = engine_numbers(track, t, order);
    if (!expected) continue;
    if constexpr (std::is_same_v<Value, Quat>) {
      note_error(report, angle_between(normalize(quat_of(*expected)), sample_channel(channel, t)) * 180 / kPi,
                 t);
    } else {
      note_error(report, distance(vec3_of(*expected), sample_channel(channel, t)), t);
    }
  }
  return report.largest;
}

}  // namespace

bool increasing_from_zero(const std::vector<float>& times) {
  if (times.empty() || !(times.front() >= 0)) return false;
  for (std::size_t i = 0; i + 1 < times.size(); ++i) {
    if (!(times[i] < times[i + 1])) return false;
  }
  return true;
}

std::optional<std::vector<Keyed>> resample(const Track& track, double clip_end, bool rotation) {
  // Keys closer than the relative span would merge once glTF stores times as float32.
  const std::vector<double> breakpoints = sample_times(track, clip_end);
  const BisectionLimits limits{12, kMinSplitSeconds, std::ldexp(1.0, -17),
                               static_cast<std::size_t>(budget_for(value_count(track)))};
  const KeyOrder order = key_order(track);
  const Scalar scalar = element_info(track.element).scalar;
  return fit<std::vector<double>>(
      breakpoints, [&](double t) { return engine_numbers(track, t, order); },
      [&](const Keyed& a, const Keyed& b, const Keyed& middle) {
        return needs_split(a, b, middle, rotation, scalar);
      },
      limits);
}

bool thinned(const Track& track) {
  const auto over_budget = [](double seconds, int pieces) { return steps_for(seconds, kCurveRate) > pieces; };
  if (track.type != TrackType::Curve) return false;
  if (!increasing_from_zero(track.times)) {
    const double duration = track_duration(track);
    return std::isfinite(duration) && over_budget(duration, budget_for(track.times.size()));
  }
  for (std::size_t i = 0; i + 1 < track.times.size(); ++i) {
    const std::uint8_t mode = mode_byte(track, i);
    const bool curved = mode != static_cast<std::uint8_t>(Interpolation::Hold) &&
                        mode != static_cast<std::uint8_t>(Interpolation::Linear);
    if (curved && over_budget(static_cast<double>(track.times[i + 1]) - track.times[i], kPiecesPerKey))
      return true;
  }
  return false;
}

double channel_error(const Track& track, const Channel<Vec3>& channel) {
  return largest_error(track, channel);
}
double channel_error(const Track& track, const Channel<Quat>& channel) {
  return largest_error(track, channel);
}

}  // namespace bonebridge::animx
