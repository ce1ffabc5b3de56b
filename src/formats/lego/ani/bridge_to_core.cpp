// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/ani/bridge.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <type_traits>

#include "../bridge_shared.hpp"
#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/bake.hpp"
#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lego/ani/codec.hpp"
#include "bonebridge/formats/lego/ani/engine.hpp"

namespace bonebridge::lego {
namespace {

// Resampled stretches get at most this many points each, and a channel at most kMaxSamplesPerChannel in all,
// so that a hostile file cannot ask for 2^24 points per segment (the step then grows beyond 1 ms).
constexpr std::uint32_t kMaxSamplesPerStretch = 4096;
constexpr std::uint64_t kMaxSamplesPerChannel = 65536;
// The camera is sampled every millisecond up to this many milliseconds (65.5 s), on a coarser grid beyond
// (every ceil(duration / 65,536) ms, its error measured half way between samples and noted), so that no
// duration (up to 2^31 ms) costs more: as many samples as kMaxSamplesPerChannel allows any other channel.
// It was 2^20 ms (17.5 minutes): two million look-at evaluations with the error check, a fuzz unit of 5.7 s
// CPU under the sanitizers (issue 38 bounds a unit at 1 s).
constexpr std::uint64_t kMaxCameraMilliseconds = kMaxSamplesPerChannel;
// Width of a jump in the exported curves (see before_ms).
constexpr double kJumpMs = 0.01;

// ---------------------------------------------------------------------------------------------------------
// Values between the game (float, row vectors, stored q) and the core model (double, column vectors).

Vec3 to_vec3(const std::optional<std::array<float, 3>>& v, Vec3 neutral) {
  return v ? Vec3{(*v)[0], (*v)[1], (*v)[2]} : neutral;
}

// The matrix the game builds from q is the column-vector matrix of q used with row vectors: conj(q).
Quat to_core_rotation(const std::optional<GameQuat>& q) {
  if (!q) return {};
  const Quat core{-static_cast<double>(q->x), -static_cast<double>(q->y), -static_cast<double>(q->z),
                  static_cast<double>(q->w)};
  return dot(core, core) > 0 ? normalize(core) : Quat{};
}

// ---------------------------------------------------------------------------------------------------------
// Dense point lists from the engine, then reduction.

enum class Shape { Straight, Arc, Sampled };
struct SegmentPlan {
  Shape shape = Shape::Straight;
  int pieces = 1;  // Arc: pieces of at most 15 degrees
};

template <class Key>
bool times_non_decreasing(const std::vector<Key>& keys) {
  return std::is_sorted(keys.begin(), keys.end(), [](const Key& a, const Key& b) { return a.time < b.time; });
}

std::uint32_t sampling_step(std::uint64_t span) {
  return static_cast<std::uint32_t>(
      std::max<std::uint64_t>(1, (span + kMaxSamplesPerStretch - 1) / kMaxSamplesPerStretch));
}

// glTF times are float32 seconds. A point's time is the largest float32 not above its exact time, so that a
// player asking for a key's own time (ms / 1000 in double) is at or after the key's point, never inside the
// jump just before it. Kept in ms: 1000 times a float32 is exact in double, and dividing it by 1000 again
// (to_channel) gives the float32 back exactly.
double point_ms(double ms) {
  const double exact = ms / 1000.0;
  auto seconds = static_cast<float>(exact);
  if (static_cast<double>(seconds) > exact) seconds = std::nextafter(seconds, -INFINITY);
  return static_cast<double>(seconds) * 1000.0;
}

// The point holding the value just before a jump at key time `ms` (> 0), kJumpMs earlier (at least one
// float32 step). A 1 ms ramp was wide enough for a 60 Hz player to land in and show a pose the game never
// shows; frames at the usual rates (24, 25, 30, 50, 60, 120, 144 Hz) lie on a whole millisecond or at least
// 1/18 ms from one, so they never land in this one. A single float32 step would do for three.js, but
// Blender's F-curve evaluation (fcurve_eval_keyframes_interpolate) takes any key within 1e-4 frames of the
// evaluation time as the value there, so at the key's own time it could return the value before the jump:
// 0.01 ms is 2.4e-4 frames at 24 fps.
double before_ms(std::uint32_t ms) {
  const double key = point_ms(ms);
  const double before = point_ms(ms - kJumpMs);
  if (before < key) return before;
  return static_cast<double>(std::nextafter(static_cast<float>(key / 1000.0), -INFINITY)) * 1000.0;
}

bool close(Vec3 a, Vec3 b) {
  return distance(a, b) <= vector_tolerance(a);
}
bool close(Quat a, Quat b) {
  return angle_between(a, b) <= kReduceTolerance;
}
Vec3 extrapolate(Vec3 a, Vec3 b, double f) {
  return lerp(a, b, f);
}
Quat extrapolate(Quat a, Quat b, double f) {
  return slerp(a, b, f);
}

// A key at `ms` sits at the point `point` (point_ms, up to one float32 step earlier). Its value there is the
// curve leaving the key carried back to the point (exact on the lines and arcs between keys), so that a
// player asking at `ms` itself gets the engine's value at the key, not the one before a jump. Where the
// key's value holds for that instant only (an inactive key the game skips at its own time but interpolates
// from right after it), it is kept as it is; a point 1 ms later (channel_points) then starts the curve.
// Anywhere else the curve is continuous, and a point's value is the engine's at the point's own time.
template <class Evaluate>
auto key_value_at(const Evaluate& evaluate, double ms, double point) {
  constexpr double kAfter = 0.5;        // ms: inside the stretch after `ms`, which holds no key
  constexpr double kRightLimit = 1e-6;  // ms: the value this close after `ms` is its limit from the right
  const auto at = evaluate(ms);
  // Past 2^23 ms a float32 step exceeds kAfter; there a whole millisecond has no float32 time of its own.
  if (point == ms || ms - point >= kAfter || !close(at, evaluate(ms + kRightLimit))) return at;
  return extrapolate(at, evaluate(ms + kAfter), (point - ms) / kAfter);
}

// Points reproducing the channel at every whole millisecond (see bridge.hpp). `evaluate` gives the engine's
// value at a time in ms (double: the curves at a float32 point time), `plan` the shape of segment
// i -> i + 1. `resampled` counts stretches sampled densely.
template <class Key, class Evaluate, class Plan, class Value = std::invoke_result_t<Evaluate, double>>
std::vector<Point<Value>> channel_points(const std::vector<Key>& keys, Evaluate evaluate, Plan plan,
                                         int& resampled) {
  std::map<double, Value> points;  // by point time; the first point given a time keeps it
  const auto listed = [&] {
    std::vector<Point<Value>> out;
    out.reserve(points.size());
    for (const auto& [ms, value] : points) out.push_back({ms, value});
    return out;
  };
  const auto key = [&](std::uint32_t ms) {
    const double point = point_ms(ms);
    if (!points.contains(point)) points.emplace(point, key_value_at(evaluate, ms, point));
  };
  const auto exact = [&](double point) {
    if (!points.contains(point)) points.emplace(point, evaluate(point));
  };
  std::vector<SegmentPlan> plans;
  std::uint64_t sampled_span = 0;
  for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
    plans.push_back(plan(i));
    if (plans.back().shape == Shape::Sampled && keys[i + 1].time > keys[i].time) {
      sampled_span += keys[i + 1].time - keys[i].time;
    }
  }
  const std::uint64_t channel_step = (sampled_span + kMaxSamplesPerChannel - 1) / kMaxSamplesPerChannel;
  const auto sample_stretch = [&](std::uint32_t from, std::uint32_t to) {
    const std::uint64_t step = std::max<std::uint64_t>(sampling_step(to - from), channel_step);
    for (std::uint64_t ms = from; ms <= to; ms += step) exact(point_ms(static_cast<double>(ms)));
    exact(point_ms(to));
    ++resampled;
  };
  // Keys first, then the values just before them (the jumps of "nothing before the first key", 0x04 holds,
  // inactive end keys, the antipodal branch's end), so that no other point takes their times.
  for (const auto& k : keys) key(k.time);
  for (const auto& k : keys) {
    if (k.time > 0) exact(before_ms(k.time));
  }
  if (!times_non_decreasing(keys)) {
    // The game's search depends on its play history here; follow a fresh forward play, every millisecond.
    std::uint32_t last = 0;
    for (const auto& k : keys) last = std::max(last, k.time);
    sample_stretch(0, last + 1);
    return listed();
  }
  exact(0);
  for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
    const std::uint32_t t0 = keys[i].time, t1 = keys[i + 1].time;
    if (t1 - t0 < 2) continue;  // no whole millisecond strictly inside
    const SegmentPlan segment = plans[i];
    if (segment.shape == Shape::Sampled) {
      sample_stretch(t0 + 1, t1 - 1);
      continue;
    }
    exact(point_ms(t0 + 1.0));  // where the value at t0 holds for that instant only (see key_value_at)
    for (int k = 1; k < segment.pieces; ++k) {
      exact(point_ms(t0 + (t1 - t0) * static_cast<double>(k) / segment.pieces));
    }
  }
  return listed();
}

template <class Value>
Channel<Value> to_channel(const std::vector<Point<Value>>& points) {
  Channel<Value> channel;
  channel.interpolation = Interpolation::Linear;
  for (const auto& point : points) {
    channel.times.push_back(point.time / 1000.0);  // exactly the float32 of point_ms
    channel.values.push_back(point.value);
  }
  return channel;
}

SegmentPlan rotation_plan(const RotationKey& a, const RotationKey& b) {
  if ((!rotation_active(a) && !rotation_active(b)) || (b.flags & kFlagHold)) return {};
  const GameQuat qa = to_game_quat(a);
  GameQuat c = to_game_quat(b);
  if (b.flags & kFlagNegate) c = {-c.x, -c.y, -c.z, -c.w};
  const auto unit = [](GameQuat q) {
    return std::abs(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w - 1.0f) < 1e-4f;
  };
  const double d = static_cast<double>(qa.x * c.x + qa.y * c.y + qa.z * c.z + qa.w * c.w);
  if (!unit(qa) || !unit(c) || d + 1.0 <= 0.00001) return {Shape::Sampled, 1};
  if (1.0 - d <= 0.00001) return {};
  const double turn = 2.0 * std::acos(d);  // rotation angle travelled, up to 360 degrees the long way
  return {Shape::Arc, segment_count(turn, kSegments)};
}

JointChannels node_channels(const Node& node, int joint, int& resampled) {
  JointChannels channels;
  channels.joint = joint;
  const auto straight = [](std::size_t) { return SegmentPlan{}; };
  if (!node.translation.empty()) {
    const auto evaluate = [&](double t) { return to_vec3(evaluate_translation(node.translation, t), {}); };
    channels.translation =
        to_channel(reduce_vectors(channel_points(node.translation, evaluate, straight, resampled)));
  }
  if (!node.rotation.empty()) {
    const auto evaluate = [&](double t) { return to_core_rotation(evaluate_rotation(node.rotation, t)); };
    const auto plan = [&](std::size_t i) { return rotation_plan(node.rotation[i], node.rotation[i + 1]); };
    auto points = channel_points(node.rotation, evaluate, plan, resampled);
    align_hemispheres(points);
    channels.rotation = to_channel(reduce_rotations(points));
  }
  if (!node.scale.empty()) {
    const Vec3 one{1, 1, 1};
    const auto evaluate = [&](double t) { return to_vec3(evaluate_scale(node.scale, t), one); };
    channels.scale = to_channel(reduce_vectors(channel_points(node.scale, evaluate, straight, resampled)));
  }
  return channels;
}

std::optional<VisibilityTrack> visibility_track(const Node& node, int joint) {
  if (node.morph.empty()) return std::nullopt;
  std::map<std::uint32_t, bool> steps;  // a later key with the same time wins, as in the game
  if (node.morph.front().time > 0) steps[0] = true;
  for (const auto& key : node.morph) steps[key.time] = key.visible != 0;
  VisibilityTrack track;
  track.joint = joint;
  for (const auto& [ms, visible] : steps) {
    track.times.push_back(ms / 1000.0);
    track.visible.push_back(visible);
  }
  return track;
}

Mat4 column_form(const RowMatrix& m) {
  Mat4 out;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) out.at(r, c) = m[c][r];
  }
  return out;
}

struct CameraPose {
  Vec3 translation;
  Quat rotation;
};
bool close(const CameraPose& a, const CameraPose& b) {
  return close(a.translation, b.translation) && close(a.rotation, b.rotation);
}
CameraPose extrapolate(const CameraPose& a, const CameraPose& b, double f) {
  return {extrapolate(a.translation, b.translation, f), extrapolate(a.rotation, b.rotation, f)};
}

// The camera relative to the root node's world matrix (its parent joint), B = I.
CameraPose camera_pose(const ani::Document& document, const ani::Engine& engine, double ms) {
  const Mat4 local =
      inverse_affine(column_form(local_transform(document.root, ms))) * column_form(*engine.camera_at(ms));
  return {local.translation(), rotation_of(local)};
}

// Times at which the camera joint may jump: the roll steps, the ends of the look-at's "nothing before the
// first key", and the keys of the root node it hangs under.
std::vector<std::uint32_t> camera_key_times(const ani::Document& document) {
  std::vector<std::uint32_t> times;
  const auto add = [&](const auto& keys) {
    for (const auto& key : keys) times.push_back(key.time);
  };
  add(document.camera->position);
  add(document.camera->target);
  add(document.camera->roll);
  add(document.root.translation);
  add(document.root.rotation);
  add(document.root.scale);
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

// The engine's look-at relative to the root node at every key time and just before it (its jumps, kJumpMs
// wide) and every millisecond in between. A clip longer than kMaxCameraMilliseconds ms is sampled on a
// coarser grid between the keys, every `grid_step` ms.
std::map<double, CameraPose> camera_points(const ani::Document& document, const ani::Engine& engine,
                                           std::uint64_t& grid_step) {
  std::map<double, CameraPose> points;  // by point time; keys first, so that no grid point takes their time
  const auto evaluate = [&](double ms) { return camera_pose(document, engine, ms); };
  const auto exact = [&](double point) {
    if (!points.contains(point)) points.emplace(point, evaluate(point));
  };
  const auto end = static_cast<std::uint64_t>(std::max(document.duration, 0));
  const std::vector<std::uint32_t> keys = camera_key_times(document);
  for (const std::uint32_t ms : keys) {
    const double point = point_ms(ms);
    if (ms <= end && !points.contains(point)) points.emplace(point, key_value_at(evaluate, ms, point));
  }
  for (const std::uint32_t ms : keys) {
    if (ms > 0 && ms <= end) exact(before_ms(ms));
  }
  grid_step = std::max<std::uint64_t>(1, (end + kMaxCameraMilliseconds - 1) / kMaxCameraMilliseconds);
  for (std::uint64_t ms = 0; ms < end; ms += grid_step) exact(point_ms(static_cast<double>(ms)));
  exact(point_ms(static_cast<double>(end)));
  return points;
}

JointChannels camera_channels(const ani::Document& document, const ani::Engine& engine, int joint,
                              std::uint64_t& grid_step) {
  std::vector<Point<Vec3>> positions;
  std::vector<Point<Quat>> rotations;
  for (const auto& [ms, pose] : camera_points(document, engine, grid_step)) {
    positions.push_back({ms, pose.translation});
    rotations.push_back({ms, pose.rotation});
  }
  align_hemispheres(rotations);
  JointChannels channels;
  channels.joint = joint;
  channels.translation = to_channel(reduce_vectors(positions));
  channels.rotation = to_channel(reduce_rotations(rotations));
  return channels;
}

// For a clip sampled on a coarse grid: the largest distance and angle between the exported camera and the
// engine's at the milliseconds half way between grid points (where linear interpolation strays most).
std::pair<double, double> camera_grid_error(const ani::Document& document, const ani::Engine& engine,
                                            const JointChannels& channels, std::uint64_t grid_step) {
  const auto end = static_cast<std::uint64_t>(std::max(document.duration, 0));
  double units = 0, radians = 0;
  for (std::uint64_t ms = grid_step / 2; ms < end; ms += grid_step) {
    const CameraPose expected = camera_pose(document, engine, static_cast<double>(ms));
    const double seconds = static_cast<double>(ms) / 1000.0;
    units = std::max(units, distance(sample_channel(*channels.translation, seconds), expected.translation));
    radians =
        std::max(radians, angle_between(sample_channel(*channels.rotation, seconds), expected.rotation));
  }
  return {units, radians};
}

std::string camera_note(const ani::Document& document, const ani::Engine& engine,
                        const JointChannels& channels, std::uint64_t grid_step) {
  const std::string joint =
      "camera: extra joint \"camera\" under the root node (its +Z is the view direction, +Y up), sampled "
      "from "
      "the look-at at its keys";
  if (grid_step == 1) return joint + " and every millisecond";
  const auto [units, radians] = camera_grid_error(document, engine, channels, grid_step);
  return fmt::format(
      "{}; the clip is {} ms long, more than the {} ms sampled one by one, so in between the camera is "
      "sampled "
      "every {} ms, off by up to {:.3g} units and {:.3g} degrees (measured half way between samples)",
      joint, document.duration, kMaxCameraMilliseconds, grid_step, units, radians * 180.0 / kPi);
}

std::string actors_json(const std::vector<Actor>& actors) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& actor : actors) list.push_back({{"name", name_to_utf8(actor.name)}, {"type", actor.type}});
  return list.dump();
}

}  // namespace

Result<CoreConversion> ani::to_core(const Document& document) {
  const ani::Engine engine(document);
  CoreConversion result;
  Scene& scene = result.scene;
  Clip clip;
  clip.name = "animation";
  clip.duration = std::max(document.duration, 0) / 1000.0;
  clip.metadata[kActorsKey] = actors_json(document.actors);
  describe_source(clip, ani::write(document));  // the writer gives it back when the clip comes back unchanged
  int resampled = 0;
  for (std::size_t i = 0; i < engine.nodes().size(); ++i) {
    const Node& node = *engine.nodes()[i].node;
    const int joint = static_cast<int>(i);
    scene.skeleton.joints.push_back({name_to_utf8(node.name), engine.nodes()[i].parent, {}});
    result.core_joint_of.push_back(joint);
    clip.joints.push_back(node_channels(node, joint, resampled));
    if (auto track = visibility_track(node, joint)) clip.visibility.push_back(std::move(*track));
  }
  if (resampled > 0) {
    result.notes.push_back(
        fmt::format("{} key segment(s) where the game's curve is not a slerp (antipodal branch, non-unit "
                    "quaternions or keys "
                    "out of order) were sampled every millisecond",
                    resampled));
  }
  if (document.camera) {
    if (engine.camera(0)) {
      const int joint = static_cast<int>(scene.skeleton.joints.size());
      scene.skeleton.joints.push_back({kCameraJointName, 0, {}});
      std::uint64_t grid_step = 1;
      clip.joints.push_back(camera_channels(document, engine, joint, grid_step));
      clip.metadata[kCameraKey] = kCameraJointName;
      result.notes.push_back(camera_note(document, engine, clip.joints.back(), grid_step));
    } else {
      result.notes.push_back("camera block dropped: it has no target keys (undefined behaviour in the game)");
    }
  }
  scene.clips.push_back(std::move(clip));
  result.conversion = AxisConversion::mirror_x();
  result.conversion.apply(scene);
  return result;
}

}  // namespace bonebridge::lego
