// SPDX-License-Identifier: MIT
// Property tracks as KHR_animation_pointer channels (property_channels.hpp), and the JSON mending tinygltf
// needs around them.
#include "property_channels.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <utility>

namespace bonebridge::gltf {
namespace {

std::size_t values_per_key(const PropertyTrack& track) {
  return track.interpolation == Interpolation::CubicSpline ? 3 : 1;
}

// Number `component` of key `key`'s value (not a tangent).
double key_value(const PropertyTrack& track, std::size_t key, std::size_t component) {
  const std::size_t per_key = values_per_key(track);
  const std::size_t value = key * per_key + (per_key == 3 ? 1 : 0);
  return track.values[value * static_cast<std::size_t>(track.components) + component];
}

// Why the track's numbers cannot be the target's, or nothing when they can.
std::optional<std::string> unfit_shape(const PropertyTrack& track, PropertyTarget target) {
  const int n = track.components;
  switch (target) {
    case PropertyTarget::LightIntensity:
      if (n != 1) return "a light's intensity is one number a key";
      break;
    case PropertyTarget::LightColor:
      if (n != 3 && n != 4) return "a light's colour is three numbers a key (a fourth, alpha, is ignored)";
      break;
    case PropertyTarget::NodeVisible:
      if (n != 1) return "a node's visibility is one number a key";
      if (track.interpolation != Interpolation::Step)
        return "a node's visibility switches (STEP), it does not blend";
      break;
    case PropertyTarget::None:
      return "glTF has no property it names";
  }
  const std::size_t keys = track.times.size();
  if (!track.strings.empty() || keys == 0 ||
      track.values.size() != keys * values_per_key(track) * static_cast<std::size_t>(n))
    return "its values do not match its keys";
  if (!(track.times.front() >= 0)) return "a key time is negative";
  for (std::size_t i = 1; i < keys; ++i) {
    if (!(static_cast<float>(track.times[i]) > static_cast<float>(track.times[i - 1])))
      return "its key times do not increase as 32-bit floats";
  }
  for (const double v : track.values) {
    if (!std::isfinite(static_cast<float>(v))) return "a value is not a finite 32-bit float";
  }
  return std::nullopt;
}

// Why the track's key values lie outside what glTF allows for its target (a light's intensity is at least
// 0, its colour's numbers within 0..1), or nothing.
std::optional<std::string> unfit_range(const PropertyTrack& track, PropertyTarget target) {
  if (target != PropertyTarget::LightIntensity && target != PropertyTarget::LightColor) return std::nullopt;
  const std::size_t width = target == PropertyTarget::LightColor ? 3 : 1;
  for (std::size_t key = 0; key < track.times.size(); ++key) {
    for (std::size_t c = 0; c < width; ++c) {
      const double v = key_value(track, key, c);
      if (v < 0) return fmt::format("key {} is {}, and glTF's light values are at least 0", key, v);
      if (width == 3 && v > 1)
        return fmt::format("key {} has {}, and glTF's light colour numbers are at most 1", key, v);
    }
  }
  return std::nullopt;
}

int node_named(const Skeleton& skeleton, const std::string& name) {
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j)
    if (skeleton.joints[j].name == name) return static_cast<int>(j);
  return -1;
}

void declare(tinygltf::Model& model, const char* extension) {
  auto& used = model.extensionsUsed;
  if (std::find(used.begin(), used.end(), extension) == used.end()) used.emplace_back(extension);
}

tinygltf::Value object_of(const std::string& key, tinygltf::Value value) {
  tinygltf::Value::Object object;
  object[key] = std::move(value);
  return tinygltf::Value(std::move(object));
}

}  // namespace

std::string PropertyChannels::pointer_to(const PropertyTrack& track, PropertyTarget target, int node) {
  auto& gltf_node = model_.nodes[static_cast<std::size_t>(node)];
  if (target == PropertyTarget::NodeVisible) {
    if (!gltf_node.extensions.contains("KHR_node_visibility"))
      gltf_node.extensions["KHR_node_visibility"] =
          object_of("visible", tinygltf::Value(key_value(track, 0, 0) != 0));
    any_visibility_ = true;
    return fmt::format("/nodes/{}/extensions/KHR_node_visibility/visible", node);
  }
  Light& light = lights_[node];
  if (light.index < 0) {
    // Resonite's Light defaults to a white point light of intensity 1; the track sets what it animates.
    tinygltf::Light added;
    added.name = gltf_node.name;
    added.type = "point";
    added.color = {1, 1, 1};
    added.intensity = 1;
    model_.lights.push_back(std::move(added));
    light.index = static_cast<int>(model_.lights.size() - 1);
    gltf_node.extensions["KHR_lights_punctual"] = object_of("light", tinygltf::Value(light.index));
  }
  auto& gltf_light = model_.lights[static_cast<std::size_t>(light.index)];
  const std::string prefix = fmt::format("/extensions/KHR_lights_punctual/lights/{}/", light.index);
  if (target == PropertyTarget::LightIntensity) {
    if (!std::exchange(light.intensity_set, true)) gltf_light.intensity = key_value(track, 0, 0);
    return prefix + "intensity";
  }
  if (!std::exchange(light.color_set, true))
    gltf_light.color = {key_value(track, 0, 0), key_value(track, 0, 1), key_value(track, 0, 2)};
  return prefix + "color";
}

void PropertyChannels::add_channel(const PropertyTrack& track, PropertyTarget target,
                                   const std::string& pointer, tinygltf::Animation& animation) {
  tinygltf::AnimationSampler sampler;
  sampler.input = buffer_.times(track.times);
  sampler.interpolation = to_string(track.interpolation);
  const auto n = static_cast<std::size_t>(track.components);
  if (target == PropertyTarget::NodeVisible) {
    // KHR_animation_pointer: a bool is an unsigned byte, 0 false and anything else true.
    std::vector<std::uint8_t> visible;
    for (const double v : track.values) visible.push_back(v != 0 ? 1 : 0);
    sampler.output =
        buffer_.integers(visible, TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_TYPE_SCALAR, 1, 0);
  } else {
    const std::size_t width = target == PropertyTarget::LightColor ? 3 : 1;
    std::vector<float> numbers;
    for (std::size_t value = 0; value * n < track.values.size(); ++value) {
      for (std::size_t c = 0; c < width; ++c)
        numbers.push_back(static_cast<float>(track.values[value * n + c]));
    }
    sampler.output = buffer_.floats(numbers, width == 3 ? TINYGLTF_TYPE_VEC3 : TINYGLTF_TYPE_SCALAR,
                                    static_cast<int>(width));
  }
  animation.samplers.push_back(std::move(sampler));
  tinygltf::AnimationChannel channel;
  channel.sampler = static_cast<int>(animation.samplers.size() - 1);
  channel.target_path = "pointer";  // and no node: without_pointer_nodes removes tinygltf's -1
  channel.target_extensions["KHR_animation_pointer"] = object_of("pointer", tinygltf::Value(pointer));
  animation.channels.push_back(std::move(channel));
  any_channel_ = true;
}

void PropertyChannels::add(const Clip& clip, tinygltf::Animation& animation, nlohmann::json& tracks) {
  std::set<std::string> animated;  // glTF: no two channels of an animation target the same property
  for (std::size_t i = 0; i < clip.properties.size() && i < tracks.size(); ++i) {
    const PropertyTrack& track = clip.properties[i];
    const PropertyTarget target = property_target(track);
    auto& entry = tracks[i];
    if (target == PropertyTarget::None) {
      entry["note"] =
          "not animated in glTF: it names no property a glTF made from this clip holds (a material's "
          "factors or morph weights would need a mesh the clip does not bring)";
      continue;
    }
    const int node = node_named(skeleton_, track.node);
    std::optional<std::string> unfit =
        node < 0 ? fmt::format("no node is named \"{}\"", track.node) : unfit_shape(track, target);
    if (!unfit) unfit = unfit_range(track, target);
    if (unfit) {
      entry["note"] = "not animated in glTF: " + *unfit;
      continue;
    }
    const std::string pointer = pointer_to(track, target, node);
    if (!animated.insert(pointer).second) {
      entry["note"] = "not animated in glTF: an earlier track of this clip animates " + pointer;
      continue;
    }
    add_channel(track, target, pointer, animation);
    entry["pointer"] = pointer;
  }
}

void PropertyChannels::declare_extensions() const {
  if (any_channel_) declare(model_, "KHR_animation_pointer");
  if (any_visibility_) declare(model_, "KHR_node_visibility");
}

}  // namespace bonebridge::gltf
