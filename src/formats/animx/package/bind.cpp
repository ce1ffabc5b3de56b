// SPDX-License-Identifier: MIT
// The slots as a skeleton and each AnimX asset's tracks bound to it (bridge.hpp): by the Animator's field
// drives where an Animator plays the asset, else by node name.
#include <fmt/format.h>
#include <algorithm>
#include <map>
#include <optional>

#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/skeleton.hpp"
#include "bonebridge/formats/animx/package/bridge.hpp"
#include "bonebridge/formats/animx/package/codec.hpp"

namespace bonebridge::animx::package {
namespace {

constexpr const char* kParts[] = {"Position", "Rotation", "Scale"};

// The slot and member a field ID belongs to (its Position, Rotation or Scale).
struct FieldTarget {
  std::size_t joint;
  std::size_t part;
};

struct Animator {
  std::size_t slot;
  std::string asset;                // the hash its Clip's provider names
  std::vector<std::string> fields;  // the field IDs it drives, by track index ("" for a null drive)
};

Skeleton slot_skeleton(const SlotTree& slots) {
  Skeleton skeleton;
  std::map<std::string, int> seen;
  for (std::size_t i = 0; i < slots.slots.size(); ++i) {
    const Slot& slot = slots.slots[i];
    std::string name = slot.name.empty() ? fmt::format("slot {}", i) : slot.name;
    if (const int count = ++seen[name]; count > 1) name += fmt::format(" #{}", count);
    Transform rest;
    rest.translation = {slot.position[0], slot.position[1], slot.position[2]};
    rest.rotation = {slot.rotation[0], slot.rotation[1], slot.rotation[2], slot.rotation[3]};
    rest.scale = {slot.scale[0], slot.scale[1], slot.scale[2]};
    skeleton.joints.push_back({std::move(name), slot.parent, rest});
  }
  return skeleton;
}

std::string string_data(const nlohmann::json& value) {
  return value.is_string() ? value.get<std::string>() : std::string();
}

// The asset hash each StaticAnimationProvider names, by the provider's component ID, with its slot.
struct Provider {
  std::size_t slot;
  std::string asset;
};

std::map<std::string, Provider> providers(const SlotTree& slots) {
  std::map<std::string, Provider> found;
  for (std::size_t s = 0; s < slots.slots.size(); ++s) {
    for (const auto& component : slots.slots[s].components) {
      if (short_type(component) != "FrooxEngine.StaticAnimationProvider") continue;
      const auto id = component.data.is_object() ? component.data.find("ID") : component.data.end();
      const std::string asset = packdb_hash(string_data(member_data(component.data, "URL")));
      if (id != component.data.end() && id->is_string()) found[id->get<std::string>()] = {s, asset};
    }
  }
  return found;
}

std::vector<Animator> animators(const SlotTree& slots, const std::map<std::string, Provider>& clips) {
  std::vector<Animator> found;
  for (std::size_t s = 0; s < slots.slots.size(); ++s) {
    for (const auto& component : slots.slots[s].components) {
      if (short_type(component) != "FrooxEngine.Animator") continue;
      const auto clip = clips.find(string_data(member_data(component.data, "Clip")));
      Animator animator{s, clip == clips.end() ? "" : clip->second.asset, {}};
      const auto& fields = member_data(component.data, "Fields");
      for (const auto& drive : fields.is_array() ? fields : nlohmann::json::array()) {
        animator.fields.push_back(drive.is_object() ? string_data(drive.value("Data", nlohmann::json()))
                                                    : "");
      }
      found.push_back(std::move(animator));
    }
  }
  return found;
}

std::map<std::string, FieldTarget> field_targets(const SlotTree& slots) {
  std::map<std::string, FieldTarget> targets;
  for (std::size_t s = 0; s < slots.slots.size(); ++s) {
    for (std::size_t part = 0; part < 3; ++part) {
      if (!slots.slots[s].field_ids[part].empty()) targets[slots.slots[s].field_ids[part]] = {s, part};
    }
  }
  return targets;
}

bool fits(const Track& track, std::size_t part) {
  return track.element == (part == 1 ? ElementType::FloatQ : ElementType::Float3);
}

// Rewrites each track's node to the joint it drives. `slot_names` holds the slots' own names.
void bind_tracks(BoundAnimation& animation, const Animator* animator, const Skeleton& skeleton,
                 const std::vector<std::string>& slot_names,
                 const std::map<std::string, FieldTarget>& targets) {
  std::size_t by_field = 0, by_name = 0, unbound = 0;
  for (std::size_t i = 0; i < animation.clip.tracks.size(); ++i) {
    Track& track = animation.clip.tracks[i];
    const auto target =
        animator && i < animator->fields.size() ? targets.find(animator->fields[i]) : targets.end();
    if (target != targets.end() && fits(track, target->second.part)) {
      track.node = skeleton.joints[target->second.joint].name;
      track.property = kParts[target->second.part];
      ++by_field;
      continue;
    }
    if (animator && i < animator->fields.size() && !animator->fields[i].empty()) {
      ++unbound;  // drives a field that is no slot transform: kept as a property track
      continue;
    }
    if (!transform_part(track)) continue;
    const auto slot = std::find(slot_names.begin(), slot_names.end(), track.node);
    if (slot == slot_names.end()) continue;
    track.node = skeleton.joints[static_cast<std::size_t>(slot - slot_names.begin())].name;
    ++by_name;
  }
  animation.notes.push_back(
      fmt::format("{} track(s) bound by the Animator's fields, {} by node name, {} drive other fields",
                  by_field, by_name, unbound));
}

std::string clip_name(const animation::Document& clip, const Provider* provider, const SlotTree& slots,
                      std::size_t index) {
  if (!clip.name.empty()) return clip.name;
  if (provider && !slots.slots[provider->slot].name.empty()) return slots.slots[provider->slot].name;
  return fmt::format("animation {}", index + 1);
}

void make_unique(std::vector<BoundAnimation>& animations) {
  std::map<std::string, int> seen;
  for (auto& animation : animations) {
    if (const int count = ++seen[animation.name]; count > 1) animation.name += fmt::format(" ({})", count);
  }
}

// Nodes of transform tracks that no joint has become roots, as the AnimX bridge's flat skeleton does.
void add_unmatched_roots(BoundPackage& bound) {
  for (const auto& animation : bound.animations) {
    for (const auto& name : joint_names(animation.clip)) {
      if (joint_index(bound.skeleton, name) < 0) bound.skeleton.joints.push_back({name, -1, {}});
    }
  }
}

}  // namespace

Result<BoundPackage> bind(const package::Document& package, const SlotTree& slots) {
  BoundPackage bound;
  bound.skeleton = slot_skeleton(slots);
  bound.slot_joints = bound.skeleton.joints.size();
  std::vector<std::string> slot_names;
  for (const auto& slot : slots.slots) slot_names.push_back(slot.name);
  const auto clips = providers(slots);
  for (const auto& [id, provider] : clips) {
    if (!provider.asset.empty() && !find_entry(package, asset_entry(provider.asset))) {
      return Error{kPackageFormat,
                   fmt::format("entry {}: missing (the StaticAnimationProvider on slot \"{}\" plays it)",
                               asset_entry(provider.asset), slots.slots[provider.slot].name),
                   {},
                   {},
                   {}};
    }
  }
  const auto players = animators(slots, clips);
  const auto targets = field_targets(slots);
  for (const auto& entry : package.entries) {
    if (!entry.name.starts_with("Assets/") || !is_animx(entry.bytes)) continue;
    auto clip = animation::read(entry.bytes);
    if (!clip) {
      Error error = clip.error();
      error.message = fmt::format("entry {}: {}", entry.name, error.message);
      return error;
    }
    BoundAnimation animation;
    animation.asset = entry.name.substr(7);
    animation.clip = std::move(clip).value();
    const auto player = std::find_if(players.begin(), players.end(),
                                     [&](const Animator& a) { return a.asset == animation.asset; });
    const auto provider = std::find_if(clips.begin(), clips.end(),
                                       [&](const auto& p) { return p.second.asset == animation.asset; });
    animation.name = clip_name(animation.clip, provider == clips.end() ? nullptr : &provider->second, slots,
                               bound.animations.size());
    bound.animations.push_back(std::move(animation));
    bind_tracks(bound.animations.back(), player == players.end() ? nullptr : &*player, bound.skeleton,
                slot_names, targets);
  }
  make_unique(bound.animations);
  add_unmatched_roots(bound);
  return bound;
}

}  // namespace bonebridge::animx::package
