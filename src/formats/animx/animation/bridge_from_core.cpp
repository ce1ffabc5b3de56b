// SPDX-License-Identifier: MIT
// Core model -> AnimX (bridge.hpp): each joint channel becomes a Curve track named after its joint, each
// property track a Discrete or Curve track, in Resonite's frame and starting at zero.
#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>

#include "bonebridge/core/reduce.hpp"
#include "bonebridge/formats/animx/animation/bridge.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/engine.hpp"
#include "bonebridge/formats/animx/elements.hpp"
#include "bridge_fit.hpp"
#include "bridge_resample.hpp"
#include "key_order.hpp"

namespace bonebridge::animx {
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

// Keys are dropped while Resonite's own sampling of the kept keys reproduces them within the export's
// tolerances (bridge.hpp: 1e-4 units, 0.05 degrees): issue 28.
constexpr MotionTolerance kKeyTolerance{1e-4, 0.05 * kPi / 180};
constexpr std::size_t kMaxReducedSpan = 4096;  // a kept key is at most this many keys after the last

// The keys of a STEP or LINEAR channel that Resonite needs: a key goes when sampling the Curve track of the
// two kept keys around it (AnimationTrack.Sample, engine.hpp) gives its value within the tolerance. LINEAR
// rotations are fitted to Resonite's nlerp (bridge_fit.hpp). CUBICSPLINE channels keep every key.
void keep_needed_keys(const std::string& node, const std::string& property, ElementType element,
                      CoreMode interpolation, std::vector<double>& times,
                      std::vector<std::vector<double>>& values, double shift, KeyReductionReport& report) {
  if (interpolation == CoreMode::CubicSpline || times.size() < 3) return;
  const bool rotation = element == ElementType::FloatQ;
  if (rotation && interpolation == CoreMode::Linear) {
    fit_nlerp_keys(times, values, kKeyTolerance.radians, report);
    return;
  }
  std::vector<std::size_t> order(times.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return times[a] < times[b]; });
  const auto played = [&](std::size_t a, std::size_t b, double time) {
    const Track two = build_curve(node, property, element, interpolation, {times[a], times[b]},
                                  {values[a], values[b]}, shift);
    const auto value = sample(two, static_cast<float>(time - shift));
    return value ? components(element, value->bytes) : std::vector<double>{};
  };
  const auto error = [&](const std::vector<double>& value, std::size_t key) {
    const std::vector<double>& truth = values[key];
    if (value.size() != truth.size()) return std::numeric_limits<double>::infinity();
    if (rotation && value.size() == 4) {
      return angle_between(normalize({value[0], value[1], value[2], value[3]}),
                           normalize({truth[0], truth[1], truth[2], truth[3]}));
    }
    double largest = 0;
    for (std::size_t c = 0; c < value.size(); ++c) largest = std::max(largest, std::abs(value[c] - truth[c]));
    return largest;
  };
  const std::vector<std::size_t> kept = reduce_keys(
      order, [&](std::size_t i) { return times[i]; }, played, error,
      rotation ? kKeyTolerance.radians : kKeyTolerance.position, kMaxReducedSpan, report);
  std::vector<double> kept_times;
  std::vector<std::vector<double>> kept_values;
  for (const std::size_t i : kept) {
    kept_times.push_back(times[i]);
    kept_values.push_back(values[i]);
  }
  times = std::move(kept_times);
  values = std::move(kept_values);
}

// The Curve track of a joint channel or property track: LINEAR numbers (the export's bake) fitted with the
// fewest Linear, CubicBezier and Hold segments (bridge_fit.hpp); rotations, STEP and CUBICSPLINE channels
// with their needed keys.
Track channel_track(const std::string& node, const std::string& property, ElementType element,
                    CoreMode interpolation, std::vector<double> times,
                    std::vector<std::vector<double>> values, double shift, KeyReductionReport& report) {
  if (interpolation != CoreMode::Linear || is_quaternion(element) || times.size() < 3) {
    keep_needed_keys(node, property, element, interpolation, times, values, shift, report);
    return build_curve(node, property, element, interpolation, times, values, shift);
  }
  std::vector<std::size_t> order(times.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return times[a] < times[b]; });
  std::vector<double> sorted_times;
  std::vector<std::vector<double>> sorted_values;
  for (const std::size_t i : order) {
    sorted_times.push_back(times[i]);
    sorted_values.push_back(values[i]);
  }
  const auto keys = fit_curve_keys(element, sorted_times, sorted_values, kKeyTolerance.position, report);
  return fitted_track(node, property, element, keys, shift);
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
  constexpr double kTravel = kMaxTravelDegrees * kPi / 180;
  Channel<Quat> out;
  out.interpolation = CoreMode::Linear;
  for (std::size_t i = 0; i < channel.times.size(); ++i) {
    append_rotation_key(out, channel.times[i], normalize(channel.values[i]), {kTravel, kTravel, 0});
  }
  return out;
}

// Value `index` of a property track whose values hold `width` numbers each.
std::vector<double> property_value(const PropertyTrack& property, std::size_t index, std::size_t width) {
  const auto first = property.values.begin() + static_cast<std::ptrdiff_t>(index * width);
  return {first, first + static_cast<std::ptrdiff_t>(width)};
}

Track property_to_track(const PropertyTrack& property, double shift, std::vector<std::string>& notes,
                        KeyReductionReport& reduction) {
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
        append_numbers(track.values, *element, property_value(property, i, width));
      }
    }
    return track;
  }
  const std::size_t per_key = property.interpolation == CoreMode::CubicSpline ? 3 : 1;
  std::vector<std::vector<double>> values;
  for (std::size_t v = 0; v * width < property.values.size() && v < property.times.size() * per_key; ++v) {
    values.push_back(property_value(property, v, width));
  }
  if (values.size() != property.times.size() * per_key) {
    notes.push_back(
        fmt::format("{}.{}: value count does not match its keys; dropped", property.node, property.property));
    track.node.clear();
    return track;
  }
  // A resampled property (Blender bakes every frame) keeps the keys Resonite's sampling needs, as joints do.
  return channel_track(property.node, property.property, *element, property.interpolation, property.times,
                       std::move(values), shift, reduction);
}

constexpr std::string_view kExportItselfNote =
    "unchanged: the clip is the source file its extras describe, as read (every channel, property and "
    "setting), so that file is written back byte for byte";

// What the round trip through glTF's float32 moves a written value by.
constexpr MotionTolerance kUnchangedTolerance{1e-4, 1e-4};

const Track* track_named(const animation::Document& document, const Track& like) {
  for (const Track& track : document.tracks)
    if (track.node == like.node && track.property == like.property && track.element == like.element)
      return &track;
  return nullptr;
}

// How far apart two tracks sample at `seconds`: the angle for a rotation, the largest component difference
// otherwise (0 or infinity for strings); nullopt when Resonite cannot sample either.
std::optional<double> sampled_difference(const Track& a, const Track& b, double seconds, KeyOrder a_order,
                                         KeyOrder b_order) {
  const auto va = sample(a, static_cast<float>(seconds), a_order);
  const auto vb = sample(b, static_cast<float>(seconds), b_order);
  if (!va || !vb) return std::nullopt;
  if (va->text || vb->text) return va->text == vb->text ? 0.0 : std::numeric_limits<double>::infinity();
  const auto ca = components(a.element, va->bytes), cb = components(b.element, vb->bytes);
  if (ca.size() != cb.size()) return std::nullopt;
  if (a.element == ElementType::FloatQ && ca.size() == 4)
    return angle_between(normalize({ca[0], ca[1], ca[2], ca[3]}), normalize({cb[0], cb[1], cb[2], cb[3]}));
  double largest = 0;
  for (std::size_t k = 0; k < ca.size(); ++k) largest = std::max(largest, std::abs(ca[k] - cb[k]));
  return largest;
}

// Every track of `expected` against the written track of the same slot and property, Resonite sampling both
// at 240 Hz (the export's own check grid).
MotionDifference compare_tracks(const animation::Document& written, const animation::Document& expected) {
  MotionDifference difference;
  if (written.tracks.size() != expected.tracks.size()) {
    difference.comparable = false;
    return difference;
  }
  const auto instants = engine_instants(max_track_duration(expected), 1.0 / 240, kMaxComparedInstants);
  for (const Track& track : expected.tracks) {
    const Track* other = track_named(written, track);
    if (!other) {
      difference.comparable = false;
      return difference;
    }
    const KeyOrder other_order = key_order(*other), order = key_order(track);
    for (const double t : instants) {
      const auto apart = sampled_difference(*other, track, t, other_order, order);
      if (!apart) {
        difference.comparable = false;
        return difference;
      }
      double& largest = track.element == ElementType::FloatQ ? difference.radians : difference.position;
      if (*apart > largest) difference.time = t;
      largest = std::max(largest, *apart);
    }
  }
  difference.instants = instants.size();
  return difference;
}

// The AnimX the clip's extras describe replaces what was written when Resonite samples what was written like
// what this writer makes of the source's own export. Not the source itself: the export is not exact
// everywhere (a Raw string track steps at its frames, Resonite rounds to the nearest; a null string becomes
// empty), and what glTF cannot carry is no edit.
template <class Value>
bool same_channel(const std::optional<Channel<Value>>& a, const std::optional<Channel<Value>>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a || (a->interpolation == b->interpolation && a->times == b->times && a->values == b->values);
}

bool same_joints(const Skeleton& a, const Skeleton& b) {
  return std::equal(
      a.joints.begin(), a.joints.end(), b.joints.begin(), b.joints.end(), [](const Joint& x, const Joint& y) {
        return x.name == y.name && x.parent == y.parent && x.rest.translation == y.rest.translation &&
               x.rest.rotation == y.rest.rotation && x.rest.scale == y.rest.scale;
      });
}

bool same_channels(const std::vector<JointChannels>& a, const std::vector<JointChannels>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const JointChannels& x, const JointChannels& y) {
                      return x.joint == y.joint && same_channel(x.translation, y.translation) &&
                             same_channel(x.rotation, y.rotation) && same_channel(x.scale, y.scale);
                    });
}

bool same_properties(const std::vector<PropertyTrack>& a, const std::vector<PropertyTrack>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const PropertyTrack& x, const PropertyTrack& y) {
                      return x.node == y.node && x.property == y.property && x.value_type == y.value_type &&
                             x.components == y.components && x.interpolation == y.interpolation &&
                             x.times == y.times && x.values == y.values && x.strings == y.strings;
                    });
}

// Whether `input` (what from_core was given) is the scene `exported` (the source's own export, its source
// metadata removed) in everything from_core writes from: the skeleton, and the first clip's name, duration,
// metadata, joint channels and property tracks (the rest it only notes, and these notes are replaced).
// from_core of the one is then from_core of the other: a clip converted straight from its source is the
// source, not fitted (issue 38: fitting it and comparing the fit with itself was most of a fuzz unit).
bool same_as_export(const Scene& input, const Scene& exported) {
  if (input.clips.empty() || exported.clips.size() != 1) return false;
  const Clip& clip = input.clips.front();
  const Clip& other = exported.clips.front();
  auto metadata = clip.metadata;
  metadata.erase(kSourceMetadata);
  return same_joints(input.skeleton, exported.skeleton) && clip.name == other.name &&
         clip.duration == other.duration && metadata == other.metadata &&
         same_channels(clip.joints, other.joints) && same_properties(clip.properties, other.properties);
}

// The source file a clip's extras describe, read, and its own export (to_core, its source metadata removed).
struct DescribedSource {
  animation::Document document;
  Scene exported;
};

std::optional<DescribedSource> described(const Clip& clip) {
  const auto bytes = described_source(clip);
  if (!bytes) return std::nullopt;
  auto source = animation::read(*bytes);
  if (!source) return std::nullopt;
  auto exported = animation::to_core(*source, {});
  if (!exported || exported->scene.clips.empty()) return std::nullopt;
  exported->scene.clips.front().metadata.erase(kSourceMetadata);  // not this comparison again
  return DescribedSource{std::move(*source), std::move(exported->scene)};
}

// The source replaces what was written when Resonite samples that like what this writer makes of the
// source's own export.
void keep_unchanged_source(DescribedSource& source, Converted<animation::Document>& result) {
  const auto canonical = animation::from_core(source.exported, {});
  if (!canonical) return;
  const MotionDifference difference =
      canonical->value.name == result.value.name &&
              std::abs(canonical->value.global_duration - result.value.global_duration) <= 1e-6f
          ? compare_tracks(result.value, canonical->value)
          : MotionDifference{false};
  if (!within(difference, kUnchangedTolerance)) {
    result.notes.push_back(edited_note(difference, kUnchangedTolerance));
    return;
  }
  result.notes = {unchanged_note(difference, kUnchangedTolerance)};
  result.value = std::move(source.document);
}

// The encoding the source said (to_core's "animx.encoding"), so that a compressed clip goes back compressed.
Encoding source_encoding(const Clip& clip) {
  const auto said = clip.metadata.find("animx.encoding");
  if (said == clip.metadata.end()) return Encoding::Plain;
  return said->second == "1" ? Encoding::Lz4 : said->second == "2" ? Encoding::Lzma : Encoding::Plain;
}

// The time of the clip's first key of any channel or property (0 when it has none): AnimX clips start at 0.
double first_key_time(const Clip& clip) {
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
  return std::isfinite(first) ? first : 0.0;
}

}  // namespace

// The options are not consulted: the family's encoder applies the output encoding (family.cpp) to every
// document it writes, converted or transcoded.
Result<Converted<animation::Document>> animation::from_core(const Scene& input,
                                                            const BridgeOptions& /*options*/) {
  if (input.clips.empty()) return Error{kFormatName, "the scene has no animation clip", {}, {}, {}};
  auto source = described(input.clips.front());
  // The scene is the described source's own export (an AnimX clip converted straight to AnimX): from_core
  // of the one is from_core of the other, so the source is what the fitting below would end by keeping;
  // it is not fitted, then compared with itself.
  if (source && same_as_export(input, source->exported)) {
    return Converted<animation::Document>{std::move(source->document), {std::string(kExportItselfNote)}};
  }
  Converted<animation::Document> result;
  auto& notes = result.notes;
  Scene scene = input;
  AxisConversion::mirror_x().inverse().apply(scene);
  const Clip& clip = scene.clips.front();
  if (scene.clips.size() > 1) {
    notes.push_back(fmt::format("AnimX holds one clip: {} more clip(s) not written", scene.clips.size() - 1));
  }
  const double shift = first_key_time(clip);
  if (shift != 0)
    notes.push_back(fmt::format("key times shifted by {} s so that the clip starts at zero", -shift));
  animation::Document& document = result.value;
  document.name = clip.name;
  document.encoding = source_encoding(clip);
  // Version 0 (one header byte a track) when the source had it; write() keeps it while no track is Discrete.
  if (const auto version = clip.metadata.find("animx.version"); version != clip.metadata.end())
    document.version = version->second == "0" ? 0 : 1;
  bool hierarchy = false;
  KeyReductionReport reduction;
  for (const auto& joint : clip.joints) {
    if (joint.joint < 0 || static_cast<std::size_t>(joint.joint) >= scene.skeleton.joints.size()) continue;
    const auto& name = scene.skeleton.joints[static_cast<std::size_t>(joint.joint)].name;
    hierarchy |= scene.skeleton.joints[static_cast<std::size_t>(joint.joint)].parent >= 0;
    if (joint.translation && !joint.translation->empty()) {
      document.tracks.push_back(channel_track(name, "Position", ElementType::Float3,
                                              joint.translation->interpolation, joint.translation->times,
                                              flatten(joint.translation->values), shift, reduction));
    }
    if (joint.rotation && !joint.rotation->empty()) {
      const Channel<Quat> rotation = for_nlerp(*joint.rotation);
      std::vector<std::vector<double>> values;
      for (const auto& q : rotation.values) values.push_back({q.x, q.y, q.z, q.w});
      if (rotation.interpolation == CoreMode::CubicSpline) {
        notes.push_back(name +
                        ".Rotation: CUBICSPLINE written as Tangent keys, which Resonite does not normalize");
      }
      std::vector<double> times = rotation.times;
      keep_needed_keys(name, "Rotation", ElementType::FloatQ, rotation.interpolation, times, values, shift,
                       reduction);
      document.tracks.push_back(
          build_curve(name, "Rotation", ElementType::FloatQ, rotation.interpolation, times, values, shift));
    }
    if (joint.scale && !joint.scale->empty()) {
      document.tracks.push_back(channel_track(name, "Scale", ElementType::Float3, joint.scale->interpolation,
                                              joint.scale->times, flatten(joint.scale->values), shift,
                                              reduction));
    }
  }
  if (hierarchy)
    notes.push_back("joint hierarchy not stored: AnimX tracks hold local transforms by slot name");
  for (const auto& property : clip.properties) {
    Track track = property_to_track(property, shift, notes, reduction);
    if (!track.node.empty() || !track.property.empty()) document.tracks.push_back(std::move(track));
  }
  if (!clip.visibility.empty() || !clip.events.empty() || clip.root_motion) {
    notes.push_back("visibility, events and root motion have no AnimX form; not written");
  }
  document.global_duration =
      std::max(static_cast<float>(clip.duration - shift), max_track_duration(document));
  for (Track& track : document.tracks) {
    if (auto raw = as_raw(track, document.global_duration)) track = std::move(*raw);
  }
  notes.push_back(
      fmt::format("keys reduced and curves fitted by Resonite's own sampling (tolerance {:.3g} units, {:.3g} "
                  "degrees): {} -> {}, the largest error found {:.3g} (units or radians)",
                  kKeyTolerance.position, kKeyTolerance.radians * 180 / kPi, reduction.before,
                  reduction.after, reduction.largest_error));
  if (source) keep_unchanged_source(*source, result);
  return result;
}

}  // namespace bonebridge::animx
