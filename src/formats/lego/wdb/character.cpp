// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/wdb/character.hpp"
#include "bonebridge/core/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "bonebridge/formats/lego/wdb/actors.hpp"
#include "bonebridge/formats/lego/wdb/bridge.hpp"
#include "bonebridge/formats/lego/wdb/codec.hpp"
#include "bonebridge/formats/lego/wdb/mesh.hpp"

namespace bonebridge::lego::wdb {
namespace {

constexpr std::uint32_t kManagedCharacter = 2;  // LegoAnimActorEntry type: CharacterManager()->GetActorROI
constexpr std::array<std::uint8_t, 3> kWhite{255, 255, 255};  // SetLodColor(1, 1, 1, 0) after a texture

bool is_below(const Skeleton& skeleton, int joint, int ancestor) {
  for (int j = joint; j >= 0; j = skeleton.joints[static_cast<std::size_t>(j)].parent)
    if (j == ancestor) return true;
  return false;
}

int find_joint(const Skeleton& skeleton, std::string_view name) {
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j)
    if (equal_folded(skeleton.joints[j].name, name)) return static_cast<int>(j);
  return -1;
}

// What CreateActorROI gives the part's inh meshes, or nullopt when the game leaves them as the file has them.
std::optional<InheritedLook> part_look(const ActorPart& part, const TextureLibrary& textures,
                                       const std::string& where, std::vector<std::string>& notes) {
  if (part.texture) {
    if (!textures.contains(std::string(*part.texture))) {
      notes.push_back(
          fmt::format("{}: texture \"{}\" is not in WORLD.WDB; the game then leaves the part as "
                      "stored",
                      where, *part.texture));
      return std::nullopt;
    }
    return InheritedLook{kWhite, std::string(*part.texture)};
  }
  if (part.color_alias) {
    if (const auto rgb = color_alias(*part.color_alias)) return InheritedLook{*rgb, std::nullopt};
    notes.push_back(fmt::format("{}: \"{}\" is not a colour alias (the game's lookup fails too)", where,
                                *part.color_alias));
  }
  return std::nullopt;
}

// Adds `part`'s meshes, in the game's frame, to `bodies` on every joint under `root` named like the part.
void dress_part(Scene& bodies, const Skeleton& skeleton, int root, const ActorDefinition& actor,
                const ActorPart& part, const Document& world, const TextureLibrary& textures,
                std::vector<std::string>& notes) {
  const std::string where = fmt::format("actor \"{}\" part \"{}\"", actor.name, part.roi);
  const Roi* lods = find_part(world, part.lod_list);
  if (lods == nullptr || lods->lods.empty()) {
    notes.push_back(fmt::format("{}: WORLD.WDB has no LOD list \"{}\"; not drawn", where, part.lod_list));
    return;
  }
  bool placed = false;
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j) {
    const int joint = static_cast<int>(j);
    if (!equal_folded(skeleton.joints[j].name, part.roi) || !is_below(skeleton, joint, root)) continue;
    const auto look = part_look(part, textures, where, notes);
    add_lod(bodies, joint, lods->lods.back(), std::string(part.lod_list), textures, look ? &*look : nullptr,
            notes);
    placed = true;
  }
  if (!placed) notes.push_back(fmt::format("{}: no node of the animation is named so; not drawn", where));
}

// Appends `bodies` (meshes, materials, images) to `scene`, renumbering the references.
void merge(Scene& scene, Scene&& bodies) {
  const int image_base = static_cast<int>(scene.images.size());
  const int material_base = static_cast<int>(scene.materials.size());
  for (auto& image : bodies.images) scene.images.push_back(std::move(image));
  for (auto& material : bodies.materials) {
    if (material.image >= 0) material.image += image_base;
    scene.materials.push_back(std::move(material));
  }
  for (auto& mesh : bodies.meshes) {
    if (mesh.material >= 0) mesh.material += material_base;
    scene.meshes.push_back(std::move(mesh));
  }
}

// CalcLocalTransform (realtime.cpp): z along the direction, x = up × z, y = z × x, at the position.
Transform local_transform(const ActorPart& part) {
  const auto vec = [](const std::array<float, 3>& v) { return Vec3{v[0], v[1], v[2]}; };
  const auto unit = [](Vec3 v) { return v * (1 / length(v)); };
  const Vec3 z = unit(vec(part.direction));
  const Vec3 x = unit(cross(unit(vec(part.up)), z));
  const Vec3 y = unit(cross(z, x));
  const Mat3 basis{{x.x, x.y, x.z, y.x, y.y, y.z, z.x, z.y, z.z}};  // columns x, y, z
  return {vec(part.position), to_quat(basis), {1, 1, 1}};
}

}  // namespace

Result<CoreConversion> actor_to_core(const Document& world, std::string_view key) {
  const auto actor = find_actor(key);
  if (!actor)
    return Error{kFormatName,
                 fmt::format("no actor named \"{}\" among the game's {} (g_actorInfoInit); `bonebridge "
                             "characters` lists them",
                             key, actor_names().size()),
                 {},
                 {},
                 {}};
  CoreConversion result;
  Skeleton& skeleton = result.scene.skeleton;
  skeleton.joints.push_back({std::string(actor->name), -1, {}});
  for (const auto& part : actor->parts)
    skeleton.joints.push_back({std::string(part.roi), 0, local_transform(part)});
  result.conversion = AxisConversion::mirror_x();
  result.conversion.apply(result.scene);
  dress_actors(result, {{std::string(actor->name), kManagedCharacter}}, world);
  result.notes.push_back(fmt::format(
      "actor \"{}\" at rest: its parts where CreateActorROI places them; no animation", actor->name));
  return result;
}

void dress_actors(CoreConversion& conversion, const std::vector<AniActor>& actors, const Document& world) {
  const Skeleton& skeleton = conversion.scene.skeleton;
  const TextureLibrary textures = texture_library(world);
  Scene bodies;
  std::vector<std::string> dressed;
  for (const auto& entry : actors) {
    if (entry.type != kManagedCharacter) continue;
    const std::string_view key = std::string_view(entry.name).substr(entry.name.starts_with('*') ? 1 : 0);
    const auto actor = find_actor(key);
    if (!actor) {
      conversion.notes.push_back(
          fmt::format("actor \"{}\" is not one of the game's 66 characters; no body", key));
      continue;
    }
    const int root = find_joint(skeleton, key);
    if (root < 0) {
      conversion.notes.push_back(fmt::format("actor \"{}\" has no node in the animation; no body", key));
      continue;
    }
    for (const auto& part : actor->parts)
      dress_part(bodies, skeleton, root, *actor, part, world, textures, conversion.notes);
    dressed.emplace_back(actor->name);
  }
  conversion.conversion.apply(bodies);  // the meshes to glTF's frame, like the skeleton already is
  merge(conversion.scene, std::move(bodies));
  if (!dressed.empty()) {
    std::string names;
    for (const auto& name : dressed) names += (names.empty() ? "" : ",") + name;
    conversion.scene.metadata["lego.actors_dressed"] = names;
  }
}

}  // namespace bonebridge::lego::wdb
