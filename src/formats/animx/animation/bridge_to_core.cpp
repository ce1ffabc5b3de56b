// SPDX-License-Identifier: MIT
// AnimX -> core model (bridge.hpp, research/animx.md §5): exact channels where the core model can express
// Resonite's motion, engine-resampled ones with their error reported otherwise.
#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "bonebridge/core/reduce.hpp"
#include "bonebridge/formats/animx/animation/bridge.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/skeleton.hpp"
#include "bonebridge/formats/animx/elements.hpp"
#include "bridge_resample.hpp"

namespace bonebridge::animx {
namespace {

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

// The engine's keys for a track the core model cannot take exactly; nullopt (with a note) when Resonite
// cannot sample it.
std::optional<std::vector<Keyed>> resampled_keys(const Track& track, double clip_end, bool rotation,
                                                 Notes notes) {
  auto keys = resample(track, clip_end, rotation);
  if (!keys || keys->empty()) {
    notes.add(track, "dropped: Resonite cannot sample this track (it throws)");
    return std::nullopt;
  }
  if (thinned(track)) {
    notes.add(track,
              "sampled below 60 Hz where it curves: its keys bound the work (at most 256 samples a "
              "key), not its duration");
  }
  return keys;
}

std::optional<Channel<Vec3>> vec3_channel(const Track& track, double clip_end, Notes notes) {
  if (auto exact = exact_channel(track)) return to_channel<Vec3>(*exact, vec3_of);
  const auto keys = resampled_keys(track, clip_end, false, notes);
  if (!keys) return std::nullopt;
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
  const auto keys = resampled_keys(track, clip_end, true, notes);
  if (!keys) return std::nullopt;
  for (const auto& key : *keys) {
    Quat q = quat_of(key.value);
    if (!(dot(q, q) > 0) || !std::isfinite(dot(q, q))) {
      if (channel.values.empty()) continue;
      q = channel.values.back();  // nlerp through the zero quaternion: Resonite's value is undefined here
    }
    q = normalize(q);
    if (!channel.values.empty()) q = same_hemisphere(channel.values.back(), q);
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
  const auto keys = resampled_keys(track, clip_end, false, notes);
  if (!keys) return property;
  property.interpolation = CoreMode::Linear;
  for (const auto& key : *keys) {
    property.times.push_back(key.time);
    property.values.insert(property.values.end(), key.value.begin(), key.value.end());
  }
  notes.add(track, fmt::format("property track resampled to {} LINEAR keys", keys->size()));
  return property;
}

}  // namespace

Result<CoreConversion> animation::to_core(const animation::Document& document, const BridgeOptions& options) {
  CoreConversion result;
  result.conversion = AxisConversion::mirror_x();
  if (!options.skeleton) result.notes.push_back("no --skeleton: a flat skeleton, one root joint per node");
  Notes notes{result.notes};
  Scene& scene = result.scene;
  scene.skeleton = clip_skeleton(document, options.skeleton);
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
  describe_source(clip,
                  animation::write(document));  // the writer gives it back when the clip comes back unchanged
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

}  // namespace bonebridge::animx
