// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <functional>

#include "bonebridge/gltf/gltf.hpp"
#include "extras.hpp"
#include "property_channels.hpp"
#include "tinygltf.hpp"

namespace bonebridge::gltf {
namespace {

constexpr const char* kFormat = "glTF 2.0";

[[noreturn]] void fail(std::string message) {
  throw FormatError(Error{kFormat, std::move(message), {}, {}, {}});
}

double component(const unsigned char* p, int component_type) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_FLOAT: {
      float v;
      std::memcpy(&v, p, sizeof v);
      return v;
    }
    case TINYGLTF_COMPONENT_TYPE_BYTE: {  // normalised, as glTF allows for rotations
      const auto v = static_cast<std::int8_t>(*p);
      return std::max(v / 127.0, -1.0);
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return *p / 255.0;
    case TINYGLTF_COMPONENT_TYPE_SHORT: {
      std::int16_t v;
      std::memcpy(&v, p, sizeof v);
      return std::max(v / 32767.0, -1.0);
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
      std::uint16_t v;
      std::memcpy(&v, p, sizeof v);
      return v / 65535.0;
    }
    default:
      fail(fmt::format("unsupported accessor component type {}", component_type));
  }
}

// The accessor's numbers, `components` per element, every byte range checked against its buffer.
std::vector<double> read_accessor(const tinygltf::Model& model, int index, int components) {
  if (index < 0 || index >= static_cast<int>(model.accessors.size()))
    fail(fmt::format("accessor {} does not exist", index));
  const auto& accessor = model.accessors[static_cast<std::size_t>(index)];
  if (accessor.sparse.isSparse) fail(fmt::format("accessor {} is sparse, which is not supported", index));
  if (tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(accessor.type)) != components) {
    fail(fmt::format("accessor {} has {} components per element, expected {}", index,
                     tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(accessor.type)),
                     components));
  }
  std::vector<double> values;
  if (accessor.bufferView < 0) {
    values.assign(accessor.count * static_cast<std::size_t>(components), 0.0);
    return values;
  }
  if (accessor.bufferView >= static_cast<int>(model.bufferViews.size()))
    fail(fmt::format("accessor {} names a missing buffer view", index));
  const auto& view = model.bufferViews[static_cast<std::size_t>(accessor.bufferView)];
  if (view.buffer < 0 || view.buffer >= static_cast<int>(model.buffers.size()))
    fail(fmt::format("buffer view of accessor {} names a missing buffer", index));
  const auto& buffer = model.buffers[static_cast<std::size_t>(view.buffer)].data;
  const auto component_size = static_cast<std::size_t>(
      tinygltf::GetComponentSizeInBytes(static_cast<std::uint32_t>(accessor.componentType)));
  const std::size_t element_size = component_size * static_cast<std::size_t>(components);
  const std::size_t stride = view.byteStride != 0 ? view.byteStride : element_size;
  if (view.byteOffset + view.byteLength > buffer.size())
    fail(fmt::format("buffer view of accessor {} runs past its buffer", index));
  if (accessor.count > 0 &&
      accessor.byteOffset + (accessor.count - 1) * stride + element_size > view.byteLength) {
    fail(fmt::format("accessor {} ({} elements) runs past its buffer view", index, accessor.count));
  }
  values.reserve(accessor.count * static_cast<std::size_t>(components));
  const unsigned char* base = buffer.data() + view.byteOffset + accessor.byteOffset;
  for (std::size_t e = 0; e < accessor.count; ++e) {
    for (int c = 0; c < components; ++c) {
      values.push_back(component(base + e * stride + static_cast<std::size_t>(c) * component_size,
                                 accessor.componentType));
    }
  }
  return values;
}

Transform node_transform(const tinygltf::Node& node) {
  Transform t;
  if (node.matrix.size() == 16) {
    Mat4 m;
    for (std::size_t i = 0; i < 16; ++i) m.m[i] = node.matrix[i];
    t.translation = m.translation();
    Mat3 r;
    double s[3];
    for (int c = 0; c < 3; ++c) {
      s[c] = std::sqrt(m.at(0, c) * m.at(0, c) + m.at(1, c) * m.at(1, c) + m.at(2, c) * m.at(2, c));
      for (int row = 0; row < 3; ++row) r.at(row, c) = s[c] == 0 ? 0 : m.at(row, c) / s[c];
    }
    if (determinant(r) < 0) {  // a mirror: put the sign in the scale
      s[0] = -s[0];
      for (int row = 0; row < 3; ++row) r.at(row, 0) = -r.at(row, 0);
    }
    t.rotation = to_quat(r);
    t.scale = {s[0], s[1], s[2]};
    return t;
  }
  if (node.translation.size() == 3)
    t.translation = {node.translation[0], node.translation[1], node.translation[2]};
  if (node.rotation.size() == 4)
    t.rotation = {node.rotation[0], node.rotation[1], node.rotation[2], node.rotation[3]};
  if (node.scale.size() == 3) t.scale = {node.scale[0], node.scale[1], node.scale[2]};
  return t;
}

// A node bonebridge added only to give a skin's joints a common root.
bool is_synthetic(const tinygltf::Node& node) {
  const auto extras = to_json(node.extras);
  return extras.is_object() && extras.contains("bonebridge") &&
         extras["bonebridge"].value("synthetic", false);
}

// Whether `order` (a rank per joint) puts every parent before its children.
bool parents_first(const Skeleton& skeleton, const std::vector<std::ptrdiff_t>& rank) {
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j) {
    const int parent = skeleton.joints[j].parent;
    if (parent >= 0 && rank[static_cast<std::size_t>(parent)] > rank[j]) return false;
  }
  return true;
}

// Joint order: the node order when it lists parents first (bonebridge's own files, among others), else the
// order of the first skin's joints when that does (Blender lists bones there in the armature's order, while
// its nodes put the root bone after the others), so that joint i of an exported skeleton is joint i again.
void keep_file_order(const tinygltf::Model& model, std::vector<int>& joint_of, Skeleton& skeleton) {
  std::vector<int> nodes(skeleton.joints.size());  // node of each joint
  for (std::size_t n = 0; n < joint_of.size(); ++n) {
    if (joint_of[n] >= 0) nodes[static_cast<std::size_t>(joint_of[n])] = static_cast<int>(n);
  }
  std::vector<std::ptrdiff_t> rank(nodes.begin(), nodes.end());
  if (!parents_first(skeleton, rank)) {
    if (model.skins.empty()) return;
    const auto& skin = model.skins[0].joints;
    for (std::size_t j = 0; j < nodes.size(); ++j) {
      const auto at = std::find(skin.begin(), skin.end(), nodes[j]);
      // Joints outside the skin keep their depth-first place, after the skin's.
      rank[j] = at != skin.end() ? at - skin.begin() : static_cast<std::ptrdiff_t>(skin.size() + j);
    }
    if (!parents_first(skeleton, rank)) return;
  }
  std::vector<std::size_t> order(skeleton.joints.size());
  for (std::size_t j = 0; j < order.size(); ++j) order[j] = j;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rank[a] < rank[b]; });
  std::vector<int> new_index(order.size());
  for (std::size_t j = 0; j < order.size(); ++j) new_index[order[j]] = static_cast<int>(j);
  Skeleton sorted;
  for (const std::size_t old : order) {
    Joint joint = skeleton.joints[old];
    if (joint.parent >= 0) joint.parent = new_index[static_cast<std::size_t>(joint.parent)];
    sorted.joints.push_back(std::move(joint));
  }
  skeleton = std::move(sorted);
  for (int& j : joint_of) {
    if (j >= 0) j = new_index[static_cast<std::size_t>(j)];
  }
}

// A node that holds a skin's joints without being one, and changes nothing: Blender's armature object, when
// it is not moved. Its children are the skeleton's roots.
bool is_plain_holder(const tinygltf::Model& model, int node_index, const std::vector<bool>& is_skin_joint,
                     const std::vector<bool>& is_animated) {
  const auto& node = model.nodes[static_cast<std::size_t>(node_index)];
  const auto at = static_cast<std::size_t>(node_index);
  if (model.skins.empty() || is_skin_joint[at] || is_animated[at] || node.mesh >= 0) return false;
  const Transform rest = node_transform(node);
  return rest.translation == Vec3{} && rest.rotation == Quat{} && rest.scale == Vec3{1, 1, 1} &&
         std::any_of(node.children.begin(), node.children.end(), [&](int child) {
           return child >= 0 && static_cast<std::size_t>(child) < is_skin_joint.size() &&
                  is_skin_joint[static_cast<std::size_t>(child)];
         });
}

// Joints are the nodes reachable from the scene that carry no mesh, or that have children, but for a plain
// holder of the skeleton at the top; parents first.
std::vector<int> build_skeleton(const tinygltf::Model& model, Skeleton& skeleton) {
  std::vector<int> joint_of(model.nodes.size(), -1);
  std::vector<bool> visited(model.nodes.size(), false);
  std::vector<bool> is_skin_joint(model.nodes.size(), false), is_animated(model.nodes.size(), false);
  for (const auto& skin : model.skins) {
    for (const int joint : skin.joints) {
      if (joint >= 0 && static_cast<std::size_t>(joint) < is_skin_joint.size())
        is_skin_joint[static_cast<std::size_t>(joint)] = true;
    }
  }
  for (const auto& animation : model.animations) {
    for (const auto& channel : animation.channels) {
      if (channel.target_node >= 0 && static_cast<std::size_t>(channel.target_node) < is_animated.size())
        is_animated[static_cast<std::size_t>(channel.target_node)] = true;
    }
  }
  std::function<void(int, int)> visit = [&](int node_index, int parent) {
    if (node_index < 0 || node_index >= static_cast<int>(model.nodes.size()))
      fail(fmt::format("node {} does not exist", node_index));
    if (visited[static_cast<std::size_t>(node_index)])
      fail(fmt::format("node {} appears twice in the hierarchy", node_index));
    visited[static_cast<std::size_t>(node_index)] = true;
    const auto& node = model.nodes[static_cast<std::size_t>(node_index)];
    if (node.mesh >= 0 && node.children.empty()) return;
    if (is_synthetic(node) ||
        (parent < 0 && is_plain_holder(model, node_index, is_skin_joint, is_animated))) {
      for (const int child : node.children) visit(child, parent);
      return;
    }
    joint_of[static_cast<std::size_t>(node_index)] = static_cast<int>(skeleton.joints.size());
    skeleton.joints.push_back(
        {node.name.empty() ? fmt::format("node{}", node_index) : node.name, parent, node_transform(node)});
    const int self = joint_of[static_cast<std::size_t>(node_index)];
    for (const int child : node.children) visit(child, self);
  };
  std::vector<int> roots;
  if (!model.scenes.empty()) {
    const auto scene = static_cast<std::size_t>(model.defaultScene >= 0 ? model.defaultScene : 0);
    if (scene >= model.scenes.size()) fail("the default scene does not exist");
    roots = model.scenes[scene].nodes;
  } else {
    std::vector<bool> is_child(model.nodes.size(), false);
    for (const auto& node : model.nodes) {
      for (const int child : node.children) {
        if (child >= 0 && child < static_cast<int>(is_child.size()))
          is_child[static_cast<std::size_t>(child)] = true;
      }
    }
    for (std::size_t i = 0; i < model.nodes.size(); ++i) {
      if (!is_child[i]) roots.push_back(static_cast<int>(i));
    }
  }
  for (const int root : roots) visit(root, -1);
  keep_file_order(model, joint_of, skeleton);
  return joint_of;
}

template <class Value, int N>
Channel<Value> read_channel(const tinygltf::Model& model, const tinygltf::AnimationSampler& sampler) {
  Channel<Value> channel;
  channel.interpolation = interpolation_of(sampler.interpolation);
  channel.times = read_accessor(model, sampler.input, 1);
  const auto values = read_accessor(model, sampler.output, N);
  if (values.size() != channel.times.size() * N * channel.values_per_key()) {
    fail(fmt::format("a sampler has {} keys but {} output values", channel.times.size(), values.size() / N));
  }
  for (std::size_t i = 0; i + N <= values.size(); i += N) {
    if constexpr (N == 3)
      channel.values.push_back({values[i], values[i + 1], values[i + 2]});
    else
      channel.values.push_back({values[i], values[i + 1], values[i + 2], values[i + 3]});
  }
  return channel;
}

Clip read_clip(const tinygltf::Model& model, const tinygltf::Animation& animation,
               const std::vector<int>& joint_of) {
  Clip clip;
  clip.name = animation.name;
  std::map<int, std::size_t> channels_of_joint;
  for (const auto& channel : animation.channels) {
    if (channel.target_node < 0 || channel.target_node >= static_cast<int>(joint_of.size())) continue;
    const int joint = joint_of[static_cast<std::size_t>(channel.target_node)];
    if (joint < 0) continue;  // e.g. morph weights of a mesh node
    if (channel.sampler < 0 || channel.sampler >= static_cast<int>(animation.samplers.size())) {
      fail(fmt::format("animation '{}' has a channel naming a missing sampler", animation.name));
    }
    const auto& sampler = animation.samplers[static_cast<std::size_t>(channel.sampler)];
    auto [it, inserted] = channels_of_joint.try_emplace(joint, clip.joints.size());
    if (inserted) clip.joints.push_back({joint, {}, {}, {}});
    auto& target = clip.joints[it->second];
    if (channel.target_path == "translation")
      target.translation = read_channel<Vec3, 3>(model, sampler);
    else if (channel.target_path == "rotation")
      target.rotation = read_channel<Quat, 4>(model, sampler);
    else if (channel.target_path == "scale")
      target.scale = read_channel<Vec3, 3>(model, sampler);
    for (const auto* c : {target.translation ? &target.translation->times : nullptr,
                          target.rotation ? &target.rotation->times : nullptr,
                          target.scale ? &target.scale->times : nullptr}) {
      if (c && !c->empty()) clip.duration = std::max(clip.duration, c->back());
    }
  }
  const auto extras = to_json(animation.extras);
  if (extras.is_object() && extras.contains("bonebridge")) {
    // The writer's channel that only holds a node still (glTF wants one) is no motion of the clip.
    if (extras["bonebridge"].value("placeholder", false)) clip.joints.clear();
    read_clip_extras(extras["bonebridge"], clip);
  }
  return clip;
}

Scene read_model(const tinygltf::Model& model) {
  Scene scene;
  const auto joint_of = build_skeleton(model, scene.skeleton);
  for (const auto& animation : model.animations) scene.clips.push_back(read_clip(model, animation, joint_of));
  if (!model.scenes.empty()) {
    const auto extras = to_json(model.scenes[0].extras);
    if (extras.is_object() && extras.contains("bonebridge") && extras["bonebridge"].contains("metadata")) {
      scene.metadata = extras["bonebridge"]["metadata"].get<std::map<std::string, std::string>>();
    }
  }
  return scene;
}

}  // namespace

Result<Scene> read(std::span<const std::uint8_t> bytes) {
  tinygltf::TinyGLTF loader;
  // Images are not part of what bonebridge reads back (skeleton, meshes' joints, clips): accept them unread.
  loader.SetImageLoader([](tinygltf::Image*, int, std::string*, std::string*, int, int, const unsigned char*,
                           int, void*) { return true; },
                        nullptr);
  // Pointer channels have no node, which tinygltf refuses; the clip's properties come back from its extras.
  const auto mended = without_nodeless_channels(bytes);
  if (mended) bytes = *mended;
  tinygltf::Model model;
  std::string error, warning;
  const bool binary = bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0;
  const bool loaded = binary ? loader.LoadBinaryFromMemory(&model, &error, &warning, bytes.data(),
                                                           static_cast<unsigned>(bytes.size()))
                             : loader.LoadASCIIFromString(&model, &error, &warning,
                                                          reinterpret_cast<const char*>(bytes.data()),
                                                          static_cast<unsigned>(bytes.size()), "");
  if (!loaded) return Error{kFormat, "cannot load: " + error, {}, {}, {}};
  return capture(kFormat, [&] {
    try {
      return read_model(model);
    } catch (const nlohmann::json::exception& e) {
      fail(std::string("malformed extras.bonebridge: ") + e.what());
    }
  });
}

}  // namespace bonebridge::gltf
