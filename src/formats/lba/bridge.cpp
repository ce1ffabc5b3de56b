#include "bonebridge/formats/lba/bridge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "bonebridge/core/bake.hpp"
#include "bonebridge/core/sampler.hpp"

namespace bonebridge::lba {
namespace {

// Nlerp players agree with slerp within 1e-4 rad over 15 degrees; an arc a rounding error over a whole number
// of segments gets no extra one.
constexpr RotationSegments kRotationSegments{15.0 * kPi / 180.0, 15.0 * kPi / 180.0, 1e-9};

double to_radians(int angle, Variant variant) {
  const int units = traits(variant).angle_units;
  return 2 * kPi * static_cast<double>(angle & (units - 1)) / units;
}

Vec3 as_vec(const std::array<std::int16_t, 3>& v) {
  return {double(v[0]), double(v[1]), double(v[2])};
}

// Bind position of every point: assembled[i] = raw[i] + assembled[pivot of i's group] (§2.5).
std::vector<Vec3> assembled_points(const Body& body) {
  std::vector<Vec3> out(body.points.size());
  const auto owner = point_owners(body);
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    const auto& group = body.groups[g];
    const std::size_t pivot = group.pivot_point / 6;
    const Vec3 base = parent_index(group, g) >= 0 && pivot < out.size() ? out[pivot] : Vec3{};
    const std::size_t first = group.first_point / 6;
    for (std::size_t p = first; p < first + group.point_count && p < out.size(); ++p) {
      if (owner[p] == static_cast<int>(g)) out[p] = base + as_vec(body.points[p]);
    }
  }
  return out;
}

// A joint's offset from its parent's origin: the pivot's stored point when the parent owns the pivot
// (the engine's rule), otherwise the bind-pose difference.
std::vector<Vec3> pivot_offsets(const Body& body) {
  std::vector<Vec3> offsets(body.groups.size());
  const auto owner = point_owners(body);
  const auto assembled = assembled_points(body);
  std::vector<Vec3> origin(body.groups.size());
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    const int parent = parent_index(body.groups[g], g);
    const std::size_t pivot = body.groups[g].pivot_point / 6;
    if (parent < 0 || pivot >= body.points.size()) continue;
    origin[g] = assembled[pivot];
    offsets[g] = owner[pivot] == parent ? as_vec(body.points[pivot]) : assembled[pivot] - origin[parent];
  }
  return offsets;
}

// Drops keys equal to both kept neighbours: LINEAR playback is unchanged.
template <class Value>
void drop_flat_keys(Channel<Value>& channel) {
  const auto flat = [](const Value& left, const Value& right, double, const Value& actual) {
    return actual == left && actual == right;
  };
  channel = reduce(channel, flat, {std::numeric_limits<std::size_t>::max(), SpanSearch::Doubling});
}

// At most about 100 000 keys per channel, whatever the animation's length.
std::vector<std::int64_t> key_ticks(const Animation& animation, Variant variant) {
  const Timeline line = timeline(animation, variant);
  const std::int64_t stride =
      std::max<std::int64_t>(variant == Variant::Lba1 ? 1 : 20, line.end_ticks / 100000 + 1);
  std::set<std::int64_t> ticks(line.reach_ticks.begin(), line.reach_ticks.end());
  for (std::int64_t t = 0; t <= line.end_ticks; t += stride) ticks.insert(t);
  ticks.insert(line.end_ticks);
  return {ticks.begin(), ticks.end()};
}

Quat yaw_quat(int beta, Variant variant) {
  return axis_angle({0, 1, 0}, to_radians(beta, variant));
}

Mat4 q14_to_mat4(const PosedGroup& group, const Vec3& offset) {
  Mat4 m;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) m.at(r, c) = group.matrix[static_cast<std::size_t>(r * 3 + c)] / 16384.0;
  }
  m.m[12] = group.origin[0] + offset.x;
  m.m[13] = group.origin[1] + offset.y;
  m.m[14] = group.origin[2] + offset.z;
  return m;
}

std::string joint_name(std::size_t group) {
  return group == 0 ? std::string("root") : fmt::format("group_{}", group);
}

int wrap_half(int delta, int units) {
  delta %= units;
  if (delta >= units / 2) delta -= units;
  if (delta < -units / 2) delta += units;
  return delta;
}

}  // namespace

AxisConversion lba_to_gltf(double unit_scale) {
  return {
      1, 2, 3, unit_scale,
      fmt::format("LBA x side, y up, z forward (right-handed, as the rotation matrices are written) kept; "
                  "world units x {} to metres",
                  unit_scale)};
}

Quat euler_to_quat(int alpha, int beta, int gamma, Variant variant) {
  return normalize(axis_angle({1, 0, 0}, to_radians(alpha, variant)) *
                   axis_angle({0, 0, 1}, to_radians(gamma, variant)) *
                   axis_angle({0, 1, 0}, to_radians(beta, variant)));
}

// R = Rx(a)·Rz(c)·Ry(b) has R01 = -sin c, R11 = cos a cos c, R21 = sin a cos c, R00 = cos c cos b, R02 = cos
// c sin b.
std::array<int, 3> quat_to_euler(Quat q, Variant variant, const std::array<int, 3>& previous) {
  const Mat3 r = to_mat3(normalize(q));
  const int units = traits(variant).angle_units;
  const auto to_units = [&](double radians) {
    const auto v = static_cast<int>(std::lround(radians * units / (2 * kPi)));
    return ((v % units) + units) % units;
  };
  const double c = std::asin(std::clamp(-r.at(0, 1), -1.0, 1.0));
  double a = 0, b = 0;
  if (std::abs(std::cos(c)) > 1e-9) {
    a = std::atan2(r.at(2, 1), r.at(1, 1));
    b = std::atan2(r.at(0, 2), r.at(0, 0));
  } else {
    // Gimbal lock (gamma = ±90°): only a − b (sin c = 1) or a + b (sin c = −1) is defined; keep the previous
    // beta. With sin c = 1: R10 = cos(a − b), R12 = −sin(a − b); with −1: R10 = −cos(a + b), R12 = −sin(a +
    // b).
    b = to_radians(previous[1], variant);
    a = c > 0 ? b + std::atan2(-r.at(1, 2), r.at(1, 0)) : std::atan2(-r.at(1, 2), -r.at(1, 0)) - b;
  }
  const std::array<int, 3> first{to_units(a), to_units(b), to_units(c)};
  const std::array<int, 3> second{to_units(a + kPi), to_units(b + kPi), to_units(kPi - c)};
  const auto distance = [&](const std::array<int, 3>& v) {
    int sum = 0;
    for (int i = 0; i < 3; ++i) sum += std::abs(wrap_half(v[i] - previous[i], units));
    return sum;
  };
  return distance(second) < distance(first) ? second : first;
}

Skeleton body_skeleton(const Body& body, Variant variant) {
  Skeleton skeleton;
  const auto offsets = pivot_offsets(body);
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    const auto& group = body.groups[g];
    Joint joint;
    joint.name = joint_name(g);
    joint.parent = parent_index(group, g);
    joint.rest.translation = offsets[g];
    if (joint.parent >= 0 && group.type == 0) {
      joint.rest.rotation = euler_to_quat(group.angles[0], group.angles[1], group.angles[2], variant);
    } else if (joint.parent >= 0 && group.type == 1) {
      joint.rest.translation =
          offsets[g] + Vec3{double(group.angles[0]), double(group.angles[1]), double(group.angles[2])};
    }
    skeleton.joints.push_back(joint);
  }
  return skeleton;
}

std::vector<RigidMesh> body_markers(const Body& body, double marker_size) {
  std::vector<RigidMesh> meshes;
  const auto owner = point_owners(body);
  const Vec3 axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  const std::uint32_t faces[8][3] = {{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4},
                                     {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}};
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    RigidMesh mesh;
    mesh.name = joint_name(g) + "_points";
    mesh.joint = static_cast<int>(g);
    for (std::size_t p = 0; p < body.points.size(); ++p) {
      if (owner[p] != static_cast<int>(g)) continue;
      const auto base = static_cast<std::uint32_t>(mesh.positions.size());
      for (const Vec3& axis : axes) mesh.positions.push_back(as_vec(body.points[p]) + axis * marker_size);
      for (const auto& face : faces) {
        for (const auto corner : face) mesh.triangles.push_back(base + corner);
      }
    }
    if (!mesh.positions.empty()) meshes.push_back(std::move(mesh));
  }
  return meshes;
}

namespace {

// A group's local transform as the engine holds it (§2.3, §2.5): the root (or a group with no earlier parent)
// at the actor's position and yaw; any other group at its pivot offset in the parent's frame, turned by its
// Euler angles (type 0), moved by its value (type 1, no turn) or left in the parent's frame (zoom and unknown
// types, as LBA1 draws them). The glTF node of the group holds the same values.
Transform engine_local(const GroupEntry& value, int parent, const Vec3& offset, const Actor& actor,
                       Variant variant) {
  Transform local;
  if (parent < 0) {
    local.translation = {double(actor.position[0]), double(actor.position[1]), double(actor.position[2])};
    local.rotation = yaw_quat(actor.beta, variant);
  } else if (value.type == 0) {
    local.translation = offset;
    local.rotation = euler_to_quat(value.a, value.b, value.c, variant);
  } else {
    local.translation =
        offset + (value.type == 1 ? Vec3{double(value.a), double(value.b), double(value.c)} : Vec3{});
  }
  return local;
}

}  // namespace

EnginePose engine_pose(const Body& body, const EngineState& state, double seconds, Variant variant,
                       bool include_actor) {
  const Actor actor = include_actor ? state.actor : Actor{};
  const PosedBody posed = pose_body(body, state.pose, actor.beta, variant);
  const Vec3 actor_position{double(actor.position[0]), double(actor.position[1]), double(actor.position[2])};
  const auto offsets = pivot_offsets(body);
  EnginePose pose;
  pose.time = seconds;
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    EngineJoint joint;
    joint.name = joint_name(g);
    joint.parent = parent_index(body.groups[g], g);
    joint.model = q14_to_mat4(posed.groups[g], actor_position);
    joint.local = engine_local(posed_value(body, state.pose, g), joint.parent, offsets[g], actor, variant);
    pose.joints.push_back(std::move(joint));
  }
  return pose;
}

CoreConversion body_to_core(const Body& stored, const BridgeOptions& options) {
  const Body body = posable_body(stored);
  CoreConversion out;
  out.scene.skeleton = body_skeleton(body, options.variant);
  if (body.geometry) {
    out.scene.meshes =
        body_meshes(body, options.palette.value_or(placeholder_palette()), options.light, options.variant);
    out.notes.push_back(fmt::format(
        "body colours: {}, lit at the rest pose by SetLightVector({}, {}, 0) with an identity world matrix",
        options.palette ? "the given palette" : "a placeholder palette (give the game's with --palette)",
        options.light.alpha, options.light.beta));
  } else {
    double extent = 0;
    for (std::size_t i = 0; i < 3; ++i)
      extent = std::max(extent, double(body.bounds[2 * i + 1] - body.bounds[2 * i]));
    out.scene.meshes = body_markers(body, std::max(2.0, extent / 150));
    out.notes.push_back("the body's drawing data did not decode (" + body.geometry_error +
                        "): each vertex is shown as a small marker rigidly bound to its group");
  }
  out.conversion = lba_to_gltf(options.unit_scale);
  out.conversion.apply(out.scene);
  for (std::size_t g = 0; g < body.groups.size(); ++g) out.core_joint_of.push_back(static_cast<int>(g));
  return out;
}

namespace {

// The engine's state at every key tick of the animation's first pass.
struct KeyedStates {
  std::vector<std::int64_t> ticks;
  std::vector<EngineState> states;
  double tick_seconds = 0;
  double seconds(std::size_t k) const { return static_cast<double>(ticks[k]) * tick_seconds; }
};

KeyedStates keyed_states(const Animation& animation, Variant variant) {
  KeyedStates keyed{key_ticks(animation, variant), {}, traits(variant).tick_seconds};
  IdealClock clock(animation, variant);
  keyed.states.reserve(keyed.ticks.size());
  for (const auto t : keyed.ticks) keyed.states.push_back(clock.at(t));
  return keyed;
}

// The skeleton the clip animates: the body's, or a placeholder's when no body is given.
CoreConversion animation_skeleton(const Body& used, bool has_body, const BridgeOptions& options) {
  CoreConversion out = has_body ? body_to_core(used, options) : CoreConversion{};
  if (!has_body) {
    out.scene.skeleton = body_skeleton(used, options.variant);
    out.conversion = lba_to_gltf(options.unit_scale);
    for (std::size_t g = 0; g < used.groups.size(); ++g) out.core_joint_of.push_back(static_cast<int>(g));
    out.notes.push_back("no body given (--body): every group is a joint at the origin under the root");
  }
  return out;
}

// The actor's position and yaw, on the root joint or as the clip's root motion.
void add_root_motion(Clip& clip, const KeyedStates& keyed, const Body& used, const BridgeOptions& options) {
  Channel<Vec3> root_translation;
  Channel<Quat> root_rotation;
  for (std::size_t k = 0; k < keyed.ticks.size(); ++k) {
    const Actor& actor = keyed.states[k].actor;
    root_translation.times.push_back(keyed.seconds(k));
    root_translation.values.push_back(
        {double(actor.position[0]), double(actor.position[1]), double(actor.position[2])});
    append_rotation_key(root_rotation, keyed.seconds(k), yaw_quat(actor.beta, options.variant),
                        kRotationSegments);
  }
  drop_flat_keys(root_translation);
  drop_flat_keys(root_rotation);
  if (options.separate_root_motion) {
    clip.root_motion = RootMotion{root_translation, root_rotation};
  } else if (!used.groups.empty()) {
    clip.joints.push_back({0, root_translation, root_rotation, std::nullopt});
  }
}

// Group g's rotation (identity where it does not turn), and its translation when it ever moves (type 1).
JointChannels group_channels(std::size_t g, const KeyedStates& keyed, const Vec3& offset, Variant variant) {
  JointChannels channels{static_cast<int>(g), std::nullopt, std::nullopt, std::nullopt};
  Channel<Quat> rotation;
  Channel<Vec3> translation;
  bool translated = false;
  for (std::size_t k = 0; k < keyed.ticks.size(); ++k) {
    const GroupEntry& value = keyed.states[k].pose[g];
    const double time = keyed.seconds(k);
    const bool rotates = value.type == 0;
    translated = translated || value.type == 1;
    append_rotation_key(rotation, time, rotates ? euler_to_quat(value.a, value.b, value.c, variant) : Quat{},
                        kRotationSegments);
    const Vec3 moved = value.type == 1 ? Vec3{double(value.a), double(value.b), double(value.c)} : Vec3{};
    translation.times.push_back(time);
    translation.values.push_back(offset + moved);
  }
  drop_flat_keys(rotation);
  channels.rotation = std::move(rotation);
  if (translated) {
    drop_flat_keys(translation);
    channels.translation = std::move(translation);
  }
  return channels;
}

void describe_animation(CoreConversion& out, Clip& clip, const Animation& animation, const Body& used,
                        Variant variant) {
  const double tick = traits(variant).tick_seconds;
  const Timeline line = timeline(animation, variant);
  clip.metadata["lba.variant"] = variant == Variant::Lba1 ? "lba1" : "lba2";
  clip.metadata["lba.loop_frame"] = std::to_string(animation.loop_frame);
  clip.metadata["lba.loop_start_seconds"] = fmt::format("{}", static_cast<double>(line.loop_ticks) * tick);
  clip.metadata["lba.clock"] =
      "ideal: keyframe k reached after the sum of durations; closing segment to the loop frame";
  out.notes.push_back(
      fmt::format("baked from the integer engine on the {} grid, LINEAR keys (Euler-linear motion "
                  "sampled, not slerp between keyframes)",
                  variant == Variant::Lba1 ? "50 Hz tick" : "20 ms"));
  out.notes.push_back(fmt::format(
      "loop: keyframe {} is reached at {} s; the clip ends on it at {} s", effective_loop_frame(animation),
      static_cast<double>(line.loop_ticks) * tick, static_cast<double>(line.end_ticks) * tick));
  if (animation.group_count != used.groups.size()) {
    out.notes.push_back(fmt::format("the animation has {} groups and the body {}: min is animated (trap 11)",
                                    animation.group_count, used.groups.size()));
  }
}

}  // namespace

Result<CoreConversion> animation_to_core(const Animation& animation, const Body* body,
                                         const BridgeOptions& options) {
  if (animation.keyframes.empty()) {
    return Error{"LBA .anm animation", "the animation has no keyframe to convert", {}, {}, {}};
  }
  const Body placeholder = placeholder_body(animation.group_count);
  const Body& used = body ? *body : placeholder;
  CoreConversion out = animation_skeleton(used, body != nullptr, options);
  const Variant variant = options.variant;
  if (timeline(animation, variant).end_ticks > kMaxEvaluatedTicks) {
    return Error{"LBA .anm animation",
                 fmt::format("the first pass lasts {} ticks; evaluation stops at {}",
                             timeline(animation, variant).end_ticks, kMaxEvaluatedTicks),
                 {},
                 {},
                 {}};
  }
  const KeyedStates keyed = keyed_states(animation, variant);
  const auto offsets = pivot_offsets(used);
  const std::size_t animated = std::min<std::size_t>(animation.group_count, used.groups.size());

  Clip clip;
  clip.name = options.clip_name;
  clip.duration = keyed.seconds(keyed.ticks.size() - 1);
  add_root_motion(clip, keyed, used, options);
  for (std::size_t g = 1; g < animated; ++g) {
    if (parent_index(used.groups[g], g) < 0) continue;
    clip.joints.push_back(group_channels(g, keyed, offsets[g], variant));
  }
  describe_animation(out, clip, animation, used, variant);
  Scene converted;
  converted.clips.push_back(std::move(clip));
  out.conversion.apply(converted);
  out.scene.clips = std::move(converted.clips);
  return out;
}

namespace {

// Ticks at which the clip becomes keyframes: 0, the end, and every key of every channel, rounded to ticks.
std::set<std::int64_t> clip_ticks(const Clip& clip, double tick, std::vector<std::string>& lost) {
  std::set<std::int64_t> ticks{0, std::llround(clip.duration / tick)};
  const auto add_times = [&](const std::vector<double>& times) {
    for (const double t : times) ticks.insert(std::llround(t / tick));
  };
  for (const auto& channels : clip.joints) {
    if (channels.translation) add_times(channels.translation->times);
    if (channels.rotation) add_times(channels.rotation->times);
    if (channels.scale)
      lost.push_back(fmt::format("scale of joint {} (LBA bones do not scale)", channels.joint));
  }
  if (clip.root_motion && clip.root_motion->translation) add_times(clip.root_motion->translation->times);
  if (clip.root_motion && clip.root_motion->rotation) add_times(clip.root_motion->rotation->times);
  return ticks;
}

// The clip's local transforms at every keyframe tick, and which joints move off or turn from their rest.
struct SampledClip {
  std::vector<std::int64_t> ticks;
  std::vector<std::vector<Transform>> locals;  // by keyframe, then joint
  std::vector<bool> moves, turns;
};

SampledClip sample_clip(const Scene& scene, const Clip& clip, const std::set<std::int64_t>& ticks,
                        double tick, std::vector<std::string>& lost) {
  const std::size_t joints = scene.skeleton.joints.size();
  SampledClip sampled{{ticks.begin(), ticks.end()}, {}, std::vector<bool>(joints), std::vector<bool>(joints)};
  ClipSampler sampler(scene.skeleton, clip);
  std::vector<Transform> locals(joints);
  for (const auto t : ticks) {
    sampler.sample(static_cast<double>(t) * tick, locals);
    sampled.locals.push_back(locals);
  }
  for (std::size_t j = 1; j < joints; ++j) {
    const Transform& rest = scene.skeleton.joints[j].rest;
    for (const auto& pose : sampled.locals) {
      sampled.moves[j] = sampled.moves[j] || distance(pose[j].translation, rest.translation) > 0.5;
      sampled.turns[j] = sampled.turns[j] || angle_between(pose[j].rotation, rest.rotation) > 1e-6;
    }
    if (sampled.moves[j] && sampled.turns[j]) {
      lost.push_back(fmt::format("joint {} both moves and turns: LBA keeps only its rotation", j));
    }
  }
  return sampled;
}

// Root motion at keyframe k: the clip's own, else the root joint's translation and yaw.
std::pair<Vec3, Quat> root_at(const Clip& clip, const SampledClip& sampled, std::size_t k, double tick) {
  const double time = static_cast<double>(sampled.ticks[k]) * tick;
  Vec3 position = sampled.locals[k][0].translation;
  Quat rotation = sampled.locals[k][0].rotation;
  if (clip.root_motion && clip.root_motion->translation)
    position = sample_channel(*clip.root_motion->translation, time);
  if (clip.root_motion && clip.root_motion->rotation)
    rotation = sample_channel(*clip.root_motion->rotation, time);
  return {position, rotation};
}

// What writing keyframes one after the other carries from one to the next.
struct KeyframeWriter {
  Variant variant;
  int units;
  std::vector<std::array<int, 3>> previous;  // Euler angles of every group at the previous keyframe
  std::int64_t previous_tick = 0;
  std::array<std::int64_t, 3> engine_position{};  // where the engine's own rounded steps have got the actor
  int previous_beta = 0;
  bool yaw_used = false, clamped = false, root_tilted = false;

  std::int16_t to_s16(double v) {
    const auto r = std::llround(v);
    if (r < -32768 || r > 32767) clamped = true;
    return static_cast<std::int16_t>(std::clamp<long long>(r, -32768, 32767));
  }
};

// The keyframe's step and entry 0 (yaw): the root motion from the previous keyframe, in the actor's frame.
void write_root(KeyframeWriter& writer, Keyframe& keyframe, std::size_t k, Vec3 position, Quat rotation,
                std::vector<std::string>& lost) {
  const auto root_euler = quat_to_euler(rotation, writer.variant, {0, writer.previous_beta, 0});
  writer.root_tilted = writer.root_tilted || root_euler[0] != 0 || root_euler[2] != 0;
  const int beta = root_euler[1];
  const int yaw = k == 0 ? 0 : wrap_half(beta - writer.previous_beta, writer.units);
  writer.yaw_used = writer.yaw_used || yaw != 0;
  const std::array<std::int64_t, 3> rounded{std::llround(position.x), std::llround(position.y),
                                            std::llround(position.z)};
  if (k > 0) {
    // Undo RotXY with the new beta (the engine moves by (x·c + z·s, y, z·c − x·s)), aiming from where the
    // engine's own floor-rounded motion has got to, so that rounding does not accumulate over keyframes.
    auto& engine_position = writer.engine_position;
    const double angle = to_radians(beta, writer.variant), c = std::cos(angle), s = std::sin(angle);
    const double dx = double(rounded[0] - engine_position[0]), dz = double(rounded[2] - engine_position[2]);
    keyframe.step = {writer.to_s16(dx * c - dz * s), writer.to_s16(double(rounded[1] - engine_position[1])),
                     writer.to_s16(dx * s + dz * c)};
    const int ci = cosine(writer.variant, beta), si = sine(writer.variant, beta);
    engine_position[0] += (keyframe.step[0] * ci + keyframe.step[2] * si) >> 14;
    engine_position[1] += keyframe.step[1];
    engine_position[2] += (keyframe.step[2] * ci - keyframe.step[0] * si) >> 14;
  } else {
    writer.engine_position = rounded;
    if (rounded != std::array<std::int64_t, 3>{}) {
      lost.push_back("the root's starting offset (an LBA actor starts where it stands)");
    }
  }
  keyframe.groups.push_back({0, 0, static_cast<std::int16_t>(yaw), 0});
  writer.previous_beta = beta;
}

// Entries 1.. of keyframe k: a translation for a joint that only moves, Euler angles otherwise.
void write_groups(KeyframeWriter& writer, Keyframe& keyframe, const Scene& scene, const SampledClip& sampled,
                  std::size_t k) {
  for (std::size_t j = 1; j < scene.skeleton.joints.size(); ++j) {
    const Transform& local = sampled.locals[k][j];
    if (sampled.moves[j] && !sampled.turns[j]) {
      const Vec3 t_offset = local.translation - scene.skeleton.joints[j].rest.translation;
      keyframe.groups.push_back(
          {1, writer.to_s16(t_offset.x), writer.to_s16(t_offset.y), writer.to_s16(t_offset.z)});
      continue;
    }
    writer.previous[j] = quat_to_euler(local.rotation, writer.variant, writer.previous[j]);
    keyframe.groups.push_back({0, static_cast<std::int16_t>(writer.previous[j][0]),
                               static_cast<std::int16_t>(writer.previous[j][1]),
                               static_cast<std::int16_t>(writer.previous[j][2])});
  }
}

// A clip ending where it started loops to frame 0; otherwise the last pose is held.
void choose_loop(Animation& animation, int units) {
  const auto& first = animation.keyframes.front().groups;
  const auto& last = animation.keyframes.back().groups;
  bool cyclic = animation.keyframes.size() > 1;
  for (std::size_t g = 1; g < first.size() && cyclic; ++g) {
    cyclic = first[g].type == last[g].type && std::abs(wrap_half(first[g].a - last[g].a, units)) <= 1 &&
             std::abs(wrap_half(first[g].b - last[g].b, units)) <= 1 &&
             std::abs(wrap_half(first[g].c - last[g].c, units)) <= 1;
  }
  // Holding replays the loop frame's step and yaw on every wrap, so a held last keyframe that moves the actor
  // gets a still copy (one tick, no step, no yaw) to hold instead.
  const Keyframe& final_keyframe = animation.keyframes.back();
  if (!cyclic && (final_keyframe.step != std::array<std::int16_t, 3>{} || final_keyframe.groups[0].b != 0)) {
    Keyframe still = final_keyframe;
    still.duration = 1;
    still.step = {};
    still.groups[0].b = 0;
    animation.keyframes.push_back(std::move(still));
  }
  animation.loop_frame = cyclic ? 0 : static_cast<std::uint16_t>(animation.keyframes.size() - 1);
  animation.unused =
      animation.loop_frame;  // the seed says +6 repeats +4; copy it until retail data says otherwise
}

}  // namespace

Result<FromCore> animation_from_core(const Scene& input, const BridgeOptions& options) {
  const auto fail = [](std::string message) {
    return Error{"LBA .anm animation", std::move(message), {}, {}, {}};
  };
  if (input.clips.empty()) return fail("the scene has no animation clip");
  if (input.skeleton.joints.empty()) return fail("the scene has no joint");
  if (input.skeleton.joints.size() > 0xFFFF) return fail("too many joints for a u16 group count");
  Scene scene = input;
  lba_to_gltf(options.unit_scale).inverse().apply(scene);
  const Clip& clip = scene.clips.front();
  const Variant variant = options.variant;
  const double tick = traits(variant).tick_seconds;
  FromCore out;
  const std::set<std::int64_t> ticks = clip_ticks(clip, tick, out.lost);
  if (ticks.size() > 0xFFFF) return fail("too many keyframes for a u16 keyframe count");
  const SampledClip sampled = sample_clip(scene, clip, ticks, tick, out.lost);
  const std::size_t joints = scene.skeleton.joints.size();

  Animation& animation = out.animation;
  animation.group_count = static_cast<std::uint16_t>(joints);
  KeyframeWriter writer{variant, traits(variant).angle_units,
                        std::vector<std::array<int, 3>>(joints, {0, 0, 0})};
  writer.previous_tick = sampled.ticks.front();
  for (std::size_t k = 0; k < sampled.ticks.size(); ++k) {
    const std::int64_t t = sampled.ticks[k];
    Keyframe keyframe;
    keyframe.duration = static_cast<std::uint16_t>(std::min<std::int64_t>(t - writer.previous_tick, 0xFFFF));
    if (t - writer.previous_tick > 0xFFFF) writer.clamped = true;
    const auto [position, rotation] = root_at(clip, sampled, k, tick);
    write_root(writer, keyframe, k, position, rotation, out.lost);
    write_groups(writer, keyframe, scene, sampled, k);
    animation.keyframes.push_back(std::move(keyframe));
    writer.previous_tick = t;
  }
  // Master flag: LBA2 applies entry-0 angles only with bit 0 set; LBA1 sets ANIM_MASTER_ROT for any non-zero.
  if (writer.yaw_used) {
    for (auto& keyframe : animation.keyframes) keyframe.groups[0].type = 1;
  }
  choose_loop(animation, writer.units);
  if (writer.clamped) out.lost.push_back("values beyond the s16 or u16 range were clamped");
  if (writer.root_tilted) out.lost.push_back("root pitch and roll (LBA1 root motion keeps yaw only)");
  if (joints > 30) out.lost.push_back("more than 30 groups: the LBA1 engine handles at most 30");
  return out;
}

}  // namespace bonebridge::lba
