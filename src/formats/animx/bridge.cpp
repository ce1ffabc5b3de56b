#include "bonebridge/formats/animx/bridge.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/animx/codec.hpp"
#include "bonebridge/formats/animx/elements.hpp"
#include "bonebridge/formats/animx/engine.hpp"
#include "bonebridge/formats/animx/skeleton.hpp"

namespace bonebridge::animx {
namespace {

using CoreMode = bonebridge::Interpolation;

constexpr double kCurveRate = 60;         // keys per second where Tangent / CubicBezier motion is sampled
constexpr double kMaxTravelDegrees = 15;  // rotation keys at most this far apart (gltf-runtimes.md)
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

// Pieces of `rate` per second over `seconds`, at least 1, for durations up to kMaxResampleSeconds.
int steps_for(double seconds, double rate) {
  if (!(seconds > 0)) return 1;
  return static_cast<int>(std::ceil(std::min(seconds, kMaxResampleSeconds) * rate));
}

// A time just after t that float32 still tells apart from t, so a jump lands between two keys.
double just_after(double t) {
  return t + std::max(1e-4, std::abs(t) * std::ldexp(1.0, -19));
}

std::optional<std::vector<double>> engine_numbers(const Track& track, double t) {
  const auto value = sample(track, static_cast<float>(t));
  if (!value.ok()) return std::nullopt;
  return components(value->element, value->bytes);
}

Vec3 vec3_of(const std::vector<double>& c) {
  return {c[0], c[1], c[2]};
}
Quat quat_of(const std::vector<double>& c) {
  return {c[0], c[1], c[2], c[3]};
}

// Rotation travelled between two (not necessarily unit) quaternions on the 4D path, in degrees: q and -q
// are 360° apart, as nlerp without a hemisphere flip treats them.
double travel_degrees(Quat a, Quat b) {
  const double norms = std::sqrt(dot(a, a) * dot(b, b));
  if (!(norms > 0)) return 360;
  return 2 * std::acos(std::clamp(dot(a, b) / norms, -1.0, 1.0)) * 180 / kPi;
}

std::uint8_t mode_byte(const Track& track, std::size_t key) {
  return (track.flags & kCurvePerKeyInterpolation) ? track.interpolations[key] : track.shared_interpolation;
}

bool increasing_from_zero(const std::vector<float>& times) {
  if (times.empty() || !(times.front() >= 0)) return false;
  for (std::size_t i = 0; i + 1 < times.size(); ++i) {
    if (!(times[i] < times[i + 1])) return false;
  }
  return true;
}

std::vector<double> numbers_at(const Track& track, const Values& values, std::size_t i) {
  return components(track.element, value_bytes(track.element, values, i));
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
        const int pieces = std::min(steps_for(t1 - t0, kCurveRate), budget);
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
    const int steps = std::min(steps_for(end, kCurveRate), kMaxExtraKeys);
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

struct Keyed {
  double time;
  std::vector<double> value;
};

// Whether the straight (or, for rotations, shortest-slerp) path from a to b misses the engine's value at
// their midpoint by more than the stated tolerance, or a rotation step is longer than kMaxTravelDegrees.
bool needs_split(const Keyed& a, const Keyed& b, const Keyed& middle, bool rotation) {
  if (!rotation) {
    double worst = 0;
    for (std::size_t c = 0; c < middle.value.size(); ++c) {
      worst = std::max(worst, std::abs((a.value[c] + b.value[c]) / 2 - middle.value[c]));
    }
    return worst > kValueTolerance;
  }
  const Quat qa = quat_of(a.value), qb = quat_of(b.value), qm = quat_of(middle.value);
  if (travel_degrees(qa, qb) > kMaxTravelDegrees) return true;
  if (!(dot(qa, qa) > 0) || !(dot(qb, qb) > 0) || !(dot(qm, qm) > 0)) return false;
  const Quat na = normalize(qa), nb = normalize(qb);
  const Quat halfway = slerp(na, dot(na, nb) < 0 ? -nb : nb, 0.5);
  return angle_between(halfway, normalize(qm)) * 180 / kPi > kRotationToleranceDegrees;
}

// Bisects between two samples until LINEAR keys (slerp for rotations) follow the engine within tolerance.
void refine(const Track& track, const Keyed& a, const Keyed& b, bool rotation, std::vector<Keyed>& out,
            int depth, int& budget) {
  // Keys closer than this would merge once glTF stores times as float32.
  const double shortest = std::max(kMinSplitSeconds, std::abs(b.time) * std::ldexp(1.0, -17));
  if (depth == 0 || budget <= 0 || b.time - a.time < shortest) return;
  --budget;
  const double middle_time = (a.time + b.time) / 2;
  const auto value = engine_numbers(track, middle_time);
  if (!value) return;
  const Keyed middle{middle_time, *value};
  if (!needs_split(a, b, middle, rotation)) return;
  refine(track, a, middle, rotation, out, depth - 1, budget);
  out.push_back(middle);
  refine(track, middle, b, rotation, out, depth - 1, budget);
}

std::optional<std::vector<Keyed>> resample(const Track& track, double clip_end, bool rotation) {
  std::vector<Keyed> keys;
  for (const double t : sample_times(track, clip_end)) {
    auto value = engine_numbers(track, t);
    if (!value) return std::nullopt;
    keys.push_back({t, std::move(*value)});
  }
  if (keys.empty()) return keys;
  std::vector<Keyed> refined{keys.front()};
  int budget = kMaxExtraKeys;
  for (std::size_t i = 1; i < keys.size(); ++i) {
    refine(track, keys[i - 1], keys[i], rotation, refined, 12, budget);
    refined.push_back(keys[i]);
  }
  return refined;
}

struct Notes {
  std::vector<std::string>& lines;
  void add(const Track& track, const std::string& text) {
    lines.push_back(fmt::format("{}.{}: {}", track.node, track.property, text));
  }
};

// Curve per-segment modes, or nullopt when a mode byte is invalid (Resonite throws when sampling it).
std::optional<std::vector<Interpolation>> segment_modes(const Track& track) {
  std::vector<Interpolation> modes;
  for (std::size_t i = 0; i + 1 < track.times.size(); ++i) {
    const std::uint8_t mode = mode_byte(track, i);
    if (mode > 3) return std::nullopt;
    modes.push_back(static_cast<Interpolation>(mode));
  }
  return modes;
}

bool all_of_mode(const std::vector<Interpolation>& modes, Interpolation mode) {
  return std::all_of(modes.begin(), modes.end(), [mode](Interpolation m) { return m == mode; });
}

// Generic numeric channel in the core's layout (values flattened, `width` numbers per value).
struct NumericChannel {
  CoreMode interpolation = CoreMode::Linear;
  std::vector<double> times;
  std::vector<std::vector<double>> values;  // 3 per key for CubicSpline: in-tangent, value, out-tangent
};

// The exact forms of research/animx.md §5, or nullopt when the track needs resampling.
std::optional<NumericChannel> exact_channel(const Track& track) {
  NumericChannel channel;
  if (track.type == TrackType::Raw || !increasing_from_zero(track.times)) return std::nullopt;
  for (const float t : track.times) channel.times.push_back(t);
  const std::size_t count = track.times.size();
  if (track.type == TrackType::Discrete) {
    channel.interpolation = CoreMode::Step;
    for (std::size_t i = 0; i < count; ++i) channel.values.push_back(numbers_at(track, track.values, i));
    return channel;
  }
  const auto modes = segment_modes(track);
  if (!modes) return std::nullopt;
  if (all_of_mode(*modes, Interpolation::Hold) || all_of_mode(*modes, Interpolation::Linear)) {
    channel.interpolation = all_of_mode(*modes, Interpolation::Hold) ? CoreMode::Step : CoreMode::Linear;
    for (std::size_t i = 0; i < count; ++i) channel.values.push_back(numbers_at(track, track.values, i));
    return channel;
  }
  const bool has_tangents = (track.flags & kCurveTangents) != 0;
  if (std::find(modes->begin(), modes->end(), Interpolation::Hold) != modes->end() || !has_tangents) {
    return std::nullopt;
  }
  channel.interpolation = CoreMode::CubicSpline;
  const std::size_t width = static_cast<std::size_t>(element_info(track.element).components);
  std::vector<std::vector<double>> in(count, std::vector<double>(width)), out = in;
  for (std::size_t i = 0; i + 1 < count; ++i) {
    const auto v0 = numbers_at(track, track.values, i), v1 = numbers_at(track, track.values, i + 1);
    const auto right = numbers_at(track, track.right_tangents, i);
    const auto left = numbers_at(track, track.left_tangents, i + 1);
    const double dt = static_cast<double>(track.times[i + 1]) - track.times[i];
    for (std::size_t c = 0; c < width; ++c) {
      const double slope = (v1[c] - v0[c]) / dt;
      switch ((*modes)[i]) {
        case Interpolation::Tangent:
          out[i][c] = slope + right[c];
          in[i + 1][c] = slope - left[c];
          break;
        case Interpolation::CubicBezier:
          out[i][c] = 3 * (right[c] - v0[c]) / dt;
          in[i + 1][c] = 3 * (v1[c] - left[c]) / dt;
          break;
        default:
          out[i][c] = in[i + 1][c] = slope;
      }
    }
  }
  for (std::size_t i = 0; i < count; ++i) {
    channel.values.push_back(in[i]);
    channel.values.push_back(numbers_at(track, track.values, i));
    channel.values.push_back(out[i]);
  }
  return channel;
}

template <class Value>
Channel<Value> to_channel(const NumericChannel& numeric, Value (*convert)(const std::vector<double>&)) {
  Channel<Value> channel;
  channel.interpolation = numeric.interpolation;
  channel.times = numeric.times;
  for (const auto& value : numeric.values) channel.values.push_back(convert(value));
  return channel;
}

// Largest distance (translation, scale) or angle in degrees (rotation) between a channel and the engine.
template <class Value>
double channel_error(const Track& track, const Channel<Value>& channel) {
  double worst = 0;
  double end = std::min(std::max(static_cast<double>(track_duration(track)), channel.times.back()),
                        kMaxResampleSeconds);
  if (!std::isfinite(end)) end = channel.times.back();
  const int steps = std::min(steps_for(end, kCheckRate), kMaxCheckSamples);
  for (int j = 0; j <= steps; ++j) {
    const double t = end * j / std::max(steps, 1);
    const auto expected = engine_numbers(track, t);
    if (!expected) continue;
    if constexpr (std::is_same_v<Value, Quat>) {
      worst = std::max(worst,
                       angle_between(normalize(quat_of(*expected)), sample_channel(channel, t)) * 180 / kPi);
    } else {
      worst = std::max(worst, distance(vec3_of(*expected), sample_channel(channel, t)));
    }
  }
  return worst;
}

std::optional<Channel<Vec3>> vec3_channel(const Track& track, double clip_end, Notes notes) {
  if (auto exact = exact_channel(track)) return to_channel<Vec3>(*exact, vec3_of);
  const auto keys = resample(track, clip_end, false);
  if (!keys || keys->empty()) {
    notes.add(track, "dropped: Resonite cannot sample this track (it throws)");
    return std::nullopt;
  }
  Channel<Vec3> channel;
  for (const auto& key : *keys) {
    channel.times.push_back(key.time);
    channel.values.push_back(vec3_of(key.value));
  }
  notes.add(track, fmt::format("resampled to {} LINEAR keys, largest error {:.3g} (metres or scale units)",
                               channel.times.size(), channel_error(track, channel)));
  return channel;
}

std::optional<Channel<Quat>> rotation_channel(const Track& track, double clip_end, Notes notes) {
  Channel<Quat> channel;
  if (auto exact = exact_channel(track); exact && exact->interpolation == CoreMode::Step) {
    channel = to_channel<Quat>(*exact, quat_of);
    for (auto& q : channel.values) q = normalize(q);
    return channel;
  }
  const auto keys = resample(track, clip_end, true);
  if (!keys || keys->empty()) {
    notes.add(track, "dropped: Resonite cannot sample this track (it throws)");
    return std::nullopt;
  }
  for (const auto& key : *keys) {
    Quat q = quat_of(key.value);
    if (!(dot(q, q) > 0) || !std::isfinite(dot(q, q))) {
      if (channel.values.empty()) continue;
      q = channel.values.back();  // nlerp through the zero quaternion: Resonite's value is undefined here
    }
    q = normalize(q);
    if (!channel.values.empty() && dot(channel.values.back(), q) < 0) q = -q;
    channel.times.push_back(key.time);
    channel.values.push_back(q);
  }
  if (channel.times.empty()) return std::nullopt;
  notes.add(track,
            fmt::format("resampled to {} LINEAR keys at most {}° apart in one hemisphere, largest error "
                        "{:.3g}°",
                        channel.times.size(), kMaxTravelDegrees, channel_error(track, channel)));
  return channel;
}

// bool and string tracks as STEP keys: Resonite switches at the midpoint of Linear segments (Curve) or
// half-way between frames (Raw).
std::vector<std::pair<double, std::size_t>> step_keys(const Track& track) {
  std::vector<std::pair<double, std::size_t>> keys;  // time, index of the stored value
  if (track.type == TrackType::Raw) {
    const std::size_t count = value_count(track);
    if (count > 0) keys.emplace_back(0.0, 0);
    for (std::size_t k = 0; k + 1 < count; ++k)
      keys.emplace_back((static_cast<double>(k) + 0.5) * track.interval, k + 1);
    return keys;
  }
  if (track.times.empty()) return keys;
  keys.emplace_back(std::max(0.0f, track.times.front()), 0);
  for (std::size_t i = 0; i + 1 < track.times.size(); ++i) {
    const double t0 = track.times[i], t1 = track.times[i + 1];
    const bool midpoint = track.type == TrackType::Curve && mode_byte(track, i) != 0;
    const double at = midpoint ? (t0 + t1) / 2 : t1;
    if (at > keys.back().first) keys.emplace_back(at, i + 1);
  }
  return keys;
}

PropertyTrack property_track(const Track& track, double clip_end, Notes notes) {
  PropertyTrack property;
  const auto& info = element_info(track.element);
  property.node = track.node;
  property.property = track.property;
  property.value_type = std::string(info.name);
  property.components = info.components;
  if (is_string(track.element) || is_bool(track.element)) {
    property.interpolation = CoreMode::Step;
    bool had_null = false;
    for (const auto& [time, index] : step_keys(track)) {
      property.times.push_back(time);
      if (is_string(track.element)) {
        had_null |= !track.values.strings[index].has_value();
        property.strings.push_back(track.values.strings[index].value_or(""));
      } else {
        const auto numbers = numbers_at(track, track.values, index);
        property.values.insert(property.values.end(), numbers.begin(), numbers.end());
      }
    }
    if (had_null) notes.add(track, "null strings kept as empty strings (the core model has no null)");
    return property;
  }
  if (auto exact = exact_channel(track);
      exact && !(is_quaternion(track.element) && exact->interpolation != CoreMode::Step)) {
    property.interpolation = exact->interpolation;
    property.times = exact->times;
    for (const auto& value : exact->values)
      property.values.insert(property.values.end(), value.begin(), value.end());
    return property;
  }
  const auto keys = resample(track, clip_end, false);
  if (!keys || keys->empty()) {
    notes.add(track, "dropped: Resonite cannot sample this track (it throws)");
    return property;
  }
  property.interpolation = CoreMode::Linear;
  for (const auto& key : *keys) {
    property.times.push_back(key.time);
    property.values.insert(property.values.end(), key.value.begin(), key.value.end());
  }
  notes.add(track, fmt::format("property track resampled to {} LINEAR keys", keys->size()));
  return property;
}

}  // namespace

char transform_part(const Track& track) {
  if (track.property == "Position" && track.element == ElementType::Float3) return 'T';
  if (track.property == "Rotation" && track.element == ElementType::FloatQ) return 'R';
  if (track.property == "Scale" && track.element == ElementType::Float3) return 'S';
  return 0;
}

std::vector<std::string> joint_names(const Document& document) {
  std::vector<std::string> names;
  for (const auto& track : document.tracks) {
    if (transform_part(track) && std::find(names.begin(), names.end(), track.node) == names.end()) {
      names.push_back(track.node);
    }
  }
  return names;
}

Result<CoreConversion> to_core(const Document& document, const Options& options) {
  CoreConversion result;
  result.conversion = AxisConversion::mirror_x();
  auto skeleton = clip_skeleton(document, options);
  if (!skeleton) return skeleton.error();
  if (!options.get("skeleton"))
    result.notes.push_back("no --skeleton: a flat skeleton, one root joint per node");
  Notes notes{result.notes};
  Scene& scene = result.scene;
  scene.skeleton = std::move(skeleton).value();
  const auto names = joint_names(document);
  for (std::size_t i = 0; i < scene.skeleton.joints.size(); ++i)
    result.core_joint_of.push_back(static_cast<int>(i));
  Clip clip;
  clip.name = document.name;
  clip.duration = document.global_duration > 0 ? document.global_duration : max_track_duration(document);
  if (!std::isfinite(clip.duration) || clip.duration < 0) {
    notes.lines.push_back(fmt::format("clip duration {} is not a time; 0 used", clip.duration));
    clip.duration = 0;
  }
  clip.metadata["animx.version"] = std::to_string(document.version);
  clip.metadata["animx.encoding"] = std::to_string(static_cast<int>(document.encoding));
  clip.metadata["animx.global_duration"] = fmt::format("{}", document.global_duration);
  std::map<std::string, JointChannels> channels;
  for (const auto& track : document.tracks) {
    const char part = transform_part(track);
    auto& joint = channels[track.node];
    const bool taken =
        (part == 'T' && joint.translation) || (part == 'R' && joint.rotation) || (part == 'S' && joint.scale);
    if (!part || taken) {
      if (taken) notes.add(track, "a second track for the same joint part: kept as a property track");
      clip.properties.push_back(property_track(track, clip.duration, notes));
      continue;
    }
    if (part == 'R') {
      joint.rotation = rotation_channel(track, clip.duration, notes);
    } else {
      (part == 'T' ? joint.translation : joint.scale) = vec3_channel(track, clip.duration, notes);
    }
  }
  for (const auto& name : names) {
    JointChannels joint = channels[name];
    joint.joint = joint_index(scene.skeleton, name);
    if (joint.translation || joint.rotation || joint.scale) clip.joints.push_back(std::move(joint));
  }
  if (!clip.properties.empty()) {
    notes.lines.push_back(fmt::format("{} property track(s) kept in Resonite's frame (not axis-converted)",
                                      clip.properties.size()));
  }
  scene.clips.push_back(std::move(clip));
  result.conversion.apply(scene);
  return result;
}

namespace {

Track curve_track(const std::string& node, const std::string& property, ElementType element) {
  Track track;
  track.type = TrackType::Curve;
  track.element = element;
  track.node = node;
  track.property = property;
  return track;
}

void append_numbers(Values& values, ElementType element, const std::vector<double>& numbers) {
  const auto bytes = to_bytes(element, numbers);
  values.bytes.insert(values.bytes.end(), bytes.begin(), bytes.end());
}

// Keys (time, value, in-tangent, out-tangent) of a core channel as a Resonite Curve: Tangent mode stores
// offsets from the chord slope (R_i = b_i - s, L_i+1 = s - a_i+1).
Track build_curve(const std::string& node, const std::string& property, ElementType element,
                  CoreMode interpolation, const std::vector<double>& times,
                  const std::vector<std::vector<double>>& values, double shift) {
  Track track = curve_track(node, property, element);
  const bool cubic = interpolation == CoreMode::CubicSpline;
  const auto value = [&](std::size_t i) -> const std::vector<double>& {
    return values[cubic ? 3 * i + 1 : i];
  };
  std::vector<std::size_t> order(times.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return times[a] < times[b]; });
  const Interpolation mode = interpolation == CoreMode::Step     ? Interpolation::Hold
                             : interpolation == CoreMode::Linear ? Interpolation::Linear
                                                                 : Interpolation::Tangent;
  const std::size_t width = static_cast<std::size_t>(element_info(element).components);
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::size_t i = order[k];
    track.times.push_back(static_cast<float>(times[i] - shift));
    append_numbers(track.values, element, value(i));
  }
  choose_curve_layout(track, std::vector<Interpolation>(order.size(), mode));
  if (!cubic) return track;
  track.left_tangents.bytes.clear();
  track.right_tangents.bytes.clear();
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::size_t i = order[k];
    std::vector<double> left(width, 0), right(width, 0);
    if (k > 0) {
      const std::size_t p = order[k - 1];
      for (std::size_t c = 0; c < width; ++c) {
        left[c] = (value(i)[c] - value(p)[c]) / (times[i] - times[p]) - values[3 * i][c];
      }
    }
    if (k + 1 < order.size()) {
      const std::size_t n = order[k + 1];
      for (std::size_t c = 0; c < width; ++c) {
        right[c] = values[3 * i + 2][c] - (value(n)[c] - value(i)[c]) / (times[n] - times[i]);
      }
    }
    append_numbers(track.left_tangents, element, left);
    append_numbers(track.right_tangents, element, right);
  }
  return track;
}

std::vector<std::vector<double>> flatten(const std::vector<Vec3>& values) {
  std::vector<std::vector<double>> out;
  for (const auto& v : values) out.push_back({v.x, v.y, v.z});
  return out;
}

// glTF LINEAR rotations slerp the short way; Resonite nlerps without a flip. Keys go in one hemisphere and
// segments longer than kMaxTravelDegrees get slerp keys in between, so nlerp stays within ~0.1° of slerp.
Channel<Quat> for_nlerp(const Channel<Quat>& channel) {
  if (channel.interpolation != CoreMode::Linear || channel.times.empty()) return channel;
  Channel<Quat> out;
  out.interpolation = CoreMode::Linear;
  for (std::size_t i = 0; i < channel.times.size(); ++i) {
    Quat q = normalize(channel.values[i]);
    if (!out.values.empty()) {
      if (dot(out.values.back(), q) < 0) q = -q;
      const Quat from = out.values.back();
      const double start = out.times.back();
      const auto pieces = static_cast<int>(std::ceil(angle_between(from, q) * 180 / kPi / kMaxTravelDegrees));
      for (int j = 1; j < pieces; ++j) {
        const double f = static_cast<double>(j) / pieces;
        out.times.push_back(start + (channel.times[i] - start) * f);
        out.values.push_back(slerp(from, q, f));
      }
    }
    out.times.push_back(channel.times[i]);
    out.values.push_back(q);
  }
  return out;
}

Track property_to_track(const PropertyTrack& property, double shift, std::vector<std::string>& notes) {
  const auto element = element_from_name(property.value_type);
  Track track = curve_track(property.node, property.property, element.value_or(ElementType::Float));
  if (!element) {
    notes.push_back(fmt::format("{}.{}: value type \"{}\" has no AnimX element type; dropped", property.node,
                                property.property, property.value_type));
    track.node.clear();
    return track;
  }
  const auto width = static_cast<std::size_t>(std::max(property.components, 1));
  const bool text = is_string(*element);
  if (property.interpolation == CoreMode::Step || text) {
    track.type = TrackType::Discrete;
    for (std::size_t i = 0; i < property.times.size(); ++i) {
      track.times.push_back(static_cast<float>(property.times[i] - shift));
      if (text) {
        track.values.strings.emplace_back(i < property.strings.size() ? property.strings[i] : std::string());
      } else {
        append_numbers(
            track.values, *element,
            std::vector<double>(property.values.begin() + static_cast<std::ptrdiff_t>(i * width),
                                property.values.begin() + static_cast<std::ptrdiff_t>((i + 1) * width)));
      }
    }
    return track;
  }
  const std::size_t per_key = property.interpolation == CoreMode::CubicSpline ? 3 : 1;
  std::vector<std::vector<double>> values;
  for (std::size_t v = 0; v * width < property.values.size() && v < property.times.size() * per_key; ++v) {
    values.emplace_back(property.values.begin() + static_cast<std::ptrdiff_t>(v * width),
                        property.values.begin() + static_cast<std::ptrdiff_t>((v + 1) * width));
  }
  if (values.size() != property.times.size() * per_key) {
    notes.push_back(
        fmt::format("{}.{}: value count does not match its keys; dropped", property.node, property.property));
    track.node.clear();
    return track;
  }
  return build_curve(property.node, property.property, *element, property.interpolation, property.times,
                     values, shift);
}

}  // namespace

Result<NativeConversion> from_core(const Scene& input, const Options& options) {
  if (input.clips.empty()) return Error{kFormatName, "the scene has no animation clip", {}, {}, {}};
  NativeConversion result;
  auto& notes = result.notes;
  Scene scene = input;
  AxisConversion::mirror_x().inverse().apply(scene);
  const Clip& clip = scene.clips.front();
  if (scene.clips.size() > 1) {
    notes.push_back(fmt::format("AnimX holds one clip: {} more clip(s) not written", scene.clips.size() - 1));
  }
  double first = std::numeric_limits<double>::infinity();
  const auto see = [&](const std::vector<double>& times) {
    if (!times.empty()) first = std::min(first, *std::min_element(times.begin(), times.end()));
  };
  for (const auto& joint : clip.joints) {
    if (joint.translation) see(joint.translation->times);
    if (joint.rotation) see(joint.rotation->times);
    if (joint.scale) see(joint.scale->times);
  }
  for (const auto& property : clip.properties) see(property.times);
  const double shift = std::isfinite(first) ? first : 0.0;
  if (shift != 0)
    notes.push_back(fmt::format("key times shifted by {} s so that the clip starts at zero", -shift));
  Document& document = result.document;
  document.name = clip.name;
  const auto encoding = options.get("encoding").value_or("plain");
  document.encoding = encoding == "lzma"  ? Encoding::Lzma
                      : encoding == "lz4" ? Encoding::Lz4
                                          : Encoding::Plain;
  bool hierarchy = false;
  for (const auto& joint : clip.joints) {
    if (joint.joint < 0 || static_cast<std::size_t>(joint.joint) >= scene.skeleton.joints.size()) continue;
    const auto& name = scene.skeleton.joints[static_cast<std::size_t>(joint.joint)].name;
    hierarchy |= scene.skeleton.joints[static_cast<std::size_t>(joint.joint)].parent >= 0;
    if (joint.translation && !joint.translation->empty()) {
      document.tracks.push_back(build_curve(name, "Position", ElementType::Float3,
                                            joint.translation->interpolation, joint.translation->times,
                                            flatten(joint.translation->values), shift));
    }
    if (joint.rotation && !joint.rotation->empty()) {
      const Channel<Quat> rotation = for_nlerp(*joint.rotation);
      std::vector<std::vector<double>> values;
      for (const auto& q : rotation.values) values.push_back({q.x, q.y, q.z, q.w});
      if (rotation.interpolation == CoreMode::CubicSpline) {
        notes.push_back(name +
                        ".Rotation: CUBICSPLINE written as Tangent keys, which Resonite does not normalize");
      }
      document.tracks.push_back(build_curve(name, "Rotation", ElementType::FloatQ, rotation.interpolation,
                                            rotation.times, values, shift));
    }
    if (joint.scale && !joint.scale->empty()) {
      document.tracks.push_back(build_curve(name, "Scale", ElementType::Float3, joint.scale->interpolation,
                                            joint.scale->times, flatten(joint.scale->values), shift));
    }
  }
  if (hierarchy)
    notes.push_back("joint hierarchy not stored: AnimX tracks hold local transforms by slot name");
  for (const auto& property : clip.properties) {
    Track track = property_to_track(property, shift, notes);
    if (!track.node.empty() || !track.property.empty()) document.tracks.push_back(std::move(track));
  }
  if (!clip.visibility.empty() || !clip.events.empty() || clip.root_motion) {
    notes.push_back("visibility, events and root motion have no AnimX form; not written");
  }
  document.global_duration =
      std::max(static_cast<float>(clip.duration - shift), max_track_duration(document));
  return result;
}

}  // namespace bonebridge::animx
