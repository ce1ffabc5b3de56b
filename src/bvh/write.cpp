// SPDX-License-Identifier: MIT
// The BVH writer: the clip sampled at every frame (core/sampler.hpp, so any interpolation and any key times
// are welcome), each joint's local rotation written as Euler angles in its channel order (euler.hpp) and its
// local translation as an OFFSET (the rest) or, where it moves, as position channels. BVH has no rest
// rotation: a joint's rest rotation goes into its rotation channels, so poses, not rests, are what survive.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "bonebridge/bvh/bvh.hpp"
#include "bonebridge/core/sampler.hpp"
#include "lexer.hpp"

namespace bonebridge::bvh {
namespace {

using detail::kChannelNames;

// More frames than any clip needs; a longer request is a mistake (a tiny frame time), not a file to write.
constexpr std::uint64_t kMaxFrames = 10'000'000;

struct Layout {
  std::string name;        // as written: unique, no whitespace
  bool end_site = false;   // written as "End Site"
  std::vector<int> kinds;  // indices into kChannelNames, as listed
  RotationOrder order{};   // of the rotation kinds
};

struct Motion {
  double frame_time = 0;
  std::uint64_t frames = 0;
};

// The CHANNELS a scene read from BVH recorded for each joint (kChannelsKey), and for a joint that lists fewer
// than three rotations, the order its listed axes lead (the others after them): the rotation fits those
// channels when the unlisted angles stay 0.
struct Recorded {
  std::vector<std::optional<std::vector<int>>> kinds;
  std::vector<std::optional<RotationOrder>> partial;
};

// What the clip asks of each joint over all frames: its translation leaving the rest, its rotation leaving
// identity, its scale leaving 1, its rotation leaving the axes its recorded channels list.
struct Needs {
  std::vector<bool> position, rotation, scale, off_axes;
};

Needs needs_of(const Scene& scene, const Clip& clip, const Motion& motion, const Recorded& recorded) {
  const std::size_t count = scene.skeleton.joints.size();
  Needs needs{std::vector<bool>(count), std::vector<bool>(count), std::vector<bool>(count),
              std::vector<bool>(count)};
  ClipSampler sampler(scene.skeleton, clip);
  std::vector<Transform> locals(count);
  for (std::uint64_t frame = 0; frame < motion.frames; ++frame) {
    sampler.sample(static_cast<double>(frame) * motion.frame_time, locals);
    for (std::size_t i = 0; i < count; ++i) {
      const Transform& local = locals[i];
      const Vec3 rest = scene.skeleton.joints[i].rest.translation;
      needs.position[i] = needs.position[i] || distance(local.translation, rest) > 1e-12;
      needs.rotation[i] = needs.rotation[i] || angle_between(local.rotation, Quat{}) > 1e-12;
      needs.scale[i] = needs.scale[i] || distance(local.scale, Vec3{1, 1, 1}) > 1e-9;
      if (const auto& order = recorded.partial[i]) {
        const auto angles = quat_to_euler(*order, local.rotation);
        const auto listed = static_cast<std::size_t>(std::count_if(
            recorded.kinds[i]->begin(), recorded.kinds[i]->end(), [](int kind) { return kind >= 3; }));
        for (std::size_t n = listed; n < 3; ++n)
          needs.off_axes[i] = needs.off_axes[i] || std::abs(angles[n]) > 1e-9;
      }
    }
  }
  return needs;
}

Result<Motion> motion_of(const Clip& clip, const WriteOptions& options) {
  Motion motion{1.0 / 30.0, 1};
  if (options.frame_time) {
    motion.frame_time = *options.frame_time;
  } else if (const auto found = clip.metadata.find(kFrameTimeKey); found != clip.metadata.end()) {
    motion.frame_time = detail::parse_number(found->second).value_or(0);
  }
  if (!(motion.frame_time > 0) || !std::isfinite(motion.frame_time)) {
    return Error{std::string(kFormat),
                 fmt::format("the frame time must be positive seconds, found {}", motion.frame_time),
                 {},
                 {},
                 {}};
  }
  const double intervals = std::max(0.0, std::round(clip.duration / motion.frame_time));
  if (!(intervals < static_cast<double>(kMaxFrames))) {
    return Error{std::string(kFormat),
                 fmt::format("{} s at {} s a frame is more than {} frames", clip.duration, motion.frame_time,
                             kMaxFrames),
                 {},
                 {},
                 {}};
  }
  motion.frames = static_cast<std::uint64_t>(intervals) + 1;
  return motion;
}

// Names BVH can hold: no whitespace or braces (a name is the rest of its line), none empty, none twice.
std::vector<std::string> written_names(const Skeleton& skeleton, std::vector<std::string>& notes) {
  std::set<std::string> used;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < skeleton.joints.size(); ++i) {
    std::string name = skeleton.joints[i].name;
    for (char& c : name) {
      if (static_cast<unsigned char>(c) <= ' ' || c == '{' || c == '}') c = '_';
    }
    if (name.empty()) name = fmt::format("joint{}", i);
    const std::string base = name;
    for (int suffix = 2; used.count(name); ++suffix) name = fmt::format("{}_{}", base, suffix);
    if (name != skeleton.joints[i].name) {
      notes.push_back(fmt::format("joint {} '{}' is written as '{}'", i, skeleton.joints[i].name, name));
    }
    used.insert(name);
    names.push_back(std::move(name));
  }
  return names;
}

// One joint's recorded CHANNELS, or nullopt when the scene has none for it (or they are not ours).
std::optional<std::vector<int>> recorded_kinds(const nlohmann::json& recorded, const std::string& name) {
  const auto found = recorded.find(name);
  if (found == recorded.end() || !found->is_array()) return std::nullopt;
  std::vector<int> kinds;
  for (const auto& channel : *found) {
    if (!channel.is_string()) return std::nullopt;
    const auto at = std::find(kChannelNames.begin(), kChannelNames.end(), channel.get<std::string>());
    if (at == kChannelNames.end() ||
        std::find(kinds.begin(), kinds.end(), at - kChannelNames.begin()) != kinds.end()) {
      return std::nullopt;
    }
    kinds.push_back(static_cast<int>(at - kChannelNames.begin()));
  }
  return kinds;
}

// The order whose axes are the listed rotation kinds first, then the unlisted ones in X, Y, Z order.
RotationOrder order_of(const std::vector<int>& kinds) {
  std::string letters;
  for (const int kind : kinds) {
    if (kind >= 3) letters += static_cast<char>('X' + kind - 3);
  }
  for (const char axis : {'X', 'Y', 'Z'}) {
    if (letters.find(axis) == std::string::npos) letters += axis;
  }
  for (const auto order : {RotationOrder::XYZ, RotationOrder::XZY, RotationOrder::YXZ, RotationOrder::YZX,
                           RotationOrder::ZXY, RotationOrder::ZYX}) {
    if (to_string(order) == letters) return order;
  }
  return RotationOrder::XYZ;  // not reached: the letters are a permutation of XYZ
}

Recorded recorded_of(const Scene& scene, const WriteOptions& options) {
  const std::size_t count = scene.skeleton.joints.size();
  Recorded recorded{std::vector<std::optional<std::vector<int>>>(count),
                    std::vector<std::optional<RotationOrder>>(count)};
  const auto found = scene.metadata.find(kChannelsKey);
  if (!options.keep_channels || found == scene.metadata.end()) return recorded;
  const auto json = nlohmann::json::parse(found->second, nullptr, false);
  if (!json.is_object()) return recorded;
  for (std::size_t i = 0; i < count; ++i) {
    recorded.kinds[i] = recorded_kinds(json, scene.skeleton.joints[i].name);
    if (recorded.kinds[i]) recorded.partial[i] = order_of(*recorded.kinds[i]);
  }
  return recorded;
}

// Each joint's channels: as recorded when they carry the joint's motion (three positions where it moves,
// rotations about the listed axes only), else positions on roots and moving joints and rotations in `order`.
std::vector<int> kinds_for(const std::optional<std::vector<int>>& recorded, bool root, bool moves,
                           bool off_axes, RotationOrder order) {
  if (recorded) {
    const auto positions =
        std::count_if(recorded->begin(), recorded->end(), [](int kind) { return kind < 3; });
    if ((!moves || positions == 3) && !off_axes) return *recorded;
  }
  std::vector<int> kinds;
  if (root || moves) kinds = {0, 1, 2};
  for (const int axis : axes_of(order)) kinds.push_back(3 + axis);
  return kinds;
}

// The joints a scene read from BVH had as End Sites (kEndSitesKey).
std::set<std::string> end_sites_of(const Scene& scene) {
  std::set<std::string> names;
  const auto found = scene.metadata.find(kEndSitesKey);
  if (found == scene.metadata.end()) return names;
  const auto json = nlohmann::json::parse(found->second, nullptr, false);
  for (const auto& name : json.is_array() ? json : nlohmann::json::array()) {
    if (name.is_string()) names.insert(name.get<std::string>());
  }
  return names;
}

std::vector<Layout> plan(const Scene& scene, const Needs& needs, const Recorded& recorded,
                         const WriteOptions& options, std::vector<std::string>& notes) {
  const auto& joints = scene.skeleton.joints;
  std::vector<bool> leaf(joints.size(), true);
  for (const auto& joint : joints) {
    if (joint.parent >= 0) leaf[static_cast<std::size_t>(joint.parent)] = false;
  }
  const auto names = written_names(scene.skeleton, notes);
  const auto end_sites = end_sites_of(scene);
  std::vector<Layout> layouts;
  for (std::size_t i = 0; i < joints.size(); ++i) {
    Layout layout;
    layout.name = names[i];
    layout.end_site = leaf[i] && joints[i].parent >= 0 && end_sites.count(joints[i].name) > 0;
    if (layout.end_site && (needs.position[i] || needs.rotation[i])) {
      notes.push_back(fmt::format("End Site '{}' moves in the clip; BVH keeps only its OFFSET", names[i]));
    }
    if (needs.scale[i])
      notes.push_back(fmt::format("joint '{}' is scaled; BVH has no scale, dropped", names[i]));
    if (!layout.end_site) {
      const bool off_axes = recorded.kinds[i] ? needs.off_axes[i] : false;
      layout.kinds =
          kinds_for(recorded.kinds[i], joints[i].parent < 0, needs.position[i], off_axes, options.order);
      layout.order = layout.kinds == recorded.kinds[i] ? order_of(layout.kinds) : options.order;
    }
    layouts.push_back(std::move(layout));
  }
  return layouts;
}

std::string format_offset(Vec3 v) {
  return fmt::format("OFFSET {} {} {}", v.x, v.y, v.z);
}

// The hierarchy, depth first with an explicit stack; returns the joints in the order written.
std::vector<std::size_t> write_hierarchy(const Skeleton& skeleton, const std::vector<Layout>& layouts,
                                         std::string& out) {
  std::vector<std::vector<std::size_t>> children(skeleton.joints.size());
  std::vector<std::size_t> roots;
  for (std::size_t i = 0; i < skeleton.joints.size(); ++i) {
    const int parent = skeleton.joints[i].parent;
    (parent < 0 ? roots : children[static_cast<std::size_t>(parent)]).push_back(i);
  }
  std::vector<std::size_t> written;
  struct Open {
    std::size_t joint, next_child;
  };
  out += "HIERARCHY\n";
  for (const std::size_t root : roots) {
    std::vector<Open> stack{{root, 0}};
    while (!stack.empty()) {
      Open& top = stack.back();
      const std::string indent(stack.size() - 1, '\t');
      const Layout& layout = layouts[top.joint];
      if (top.next_child == 0) {
        const char* keyword = layout.end_site ? "End Site" : stack.size() == 1 ? "ROOT " : "JOINT ";
        out += fmt::format("{}{}{}\n{}{{\n\t{}{}\n", indent, keyword, layout.end_site ? "" : layout.name,
                           indent, indent, format_offset(skeleton.joints[top.joint].rest.translation));
        if (!layout.end_site) {
          written.push_back(top.joint);
          out += fmt::format("\t{}CHANNELS {}", indent, layout.kinds.size());
          for (const int kind : layout.kinds)
            out += fmt::format(" {}", kChannelNames[static_cast<std::size_t>(kind)]);
          out += '\n';
        }
      }
      if (top.next_child < children[top.joint].size()) {
        stack.push_back({children[top.joint][top.next_child++], 0});
        continue;
      }
      out += indent + "}\n";
      stack.pop_back();
    }
  }
  return written;
}

void write_motion(const Scene& scene, const Clip& clip, const Motion& motion,
                  const std::vector<Layout>& layouts, const std::vector<std::size_t>& written,
                  std::string& out) {
  out += fmt::format("MOTION\nFrames: {}\nFrame Time: {}\n", motion.frames, motion.frame_time);
  ClipSampler sampler(scene.skeleton, clip);
  std::vector<Transform> locals(scene.skeleton.joints.size());
  std::vector<std::array<double, 3>> previous(scene.skeleton.joints.size());
  for (std::uint64_t frame = 0; frame < motion.frames; ++frame) {
    sampler.sample(static_cast<double>(frame) * motion.frame_time, locals);
    std::string line;
    for (const std::size_t joint : written) {
      const Transform& local = locals[joint];
      const Layout& layout = layouts[joint];
      const auto angles = quat_to_euler(layout.order, local.rotation, previous[joint]);
      previous[joint] = angles;
      const auto axes = axes_of(layout.order);
      const std::array<double, 3> position{local.translation.x, local.translation.y, local.translation.z};
      for (const int kind : layout.kinds) {
        const double value = kind < 3 ? position[static_cast<std::size_t>(kind)]
                                      : angles[static_cast<std::size_t>(
                                            std::find(axes.begin(), axes.end(), kind - 3) - axes.begin())];
        if (!line.empty()) line += ' ';
        line += fmt::format("{}", value);
      }
    }
    out += line + '\n';
  }
}

}  // namespace

Result<Converted<std::vector<std::uint8_t>>> write_bvh(const Scene& scene, std::size_t clip,
                                                       const WriteOptions& options) {
  return guard(kFormat, [&]() -> Result<Converted<std::vector<std::uint8_t>>> {
    const auto failure = [](std::string message) {
      return Error{std::string(kFormat), std::move(message), {}, {}, {}};
    };
    if (clip >= scene.clips.size()) {
      return failure(fmt::format("clip {} asked for, the scene has {}", clip, scene.clips.size()));
    }
    if (scene.skeleton.joints.empty()) return failure("the scene has no joints; BVH needs a ROOT");
    if (!is_topologically_ordered(scene.skeleton)) return failure("a joint's parent comes after it");
    const auto motion = motion_of(scene.clips[clip], options);
    if (!motion.ok()) return motion.error();
    Converted<std::vector<std::uint8_t>> result;
    const Recorded recorded = recorded_of(scene, options);
    const Needs needs = needs_of(scene, scene.clips[clip], *motion, recorded);
    const auto layouts = plan(scene, needs, recorded, options, result.notes);
    std::string text;
    const auto written = write_hierarchy(scene.skeleton, layouts, text);
    write_motion(scene, scene.clips[clip], *motion, layouts, written, text);
    result.value.assign(text.begin(), text.end());
    return result;
  });
}

}  // namespace bonebridge::bvh
