#include "bonebridge/formats/lego/bridge.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <type_traits>

#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/bake.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lego/codec.hpp"
#include "bonebridge/formats/lego/engine.hpp"

namespace bonebridge::lego {
namespace {

// No segment over 15 degrees; arcs are cut into pieces a little under it so that float rounding never pushes
// one over it.
constexpr RotationSegments kSegments{15.0 * kPi / 180.0, 14.5 * kPi / 180.0, 0};
constexpr double kReduceTolerance = 2e-6;  // game units (relative above 1) or radians
// Resampled stretches get at most this many points each, and a channel at most kMaxSamplesPerChannel in all,
// so that a hostile file cannot ask for 2^24 points per segment (the step then grows beyond 1 ms).
constexpr std::uint32_t kMaxSamplesPerStretch = 4096;
constexpr std::uint64_t kMaxSamplesPerChannel = 65536;
// The camera is sampled every millisecond up to this many milliseconds (17.5 minutes, longer than any known
// cutscene; about 2 s of work), on a coarser grid beyond, so that a hostile duration (up to 2^31 ms) costs
// no more.
constexpr std::uint64_t kMaxCameraMilliseconds = std::uint64_t{1} << 20;
// Width of a jump in the exported curves (see before_ms).
constexpr double kJumpMs = 0.01;
// A kept point spans at most this many dropped ones, which bounds the reduction's work per point.
constexpr std::size_t kMaxReduceSpan = 256;
constexpr const char* kActorsKey = "lego.actors";
constexpr const char* kCameraKey = "lego.camera_joint";

template <class Value>
using Point = Knot<Value>;  // time in milliseconds

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

double vector_tolerance(Vec3 v) {
  return kReduceTolerance * std::max({1.0, std::abs(v.x), std::abs(v.y), std::abs(v.z)});
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

// A kept point spans at most kMaxReduceSpan points, found by doubling, then bisecting: O(span · log span)
// work per kept point, which a camera sampled every millisecond of a long clip needs.
template <class Value, class Fits>
std::vector<Point<Value>> reduce_points(const std::vector<Point<Value>>& points, Fits fits) {
  std::vector<Point<Value>> out;
  for (const std::size_t i :
       reduce(std::span<const Point<Value>>(points), fits, {kMaxReduceSpan, SpanSearch::Doubling})) {
    out.push_back(points[i]);
  }
  return out;
}

std::vector<Point<Vec3>> reduce_vectors(const std::vector<Point<Vec3>>& points) {
  return reduce_points(points, [](Vec3 a, Vec3 b, double f, Vec3 actual) {
    return lerp_reproduces(a, b, f, actual, vector_tolerance(actual));
  });
}

std::vector<Point<Quat>> reduce_rotations(const std::vector<Point<Quat>>& points) {
  return reduce_points(points, [](Quat a, Quat b, double f, Quat actual) {
    return angle_between(a, b) <= kSegments.max_radians &&
           slerp_reproduces(a, b, f, actual, kReduceTolerance);
  });
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

// Rotation of a column-vector matrix whose 3x3 part may carry scale: its columns normalised.
Quat rotation_of(const Mat4& m) {
  Mat3 r;
  for (int c = 0; c < 3; ++c) {
    const double n = std::sqrt(m.at(0, c) * m.at(0, c) + m.at(1, c) * m.at(1, c) + m.at(2, c) * m.at(2, c));
    for (int row = 0; row < 3; ++row) r.at(row, c) = n > 0 ? m.at(row, c) / n : (row == c ? 1.0 : 0.0);
  }
  return to_quat(r);
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
CameraPose camera_pose(const Document& document, const Engine& engine, double ms) {
  const Mat4 local =
      inverse_affine(column_form(local_transform(document.root, ms))) * column_form(*engine.camera_at(ms));
  return {local.translation(), rotation_of(local)};
}

// Times at which the camera joint may jump: the roll steps, the ends of the look-at's "nothing before the
// first key", and the keys of the root node it hangs under.
std::vector<std::uint32_t> camera_key_times(const Document& document) {
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
std::map<double, CameraPose> camera_points(const Document& document, const Engine& engine,
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

JointChannels camera_channels(const Document& document, const Engine& engine, int joint,
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
std::pair<double, double> camera_grid_error(const Document& document, const Engine& engine,
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

std::string camera_note(const Document& document, const Engine& engine, const JointChannels& channels,
                        std::uint64_t grid_step) {
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

// ---------------------------------------------------------------------------------------------------------
// Core -> document.

[[noreturn]] void refuse(std::string message) {
  throw FormatError(Error{kFormatName, std::move(message), {}, {}, {}});
}

std::string file_name(const std::string& text) {
  auto name = name_from_utf8(text);
  if (!name) refuse(fmt::format("the name \"{}\" has characters the game's 8-bit names cannot hold", text));
  return *std::move(name);
}

std::uint32_t to_key_time(double ms, const std::string& where) {
  if (!(ms >= 0)) return 0;
  if (ms > kMaxKeyTime) refuse(fmt::format("{}: a key at {} ms is beyond the format's 2^24 ms", where, ms));
  return static_cast<std::uint32_t>(ms);
}

// Whole milliseconds at which the game must hold a key so that its linear interpolation between keys matches
// the core channel at every whole millisecond (see bridge.hpp).
template <class Value>
std::vector<std::uint32_t> key_milliseconds(const Channel<Value>& channel, const std::string& where) {
  std::vector<std::uint32_t> ms{0};
  if (channel.interpolation == Interpolation::CubicSpline) {
    // Every millisecond, or a coarser step when that would exceed the format's 65535 keys.
    const std::uint32_t last = to_key_time(std::ceil(channel.times.back() * 1000.0), where);
    const std::uint32_t step = last / 0xFFFF + 1;
    for (std::uint64_t t = step; t < last; t += step) ms.push_back(static_cast<std::uint32_t>(t));
    if (last > 0) ms.push_back(last);
    return ms;
  }
  for (const double seconds : channel.times) {
    const double exact = seconds * 1000.0;
    const double nearest = std::round(exact);
    if (std::abs(exact - nearest) < 1e-6) {
      if (channel.interpolation == Interpolation::Step && nearest >= 1)
        ms.push_back(to_key_time(nearest - 1, where));
      ms.push_back(to_key_time(nearest, where));
    } else {
      ms.push_back(to_key_time(std::floor(exact), where));
      ms.push_back(to_key_time(std::ceil(exact), where));
    }
  }
  std::sort(ms.begin(), ms.end());
  ms.erase(std::unique(ms.begin(), ms.end()), ms.end());
  return ms;
}

template <class Value>
std::vector<Point<Value>> sample_at(const Channel<Value>& channel, const std::vector<std::uint32_t>& ms) {
  std::vector<Point<Value>> points;
  points.reserve(ms.size());
  for (const std::uint32_t t : ms)
    points.push_back({static_cast<double>(t), sample_channel(channel, t / 1000.0)});
  return points;
}

void check_key_count(std::size_t count, const std::string& where) {
  if (count > 0xFFFF) refuse(fmt::format("{}: {} keys after conversion, at most 65535 fit", where, count));
}

std::vector<VectorKey> vector_keys(const std::vector<Point<Vec3>>& points, bool flag_active,
                                   const std::string& where) {
  check_key_count(points.size(), where);
  std::vector<VectorKey> keys;
  for (const auto& p : points) {
    VectorKey key{static_cast<std::uint32_t>(p.time), 0, static_cast<float>(p.value.x),
                  static_cast<float>(p.value.y), static_cast<float>(p.value.z)};
    // Stored active unless zero (as in the shipped sample), so that values within 1e-5 of zero, which the
    // game's value test would skip, are used as well; an inactive zero key plays the same as an active one.
    if (flag_active && (key.x != 0 || key.y != 0 || key.z != 0)) key.flags = kFlagActive;
    keys.push_back(key);
  }
  return keys;
}

std::vector<RotationKey> rotation_keys(std::vector<Point<Quat>> points, const std::string& where) {
  check_key_count(points.size(), where);
  for (auto& p : points) p.value = normalize(p.value);
  align_hemispheres(points);
  std::vector<RotationKey> keys;
  for (const auto& p : points) {
    // Stored (w, x, y, z) of conj(q): the game's row-vector use of the stored value turns it back into q.
    RotationKey key{static_cast<std::uint32_t>(p.time), 0,
                    static_cast<float>(p.value.w),      static_cast<float>(-p.value.x),
                    static_cast<float>(-p.value.y),     static_cast<float>(-p.value.z)};
    // Stored active unless the identity: a small rotation whose w rounds to 1.0f would otherwise be skipped.
    if (key.w != 1.0f || key.x != 0 || key.y != 0 || key.z != 0) key.flags = kFlagActive;
    keys.push_back(key);
  }
  return keys;
}

template <class Value, class Reduce>
std::vector<Point<Value>> channel_samples(const Channel<Value>& channel, const std::string& where,
                                          Reduce reduce_points) {
  auto points = sample_at(channel, key_milliseconds(channel, where));
  return channel.interpolation == Interpolation::CubicSpline ? reduce_points(points) : points;
}

struct ReverseContext {
  const Scene* scene;
  std::vector<std::vector<int>> children;
  std::vector<const JointChannels*> channels;
  std::vector<const VisibilityTrack*> visibility;
};

Node build_node(const ReverseContext& context, int joint, std::size_t depth) {
  const Joint& source = context.scene->skeleton.joints[static_cast<std::size_t>(joint)];
  if (depth > kMaxTreeDepth)
    refuse(fmt::format("joint \"{}\" is nested deeper than {} levels", source.name, kMaxTreeDepth));
  Node node;
  node.name = file_name(source.name);
  const JointChannels* channels = context.channels[static_cast<std::size_t>(joint)];
  const auto constant = [](auto value) {
    using Value = decltype(value);
    Channel<Value> channel;
    channel.times = {0.0};
    channel.values = {value};
    return channel;
  };
  const Transform& rest = source.rest;
  const Channel<Vec3> translation = channels && channels->translation && !channels->translation->empty()
                                        ? *channels->translation
                                        : constant(rest.translation);
  const Channel<Quat> rotation = channels && channels->rotation && !channels->rotation->empty()
                                     ? *channels->rotation
                                     : constant(rest.rotation);
  const Channel<Vec3> scale =
      channels && channels->scale && !channels->scale->empty() ? *channels->scale : constant(rest.scale);
  const std::string where = fmt::format("joint \"{}\"", source.name);
  node.translation = vector_keys(channel_samples(translation, where + " translation", reduce_vectors), true,
                                 where + " translation");
  node.rotation =
      rotation_keys(channel_samples(rotation, where + " rotation", reduce_rotations), where + " rotation");
  const bool unit_scale = scale.interpolation != Interpolation::CubicSpline &&
                          std::all_of(scale.values.begin(), scale.values.end(), [](Vec3 s) {
                            return s == Vec3{1, 1, 1};
                          });
  if (!unit_scale)
    node.scale =
        vector_keys(channel_samples(scale, where + " scale", reduce_vectors), false, where + " scale");
  if (const VisibilityTrack* track = context.visibility[static_cast<std::size_t>(joint)]) {
    std::map<std::uint32_t, bool> steps;
    for (std::size_t k = 0; k < track->times.size() && k < track->visible.size(); ++k) {
      const double exact = track->times[k] * 1000.0;
      const double nearest = std::round(exact);
      steps[to_key_time(std::abs(exact - nearest) < 1e-6 ? nearest : std::ceil(exact), where)] =
          track->visible[k];
    }
    if (!steps.empty() && steps.begin()->first > 0) steps.emplace(0, steps.begin()->second);
    for (const auto& [ms, visible] : steps)
      node.morph.push_back({ms, 0, static_cast<std::uint8_t>(visible ? 1 : 0)});
    check_key_count(node.morph.size(), where + " visibility");
  }
  for (const int child : context.children[static_cast<std::size_t>(joint)]) {
    node.children.push_back(build_node(context, child, depth + 1));
  }
  return node;
}

std::vector<Actor> actors_from(const Clip& clip, std::vector<std::string>& notes) {
  std::vector<Actor> actors;
  const auto it = clip.metadata.find(kActorsKey);
  if (it == clip.metadata.end()) {
    notes.push_back(
        "no actor list in the source: the game will bind node names to objects already in its scene");
    return actors;
  }
  const auto list = nlohmann::json::parse(it->second, nullptr, false);
  if (!list.is_array()) refuse(fmt::format("clip metadata \"{}\" is not a JSON array", kActorsKey));
  for (const auto& entry : list) {
    if (!entry.is_object() || !entry.contains("name") || !entry["name"].is_string() ||
        !entry.contains("type") || !entry["type"].is_number_unsigned()) {
      refuse(fmt::format("clip metadata \"{}\": each actor needs a string name and an unsigned type",
                         kActorsKey));
    }
    if (entry["name"].get<std::string>().empty()) {
      notes.push_back("an actor with an empty name was dropped (the game cannot use it)");
      continue;
    }
    actors.push_back({file_name(entry["name"].get<std::string>()), entry["type"].get<std::uint32_t>()});
  }
  return actors;
}

// The camera joint back to a look-at block, sampled every millisecond from its model matrix: position,
// target one unit ahead, and the roll about the view direction (stepped in the game, hence a key wherever it
// changes).
CameraScene camera_block(const Scene& scene, const Clip& clip, int joint) {
  const std::uint32_t end = to_key_time(std::ceil(clip.duration * 1000.0), "camera");
  check_key_count(std::size_t{end} + 1, "camera");
  ClipPoser poser(scene.skeleton, clip);
  std::vector<Point<Vec3>> positions, targets;
  CameraScene camera;
  for (std::uint32_t ms = 0; ms <= end; ++ms) {
    const Mat4& world = poser.model_at(ms / 1000.0)[static_cast<std::size_t>(joint)];
    const Quat rotation = rotation_of(world);
    const Vec3 position = world.translation();
    const Vec3 forward = rotate(rotation, {0, 0, 1});
    const Vec3 right = rotate(rotation, {1, 0, 0});
    Vec3 look_right = cross({0, 1, 0}, forward);
    look_right = look_right * (1.0 / std::max(length(look_right), 1e-12));
    const Vec3 look_up = cross(forward, look_right);
    const auto roll = static_cast<float>(std::atan2(dot(right, look_up), dot(right, look_right)));
    positions.push_back({static_cast<double>(ms), position});
    targets.push_back({static_cast<double>(ms), position + forward});
    if (camera.roll.empty() || std::abs(camera.roll.back().roll - roll) > 1e-6f)
      camera.roll.push_back({ms, 0, roll});
  }
  camera.position = vector_keys(reduce_vectors(positions), true, "camera position");
  camera.target = vector_keys(reduce_vectors(targets), true, "camera target");
  return camera;
}

// The bounding sphere the game uses for picking: around the positions of the nodes bound to objects (not
// '-' grouping nodes; all nodes when every one is a grouping node), sampled over the clip and at its end.
void bound(Document& document) {
  const Engine engine(document);
  std::vector<bool> counted(engine.nodes().size());
  for (std::size_t i = 0; i < counted.size(); ++i) {
    const std::string& name = engine.nodes()[i].node->name;
    counted[i] = !name.empty() && name.front() != '-';
  }
  if (std::none_of(counted.begin(), counted.end(), [](bool b) { return b; }))
    counted.assign(counted.size(), true);
  Vec3 low{1e30, 1e30, 1e30}, high{-1e30, -1e30, -1e30};
  std::vector<Vec3> positions;
  const auto end = std::max(document.duration, 0);
  // Every 10 ms, or 2048 instants spread over a longer clip.
  const std::int32_t step = std::max(10, end / 2048);
  for (std::int32_t ms = 0;; ms = std::min(ms + step, end)) {
    const auto poses = engine.evaluate(ms);
    for (std::size_t i = 0; i < poses.size(); ++i) {
      if (!counted[i]) continue;
      const Vec3 p{poses[i].world[3][0], poses[i].world[3][1], poses[i].world[3][2]};
      positions.push_back(p);
      low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
      high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
    }
    if (ms == end) break;
  }
  const Vec3 center = (low + high) * 0.5;
  double radius = 0;
  for (const Vec3& p : positions) radius = std::max(radius, distance(p, center));
  document.header.radius = static_cast<float>(radius);
  document.header.center[0] = static_cast<float>(center.x);
  document.header.center[1] = static_cast<float>(center.y);
  document.header.center[2] = static_cast<float>(center.z);
}

}  // namespace

CoreConversion to_core(const Document& document) {
  const Engine engine(document);
  CoreConversion result;
  Scene& scene = result.scene;
  Clip clip;
  clip.name = "animation";
  clip.duration = std::max(document.duration, 0) / 1000.0;
  clip.metadata[kActorsKey] = actors_json(document.actors);
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

Result<DocumentConversion> from_core(const Scene& source, std::size_t clip_index) {
  return capture(kFormatName, [&]() -> DocumentConversion {
    if (clip_index >= source.clips.size()) refuse(fmt::format("the scene has no clip {}", clip_index));
    if (!is_topologically_ordered(source.skeleton)) refuse("the skeleton lists a joint before its parent");
    Scene scene = source;
    AxisConversion::mirror_x().inverse().apply(scene);  // glTF's frame -> the game's left-handed frame
    const Clip& clip = scene.clips[clip_index];
    const auto& joints = scene.skeleton.joints;
    if (joints.empty()) refuse("the skeleton has no joint");
    DocumentConversion result;
    ReverseContext context{&scene, std::vector<std::vector<int>>(joints.size()),
                           std::vector<const JointChannels*>(joints.size()),
                           std::vector<const VisibilityTrack*>(joints.size())};
    const auto camera_name = clip.metadata.find(kCameraKey);
    int camera = -1;
    std::vector<int> roots;
    for (std::size_t i = 0; i < joints.size(); ++i) {
      if (joints[i].name.empty())
        refuse(fmt::format("joint {} has an empty name; the game cannot bind it", i));
      if (camera < 0 && camera_name != clip.metadata.end() && joints[i].name == camera_name->second) {
        camera = static_cast<int>(i);
        continue;
      }
      (joints[i].parent < 0 ? roots : context.children[static_cast<std::size_t>(joints[i].parent)])
          .push_back(static_cast<int>(i));
    }
    if (camera >= 0 && !context.children[static_cast<std::size_t>(camera)].empty()) {
      refuse(
          fmt::format("the camera joint \"{}\" has children", joints[static_cast<std::size_t>(camera)].name));
    }
    if (roots.empty()) refuse("the skeleton has no joint besides the camera");
    for (const auto& channels : clip.joints) {
      const auto joint = static_cast<std::size_t>(channels.joint);
      if (joint < joints.size() && !context.channels[joint]) context.channels[joint] = &channels;
    }
    for (const auto& track : clip.visibility) {
      const auto joint = static_cast<std::size_t>(track.joint);
      if (joint < joints.size() && !context.visibility[joint]) context.visibility[joint] = &track;
    }
    Document& document = result.document;
    document.actors = actors_from(clip, result.notes);
    document.duration =
        static_cast<std::int32_t>(to_key_time(std::round(clip.duration * 1000.0), "clip duration"));
    if (roots.size() == 1) {
      document.root = build_node(context, roots.front(), 0);
    } else {
      document.root.name = "-ROOT";
      for (const int root : roots) document.root.children.push_back(build_node(context, root, 1));
      result.notes.push_back(
          fmt::format("{} root joints were put under a grouping node \"-ROOT\"", roots.size()));
    }
    if (camera >= 0) {
      document.camera = camera_block(scene, clip, camera);
      document.header.parse_scene = 1;
      result.notes.push_back("camera joint turned into a look-at camera block sampled every millisecond");
    }
    bound(document);
    return result;
  });
}

}  // namespace bonebridge::lego
