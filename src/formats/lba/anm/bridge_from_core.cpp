// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/anm/bridge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <set>
#include <span>

#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"
#include "bridge_steps.hpp"

namespace bonebridge::lba {
namespace {

// The engine ticks LBA2's step aiming may play in all: a turning keyframe is played up to 111 times (three
// passes and four rounds of 27 nudges), so the clip's length, not its keys, would set the work. The real
// samples need at most 2,199 (Twinsen_Turn_Left as LBA2, glb and back).
constexpr std::int64_t kMaxAimTicks = std::int64_t{1} << 18;

// The joints in group order when their names say it ("root", "group_1" ... as bonebridge names them, in any
// order: Blender writes its bones depth first); nothing when they do not, and the joints stay in file order.
std::optional<std::vector<int>> group_order(const Skeleton& skeleton) {
  const std::size_t count = skeleton.joints.size();
  std::vector<int> order(count, -1);
  for (std::size_t j = 0; j < count; ++j) {
    const std::string& name = skeleton.joints[j].name;
    std::size_t group = 0;
    if (name != "root") {
      unsigned parsed = 0;
      int used = 0;
      if (std::sscanf(name.c_str(), "group_%u%n", &parsed, &used) != 1 ||
          static_cast<std::size_t>(used) != name.size())
        return std::nullopt;
      group = parsed;
    }
    if (group >= count || order[group] >= 0) return std::nullopt;
    order[group] = static_cast<int>(j);
  }
  const bool identity = std::is_sorted(order.begin(), order.end());
  if (identity) return std::nullopt;
  // Groups name their parent by index, so parents come first in any order the game can load.
  for (std::size_t g = 0; g < count; ++g) {
    const int parent = skeleton.joints[static_cast<std::size_t>(order[g])].parent;
    if (parent >= 0 && std::find(order.begin(), order.end(), parent) - order.begin() >= static_cast<long>(g))
      return std::nullopt;
  }
  return order;
}

// How far off the path between its neighbours a key may lie and still count as on it: a tenth of the finest
// engine unit (LBA2's 4096th of a turn, a game unit), beyond float noise (a clip through Blender's f-curves
// and rest-pose products moves keys by ~1e-6 rad) and below anything the engine can hold.
constexpr double kOnPathRadians = 2 * kPi / 4096 / 10;
constexpr double kOnPathUnits = 0.1;

// Whether a LINEAR channel's key k lies on the path from key `from` to key k + 1, so that the channel plays
// the same without it: glTF's slerp (an arc under a quarter turn, where slerp of slerp is the same arc) or
// lerp.
bool on_path(const Channel<Quat>& channel, std::size_t from, std::size_t k) {
  const auto& q = channel.values;
  const double u = (channel.times[k] - channel.times[from]) / (channel.times[k + 1] - channel.times[from]);
  return angle_between(q[from], q[k + 1]) < kPi / 2 &&
         angle_between(slerp(q[from], q[k + 1], u), q[k]) < kOnPathRadians;
}
bool on_path(const Channel<Vec3>& channel, std::size_t from, std::size_t k) {
  const auto& v = channel.values;
  const double u = (channel.times[k] - channel.times[from]) / (channel.times[k + 1] - channel.times[from]);
  return distance(lerp(v[from], v[k + 1], u), v[k]) < kOnPathUnits;
}

// The key times a channel needs: every key but those on the path between their neighbours (issue 28: the
// export cuts each LINEAR rotation into arcs of at most 15 degrees for glTF players; those cuts are slerp
// midpoints, off the engine's Euler-linear path by a few angle units, and as keyframes they would keep
// apart the keyframes the engine needs).
template <class Value>
std::vector<double> needed_times(const Channel<Value>& channel) {
  if (channel.interpolation != Interpolation::Linear || channel.times.size() < 3) return channel.times;
  std::vector<double> needed{channel.times.front()};
  std::size_t from = 0;
  for (std::size_t k = 1; k + 1 < channel.times.size(); ++k) {
    if (channel.times[k + 1] > channel.times[from] && on_path(channel, from, k)) continue;
    needed.push_back(channel.times[k]);
    from = k;
  }
  needed.push_back(channel.times.back());
  return needed;
}

// The latest tick a keyframe of an .anm can be at: keyframe 0 starts the clock, and each of the 65,534 after
// it comes at most 65,535 ticks after the one before (a u16 keyframe count and u16 durations,
// research/lba1-anm.md §1). A glTF key later than that, or before 0 (which glTF forbids), is an error: no
// clamp keeps its motion, and rounding it to ticks would overflow the 64-bit tick count (issue 38).
constexpr std::int64_t kLastKeyframeTick = std::int64_t{0xFFFF - 1} * 0xFFFF;

std::string clip_name(const Clip& clip) {
  return clip.name.empty() ? std::string("the unnamed animation") : fmt::format("animation '{}'", clip.name);
}

// Why `seconds` cannot be a keyframe's time, or nothing when it can.
std::optional<std::string> time_refused(double seconds, double tick) {
  const double last = static_cast<double>(kLastKeyframeTick) * tick;
  if (!(seconds >= 0)) return fmt::format("{} s is not a time from 0 on", seconds);
  if (!(std::round(seconds / tick) <= static_cast<double>(kLastKeyframeTick))) {
    return fmt::format(
        "{:g} s is past the last keyframe an .anm can reach, {} ticks of {:g} s ({:g} s: 65,535 "
        "keyframes, each at most 65,535 ticks after the one before)",
        seconds, kLastKeyframeTick, tick, last);
  }
  return std::nullopt;
}

// The first key time (or duration) of the clip that no keyframe can have, named by animation, joint, channel
// and key.
std::optional<std::string> refused_time(const Clip& clip, const Skeleton& skeleton, double tick) {
  const auto first_refused = [&](const std::vector<double>& times,
                                 const std::string& channel) -> std::optional<std::string> {
    for (std::size_t k = 0; k < times.size(); ++k) {
      if (auto why = time_refused(times[k], tick))
        return fmt::format("{}, {} key {}: {}", clip_name(clip), channel, k, *why);
    }
    return std::nullopt;
  };
  for (const auto& channels : clip.joints) {
    const std::string joint =
        channels.joint >= 0 && static_cast<std::size_t>(channels.joint) < skeleton.joints.size()
            ? fmt::format("joint '{}'", skeleton.joints[static_cast<std::size_t>(channels.joint)].name)
            : fmt::format("joint {}", channels.joint);
    if (channels.translation) {
      if (auto why = first_refused(channels.translation->times, joint + " translation")) return why;
    }
    if (channels.rotation) {
      if (auto why = first_refused(channels.rotation->times, joint + " rotation")) return why;
    }
  }
  if (clip.root_motion && clip.root_motion->translation) {
    if (auto why = first_refused(clip.root_motion->translation->times, "root motion translation")) return why;
  }
  if (clip.root_motion && clip.root_motion->rotation) {
    if (auto why = first_refused(clip.root_motion->rotation->times, "root motion rotation")) return why;
  }
  if (auto why = time_refused(clip.duration, tick))
    return fmt::format("{}, the duration: {}", clip_name(clip), *why);
  return std::nullopt;
}

// Ticks at which the clip becomes keyframes: 0, the end, and every key every channel needs, rounded to ticks
// (every time checked by refused_time first).
std::set<std::int64_t> clip_ticks(const Clip& clip, double tick, std::vector<std::string>& lost) {
  std::set<std::int64_t> ticks{0, std::llround(clip.duration / tick)};
  const auto add_times = [&](const std::vector<double>& times) {
    for (const double t : times) ticks.insert(std::llround(t / tick));
  };
  for (const auto& channels : clip.joints) {
    if (channels.translation) add_times(needed_times(*channels.translation));
    if (channels.rotation) add_times(needed_times(*channels.rotation));
    if (channels.scale)
      lost.push_back(fmt::format("scale of joint {} (LBA bones do not scale)", channels.joint));
  }
  if (clip.root_motion && clip.root_motion->translation) add_times(clip.root_motion->translation->times);
  if (clip.root_motion && clip.root_motion->rotation) add_times(clip.root_motion->rotation->times);
  return ticks;
}

// Which joints move off or turn from their rest at some keyframe tick. The clip is sampled here and again as
// the keyframes are written, not kept between: a long clip has thousands of keyframes (issue 38).
struct JointMotion {
  std::vector<bool> moves, turns;
};

JointMotion joint_motion(const Scene& scene, const Clip& clip, std::span<const std::int64_t> ticks,
                         double tick, std::vector<std::string>& lost) {
  const std::size_t joints = scene.skeleton.joints.size();
  JointMotion motion{std::vector<bool>(joints), std::vector<bool>(joints)};
  ClipSampler sampler(scene.skeleton, clip);
  std::vector<Transform> locals(joints);
  for (const auto t : ticks) {
    sampler.sample(static_cast<double>(t) * tick, locals);
    for (std::size_t j = 1; j < joints; ++j) {
      const Transform& rest = scene.skeleton.joints[j].rest;
      motion.moves[j] = motion.moves[j] || distance(locals[j].translation, rest.translation) > 0.5;
      motion.turns[j] = motion.turns[j] || angle_between(locals[j].rotation, rest.rotation) > 1e-6;
    }
  }
  for (std::size_t j = 1; j < joints; ++j) {
    if (motion.moves[j] && motion.turns[j])
      lost.push_back(fmt::format("joint {} both moves and turns: LBA keeps only its rotation", j));
  }
  return motion;
}

// Root motion at `time`: the clip's own, else the root joint's translation and yaw in `pose`.
std::pair<Vec3, Quat> root_at(const Clip& clip, std::span<const Transform> pose, double time) {
  Vec3 position = pose[0].translation;
  Quat rotation = pose[0].rotation;
  if (clip.root_motion && clip.root_motion->translation)
    position = sample_channel(*clip.root_motion->translation, time);
  if (clip.root_motion && clip.root_motion->rotation)
    rotation = sample_channel(*clip.root_motion->rotation, time);
  return {position, rotation};
}

// What writing keyframes one after the other carries from one to the next.
struct KeyframeWriter {
  Variant variant = Variant::Lba1;
  int units = 1024;
  std::vector<std::array<int, 3>> previous;  // Euler angles of every group at the previous keyframe
  std::int64_t previous_tick = 0;
  std::array<std::int64_t, 3> engine_position{};  // where the engine's own rounded steps have got the actor
  Orientation engine_turn;                        // LBA2: where the engine has turned the actor
  std::array<int, 3> previous_root{};             // the root's Euler angles at the previous keyframe
  bool turn_used = false, clamped = false, root_tilted = false;
  std::int64_t aim_ticks_left = kMaxAimTicks;  // LBA2: the engine's ticks aim_lba2_step may still play
  bool aim_estimated = false;                  // ... and it ran out: later steps aimed without the engine

  std::int16_t to_s16(double v) {
    const auto r = std::llround(v);
    if (r < -32768 || r > 32767) clamped = true;
    return static_cast<std::int16_t>(std::clamp<long long>(r, -32768, 32767));
  }
};

// Where the engine moves `start` over `probe`, charged to the writer's aiming budget: nothing once that is
// spent (a keyframe the engine cannot leap over costs its duration, Engine::leap_until).
std::optional<Actor> engine_motion(KeyframeWriter& writer, const Actor& start, const Keyframe& probe) {
  const std::int64_t cost = lba2_motion_leaps(start, probe) ? 1 : std::max<std::int64_t>(probe.duration, 1);
  if (cost > writer.aim_ticks_left) {
    writer.aim_estimated = true;
    return std::nullopt;
  }
  writer.aim_ticks_left -= cost;
  return lba2_keyframe_motion(start, probe);
}

// LBA2 turns each update's share of a step with the actor's orientation at that moment (INTERDEP.ASM), so a
// step taken while turning curves: aimed with the keyframe's final orientation, then corrected twice by what
// the engine itself makes of it over the keyframe, from where its own rounded motion has got the actor.
void aim_lba2_step(KeyframeWriter& writer, Keyframe& keyframe, const std::array<int, 3>& turn,
                   const std::array<std::int64_t, 3>& target) {
  Keyframe probe;
  probe.duration = keyframe.duration;
  probe.groups = {{static_cast<std::uint16_t>(turn != std::array<int, 3>{}),
                   static_cast<std::int16_t>(turn[0]), static_cast<std::int16_t>(turn[1]),
                   static_cast<std::int16_t>(turn[2])}};
  Actor start;
  static_cast<Orientation&>(start) = writer.engine_turn;
  for (std::size_t axis = 0; axis < 3; ++axis)
    start.position[axis] = static_cast<std::int32_t>(writer.engine_position[axis]);
  const Quat facing = conjugate(
      euler_to_quat(start.alpha + turn[0], start.beta + turn[1], start.gamma + turn[2], writer.variant));
  std::array<double, 3> step{};
  Actor end = start;
  for (int pass = 0; pass < 3; ++pass) {
    const Vec3 local =
        rotate(facing, {double(target[0] - end.position[0]), double(target[1] - end.position[1]),
                        double(target[2] - end.position[2])});
    step[0] += local.x;
    step[1] += local.y;
    step[2] += local.z;
    for (std::size_t axis = 0; axis < 3; ++axis) probe.step[axis] = writer.to_s16(step[axis]);
    const auto played = engine_motion(writer, start, probe);
    if (!played) {
      // Out of budget: the turn lands exactly (the engine's angle changes add up to it); the place is taken
      // to be the target, off by the engine's rounding of each update's move.
      end = start;
      end.alpha = (start.alpha + turn[0]) & 4095, end.beta = (start.beta + turn[1]) & 4095;
      end.gamma = (start.gamma + turn[2]) & 4095;
      for (std::size_t axis = 0; axis < 3; ++axis)
        end.position[axis] = static_cast<std::int32_t>(target[axis]);
      break;
    }
    end = *played;
  }
  // The engine rounds every update's move to the unit, so a whole unit of step does not always move the end
  // by one: the nearest steps around the aim are tried too (four rounds at most: the cost stays a fixed
  // multiple of the clip's length).
  const auto miss = [&target](const Actor& actor) {
    std::int64_t sum = 0;
    for (std::size_t axis = 0; axis < 3; ++axis)
      sum += (target[axis] - actor.position[axis]) * (target[axis] - actor.position[axis]);
    return sum;
  };
  bool improved = true;
  for (int round = 0; improved && round < 4 && miss(end) > 0; ++round) {
    improved = false;
    const auto aimed = probe.step;
    for (int nudge = 0; nudge < 27; ++nudge) {
      Keyframe nearby = probe;
      for (std::size_t axis = 0, code = static_cast<std::size_t>(nudge); axis < 3; ++axis, code /= 3) {
        nearby.step[axis] = static_cast<std::int16_t>(
            std::clamp(aimed[axis] + static_cast<int>(code % 3) - 1, -32768, 32767));
      }
      const auto landed = writer.aim_estimated ? std::nullopt : engine_motion(writer, start, nearby);
      if (!landed) break;
      if (miss(*landed) < miss(end)) {
        end = *landed;
        probe.step = nearby.step;
        improved = true;
      }
    }
  }
  keyframe.step = probe.step;
  for (std::size_t axis = 0; axis < 3; ++axis) writer.engine_position[axis] = end.position[axis];
  writer.engine_turn = end;
}

// LBA1 (the engine moves by (x·c + z·s, y, z·c − x·s) with the new beta): the step turned back, aimed from
// where the engine's own floor-rounded motion has got to, so that rounding does not accumulate over
// keyframes.
void aim_lba1_step(KeyframeWriter& writer, Keyframe& keyframe, int beta,
                   const std::array<std::int64_t, 3>& target) {
  auto& engine_position = writer.engine_position;
  const double angle = to_radians(beta, writer.variant), c = std::cos(angle), s = std::sin(angle);
  const double dx = double(target[0] - engine_position[0]), dz = double(target[2] - engine_position[2]);
  keyframe.step = {writer.to_s16(dx * c - dz * s), writer.to_s16(double(target[1] - engine_position[1])),
                   writer.to_s16(dx * s + dz * c)};
  const int ci = cosine(writer.variant, beta), si = sine(writer.variant, beta);
  engine_position[0] += (keyframe.step[0] * ci + keyframe.step[2] * si) >> 14;
  engine_position[1] += keyframe.step[1];
  engine_position[2] += (keyframe.step[2] * ci - keyframe.step[0] * si) >> 14;
}

// The keyframe's step and entry 0: the root motion from the previous keyframe, in the actor's frame, and the
// turn over it (LBA1 keeps the yaw alone; LBA2's master rotation turns all three axes).
void write_root(KeyframeWriter& writer, Keyframe& keyframe, std::size_t k, Vec3 position, Quat rotation,
                std::vector<std::string>& lost) {
  const bool lba2 = writer.variant == Variant::Lba2;
  const auto& previous = writer.previous_root;
  const auto root =
      quat_to_euler(rotation, writer.variant, lba2 ? previous : std::array<int, 3>{0, previous[1], 0});
  std::array<int, 3> turn{};
  for (std::size_t axis = 0; axis < 3; ++axis) {
    if (k > 0 && (lba2 || axis == 1)) turn[axis] = wrap_half(root[axis] - previous[axis], writer.units);
  }
  writer.root_tilted = writer.root_tilted || (!lba2 && (root[0] != 0 || root[2] != 0));
  writer.turn_used = writer.turn_used || turn != std::array<int, 3>{};
  const std::array<std::int64_t, 3> rounded{std::llround(position.x), std::llround(position.y),
                                            std::llround(position.z)};
  if (k > 0 && lba2) {
    aim_lba2_step(writer, keyframe, turn, rounded);
  } else if (k > 0) {
    aim_lba1_step(writer, keyframe, root[1], rounded);
  } else {
    writer.engine_position = rounded;
    if (rounded != std::array<std::int64_t, 3>{}) {
      lost.push_back("the root's starting offset (an LBA actor starts where it stands)");
    }
  }
  keyframe.groups.push_back({0, static_cast<std::int16_t>(turn[0]), static_cast<std::int16_t>(turn[1]),
                             static_cast<std::int16_t>(turn[2])});
  writer.previous_root = root;
}

// Entries 1.. of a keyframe posed `pose`: a translation for a joint that only moves, Euler angles otherwise.
void write_groups(KeyframeWriter& writer, Keyframe& keyframe, const Scene& scene, const JointMotion& motion,
                  std::span<const Transform> pose) {
  for (std::size_t j = 1; j < scene.skeleton.joints.size(); ++j) {
    const Transform& local = pose[j];
    if (motion.moves[j] && !motion.turns[j]) {
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

// The keyframes at `ticks` one after the other, each from the clip sampled at its tick.
std::vector<Keyframe> write_keyframes(KeyframeWriter& writer, const Scene& scene, const Clip& clip,
                                      std::span<const std::int64_t> ticks, const JointMotion& motion,
                                      std::vector<std::string>& lost) {
  const double tick = traits(writer.variant).tick_seconds;
  const std::size_t joints = scene.skeleton.joints.size();
  std::vector<Keyframe> keyframes;
  keyframes.reserve(ticks.size());
  ClipSampler sampler(scene.skeleton, clip);
  std::vector<Transform> pose(joints);
  for (std::size_t k = 0; k < ticks.size(); ++k) {
    const std::int64_t t = ticks[k];
    const double time = static_cast<double>(t) * tick;
    sampler.sample(time, pose);
    Keyframe keyframe;
    keyframe.groups.reserve(joints);
    keyframe.duration = static_cast<std::uint16_t>(std::min<std::int64_t>(t - writer.previous_tick, 0xFFFF));
    if (t - writer.previous_tick > 0xFFFF) writer.clamped = true;
    const auto [position, rotation] = root_at(clip, pose, time);
    write_root(writer, keyframe, k, position, rotation, lost);
    write_groups(writer, keyframe, scene, motion, pose);
    keyframes.push_back(std::move(keyframe));
    writer.previous_tick = t;
  }
  return keyframes;
}

}  // namespace

Result<Converted<anm::Document>> anm::from_core(const Scene& input, const BridgeOptions& options) {
  const auto fail = [](std::string message) {
    return Error{"LBA .anm animation", std::move(message), {}, {}, {}};
  };
  if (input.clips.empty()) return fail("the scene has no animation clip");
  if (input.skeleton.joints.empty()) return fail("the scene has no joint");
  if (input.skeleton.joints.size() > 0xFFFF) return fail("too many joints for a u16 group count");
  Scene scene = input;
  if (const auto order = group_order(scene.skeleton)) scene = reorder_joints(scene, *order);
  lba_to_gltf(options.unit_scale).inverse().apply(scene);
  const Clip& clip = scene.clips.front();
  const Variant variant = options.variant;
  const double tick = traits(variant).tick_seconds;
  Converted<anm::Document> out;
  if (auto refused = refused_time(clip, scene.skeleton, tick)) return fail(*std::move(refused));
  const std::set<std::int64_t> ticks = clip_ticks(clip, tick, out.notes);
  if (ticks.size() > 0xFFFF) return fail("too many keyframes for a u16 keyframe count");
  const std::vector<std::int64_t> keyframe_ticks(ticks.begin(), ticks.end());
  const JointMotion motion = joint_motion(scene, clip, keyframe_ticks, tick, out.notes);
  const std::size_t joints = scene.skeleton.joints.size();

  anm::Document& animation = out.value;
  animation.group_count = static_cast<std::uint16_t>(joints);
  KeyframeWriter writer;
  writer.variant = variant;
  writer.units = traits(variant).angle_units;
  writer.previous.assign(joints, {0, 0, 0});
  writer.previous_tick = keyframe_ticks.front();
  animation.keyframes = write_keyframes(writer, scene, clip, keyframe_ticks, motion, out.notes);
  // Master flag: LBA2 applies entry-0 angles only with bit 0 set; LBA1 sets ANIM_MASTER_ROT for any non-zero.
  if (writer.turn_used) {
    for (auto& keyframe : animation.keyframes) keyframe.groups[0].type = 1;
  }
  SourceVerdict verdict = compare_with_source(clip, variant, animation);
  if (verdict.source) {
    out.value = std::move(*verdict.source);
    out.notes = {std::move(verdict.note)};
    return out;
  }
  const KeyframeReduction reduction = reduce_keyframes(animation, variant, options.tolerance_units);
  out.notes.push_back(fmt::format(
      "keyframes reduced by the engine's own playback within {} engine unit(s) of the glTF's motion (group "
      "angles and moves, the actor's place and turn, at the glTF's key ticks): {} -> {}, the largest error "
      "at a merged keyframe's tick {:.3g}",
      options.tolerance_units, reduction.report.before, reduction.report.after,
      reduction.report.largest_error));
  if (reduction.stopped) {
    out.notes.push_back(fmt::format(
        "keyframe reduction stopped at its work bound ({} group-ticks or {} ticks of engine playback): the "
        "later keyframes are kept as exported (the same motion, a larger file)",
        reduction.work_bound, reduction.tick_bound));
  }
  choose_loop(animation, variant);
  if (writer.aim_estimated) {
    out.notes.push_back(fmt::format(
        "the actor's steps were aimed with the engine's own playback for {} ticks, then by the turn alone: "
        "later keyframes may miss the glTF's place by the engine's rounding of each update's move",
        kMaxAimTicks));
  }
  if (writer.clamped) out.notes.push_back("values beyond the s16 or u16 range were clamped");
  if (writer.root_tilted) out.notes.push_back("root pitch and roll (LBA1 root motion keeps yaw only)");
  if (joints > 30) out.notes.push_back("more than 30 groups: the LBA1 engine handles at most 30");
  if (!verdict.note.empty()) out.notes.push_back(std::move(verdict.note));
  return out;
}

}  // namespace bonebridge::lba
