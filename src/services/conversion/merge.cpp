// SPDX-License-Identifier: MIT
// One character and all its animations in one glTF: every input converted to the core model, the first that
// converts the base, the others' clips appended when their skeletons fit (ConvertJob::more_inputs).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <optional>

#include "bonebridge/services/addressing.hpp"
#include "steps.hpp"

namespace bonebridge {
namespace conversion {
namespace {

// One input of a job of several, converted to the core model as a single input would be.
Result<CoreConversion> input_scene(const ConvertJob& job, const std::string& address) {
  if (names_gltf(address) && job.format.empty())
    return Error{"", "the input is already glTF", {}, {}, address};
  auto input = load_job_input(job, address);
  if (!input) return input.error();
  auto core = core_of(*input->document, job.options);
  if (!core) return with_file(core.error(), address);
  return core;
}

// A channel of `clip` that holds `value` from start to end.
template <class Value>
Channel<Value> constant_channel(const Value& value) {
  return Channel<Value>{Interpolation::Step, {0.0}, {value}};
}

// The clip's channels of joint j, made (empty) when the clip has none.
JointChannels& channels_of(Clip& clip, std::size_t j) {
  auto it = std::find_if(clip.joints.begin(), clip.joints.end(),
                         [&](const JointChannels& c) { return c.joint == static_cast<int>(j); });
  if (it == clip.joints.end()) {
    JointChannels channels;
    channels.joint = static_cast<int>(j);
    it = clip.joints.insert(it, std::move(channels));
  }
  return *it;
}

// A joint that a clip leaves alone shows the rest transform of the glTF node, which is the base's: where the
// clip's own skeleton rests otherwise, the clip holds its own rest value. Returns how many channels it took.
std::size_t hold_own_rest(Clip& clip, const Skeleton& own, const Skeleton& base) {
  std::size_t added = 0;
  for (std::size_t j = 0; j < own.joints.size(); ++j) {
    const Transform& mine = own.joints[j].rest;
    const Transform& shown = base.joints[j].rest;
    const bool translation = mine.translation != shown.translation;
    const bool rotation = mine.rotation != shown.rotation;
    const bool scale = mine.scale != shown.scale;
    if (!translation && !rotation && !scale) continue;
    JointChannels& channels = channels_of(clip, j);
    if (translation && !channels.translation)
      channels.translation = constant_channel(mine.translation), ++added;
    if (rotation && !channels.rotation) channels.rotation = constant_channel(mine.rotation), ++added;
    if (scale && !channels.scale) channels.scale = constant_channel(mine.scale), ++added;
  }
  return added;
}

// Each clip holds the rest value, by a constant channel, of every joint property that another clip of the
// glTF moves and it leaves alone: players differ on what such a property shows while the clip plays (three.js
// the node's own value, Blender the pose the previous action left). Returns how many channels it took.
std::size_t hold_rest_across_clips(Scene& scene) {
  if (scene.clips.size() < 2) return 0;
  const std::size_t joints = scene.skeleton.joints.size();
  std::vector<std::array<bool, 3>> moved(joints, {false, false, false});
  for (const Clip& clip : scene.clips) {
    for (const JointChannels& c : clip.joints) {
      if (c.joint < 0 || static_cast<std::size_t>(c.joint) >= joints) continue;
      auto& flags = moved[static_cast<std::size_t>(c.joint)];
      flags = {flags[0] || c.translation.has_value(), flags[1] || c.rotation.has_value(),
               flags[2] || c.scale.has_value()};
    }
  }
  std::size_t added = 0;
  for (Clip& clip : scene.clips) {
    for (std::size_t j = 0; j < joints; ++j) {
      const auto& flags = moved[j];
      if (!flags[0] && !flags[1] && !flags[2]) continue;
      JointChannels& channels = channels_of(clip, j);
      const Transform& rest = scene.skeleton.joints[j].rest;
      if (flags[0] && !channels.translation)
        channels.translation = constant_channel(rest.translation), ++added;
      if (flags[1] && !channels.rotation) channels.rotation = constant_channel(rest.rotation), ++added;
      if (flags[2] && !channels.scale) channels.scale = constant_channel(rest.scale), ++added;
    }
  }
  return added;
}

// What the notes say of an input left out of the glTF.
std::string left_out(const std::string& address, Error error) {
  if (error.file == address) error.file.clear();
  return fmt::format("{}: left out: {}", address, error.to_string());
}

// The input's clips under `name` (a second input of the same name gets " 2", and so on), with `metadata`
// added, appended to the scene.
void append_clips(Scene& scene, std::vector<Clip> clips, const std::string& name,
                  const std::map<std::string, std::string>& metadata) {
  const auto taken = [&](const std::string& candidate) {
    return std::any_of(scene.clips.begin(), scene.clips.end(), [&](const Clip& clip) {
      return clip.name == candidate || clip.name.starts_with(candidate + "/");
    });
  };
  std::string unique = name;
  for (int n = 2; taken(unique); ++n) unique = fmt::format("{} {}", name, n);
  for (std::size_t i = 0; i < clips.size(); ++i) {
    const std::string own = clips[i].name.empty() ? std::to_string(i) : clips[i].name;
    clips[i].name = clips.size() == 1 ? unique : unique + "/" + own;
    for (const auto& [key, value] : metadata) clips[i].metadata[key] = value;
    scene.clips.push_back(std::move(clips[i]));
  }
}

// The name and metadata of input `index` of a job ([input] then more_inputs).
std::string input_animation_name(const ConvertJob& job, std::size_t index, const std::string& address) {
  return index < job.animation_names.size() ? job.animation_names[index] : animation_name(address);
}
const std::map<std::string, std::string>& input_metadata(const ConvertJob& job, std::size_t index) {
  static const std::map<std::string, std::string> none;
  return index < job.animation_metadata.size() ? job.animation_metadata[index] : none;
}

void add_notes(std::vector<std::string>& notes, const std::string& address,
               const std::vector<std::string>& more) {
  for (const auto& note : more) notes.push_back(address + ": " + note);
}

// Each other input's clips, when its skeleton fits the base's; refusals and failures become notes.
void append_animation(Converted<Scene>& merged, const std::string& base, const ConvertJob& job,
                      std::size_t index, const std::string& address, Result<CoreConversion> core) {
  if (!core) {
    merged.notes.push_back(left_out(address, core.error()));
    return;
  }
  if (const auto difference = skeleton_difference(merged.value.skeleton, core->scene.skeleton)) {
    merged.notes.push_back(
        fmt::format("{}: left out: its skeleton does not fit that of {}: {}", address, base, *difference));
    return;
  }
  add_notes(merged.notes, address, core->notes);
  std::size_t held = 0;
  for (auto& clip : core->scene.clips)
    held += hold_own_rest(clip, core->scene.skeleton, merged.value.skeleton);
  if (held > 0)
    merged.notes.push_back(fmt::format(
        "{}: its own rest pose, which differs from {}'s, is held by {} constant channel{} on the joints it "
        "leaves alone",
        address, base, held, held == 1 ? "" : "s"));
  append_clips(merged.value, std::move(core->scene.clips), input_animation_name(job, index, address),
               input_metadata(job, index));
}

}  // namespace

Result<Converted<std::vector<std::uint8_t>>> animations_to_gltf(const ConvertJob& job) {
  std::vector<std::string> inputs{job.input};
  inputs.insert(inputs.end(), job.more_inputs.begin(), job.more_inputs.end());
  std::optional<Converted<Scene>> merged;
  std::string base;
  std::vector<Error> failures;
  for (std::size_t index = 0; index < inputs.size(); ++index) {
    const std::string& address = inputs[index];
    auto core = input_scene(job, address);
    if (merged) {
      append_animation(*merged, base, job, index, address, std::move(core));
    } else if (!core) {
      failures.push_back(core.error());
    } else {
      base = address;
      merged = Converted<Scene>{std::move(core->scene), {}};
      for (std::size_t i = 0; i < failures.size(); ++i)
        merged->notes.push_back(left_out(inputs[i], failures[i]));
      add_notes(merged->notes, address, core->notes);
      auto clips = std::move(merged->value.clips);
      merged->value.clips.clear();
      append_clips(merged->value, std::move(clips), input_animation_name(job, index, address),
                   input_metadata(job, index));
    }
  }
  if (!merged) {
    Error error = failures.front();
    for (std::size_t i = 1; i < failures.size(); ++i) error.message += "; " + failures[i].to_string();
    return error;
  }
  if (const std::size_t held = hold_rest_across_clips(merged->value); held > 0)
    merged->notes.push_back(
        fmt::format("{} constant channel{} the rest pose, in each animation, of the joints that only other "
                    "animations move",
                    held, held == 1 ? " holds" : "s hold"));
  std::vector<std::string> names;
  for (const auto& clip : merged->value.clips) names.push_back(clip.name);
  merged->notes.push_back(names.empty() ? std::string("no animation")
                                        : fmt::format("{} animation{}: {}", names.size(),
                                                      names.size() == 1 ? "" : "s", fmt::join(names, ", ")));
  auto bytes = gltf::write(merged->value, gltf_options(job));
  if (!bytes) return bytes.error();
  return Converted<std::vector<std::uint8_t>>{std::move(*bytes), std::move(merged->notes)};
}

}  // namespace conversion

std::optional<std::string> skeleton_difference(const Skeleton& base, const Skeleton& other) {
  if (base.joints.size() != other.joints.size())
    return fmt::format("{} joints instead of {}", other.joints.size(), base.joints.size());
  for (std::size_t j = 0; j < base.joints.size(); ++j) {
    const Joint& want = base.joints[j];
    const Joint& have = other.joints[j];
    if (have.name != want.name)
      return fmt::format("joint {} is named \"{}\" instead of \"{}\"", j, have.name, want.name);
    if (have.parent != want.parent)
      return fmt::format("joint {} (\"{}\") has parent {} instead of {}", j, have.name, have.parent,
                         want.parent);
  }
  return std::nullopt;
}

std::string animation_name(const std::string& address) {
  const auto split = split_address(address);
  if (!split || split->entries.empty()) return std::filesystem::path(address).stem().string();
  const std::filesystem::path entry(split->entries.back());
  if (entry.has_extension()) return entry.stem().string();
  return std::filesystem::path(split->file).stem().string() + "_" + entry.string();
}

}  // namespace bonebridge
