// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/anm/bridge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include "bonebridge/core/bake.hpp"
#include "bonebridge/core/reduce.hpp"
#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/body/bridge.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"

namespace bonebridge::lba {
namespace {

// Nlerp players agree with slerp within 1e-4 rad over 15 degrees; an arc a rounding error over a whole number
// of segments gets no extra one.
constexpr RotationSegments kRotationSegments{15.0 * kPi / 180.0, 15.0 * kPi / 180.0, 1e-9};

// Drops keys equal to both neighbours: LINEAR playback is unchanged, and a run of equal values keeps its
// first and last key. In place, in one pass (a baked channel has a key per tick).
template <class Value>
void drop_flat_keys(Channel<Value>& channel) {
  auto& times = channel.times;
  auto& values = channel.values;
  std::size_t kept = 0;
  for (std::size_t k = 0; k < times.size(); ++k) {
    const bool inner = k > 0 && k + 1 < times.size();
    if (inner && values[k] == values[k - 1] && values[k] == values[k + 1]) continue;
    times[kept] = times[k];
    values[kept] = values[k];
    ++kept;
  }
  times.resize(kept);
  values.resize(kept);
}

// The grid the clip is baked on: every tick (LBA1) or 20 ms (LBA2), coarser when that would give a channel
// more than about 16,384 keys (a first pass of 5.5 minutes on either grid; the samples' longest, ANIM_CUSTOM,
// has 10,899), whatever the animation's length (and then a note says so). It was 100,000: with the runtime
// clip, the glb and the way back built from them, a 53,000 s clip's unit of fuzz_capi took 1.17 s CPU under
// the sanitizers (0.25 s at 16,384).
constexpr std::int64_t kMaxBakedKeys = 16384;
std::int64_t grid_ticks(Variant variant) {
  return variant == Variant::Lba1 ? 1 : 20;
}
std::int64_t key_stride(const Timeline& line, Variant variant) {
  return std::max<std::int64_t>(grid_ticks(variant), line.end_ticks / kMaxBakedKeys + 1);
}

std::vector<std::int64_t> key_ticks(const anm::Document& animation, Variant variant) {
  const Timeline line = timeline(animation, variant);
  const std::int64_t stride = key_stride(line, variant);
  std::set<std::int64_t> ticks(line.reach_ticks.begin(), line.reach_ticks.end());
  for (std::int64_t t = 0; t <= line.end_ticks; t += stride) ticks.insert(t);
  ticks.insert(line.end_ticks);
  return {ticks.begin(), ticks.end()};
}

// The engine's state at every key tick of the animation's first pass.
struct KeyedStates {
  std::vector<std::int64_t> ticks;
  std::vector<EngineState> states;
  double tick_seconds = 0;
  double seconds(std::size_t k) const { return static_cast<double>(ticks[k]) * tick_seconds; }
};

KeyedStates keyed_states(const anm::Document& animation, Variant variant) {
  KeyedStates keyed{key_ticks(animation, variant), {}, traits(variant).tick_seconds};
  IdealClock clock(animation, variant);
  keyed.states.reserve(keyed.ticks.size());
  for (const auto t : keyed.ticks) keyed.states.push_back(clock.at(t));
  return keyed;
}

// The skeleton the clip animates: the body's, or a placeholder's when no body is given.
Result<CoreConversion> animation_skeleton(const body::Document& used, bool has_body,
                                          const BridgeOptions& options) {
  if (has_body) return body::to_core(used, options);
  CoreConversion out;
  out.scene.skeleton = body_skeleton(used, options.variant);
  out.conversion = lba_to_gltf(options.unit_scale);
  for (std::size_t g = 0; g < used.groups.size(); ++g) out.core_joint_of.push_back(static_cast<int>(g));
  out.notes.push_back("no body given (--body): every group is a joint at the origin under the root");
  return out;
}

// The actor's position and yaw, on the root joint or as the clip's root motion.
void add_root_motion(Clip& clip, const KeyedStates& keyed, const body::Document& used,
                     const BridgeOptions& options) {
  Channel<Vec3> root_translation;
  Channel<Quat> root_rotation;
  for (std::size_t k = 0; k < keyed.ticks.size(); ++k) {
    const Actor& actor = keyed.states[k].actor;
    root_translation.times.push_back(keyed.seconds(k));
    root_translation.values.push_back(
        {double(actor.position[0]), double(actor.position[1]), double(actor.position[2])});
    append_rotation_key(root_rotation, keyed.seconds(k),
                        euler_to_quat(actor.alpha, actor.beta, actor.gamma, options.variant),
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
// A baked clip has a key per tick (10,898 for ANIM_CUSTOM.anm): the channels are sized once, and a value
// held from the key before reuses that key's rotation.
JointChannels group_channels(std::size_t g, const KeyedStates& keyed, const Vec3& offset, Variant variant) {
  JointChannels channels{static_cast<int>(g), std::nullopt, std::nullopt, std::nullopt};
  const std::size_t keys = keyed.ticks.size();
  const bool translated = std::any_of(keyed.states.begin(), keyed.states.end(),
                                      [g](const EngineState& state) { return state.pose[g].type == 1; });
  Channel<Quat> rotation;
  rotation.times.reserve(keys);
  rotation.values.reserve(keys);
  Channel<Vec3> translation;
  if (translated) {
    translation.times.reserve(keys);
    translation.values.reserve(keys);
  }
  std::optional<GroupEntry> turned_by;  // the rotation entry `turn` comes from
  Quat turn;
  for (std::size_t k = 0; k < keys; ++k) {
    const GroupEntry& value = keyed.states[k].pose[g];
    const double time = keyed.seconds(k);
    if (value.type == 0 && turned_by != value) {
      turn = euler_to_quat(value.a, value.b, value.c, variant);
      turned_by = value;
    }
    append_rotation_key(rotation, time, value.type == 0 ? turn : Quat{}, kRotationSegments);
    if (!translated) continue;
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

void describe_animation(CoreConversion& out, Clip& clip, const anm::Document& animation,
                        const body::Document& used, Variant variant) {
  const double tick = traits(variant).tick_seconds;
  const Timeline line = timeline(animation, variant);
  clip.metadata["lba.variant"] = variant == Variant::Lba1 ? "lba1" : "lba2";
  clip.metadata["lba.loop_frame"] = std::to_string(animation.loop_frame);
  clip.metadata["lba.loop_start_seconds"] = fmt::format("{}", static_cast<double>(line.loop_ticks) * tick);
  clip.metadata["lba.clock"] =
      "ideal: keyframe k reached after the sum of durations; closing segment to the loop frame";
  describe_source(clip, anm::write(animation));  // the writer gives it back when the clip is unchanged
  out.notes.push_back(
      fmt::format("baked from the integer engine on the {} grid, LINEAR keys (Euler-linear motion "
                  "sampled, not slerp between keyframes)",
                  variant == Variant::Lba1 ? "50 Hz tick" : "20 ms"));
  if (const std::int64_t stride = key_stride(line, variant); stride > grid_ticks(variant)) {
    out.notes.push_back(
        fmt::format("the first pass lasts {} ticks: baked every {} ticks (and at each keyframe), "
                    "not on the {}-tick grid, to keep a channel within about {} keys",
                    line.end_ticks, stride, grid_ticks(variant), kMaxBakedKeys));
  }
  out.notes.push_back(fmt::format(
      "loop: keyframe {} is reached at {} s; the clip ends on it at {} s", effective_loop_frame(animation),
      static_cast<double>(line.loop_ticks) * tick, static_cast<double>(line.end_ticks) * tick));
  if (animation.group_count != used.groups.size()) {
    out.notes.push_back(fmt::format("the animation has {} groups and the body {}: min is animated (trap 11)",
                                    animation.group_count, used.groups.size()));
  }
}

}  // namespace

Result<CoreConversion> anm::to_core(const anm::Document& animation, const body::Document* body,
                                    const BridgeOptions& options) {
  if (animation.keyframes.empty()) {
    return Error{"LBA .anm animation", "the animation has no keyframe to convert", {}, {}, {}};
  }
  const body::Document placeholder = placeholder_body(animation.group_count);
  const body::Document& used = body ? *body : placeholder;
  auto skeleton = animation_skeleton(used, body != nullptr, options);
  if (!skeleton) return skeleton.error();
  CoreConversion out = std::move(skeleton.value());
  const Variant variant = options.variant;
  if (const auto refusal = evaluation_refusal(animation, variant); !refusal.empty())
    return Error{"LBA .anm animation", refusal, {}, {}, {}};
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

}  // namespace bonebridge::lba
