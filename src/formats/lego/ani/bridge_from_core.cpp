// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/ani/bridge.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

#include "../bridge_shared.hpp"
#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/bake.hpp"
#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lego/ani/codec.hpp"
#include "bonebridge/formats/lego/ani/engine.hpp"
#include "bonebridge/formats/lego/ani/limits.hpp"

namespace bonebridge::lego {
namespace {

[[noreturn]] void refuse(std::string message) {
  throw FormatError(Error{kFormatName, std::move(message), {}, {}, {}});
}

void refuse_over(const FileLimit& limit, std::uint64_t count, const std::string& where) {
  std::vector<std::string> notes;
  if (auto within = check_limit(kFormatName, limit, count, where, notes); !within)
    throw FormatError(within.error());
}

std::string file_name(const std::string& text) {
  auto name = name_from_utf8(text);
  if (!name) refuse(fmt::format("the name \"{}\" has characters the game's 8-bit names cannot hold", text));
  return *std::move(name);
}

std::uint32_t to_key_time(double ms, const std::string& where) {
  if (!(ms >= 0)) return 0;
  refuse_over(key_time_limit(), static_cast<std::uint64_t>(std::min(ms, 1e18)), where);
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
  refuse_over(keys_per_channel_limit(), count, where + " after conversion");
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

// A kept key is at most this many keys after the one before it (a long hold costs a key every 4 seconds).
constexpr std::size_t kMaxReducedSpan = 4096;

// Keys the game's own interpolation reproduces are dropped (issue 28): `evaluate` is the engine's channel
// evaluation (nullopt where the channel contributes nothing, which the game treats as `rest`), called on the
// two kept keys around a key at that key's whole millisecond, in the game's float arithmetic.
template <class Key, class Value, class Evaluate, class Distance>
std::vector<Key> reduce_with_engine(const std::vector<Key>& keys, Evaluate evaluate, Value rest,
                                    Distance distance, double tolerance, KeyReductionReport& report) {
  const auto value_at = [&](const std::vector<Key>& span, std::uint32_t ms) -> Value {
    const auto value = evaluate(span, static_cast<float>(ms));
    return value ? *value : rest;
  };
  return reduce_keys(
      keys, [](const Key& key) { return key.time; },
      [&](const Key& a, const Key& b, std::uint32_t ms) {
        return value_at({a, b}, ms);
      },
      [&](const Value& value, const Key& key) { return distance(value, value_at({key}, key.time)); },
      tolerance, kMaxReducedSpan, report);
}

double vector_distance(const std::array<float, 3>& a, const std::array<float, 3>& b) {
  return distance(Vec3{a[0], a[1], a[2]}, Vec3{b[0], b[1], b[2]});
}

double rotation_distance(const GameQuat& a, const GameQuat& b) {
  return angle_between(Quat{a.x, a.y, a.z, a.w}, Quat{b.x, b.y, b.z, b.w});
}

struct ReverseContext {
  const Scene* scene;
  std::vector<std::vector<int>> children;
  std::vector<const JointChannels*> channels;
  std::vector<const VisibilityTrack*> visibility;
  MotionTolerance tolerance;
  KeyReductionReport* translations;
  KeyReductionReport* rotations;
  KeyReductionReport* scales;
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
  const auto evaluate_vector = [](const std::vector<VectorKey>& keys, float ms) {
    return evaluate_translation(keys, ms);
  };
  const auto evaluate_quat = [](const std::vector<RotationKey>& keys, float ms) {
    return evaluate_rotation(keys, ms);
  };
  node.translation =
      reduce_with_engine(vector_keys(channel_samples(translation, where + " translation", reduce_vectors),
                                     true, where + " translation"),
                         evaluate_vector, std::array<float, 3>{}, vector_distance, context.tolerance.position,
                         *context.translations);
  node.rotation = reduce_with_engine(
      rotation_keys(channel_samples(rotation, where + " rotation", reduce_rotations), where + " rotation"),
      evaluate_quat, GameQuat{}, rotation_distance, context.tolerance.radians, *context.rotations);
  const bool unit_scale = scale.interpolation != Interpolation::CubicSpline &&
                          std::all_of(scale.values.begin(), scale.values.end(), [](Vec3 s) {
                            return s == Vec3{1, 1, 1};
                          });
  // A channel that is one inactive key (a zero move, the identity turn) plays as no channel: not written.
  if (node.translation.size() == 1 && !translation_active(node.translation.front())) node.translation.clear();
  if (node.rotation.size() == 1 && !rotation_active(node.rotation.front())) node.rotation.clear();
  const auto evaluate_size = [](const std::vector<VectorKey>& keys, float ms) {
    return evaluate_scale(keys, ms);
  };
  if (!unit_scale)
    node.scale = reduce_with_engine(
        vector_keys(channel_samples(scale, where + " scale", reduce_vectors), false, where + " scale"),
        evaluate_size, std::array<float, 3>{1, 1, 1}, vector_distance, context.tolerance.position,
        *context.scales);
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
void bound(ani::Document& document) {
  const ani::Engine engine(document);
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

std::string reduction_note(const KeyReductionReport& translations, const KeyReductionReport& rotations,
                           const KeyReductionReport& scales, const MotionTolerance& tolerance) {
  return fmt::format(
      "keys reduced by the game's own interpolation (tolerance {:.3g} units, {:.3g} rad): translation {} -> "
      "{} "
      "(largest error {:.3g}), rotation {} -> {} ({:.3g} rad), scale {} -> {} ({:.3g})",
      tolerance.position, tolerance.radians, translations.before, translations.after,
      translations.largest_error, rotations.before, rotations.after, rotations.largest_error, scales.before,
      scales.after, scales.largest_error);
}

// What a round trip through glTF's float32 moves a world matrix by (game units; a character is ~5 units
// tall).
constexpr MotionTolerance kUnchangedTolerance{1e-4, 1e-4};

// The game's world matrix of every node (and the camera) at whole milliseconds, column-major.
ModelPoseAt world_matrices(const ani::Engine& engine) {
  const auto column_major = [](const RowMatrix& row) {
    Mat4 model;
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c)
        model.at(r, c) = row[static_cast<std::size_t>(c)][static_cast<std::size_t>(r)];
    return model;
  };
  return [&engine, column_major](double seconds) -> std::optional<std::vector<Mat4>> {
    const auto ms = static_cast<std::int32_t>(std::llround(seconds * 1000.0));
    std::vector<Mat4> models;
    for (const NodePose& pose : engine.evaluate(ms)) models.push_back(column_major(pose.world));
    if (const auto camera = engine.camera(ms)) models.push_back(column_major(*camera));
    return models;
  };
}

bool same_structure(const ani::Engine& a, const ani::Engine& b) {
  if (a.nodes().size() != b.nodes().size()) return false;
  for (std::size_t i = 0; i < a.nodes().size(); ++i) {
    if (a.nodes()[i].node->name != b.nodes()[i].node->name || a.nodes()[i].parent != b.nodes()[i].parent)
      return false;
  }
  return true;
}

bool same_visibility(const ani::Engine& a, const ani::Engine& b, std::span<const double> instants) {
  for (const double t : instants) {
    const auto ms = static_cast<std::int32_t>(std::llround(t * 1000.0));
    const auto poses_a = a.evaluate(ms), poses_b = b.evaluate(ms);
    for (std::size_t i = 0; i < poses_a.size(); ++i)
      if (poses_a[i].visible != poses_b[i].visible) return false;
  }
  return true;
}

// The file the clip's extras describe replaces what was written when the game plays both alike at every
// millisecond: same nodes, actors, duration and visibility, world matrices within the float rounding of a
// round trip through glTF.
void keep_unchanged_source(const Clip& clip, Converted<ani::Document>& result) {
  const auto bytes = described_source(clip);
  if (!bytes) return;
  auto source = ani::read(*bytes);
  if (!source) return;
  const auto differs = [&] {
    result.notes.push_back(edited_note(MotionDifference{false}, kUnchangedTolerance));
  };
  if (source->duration != result.value.duration || source->actors != result.value.actors) return differs();
  {
    const ani::Engine written(result.value), original(*source);
    if (!same_structure(written, original)) return differs();
    const auto instants =
        engine_instants(std::max(source->duration, 0) / 1000.0, 0.001, kMaxComparedInstants);
    const MotionDifference difference =
        compare_motion(instants, world_matrices(written), world_matrices(original));
    if (!within(difference, kUnchangedTolerance) || !same_visibility(written, original, instants)) {
      result.notes.push_back(edited_note(difference, kUnchangedTolerance));
      return;
    }
    result.notes = {unchanged_note(difference, kUnchangedTolerance)};
  }
  result.value = std::move(*source);
}

}  // namespace

Result<Converted<ani::Document>> ani::from_core(const Scene& source, std::size_t clip_index,
                                                const MotionTolerance& tolerance) {
  return capture(kFormatName, [&]() -> Converted<ani::Document> {
    if (clip_index >= source.clips.size()) refuse(fmt::format("the scene has no clip {}", clip_index));
    if (!is_topologically_ordered(source.skeleton)) refuse("the skeleton lists a joint before its parent");
    Scene scene = source;
    AxisConversion::mirror_x().inverse().apply(scene);  // glTF's frame -> the game's left-handed frame
    const Clip& clip = scene.clips[clip_index];
    const auto& joints = scene.skeleton.joints;
    if (joints.empty()) refuse("the skeleton has no joint");
    Converted<ani::Document> result;
    KeyReductionReport translations, rotations, scales;
    ReverseContext context{&scene,
                           std::vector<std::vector<int>>(joints.size()),
                           std::vector<const JointChannels*>(joints.size()),
                           std::vector<const VisibilityTrack*>(joints.size()),
                           tolerance,
                           &translations,
                           &rotations,
                           &scales};
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
    ani::Document& document = result.value;
    document.actors = actors_from(clip, result.notes);
    // A key between two milliseconds is held at both (key_milliseconds), so a duration between two ends on
    // the later one: rounded down, the last key lay after it and was never reached (Blender's 30 fps export).
    const double duration_ms = clip.duration * 1000.0;
    document.duration = static_cast<std::int32_t>(
        to_key_time(std::abs(duration_ms - std::round(duration_ms)) < 1e-6 ? std::round(duration_ms)
                                                                           : std::ceil(duration_ms),
                    "clip duration"));
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
    result.notes.push_back(reduction_note(translations, rotations, scales, tolerance));
    keep_unchanged_source(clip, result);
    return result;
  });
}

}  // namespace bonebridge::lego
