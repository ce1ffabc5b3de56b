// SPDX-License-Identifier: MIT
// The structural self-check of every glTF the writer makes (structure.hpp). Each problem is named by the JSON
// pointer the validator would report it at.
#include "structure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bonebridge::gltf {
namespace {

using Problem = std::optional<std::string>;

template <class List>
bool names_one(int index, const List& list) {
  return index >= 0 && static_cast<std::size_t>(index) < list.size();
}

template <class List>
Problem reference(int index, const List& list, const std::string& where, const char* what) {
  if (names_one(index, list)) return std::nullopt;
  return fmt::format("{} names {} {}, but there are {}", where, what, index, list.size());
}

Problem check_buffers(const tinygltf::Model& model) {
  for (std::size_t b = 0; b < model.buffers.size(); ++b) {
    if (model.buffers[b].data.empty()) return fmt::format("/buffers/{} is empty", b);
  }
  for (std::size_t v = 0; v < model.bufferViews.size(); ++v) {
    const auto& view = model.bufferViews[v];
    const std::string where = fmt::format("/bufferViews/{}", v);
    if (auto bad = reference(view.buffer, model.buffers, where, "buffer")) return bad;
    const auto size = model.buffers[static_cast<std::size_t>(view.buffer)].data.size();
    if (view.byteLength == 0 || view.byteOffset + view.byteLength > size)
      return fmt::format("{} holds bytes {}..{} of a buffer of {}", where, view.byteOffset,
                         view.byteOffset + view.byteLength, size);
  }
  return std::nullopt;
}

Problem check_accessors(const tinygltf::Model& model) {
  for (std::size_t a = 0; a < model.accessors.size(); ++a) {
    const auto& accessor = model.accessors[a];
    const std::string where = fmt::format("/accessors/{}", a);
    if (accessor.count == 0) return where + " has no elements";
    if (auto bad = reference(accessor.bufferView, model.bufferViews, where, "buffer view")) return bad;
    const auto& view = model.bufferViews[static_cast<std::size_t>(accessor.bufferView)];
    const auto element = static_cast<std::size_t>(
        tinygltf::GetComponentSizeInBytes(static_cast<std::uint32_t>(accessor.componentType)) *
        tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(accessor.type)));
    const std::size_t stride = view.byteStride != 0 ? view.byteStride : element;
    if (element == 0 || accessor.byteOffset + (accessor.count - 1) * stride + element > view.byteLength)
      return fmt::format("{} ({} elements) runs past its buffer view", where, accessor.count);
  }
  return std::nullopt;
}

// Each node in at most one place of the hierarchy (a scene's roots or one parent's children), so that the
// hierarchy is a forest without cycles, and every scene holds at least one node.
Problem check_hierarchy(const tinygltf::Model& model) {
  if (model.scenes.empty()) return std::string("the file has no scene");
  if (!names_one(model.defaultScene, model.scenes))
    return fmt::format("/scene names scene {}, but there are {}", model.defaultScene, model.scenes.size());
  std::vector<int> parent(model.nodes.size(), -2);  // -2: nowhere yet, -1: a scene root
  for (std::size_t n = 0; n < model.nodes.size(); ++n) {
    for (const int child : model.nodes[n].children) {
      const std::string where = fmt::format("/nodes/{}/children", n);
      if (auto bad = reference(child, model.nodes, where, "node")) return bad;
      if (parent[static_cast<std::size_t>(child)] != -2)
        return fmt::format("{}: node {} already has a parent", where, child);
      parent[static_cast<std::size_t>(child)] = static_cast<int>(n);
    }
  }
  for (std::size_t s = 0; s < model.scenes.size(); ++s) {
    const std::string where = fmt::format("/scenes/{}/nodes", s);
    if (model.scenes[s].nodes.empty()) return where + " is empty: the scene shows nothing";
    std::set<int> roots;
    for (const int root : model.scenes[s].nodes) {
      if (auto bad = reference(root, model.nodes, where, "node")) return bad;
      if (parent[static_cast<std::size_t>(root)] >= 0 || !roots.insert(root).second)
        return fmt::format("{}: node {} is not a root, or is listed twice", where, root);
    }
  }
  for (std::size_t n = 0; n < model.nodes.size(); ++n) {
    std::size_t steps = 0;  // a parent chain longer than the node count is a cycle
    for (int at = static_cast<int>(n); at >= 0; at = parent[static_cast<std::size_t>(at)]) {
      if (++steps > model.nodes.size()) return fmt::format("/nodes/{} is its own ancestor", n);
    }
  }
  return std::nullopt;
}

Problem check_nodes(const tinygltf::Model& model) {
  for (std::size_t n = 0; n < model.nodes.size(); ++n) {
    const auto& node = model.nodes[n];
    const std::string where = fmt::format("/nodes/{}", n);
    if (node.mesh >= 0) {
      if (auto bad = reference(node.mesh, model.meshes, where, "mesh")) return bad;
    }
    if (node.skin >= 0) {
      if (auto bad = reference(node.skin, model.skins, where, "skin")) return bad;
      if (node.mesh < 0) return where + " has a skin but no mesh";
    }
  }
  for (std::size_t s = 0; s < model.skins.size(); ++s) {
    const auto& skin = model.skins[s];
    const std::string where = fmt::format("/skins/{}", s);
    if (skin.joints.empty()) return where + " has no joints";
    for (const int joint : skin.joints) {
      if (auto bad = reference(joint, model.nodes, where + "/joints", "node")) return bad;
    }
    if (skin.inverseBindMatrices >= 0) {
      if (auto bad = reference(skin.inverseBindMatrices, model.accessors, where, "accessor")) return bad;
      if (model.accessors[static_cast<std::size_t>(skin.inverseBindMatrices)].count != skin.joints.size())
        return where + ": one inverse bind matrix a joint expected";
    }
  }
  return std::nullopt;
}

Problem check_meshes(const tinygltf::Model& model) {
  for (std::size_t m = 0; m < model.meshes.size(); ++m) {
    const auto& primitives = model.meshes[m].primitives;
    if (primitives.empty()) return fmt::format("/meshes/{} has no primitives", m);
    for (std::size_t p = 0; p < primitives.size(); ++p) {
      const std::string where = fmt::format("/meshes/{}/primitives/{}", m, p);
      const auto& primitive = primitives[p];
      if (primitive.attributes.empty()) return where + " has no attributes";
      for (const auto& [name, accessor] : primitive.attributes) {
        if (auto bad = reference(accessor, model.accessors, where + "/attributes/" + name, "accessor"))
          return bad;
      }
      if (primitive.indices >= 0) {
        if (auto bad = reference(primitive.indices, model.accessors, where + "/indices", "accessor"))
          return bad;
      }
      if (primitive.material >= 0) {
        if (auto bad = reference(primitive.material, model.materials, where, "material")) return bad;
      }
    }
  }
  return std::nullopt;
}

Problem check_textures(const tinygltf::Model& model) {
  for (std::size_t m = 0; m < model.materials.size(); ++m) {
    const int texture = model.materials[m].pbrMetallicRoughness.baseColorTexture.index;
    if (texture < 0) continue;
    const std::string where = fmt::format("/materials/{}/pbrMetallicRoughness/baseColorTexture", m);
    if (auto bad = reference(texture, model.textures, where, "texture")) return bad;
  }
  for (std::size_t t = 0; t < model.textures.size(); ++t) {
    const std::string where = fmt::format("/textures/{}", t);
    if (auto bad = reference(model.textures[t].source, model.images, where, "image")) return bad;
    const int sampler = model.textures[t].sampler;
    if (sampler >= 0) {
      if (auto bad = reference(sampler, model.samplers, where, "sampler")) return bad;
    }
  }
  for (std::size_t i = 0; i < model.images.size(); ++i) {
    const std::string where = fmt::format("/images/{}", i);
    if (auto bad = reference(model.images[i].bufferView, model.bufferViews, where, "buffer view")) return bad;
  }
  return std::nullopt;
}

// One sampler's keys: as many outputs as inputs (three a key for CUBICSPLINE).
Problem check_sampler(const tinygltf::Model& model, const tinygltf::AnimationSampler& sampler,
                      const std::string& where) {
  if (auto bad = reference(sampler.input, model.accessors, where + "/input", "accessor")) return bad;
  if (auto bad = reference(sampler.output, model.accessors, where + "/output", "accessor")) return bad;
  const std::size_t keys = model.accessors[static_cast<std::size_t>(sampler.input)].count;
  const std::size_t outputs = model.accessors[static_cast<std::size_t>(sampler.output)].count;
  const std::size_t per_key = sampler.interpolation == "CUBICSPLINE" ? 3 : 1;
  if (outputs != keys * per_key)
    return fmt::format("{}: {} outputs for {} keys (expected {})", where, outputs, keys, keys * per_key);
  return std::nullopt;
}

// The index N of a pointer `prefix` N `suffix`, or nothing.
std::optional<std::size_t> index_in(const std::string& pointer, std::string_view prefix,
                                    std::string_view suffix) {
  if (!pointer.starts_with(prefix) || !pointer.ends_with(suffix) ||
      pointer.size() <= prefix.size() + suffix.size())
    return std::nullopt;
  const std::string digits = pointer.substr(prefix.size(), pointer.size() - prefix.size() - suffix.size());
  if (digits.size() > 9 ||
      !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return static_cast<std::size_t>(std::stoul(digits));
}

struct PointerTarget {
  int type = 0, component_type = 0;  // the output accessor's
  bool step = false;                 // a bool: STEP only
};

// What a pointer the writer makes (property_channels.hpp) targets, when the file holds that property.
std::optional<PointerTarget> pointer_target(const tinygltf::Model& model, const std::string& pointer) {
  constexpr std::string_view kLights = "/extensions/KHR_lights_punctual/lights/";
  for (const auto& [suffix, type] :
       {std::pair{"/intensity", TINYGLTF_TYPE_SCALAR}, {"/color", TINYGLTF_TYPE_VEC3}}) {
    if (const auto light = index_in(pointer, kLights, suffix); light && *light < model.lights.size())
      return PointerTarget{type, TINYGLTF_COMPONENT_TYPE_FLOAT, false};
  }
  const auto node = index_in(pointer, "/nodes/", "/extensions/KHR_node_visibility/visible");
  if (node && *node < model.nodes.size() && model.nodes[*node].extensions.contains("KHR_node_visibility"))
    return PointerTarget{TINYGLTF_TYPE_SCALAR, TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, true};
  return std::nullopt;
}

bool declares(const tinygltf::Model& model, const std::string& extension) {
  return std::find(model.extensionsUsed.begin(), model.extensionsUsed.end(), extension) !=
         model.extensionsUsed.end();
}

// A KHR_animation_pointer channel: no node, a pointer to a property the file holds, an output accessor of
// that property's type. `target` becomes the pointer.
Problem check_pointer_channel(const tinygltf::Model& model, const tinygltf::Animation& animation,
                              const tinygltf::AnimationChannel& channel, const std::string& at,
                              std::string& target) {
  if (channel.target_node >= 0) return at + "/target/node is set on a pointer channel";
  const auto extension = channel.target_extensions.find("KHR_animation_pointer");
  if (extension == channel.target_extensions.end() || !extension->second.Has("pointer") ||
      !declares(model, "KHR_animation_pointer"))
    return at + "/target has no declared KHR_animation_pointer";
  target = extension->second.Get("pointer").Get<std::string>();
  const auto property = pointer_target(model, target);
  if (!property) return fmt::format("{}/target points to \"{}\", which the file does not hold", at, target);
  const auto& sampler = animation.samplers[static_cast<std::size_t>(channel.sampler)];
  if (auto bad = reference(sampler.output, model.accessors, at + "/sampler/output", "accessor")) return bad;
  const auto& output = model.accessors[static_cast<std::size_t>(sampler.output)];
  if (output.type != property->type || output.componentType != property->component_type ||
      (property->step && sampler.interpolation != "STEP"))
    return fmt::format("{}: the output of sampler {} is not of the type of {}", at, channel.sampler, target);
  return std::nullopt;
}

Problem check_animations(const tinygltf::Model& model) {
  static const std::set<std::string> kPaths{"translation", "rotation", "scale", "weights"};
  for (std::size_t a = 0; a < model.animations.size(); ++a) {
    const auto& animation = model.animations[a];
    const std::string where = fmt::format("/animations/{}", a);
    if (animation.channels.empty()) return where + " has no channels";
    std::set<std::pair<int, std::string>> targets;
    for (std::size_t c = 0; c < animation.channels.size(); ++c) {
      const auto& channel = animation.channels[c];
      const std::string at = fmt::format("{}/channels/{}", where, c);
      if (auto bad = reference(channel.sampler, animation.samplers, at, "sampler")) return bad;
      std::string target = channel.target_path;
      if (channel.target_path == "pointer") {
        if (auto bad = check_pointer_channel(model, animation, channel, at, target)) return bad;
      } else {
        if (auto bad = reference(channel.target_node, model.nodes, at + "/target", "node")) return bad;
        if (!kPaths.contains(channel.target_path))
          return fmt::format("{}/target/path is \"{}\"", at, channel.target_path);
      }
      if (!targets.emplace(channel.target_node, target).second)
        return at + " animates what an earlier channel does";
    }
    for (std::size_t s = 0; s < animation.samplers.size(); ++s) {
      if (auto bad = check_sampler(model, animation.samplers[s], fmt::format("{}/samplers/{}", where, s)))
        return bad;
    }
  }
  return std::nullopt;
}

}  // namespace

Status check_structure(const tinygltf::Model& model) {
  for (const auto check : {check_buffers, check_accessors, check_hierarchy, check_nodes, check_meshes,
                           check_textures, check_animations}) {
    if (auto problem = check(model)) {
      return Error{
          "glTF 2.0 export", "refusing to write a glTF the validator would reject: " + *problem, {}, {}, {}};
    }
  }
  return Ok{};
}

}  // namespace bonebridge::gltf
