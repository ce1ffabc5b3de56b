// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>

#include "bone_mesh.hpp"
#include "bonebridge/core/text.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "bonebridge/gltf/png.hpp"
#include "buffer_builder.hpp"
#include "extras.hpp"
#include "property_channels.hpp"
#include "structure.hpp"
#include "tinygltf.hpp"

namespace bonebridge::gltf {
namespace {

constexpr const char* kExportFormat = "glTF 2.0 export";

Error export_error(std::string message) {
  return Error{kExportFormat, std::move(message), {}, {}, {}};
}

std::vector<double> as_vector(Vec3 v) {
  return {v.x, v.y, v.z};
}
std::vector<double> as_vector(Quat q) {
  return {q.x, q.y, q.z, q.w};
}

tinygltf::Node joint_node(const Joint& joint) {
  tinygltf::Node node;
  node.name = to_utf8(joint.name);
  const auto& rest = joint.rest;
  if (rest.translation != Vec3{}) node.translation = as_vector(rest.translation);
  if (rest.rotation != Quat{}) node.rotation = as_vector(normalize(rest.rotation));
  if (rest.scale != Vec3{1, 1, 1}) node.scale = as_vector(rest.scale);
  return node;
}

void add_joints(tinygltf::Model& model, const Skeleton& skeleton) {
  for (const auto& joint : skeleton.joints) model.nodes.push_back(joint_node(joint));
  auto& scene = model.scenes.emplace_back();
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j) {
    const int parent = skeleton.joints[j].parent;
    if (parent < 0)
      scene.nodes.push_back(static_cast<int>(j));
    else
      model.nodes[static_cast<std::size_t>(parent)].children.push_back(static_cast<int>(j));
  }
  model.defaultScene = 0;
}

// Every rigid mesh merged into one skinned vertex set, each vertex bound with weight 1 to its joint; a
// triangle primitive and, when there are line segments, a line primitive over the same vertices.
std::vector<float> flatten(const std::vector<Vec3>& values) {
  std::vector<float> out;
  for (const auto& v : values)
    out.insert(out.end(), {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)});
  return out;
}

struct MergedMesh {
  std::vector<Vec3> positions, colors;
  std::vector<float> weights, uvs;
  std::vector<std::uint16_t> joints;
  std::map<int, std::vector<std::uint32_t>> triangles;  // by material (-1: the plain matte one)
  std::vector<std::uint32_t> lines;
};

MergedMesh merge_meshes(const std::vector<RigidMesh>& meshes, const std::vector<Mat4>& rest_model) {
  MergedMesh out;
  const auto any = [&](auto has) { return std::any_of(meshes.begin(), meshes.end(), has); };
  const bool coloured = any([](const RigidMesh& m) { return !m.colors.empty(); });
  const bool textured = any([](const RigidMesh& m) { return !m.uvs.empty(); });
  for (const auto& mesh : meshes) {
    const auto base = static_cast<std::uint32_t>(out.positions.size());
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
      const int joint = mesh.joint_of(v);
      out.positions.push_back(
          transform_point(rest_model[static_cast<std::size_t>(joint)], mesh.positions[v]));
      out.joints.insert(out.joints.end(), {static_cast<std::uint16_t>(joint), 0, 0, 0});
      out.weights.insert(out.weights.end(), {1.0f, 0.0f, 0.0f, 0.0f});
      if (coloured) out.colors.push_back(mesh.colors.empty() ? Vec3{1, 1, 1} : mesh.colors[v]);
      if (textured) {
        const std::array<float, 2> uv = mesh.uvs.empty() ? std::array<float, 2>{0, 0} : mesh.uvs[v];
        out.uvs.insert(out.uvs.end(), uv.begin(), uv.end());
      }
    }
    auto& triangles = out.triangles[mesh.material];
    for (const auto index : mesh.triangles) triangles.push_back(base + index);
    for (const auto index : mesh.lines) out.lines.push_back(base + index);
  }
  return out;
}

tinygltf::Primitive skinned_primitive(BufferBuilder& buffer, const MergedMesh& merged) {
  tinygltf::Primitive primitive;
  primitive.attributes["POSITION"] =
      buffer.floats(flatten(merged.positions), TINYGLTF_TYPE_VEC3, 3, TINYGLTF_TARGET_ARRAY_BUFFER);
  primitive.attributes["JOINTS_0"] = buffer.integers(merged.joints, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT,
                                                     TINYGLTF_TYPE_VEC4, 4, TINYGLTF_TARGET_ARRAY_BUFFER);
  primitive.attributes["WEIGHTS_0"] =
      buffer.floats(merged.weights, TINYGLTF_TYPE_VEC4, 4, TINYGLTF_TARGET_ARRAY_BUFFER);
  if (!merged.colors.empty()) {
    primitive.attributes["COLOR_0"] =
        buffer.floats(flatten(merged.colors), TINYGLTF_TYPE_VEC3, 3, TINYGLTF_TARGET_ARRAY_BUFFER);
  }
  if (!merged.uvs.empty()) {
    primitive.attributes["TEXCOORD_0"] =
        buffer.floats(merged.uvs, TINYGLTF_TYPE_VEC2, 2, TINYGLTF_TARGET_ARRAY_BUFFER);
  }
  return primitive;
}

// glTF's default material is fully metallic, which three.js and most viewers draw black without an
// environment map; the games' colours (vertex colours, or plain grey) are matte diffuse.
int matte_material(tinygltf::Model& model) {
  tinygltf::Material material;
  material.name = "matte";
  material.pbrMetallicRoughness.metallicFactor = 0;
  material.pbrMetallicRoughness.roughnessFactor = 1;
  model.materials.push_back(std::move(material));
  return static_cast<int>(model.materials.size() - 1);
}

// The scene's images as PNG files in the buffer, each with a texture; returns the texture of each image.
Result<std::vector<int>> add_images(tinygltf::Model& model, BufferBuilder& buffer, const Scene& scene) {
  std::vector<int> textures;
  for (const auto& image : scene.images) {
    auto png = cached_png(image);
    if (!png) return png.error();
    tinygltf::Image gltf_image;
    gltf_image.name = to_utf8(image.name);
    gltf_image.mimeType = "image/png";
    gltf_image.bufferView = buffer.bytes(*png);
    model.images.push_back(std::move(gltf_image));
    tinygltf::Texture texture;
    texture.source = static_cast<int>(model.images.size() - 1);
    model.textures.push_back(texture);
    textures.push_back(static_cast<int>(model.textures.size() - 1));
  }
  return textures;
}

int sampler_for(tinygltf::Model& model, bool nearest) {
  const int filter = nearest ? TINYGLTF_TEXTURE_FILTER_NEAREST : TINYGLTF_TEXTURE_FILTER_LINEAR;
  for (std::size_t i = 0; i < model.samplers.size(); ++i)
    if (model.samplers[i].magFilter == filter) return static_cast<int>(i);
  tinygltf::Sampler sampler;
  sampler.magFilter = filter;
  sampler.minFilter =
      nearest ? TINYGLTF_TEXTURE_FILTER_NEAREST : TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR;
  model.samplers.push_back(sampler);
  return static_cast<int>(model.samplers.size() - 1);
}

int add_material(tinygltf::Model& model, const Material& material, const std::vector<int>& textures) {
  tinygltf::Material out;
  out.name = to_utf8(material.name);
  out.pbrMetallicRoughness.baseColorFactor.assign(material.base_color.begin(), material.base_color.end());
  out.pbrMetallicRoughness.metallicFactor = 0;
  out.pbrMetallicRoughness.roughnessFactor = 1;
  if (material.image >= 0) {
    const int texture = textures[static_cast<std::size_t>(material.image)];
    // One texture per image and filter: the sampler belongs to the texture in glTF.
    auto& gltf_texture = model.textures[static_cast<std::size_t>(texture)];
    const int sampler = sampler_for(model, material.nearest);
    if (gltf_texture.sampler >= 0 && gltf_texture.sampler != sampler) {
      tinygltf::Texture copy = gltf_texture;
      copy.sampler = sampler;
      model.textures.push_back(copy);
      out.pbrMetallicRoughness.baseColorTexture.index = static_cast<int>(model.textures.size() - 1);
    } else {
      gltf_texture.sampler = sampler;
      out.pbrMetallicRoughness.baseColorTexture.index = texture;
    }
  }
  static constexpr const char* kAlphaModes[] = {"OPAQUE", "MASK", "BLEND"};
  out.alphaMode = kAlphaModes[static_cast<int>(material.alpha)];
  out.doubleSided = material.double_sided;
  model.materials.push_back(std::move(out));
  return static_cast<int>(model.materials.size() - 1);
}

// The glTF material of each scene material, in order.
Result<std::vector<int>> add_materials(tinygltf::Model& model, BufferBuilder& buffer, const Scene& scene) {
  auto textures = add_images(model, buffer, scene);
  if (!textures) return textures.error();
  std::vector<int> materials;
  for (const auto& material : scene.materials) materials.push_back(add_material(model, material, *textures));
  return materials;
}

Status add_skinned_mesh(tinygltf::Model& model, BufferBuilder& buffer, const Scene& scene,
                        const std::vector<RigidMesh>& meshes, const std::vector<Mat4>& rest_model) {
  const Skeleton& skeleton = scene.skeleton;
  const auto materials = add_materials(model, buffer, scene);
  if (!materials) return materials.error();
  int matte = -1;  // added when a primitive has no material of its own (an unused one is a validator info)
  const auto material_of = [&](int index) {
    if (index >= 0) return (*materials)[static_cast<std::size_t>(index)];
    if (matte < 0) matte = matte_material(model);
    return matte;
  };
  const MergedMesh merged = merge_meshes(meshes, rest_model);
  const tinygltf::Primitive shared = skinned_primitive(buffer, merged);
  tinygltf::Mesh gltf_mesh;
  const auto add_primitive = [&](const std::vector<std::uint32_t>& indices, int mode, int material) {
    if (indices.empty()) return;
    tinygltf::Primitive primitive = shared;
    primitive.mode = mode;
    primitive.material = material_of(material);
    primitive.indices = buffer.integers(indices, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR,
                                        1, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    gltf_mesh.primitives.push_back(std::move(primitive));
  };
  for (const auto& [material, triangles] : merged.triangles)
    add_primitive(triangles, TINYGLTF_MODE_TRIANGLES, material);
  add_primitive(merged.lines, TINYGLTF_MODE_LINE, -1);
  gltf_mesh.name = "skeleton";
  model.meshes.push_back(std::move(gltf_mesh));

  std::vector<float> inverse_binds;
  tinygltf::Skin skin;
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j) {
    skin.joints.push_back(static_cast<int>(j));
    const Mat4 inverse = inverse_affine(rest_model[j]);
    for (const double v : inverse.m) inverse_binds.push_back(static_cast<float>(v));
  }
  skin.inverseBindMatrices = buffer.floats(inverse_binds, TINYGLTF_TYPE_MAT4, 16, 0, false);
  model.skins.push_back(std::move(skin));

  // glTF wants the joints of a skin under one common root; a skeleton with several roots gets a plain node
  // above them, marked so that reading the file back does not take it for a joint.
  auto& roots = model.scenes[0].nodes;
  if (roots.size() > 1) {
    tinygltf::Node common;
    common.name = "skeleton root";
    common.children = roots;
    common.extras = to_value({{"bonebridge", {{"synthetic", true}}}});
    model.nodes.push_back(std::move(common));
    roots = {static_cast<int>(model.nodes.size() - 1)};
  }

  tinygltf::Node holder;
  holder.name = "skeleton mesh";
  holder.mesh = 0;
  holder.skin = 0;
  model.nodes.push_back(std::move(holder));
  model.scenes[0].nodes.push_back(static_cast<int>(model.nodes.size() - 1));
  return Ok{};
}

Status check_channel_times(const std::vector<double>& times, std::size_t value_count, std::size_t per_key,
                           const std::string& what) {
  if (times.empty()) return export_error(what + ": a channel has no keys");
  if (value_count != times.size() * per_key) {
    return export_error(fmt::format("{}: {} values for {} keys (expected {})", what, value_count,
                                    times.size(), times.size() * per_key));
  }
  for (std::size_t i = 1; i < times.size(); ++i) {
    if (!(static_cast<float>(times[i]) > static_cast<float>(times[i - 1]))) {
      return export_error(
          fmt::format("{}: key times must increase strictly as 32-bit floats, but key {} ({} s) "
                      "does not follow key {} ({} s)",
                      what, i, times[i], i - 1, times[i - 1]));
    }
  }
  if (times.front() < 0) return export_error(fmt::format("{}: negative key time {} s", what, times.front()));
  return Ok{};
}

template <class Value>
Status add_channel(tinygltf::Animation& animation, BufferBuilder& buffer, const Channel<Value>& channel,
                   int node, const std::string& path, const std::string& what) {
  const auto checked =
      check_channel_times(channel.times, channel.values.size(), channel.values_per_key(), what);
  if (!checked) return checked;
  tinygltf::AnimationSampler sampler;
  sampler.input = buffer.times(channel.times);
  sampler.interpolation = to_string(channel.interpolation);
  if constexpr (std::is_same_v<Value, Quat>) {
    std::vector<float> values;
    const std::size_t per_key = channel.values_per_key();
    for (std::size_t i = 0; i < channel.values.size(); ++i) {
      const bool is_key_value = per_key == 1 || i % 3 == 1;
      const Quat q = is_key_value ? normalize(channel.values[i]) : channel.values[i];
      values.insert(values.end(), {static_cast<float>(q.x), static_cast<float>(q.y), static_cast<float>(q.z),
                                   static_cast<float>(q.w)});
    }
    sampler.output = buffer.floats(values, TINYGLTF_TYPE_VEC4, 4);
  } else {
    sampler.output = buffer.floats(flatten(channel.values), TINYGLTF_TYPE_VEC3, 3);
  }
  animation.samplers.push_back(std::move(sampler));
  tinygltf::AnimationChannel target;
  target.sampler = static_cast<int>(animation.samplers.size() - 1);
  target.target_node = node;
  target.target_path = path;
  animation.channels.push_back(std::move(target));
  return Ok{};
}

// What a clip keeps in extras.bonebridge beyond its joint channels.
bool has_extras_tracks(const Clip& clip) {
  return !clip.properties.empty() || !clip.visibility.empty() || !clip.events.empty() || clip.root_motion;
}

// The joint a still clip's channel holds: the slot of its first property track, else the first joint.
int still_joint(const Clip& clip, const Skeleton& skeleton) {
  for (const auto& property : clip.properties) {
    for (std::size_t j = 0; j < skeleton.joints.size(); ++j)
      if (skeleton.joints[j].name == property.node) return static_cast<int>(j);
  }
  return 0;
}

// The rest translation from 0 to the clip's end, STEP: no motion, and the clip's length in players.
Channel<Vec3> still_channel(const Clip& clip, const Skeleton& skeleton) {
  const Vec3 rest = skeleton.joints[static_cast<std::size_t>(still_joint(clip, skeleton))].rest.translation;
  Channel<Vec3> channel;
  channel.interpolation = Interpolation::Step;
  channel.times = {0.0};
  channel.values = {rest};
  if (std::isfinite(clip.duration) && static_cast<float>(clip.duration) > 0.0f) {
    channel.times.push_back(clip.duration);
    channel.values.push_back(rest);
  }
  return channel;
}

Status add_clip(tinygltf::Model& model, BufferBuilder& buffer, const Clip& clip, const Skeleton& skeleton,
                PropertyChannels& properties) {
  tinygltf::Animation animation;
  animation.name = to_utf8(clip.name);
  for (const auto& channels : clip.joints) {
    if (channels.joint < 0 || channels.joint >= static_cast<int>(skeleton.joints.size())) {
      return export_error(fmt::format("clip '{}' animates joint {}, but the skeleton has {} joints",
                                      clip.name, channels.joint, skeleton.joints.size()));
    }
    const std::string what = fmt::format("clip '{}', joint '{}'", clip.name,
                                         skeleton.joints[static_cast<std::size_t>(channels.joint)].name);
    Status status = Ok{};
    if (channels.translation)
      status = add_channel(animation, buffer, *channels.translation, channels.joint, "translation",
                           what + " translation");
    if (status && channels.rotation)
      status =
          add_channel(animation, buffer, *channels.rotation, channels.joint, "rotation", what + " rotation");
    if (status && channels.scale)
      status = add_channel(animation, buffer, *channels.scale, channels.joint, "scale", what + " scale");
    if (!status) return status;
  }
  nlohmann::json extras = clip_extras(clip);
  if (extras.contains("properties")) properties.add(clip, animation, extras["properties"]);
  if (animation.channels.empty()) {
    // glTF requires a channel. A clip that animates only what glTF cannot (events, property tracks without
    // a glTF property) gets one that holds a node still, marked so that reading it back keeps only the
    // extras.
    if (!has_extras_tracks(clip) || skeleton.joints.empty()) return Ok{};
    const Status held =
        add_channel(animation, buffer, still_channel(clip, skeleton), still_joint(clip, skeleton),
                    "translation", fmt::format("clip '{}' (held still)", clip.name));
    if (!held) return held;
    extras["placeholder"] = true;
  }
  animation.extras = to_value({{"bonebridge", extras}});
  model.animations.push_back(std::move(animation));
  return Ok{};
}

Status check_mesh(const RigidMesh& mesh, const Scene& scene) {
  const std::size_t joint_count = scene.skeleton.joints.size();
  const std::size_t vertices = mesh.positions.size();
  if (!mesh.uvs.empty() && mesh.uvs.size() != vertices)
    return export_error(fmt::format("mesh '{}': {} texture coordinates for {} vertices", mesh.name,
                                    mesh.uvs.size(), vertices));
  if (mesh.material < -1 || mesh.material >= static_cast<int>(scene.materials.size()))
    return export_error(fmt::format("mesh '{}' uses material {}, but the scene has {}", mesh.name,
                                    mesh.material, scene.materials.size()));
  if (!mesh.vertex_joints.empty() && mesh.vertex_joints.size() != vertices)
    return export_error(fmt::format("mesh '{}': {} vertex joints for {} vertices", mesh.name,
                                    mesh.vertex_joints.size(), vertices));
  if (!mesh.colors.empty() && mesh.colors.size() != vertices)
    return export_error(
        fmt::format("mesh '{}': {} colours for {} vertices", mesh.name, mesh.colors.size(), vertices));
  std::vector<int> bound = mesh.vertex_joints;
  bound.push_back(mesh.joint);
  const auto missing = std::find_if(bound.begin(), bound.end(), [&](int joint) {
    return joint < 0 || joint >= static_cast<int>(joint_count);
  });
  if (missing != bound.end())
    return export_error(
        fmt::format("mesh '{}' is bound to joint {}, which does not exist", mesh.name, *missing));
  const auto in_range = [&](std::uint32_t index) { return index < vertices; };
  if (!std::all_of(mesh.triangles.begin(), mesh.triangles.end(), in_range) ||
      !std::all_of(mesh.lines.begin(), mesh.lines.end(), in_range) || mesh.triangles.size() % 3 != 0 ||
      mesh.lines.size() % 2 != 0)
    return export_error(fmt::format("mesh '{}' has an index out of range or an incomplete face", mesh.name));
  return Ok{};
}

}  // namespace

Result<std::vector<std::uint8_t>> write(const Scene& scene, const ExportOptions& options) {
  tinygltf::Model model;
  model.asset.version = "2.0";
  model.asset.generator = "bonebridge";
  BufferBuilder buffer(model);
  add_joints(model, scene.skeleton);
  const std::vector<Mat4> bind_pose = rest_model(scene.skeleton);

  for (const auto& mesh : scene.meshes) {
    if (const Status valid = check_mesh(mesh, scene); !valid) return valid.error();
  }
  for (const auto& material : scene.materials) {
    if (material.image < -1 || material.image >= static_cast<int>(scene.images.size()))
      return export_error(fmt::format("material '{}' shows image {}, but the scene has {}", material.name,
                                      material.image, scene.images.size()));
  }
  const auto meshes = !scene.meshes.empty() || !options.generate_mesh
                          ? scene.meshes
                          : generate_bone_meshes(scene.skeleton, bind_pose);
  if (!meshes.empty()) {
    if (const Status added = add_skinned_mesh(model, buffer, scene, meshes, bind_pose); !added)
      return added.error();
  }

  PropertyChannels properties(model, buffer, scene.skeleton);
  for (const auto& clip : scene.clips) {
    const auto added = add_clip(model, buffer, clip, scene.skeleton, properties);
    if (!added) return added.error();
  }
  properties.declare_extensions();
  nlohmann::json scene_extras = nlohmann::json::object();
  if (!scene.metadata.empty()) scene_extras["metadata"] = scene.metadata;
  if (!scene_extras.empty()) model.scenes[0].extras = to_value({{"bonebridge", scene_extras}});

  if (model.buffers[0].data.empty()) model.buffers.clear();
  if (const Status sound = check_structure(model); !sound) return sound.error();

  tinygltf::TinyGLTF writer;
  std::ostringstream out;
  try {
    if (!writer.WriteGltfSceneToStream(&model, out, !options.binary, options.binary)) {
      return export_error("tinygltf could not serialise the model");
    }
  } catch (const nlohmann::json::exception& e) {
    return export_error(std::string("cannot serialise the glTF JSON: ") + e.what());
  }
  const std::string text = out.str();
  return without_pointer_nodes(std::vector<std::uint8_t>(text.begin(), text.end()), !options.binary);
}

}  // namespace bonebridge::gltf
