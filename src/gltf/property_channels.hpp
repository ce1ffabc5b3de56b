// SPDX-License-Identifier: MIT
#pragma once
// Property tracks as KHR_animation_pointer channels, where the track's name says what it animates
// (core/property_targets.hpp) and glTF has that property:
//
//   PropertyTarget   glTF property (added to the track's node)           pointer
//   LightIntensity   a KHR_lights_punctual point light, its intensity
//   /extensions/KHR_lights_punctual/lights/N/intensity LightColor       the same light, its colour (r, g, b)
//   /extensions/KHR_lights_punctual/lights/N/color NodeVisible      KHR_node_visibility on the node (STEP,
//   bytes 0/1)   /nodes/N/extensions/KHR_node_visibility/visible
//
// The light's and the node's values without animation are those of the track's first key. Every track also
// stays in the animation's extras (extras.cpp), which is what reading a glTF back gives: the channel is for
// players, the extras for the round trip. A track not animated says why in its extras ("note").
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bonebridge/core/property_targets.hpp"
#include "bonebridge/core/scene.hpp"
#include "buffer_builder.hpp"
#include "tinygltf.hpp"

namespace bonebridge::gltf {

class PropertyChannels {
 public:
  PropertyChannels(tinygltf::Model& model, BufferBuilder& buffer, const Skeleton& skeleton)
      : model_(model), buffer_(buffer), skeleton_(skeleton) {}

  // Adds a channel to `animation` for each track of the clip glTF can animate, and to each track's entry of
  // `tracks` (the clip's extras.bonebridge.properties, in the clip's order) its pointer or a note.
  void add(const Clip& clip, tinygltf::Animation& animation, nlohmann::json& tracks);

  // Declares the extensions the channels use (once every clip is added).
  void declare_extensions() const;

 private:
  struct Light {
    int index = -1;
    bool intensity_set = false, color_set = false;
  };
  std::string pointer_to(const PropertyTrack& track, PropertyTarget target, int node);
  void add_channel(const PropertyTrack& track, PropertyTarget target, const std::string& pointer,
                   tinygltf::Animation& animation);

  tinygltf::Model& model_;
  BufferBuilder& buffer_;
  const Skeleton& skeleton_;
  std::map<int, Light> lights_;  // by node
  bool any_channel_ = false, any_visibility_ = false;
};

// tinygltf 2.7 writes `target.node` on every channel (as -1 when unset) and refuses a channel without one
// when reading, while KHR_animation_pointer requires that a pointer channel has no node. These mend the
// serialised JSON (of a .gltf, or the JSON chunk of a .glb) on each side.
//
// After writing: the `node` of every channel whose path is "pointer" removed.
std::vector<std::uint8_t> without_pointer_nodes(std::vector<std::uint8_t> file, bool pretty);
// Before reading: channels without a node (pointer channels; glTF says a player that does not know them
// ignores them) left out, as bonebridge reads a clip's properties from its extras. Nothing when the file
// has none, or is not JSON enough to tell (tinygltf then reports what is wrong).
std::optional<std::vector<std::uint8_t>> without_nodeless_channels(std::span<const std::uint8_t> file);

}  // namespace bonebridge::gltf
