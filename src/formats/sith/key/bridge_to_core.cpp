// SPDX-License-Identifier: MIT
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>

#include "bonebridge/core/bake.hpp"
#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/sith/key/bridge.hpp"
#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/formats/sith/model/bridge.hpp"

namespace bonebridge::sith {
namespace {

constexpr int kMaxBakeSplitDepth = 14;

// Parents before children, as the core skeleton requires; .3do rows need not be in that order.
std::vector<std::size_t> parents_first(const std::vector<EngineNode>& nodes) {
  std::vector<std::size_t> order;
  std::vector<bool> placed(nodes.size(), false);
  while (order.size() < nodes.size()) {
    const std::size_t before = order.size();
    for (std::size_t n = 0; n < nodes.size(); ++n) {
      const int parent = nodes[n].parent;
      if (placed[n] || (parent >= 0 && !placed[static_cast<std::size_t>(parent)])) continue;
      placed[n] = true;
      order.push_back(n);
    }
    if (order.size() == before) break;  // a cycle: the model reader rejects these
  }
  return order;
}

// The LINEAR translation and rotation channels of one node, in game units and axes.
class ChannelBuilder {
 public:
  ChannelBuilder(const key::Engine& engine, std::size_t node, const BridgeOptions& options, double jump)
      : engine_(engine), node_(node), options_(options), jump_(jump) {}

  JointChannels build(int joint) {
    const auto frames = static_cast<float>(engine_.frames());
    std::set<float> breaks{0.0f, frames};
    for (const KeyEntry& entry : engine_.track(node_)->entries) {
      if (entry.frame > 0 && entry.frame < frames) breaks.insert(entry.frame);
    }
    const std::vector<float> points(breaks.begin(), breaks.end());
    std::optional<LocalPose> previous_end;
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
      const float a = points[i];
      const float b = points[i + 1];
      const int entry = engine_.entry_index(node_, a);
      const LocalPose start = engine_.entry_pose(node_, entry, a);
      if (previous_end) close_segment(*previous_end, start, a);
      add(a, start);
      const LocalPose end = engine_.entry_pose(node_, entry, b);
      split_rotation(entry, a, b, rotation_quat(start.rotation), rotation_quat(end.rotation));
      previous_end = end;
    }
    const LocalPose final_pose = engine_.entry_pose(node_, engine_.entry_index(node_, frames), frames);
    if (previous_end) close_segment(*previous_end, final_pose, frames);
    add(frames, final_pose);
    JointChannels channels;
    channels.joint = joint;
    channels.translation = std::move(translation_);
    channels.rotation = std::move(rotation_);
    return channels;
  }

 private:
  double seconds(float frame) const { return static_cast<double>(frame) / engine_.fps(); }

  // At an entry boundary the previous entry's extrapolation may differ from the next entry: a jump, kept as
  // a key just before the boundary (glTF needs strictly increasing times).
  void close_segment(const LocalPose& end, const LocalPose& next, float at) {
    const double t = seconds(at) - jump_;
    if (distance(to_vec3(end.position), to_vec3(next.position)) > kContinuityPosition) {
      push_translation(t, to_vec3(end.position));
    }
    if (angle_between(rotation_quat(end.rotation), rotation_quat(next.rotation)) > kContinuityRotation) {
      push_rotation(t, rotation_quat(end.rotation));
    }
  }

  void add(float frame, const LocalPose& pose) {
    push_translation(seconds(frame), to_vec3(pose.position));
    push_rotation(seconds(frame), rotation_quat(pose.rotation));
  }

  void push_translation(double t, Vec3 v) {
    if (!translation_.times.empty() && t <= translation_.times.back()) return;
    translation_.times.push_back(t);
    translation_.values.push_back(v);
  }

  void push_rotation(double t, Quat q) {
    if (!rotation_.times.empty() && t <= rotation_.times.back()) return;
    if (!rotation_.values.empty()) q = same_hemisphere(rotation_.values.back(), q);
    rotation_.times.push_back(t);
    rotation_.values.push_back(q);
  }

  // Euler-linear motion is not a slerp: split [a, b] until slerp between the keys stays within tolerance and
  // no two keys are more than the largest key angle apart.
  void split_rotation(int entry, float a, float b, Quat qa, Quat qb) {
    const auto split = [&](const Knot<Quat>& from, const Knot<Quat>& to) -> std::optional<Knot<Quat>> {
      const auto start = static_cast<float>(from.time), end = static_cast<float>(to.time);
      if (slerp_follows(entry, start, end, from.value, to.value)) return std::nullopt;
      const float mid = start + (end - start) / 2;
      return Knot<Quat>{mid, rotation_quat(engine_.entry_pose(node_, entry, mid).rotation)};
    };
    // Frames are float32: a span is too short to split when it is not positive.
    const BisectionLimits limits{kMaxBakeSplitDepth, std::numeric_limits<double>::denorm_min(), 0};
    std::size_t tests_left = limits.max_tests;
    std::vector<Knot<Quat>> middles;
    bisect(Knot<Quat>{a, qa}, Knot<Quat>{b, qb}, split, limits, tests_left, middles);
    for (const Knot<Quat>& middle : middles)
      push_rotation(seconds(static_cast<float>(middle.time)), middle.value);
  }

  // Whether slerp from qa to qb follows the entry's motion over [a, b] at a quarter, half and three quarters.
  bool slerp_follows(int entry, float a, float b, Quat qa, Quat qb) const {
    bool close = angle_between(qa, qb) <= options_.max_key_angle_degrees * kRadiansPerDegree;
    for (double u : {0.25, 0.5, 0.75}) {
      if (!close) break;
      const auto f = static_cast<float>(a + (b - a) * u);
      const Quat truth = rotation_quat(engine_.entry_pose(node_, entry, f).rotation);
      close =
          angle_between(slerp(qa, qb, u), truth) <= options_.rotation_tolerance_degrees * kRadiansPerDegree;
    }
    return close;
  }

  const key::Engine& engine_;
  std::size_t node_;
  const BridgeOptions& options_;
  double jump_;
  Channel<Vec3> translation_;
  Channel<Quat> rotation_;
};

bool finite(const std::array<float, 3>& v) {
  return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]);
}

// inf and nan are legal for the engine's %f but have no place in a glTF accessor.
std::optional<std::string> non_finite_value(const KeyContent& key, const std::vector<EngineNode>& nodes) {
  for (const KeyNode& node : key.nodes) {
    for (const KeyEntry& e : node.entries) {
      if (!std::isfinite(e.frame) || !finite(e.position) || !finite(e.rotation) || !finite(e.position_rate) ||
          !finite(e.rotation_rate)) {
        return fmt::format("NODE {} entry {} holds inf or nan", node.index, e.num);
      }
    }
  }
  for (const KeyMarker& marker : key.markers) {
    if (!std::isfinite(marker.frame)) return std::string("a marker frame is inf or nan");
  }
  for (const EngineNode& node : nodes) {
    if (!finite(node.position) || !finite(node.rotation) || !finite(node.pivot)) {
      return fmt::format("model node \"{}\" holds inf or nan", node.name);
    }
  }
  return std::nullopt;
}

// The core skeleton: the model's nodes parents first (or the KEY's flat nodes under an added root), with the
// KEY NODE index of every core joint (-1 for the added root).
std::vector<std::string> add_skeleton(CoreConversion& result, const std::vector<EngineNode>& nodes,
                                      const std::vector<std::size_t>& order, bool has_model) {
  // Flat joints hang off one identity root: a glTF skin needs a common root.
  const int first = has_model ? 0 : 1;
  result.core_joint_of.assign(nodes.size(), -1);
  for (std::size_t i = 0; i < order.size(); ++i) result.core_joint_of[order[i]] = static_cast<int>(i) + first;
  std::vector<std::string> node_of_joint;
  if (!has_model) {
    result.scene.skeleton.joints.push_back(Joint{"key_root", -1, Transform{}});
    node_of_joint.push_back("-1");
  }
  for (std::size_t n : order) {
    const EngineNode& node = nodes[n];
    const int parent =
        node.parent < 0 ? first - 1 : result.core_joint_of[static_cast<std::size_t>(node.parent)];
    result.scene.skeleton.joints.push_back(
        Joint{node.name, parent, Transform{to_vec3(node.position), rotation_quat(node.rotation), {1, 1, 1}}});
    node_of_joint.push_back(std::to_string(node.key_index));
  }
  return node_of_joint;
}

// The clip: every tracked node's channels, the markers as events, the header kept as metadata.
Clip key_clip(const key::Document& key, const key::Engine& engine, const std::vector<std::size_t>& order,
              const CoreConversion& result, const std::vector<std::string>& node_of_joint,
              const BridgeOptions& options, double jump) {
  const KeyHeader& header = key.content.header;
  Clip clip;
  clip.name = "key";
  clip.duration = header.frames / static_cast<double>(header.fps);
  for (std::size_t n : order) {
    if (!engine.track(n)) continue;
    clip.joints.push_back(ChannelBuilder(engine, n, options, jump).build(result.core_joint_of[n]));
  }
  for (const KeyMarker& marker : key.content.markers) {
    clip.events.push_back(
        Event{marker.frame / static_cast<double>(header.fps), "marker", std::to_string(marker.type)});
  }
  clip.metadata["sith.flags"] = fmt::format("0x{:04X}", header.flags);
  clip.metadata["sith.type"] = fmt::format("0x{:04X}", header.type);
  clip.metadata["sith.frames"] = std::to_string(header.frames);
  clip.metadata["sith.fps"] = fmt::format("{}", header.fps);
  clip.metadata["sith.joints"] = std::to_string(header.joints);
  clip.metadata[kNodesMetadata] = fmt::format("{}", fmt::join(node_of_joint, ","));
  describe_source(clip, key::write(key));  // the writer gives it back when the clip comes back unchanged
  return clip;
}

}  // namespace

Result<CoreConversion> key::to_core(const key::Document& key, const model::Document* model,
                                    const BridgeOptions& options, const ModelSurfaces* surfaces) {
  const KeyHeader& header = key.content.header;
  if (!(header.fps > 0) || !std::isfinite(header.fps) || header.frames < 0) {
    return Error{
        std::string(kKeyFormat),
        fmt::format("cannot convert: FPS {} and FRAMES {} give no timeline", header.fps, header.frames),
        {},
        {},
        {}};
  }
  CoreConversion result;
  const key::Engine engine(key.content, model ? model_nodes(model->content) : flat_nodes(key.content),
                           options.dialect);
  const std::vector<EngineNode>& nodes = engine.nodes();
  if (const auto problem = non_finite_value(key.content, nodes)) {
    return Error{std::string(kKeyFormat), "cannot convert: " + *problem, {}, {}, {}};
  }
  const std::vector<std::size_t> order = parents_first(nodes);
  const std::vector<std::string> node_of_joint = add_skeleton(result, nodes, order, model != nullptr);
  Scene& scene = result.scene;
  const double jump = std::max(1e-4, header.frames / static_cast<double>(header.fps) * 1e-6);
  scene.clips.push_back(key_clip(key, engine, order, result, node_of_joint, options, jump));

  if (model && surfaces) {
    ModelLook look = model_look(model->content, nodes, result.core_joint_of, *surfaces);
    scene.meshes = std::move(look.meshes);
    scene.materials = std::move(look.materials);
    scene.images = std::move(look.images);
    result.notes.insert(result.notes.end(), look.notes.begin(), look.notes.end());
  } else if (model) {
    scene.meshes = model_meshes(model->content, nodes, result.core_joint_of);
  } else {
    result.notes.push_back(
        "no --model: joints are flat (no hierarchy, no rest pose, no meshes) under an added root "
        "\"key_root\"; "
        "KEY values are used as they are");
  }
  scene.metadata["sith.skeleton"] = model
                                        ? "from the .3do model's hierarchy"
                                        : "flat: no model given, one root joint per KEY node under key_root";
  result.notes.push_back(fmt::format(
      "Euler-linear rotations resampled: slerp between keys within {} degrees, keys at most {} degrees apart",
      options.rotation_tolerance_degrees, options.max_key_angle_degrees));
  result.notes.push_back(fmt::format("jumps at entry boundaries kept as keys {} s apart", jump));
  result.conversion = AxisConversion::z_up_to_y_up(options.unit_scale);
  result.conversion.apply(scene);
  return result;
}

FidelityReport measure_key_fidelity(const key::Engine& engine, const CoreConversion& conversion,
                                    double step) {
  const Scene& scene = conversion.scene;
  const Clip& clip = scene.clips.front();
  ClipPoser poser(scene.skeleton, clip);
  const auto reference = [&](double t, std::vector<Vec3>& positions) {
    const auto frame = static_cast<float>(t * engine.fps());
    const std::vector<Mat4> joints = engine.joint_matrices(frame);
    positions.assign(scene.skeleton.joints.size(), Vec3{});
    for (std::size_t n = 0; n < joints.size(); ++n) {
      const int core = conversion.core_joint_of[n];
      if (core >= 0)
        positions[static_cast<std::size_t>(core)] = conversion.conversion.point(joints[n].translation());
    }
  };
  const auto candidate = [&](double t, std::vector<Vec3>& positions) {
    positions.clear();
    for (const Mat4& m : poser.model_at(t)) positions.push_back(m.translation());
  };
  const std::vector<double> times = time_grid(clip.duration, step);
  return measure_fidelity(times, reference, candidate);
}

}  // namespace bonebridge::sith
