#include "bonebridge/formats/lba/bridge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "bonebridge/core/sampler.hpp"

namespace bonebridge::lba {
namespace {

constexpr double kMaxRotationSegment = 15.0 * kPi / 180.0;  // nlerp players agree with slerp within 1e-4 rad

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

void push_rotation(Channel<Quat>& channel, double time, Quat q) {
  if (!channel.values.empty()) {
    const Quat previous = channel.values.back();
    if (dot(previous, q) < 0) q = -q;
    const double angle = angle_between(previous, q);
    const int pieces = static_cast<int>(std::ceil(angle / kMaxRotationSegment - 1e-9));
    const double start = channel.times.back();
    for (int i = 1; i < pieces; ++i) {
      const double f = static_cast<double>(i) / pieces;
      channel.times.push_back(start + (time - start) * f);
      channel.values.push_back(slerp(previous, q, f));
    }
  }
  channel.times.push_back(time);
  channel.values.push_back(q);
}

// Drops keys equal to both neighbours: LINEAR playback is unchanged.
template <class Value>
void drop_flat_keys(Channel<Value>& channel) {
  Channel<Value> out{channel.interpolation, {}, {}};
  const std::size_t n = channel.times.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0 && i + 1 < n && channel.values[i] == channel.values[i - 1] &&
        channel.values[i] == channel.values[i + 1]) {
      continue;
    }
    out.times.push_back(channel.times[i]);
    out.values.push_back(channel.values[i]);
  }
  channel = std::move(out);
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

Result<CoreConversion> animation_to_core(const Animation& animation, const Body* body,
                                         const BridgeOptions& options) {
  if (animation.keyframes.empty()) {
    return Error{"LBA .anm animation", "the animation has no keyframe to convert", {}, {}, {}};
  }
  const Body placeholder = placeholder_body(animation.group_count);
  const Body& used = body ? *body : placeholder;
  CoreConversion out = body ? body_to_core(used, options) : CoreConversion{};
  if (!body) {
    out.scene.skeleton = body_skeleton(used, options.variant);
    out.conversion = lba_to_gltf(options.unit_scale);
    for (std::size_t g = 0; g < used.groups.size(); ++g) out.core_joint_of.push_back(static_cast<int>(g));
    out.notes.push_back("no body given (--body): every group is a joint at the origin under the root");
  }
  const Variant variant = options.variant;
  const double tick = traits(variant).tick_seconds;
  if (timeline(animation, variant).end_ticks > kMaxEvaluatedTicks) {
    return Error{"LBA .anm animation",
                 fmt::format("the first pass lasts {} ticks; evaluation stops at {}",
                             timeline(animation, variant).end_ticks, kMaxEvaluatedTicks),
                 {},
                 {},
                 {}};
  }
  const auto ticks = key_ticks(animation, variant);
  IdealClock clock(animation, variant);
  std::vector<EngineState> keyed;
  keyed.reserve(ticks.size());
  for (const auto t : ticks) keyed.push_back(clock.at(t));
  const auto offsets = pivot_offsets(used);
  const std::size_t animated = std::min<std::size_t>(animation.group_count, used.groups.size());

  Clip clip;
  clip.name = options.clip_name;
  clip.duration = static_cast<double>(ticks.back()) * tick;
  Channel<Vec3> root_translation;
  Channel<Quat> root_rotation;
  for (std::size_t k = 0; k < ticks.size(); ++k) {
    const auto t = ticks[k];
    const Actor& actor = keyed[k].actor;
    root_translation.times.push_back(static_cast<double>(t) * tick);
    root_translation.values.push_back(
        {double(actor.position[0]), double(actor.position[1]), double(actor.position[2])});
    push_rotation(root_rotation, static_cast<double>(t) * tick, yaw_quat(actor.beta, variant));
  }
  drop_flat_keys(root_translation);
  drop_flat_keys(root_rotation);
  if (options.separate_root_motion) {
    clip.root_motion = RootMotion{root_translation, root_rotation};
  } else if (!used.groups.empty()) {
    clip.joints.push_back({0, root_translation, root_rotation, std::nullopt});
  }
  for (std::size_t g = 1; g < animated; ++g) {
    if (parent_index(used.groups[g], g) < 0) continue;
    JointChannels channels{static_cast<int>(g), std::nullopt, std::nullopt, std::nullopt};
    Channel<Quat> rotation;
    Channel<Vec3> translation;
    bool translated = false;
    for (std::size_t k = 0; k < ticks.size(); ++k) {
      const auto t = ticks[k];
      const GroupEntry& value = keyed[k].pose[g];
      const double time = static_cast<double>(t) * tick;
      const bool rotates = value.type == 0;
      translated = translated || value.type == 1;
      push_rotation(rotation, time, rotates ? euler_to_quat(value.a, value.b, value.c, variant) : Quat{});
      const Vec3 offset = value.type == 1 ? Vec3{double(value.a), double(value.b), double(value.c)} : Vec3{};
      translation.times.push_back(time);
      translation.values.push_back(offsets[g] + offset);
    }
    drop_flat_keys(rotation);
    channels.rotation = std::move(rotation);
    if (translated) {
      drop_flat_keys(translation);
      channels.translation = std::move(translation);
    }
    clip.joints.push_back(std::move(channels));
  }
  const Timeline line = timeline(animation, variant);
  clip.metadata["lba.variant"] = variant == Variant::Lba1 ? "lba1" : "lba2";
  clip.metadata["lba.loop_frame"] = std::to_string(animation.loop_frame);
  clip.metadata["lba.loop_start_seconds"] = fmt::format("{}", static_cast<double>(line.loop_ticks) * tick);
  clip.metadata["lba.clock"] =
      "ideal: keyframe k reached after the sum of durations; closing segment to the loop frame";
  Scene converted;
  converted.clips.push_back(std::move(clip));
  out.conversion.apply(converted);
  out.scene.clips = std::move(converted.clips);
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
  return out;
}

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
  const int units = traits(variant).angle_units;
  FromCore out;

  std::set<std::int64_t> ticks{0, std::llround(clip.duration / tick)};
  const auto add_times = [&](const std::vector<double>& times) {
    for (const double t : times) ticks.insert(std::llround(t / tick));
  };
  for (const auto& channels : clip.joints) {
    if (channels.translation) add_times(channels.translation->times);
    if (channels.rotation) add_times(channels.rotation->times);
    if (channels.scale)
      out.lost.push_back(fmt::format("scale of joint {} (LBA bones do not scale)", channels.joint));
  }
  if (clip.root_motion && clip.root_motion->translation) add_times(clip.root_motion->translation->times);
  if (clip.root_motion && clip.root_motion->rotation) add_times(clip.root_motion->rotation->times);
  if (ticks.size() > 0xFFFF) return fail("too many keyframes for a u16 keyframe count");

  ClipSampler sampler(scene.skeleton, clip);
  const std::size_t joints = scene.skeleton.joints.size();
  std::vector<Transform> locals(joints);
  std::vector<bool> moves(joints, false), turns(joints, false);
  std::vector<std::vector<Transform>> samples;
  for (const auto t : ticks) {
    sampler.sample(static_cast<double>(t) * tick, locals);
    samples.push_back(locals);
  }
  for (std::size_t j = 1; j < joints; ++j) {
    const Transform& rest = scene.skeleton.joints[j].rest;
    for (const auto& pose : samples) {
      moves[j] = moves[j] || distance(pose[j].translation, rest.translation) > 0.5;
      turns[j] = turns[j] || angle_between(pose[j].rotation, rest.rotation) > 1e-6;
    }
    if (moves[j] && turns[j]) {
      out.lost.push_back(fmt::format("joint {} both moves and turns: LBA keeps only its rotation", j));
    }
  }

  // Root motion: the clip's own, else the root joint's translation and yaw.
  const auto root_at = [&](std::size_t k) {
    const double time = static_cast<double>(*std::next(ticks.begin(), static_cast<std::ptrdiff_t>(k))) * tick;
    Vec3 position = samples[k][0].translation;
    Quat rotation = samples[k][0].rotation;
    if (clip.root_motion && clip.root_motion->translation)
      position = sample_channel(*clip.root_motion->translation, time);
    if (clip.root_motion && clip.root_motion->rotation)
      rotation = sample_channel(*clip.root_motion->rotation, time);
    return std::pair{position, rotation};
  };
  Animation& animation = out.animation;
  animation.group_count = static_cast<std::uint16_t>(joints);
  std::vector<std::array<int, 3>> previous(joints, {0, 0, 0});
  std::int64_t previous_tick = *ticks.begin();
  std::array<std::int64_t, 3> engine_position{};
  int previous_beta = 0;
  bool yaw_used = false, clamped = false, root_tilted = false;
  const auto to_s16 = [&](double v) {
    const auto r = std::llround(v);
    if (r < -32768 || r > 32767) clamped = true;
    return static_cast<std::int16_t>(std::clamp<long long>(r, -32768, 32767));
  };
  std::size_t k = 0;
  for (const auto t : ticks) {
    Keyframe keyframe;
    keyframe.duration = static_cast<std::uint16_t>(std::min<std::int64_t>(t - previous_tick, 0xFFFF));
    if (t - previous_tick > 0xFFFF) clamped = true;
    const auto [position, rotation] = root_at(k);
    const auto root_euler = quat_to_euler(rotation, variant, {0, previous_beta, 0});
    root_tilted = root_tilted || root_euler[0] != 0 || root_euler[2] != 0;
    const int beta = root_euler[1];
    const int yaw = k == 0 ? 0 : wrap_half(beta - previous_beta, units);
    yaw_used = yaw_used || yaw != 0;
    const std::array<std::int64_t, 3> rounded{std::llround(position.x), std::llround(position.y),
                                              std::llround(position.z)};
    if (k > 0) {
      // Undo RotXY with the new beta (the engine moves by (x·c + z·s, y, z·c − x·s)), aiming from where the
      // engine's own floor-rounded motion has got to, so that rounding does not accumulate over keyframes.
      const double angle = to_radians(beta, variant), c = std::cos(angle), s = std::sin(angle);
      const double dx = double(rounded[0] - engine_position[0]), dz = double(rounded[2] - engine_position[2]);
      keyframe.step = {to_s16(dx * c - dz * s), to_s16(double(rounded[1] - engine_position[1])),
                       to_s16(dx * s + dz * c)};
      const int ci = cosine(variant, beta), si = sine(variant, beta);
      engine_position[0] += (keyframe.step[0] * ci + keyframe.step[2] * si) >> 14;
      engine_position[1] += keyframe.step[1];
      engine_position[2] += (keyframe.step[2] * ci - keyframe.step[0] * si) >> 14;
    } else {
      engine_position = rounded;
      if (rounded != std::array<std::int64_t, 3>{}) {
        out.lost.push_back("the root's starting offset (an LBA actor starts where it stands)");
      }
    }
    keyframe.groups.push_back({0, 0, static_cast<std::int16_t>(yaw), 0});
    for (std::size_t j = 1; j < joints; ++j) {
      const Transform& local = samples[k][j];
      if (moves[j] && !turns[j]) {
        const Vec3 t_offset = local.translation - scene.skeleton.joints[j].rest.translation;
        keyframe.groups.push_back({1, to_s16(t_offset.x), to_s16(t_offset.y), to_s16(t_offset.z)});
        continue;
      }
      previous[j] = quat_to_euler(local.rotation, variant, previous[j]);
      keyframe.groups.push_back({0, static_cast<std::int16_t>(previous[j][0]),
                                 static_cast<std::int16_t>(previous[j][1]),
                                 static_cast<std::int16_t>(previous[j][2])});
    }
    animation.keyframes.push_back(std::move(keyframe));
    previous_tick = t;
    previous_beta = beta;
    ++k;
  }
  // Master flag: LBA2 applies entry-0 angles only with bit 0 set; LBA1 sets ANIM_MASTER_ROT for any non-zero.
  if (yaw_used) {
    for (auto& keyframe : animation.keyframes) keyframe.groups[0].type = 1;
  }
  // A clip ending where it started loops to frame 0; otherwise the last pose is held.
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
  if (clamped) out.lost.push_back("values beyond the s16 or u16 range were clamped");
  if (root_tilted) out.lost.push_back("root pitch and roll (LBA1 root motion keeps yaw only)");
  if (joints > 30) out.lost.push_back("more than 30 groups: the LBA1 engine handles at most 30");
  return out;
}

}  // namespace bonebridge::lba
