// SPDX-License-Identifier: MIT
#pragma once
// The slot hierarchy of a data tree (research/characters.md part A §3): `Object` is the root slot; each slot
// has Name, Position, Rotation, Scale (each {ID, Data}), Components {ID, Data: [{Type, Data}]} and Children.
// A component's Type indexes the tree's `Types` table (older trees store the name itself). Slots are listed
// parents first, in the tree's order, in Resonite's own frame (left-handed, Y up, metres).
#include <nlohmann/json.hpp>

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "bonebridge/formats/animx/package/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::animx::package {

struct Component {
  std::string type;     // as the Types table names it: "[FrooxEngine]FrooxEngine.Animator"
  nlohmann::json data;  // the component's members
};

struct Slot {
  std::string name;
  int parent = -1;
  std::array<double, 3> position{0, 0, 0};
  std::array<double, 4> rotation{0, 0, 0, 1};  // x, y, z, w
  std::array<double, 3> scale{1, 1, 1};
  // The IDs of the Position, Rotation and Scale fields: what an Animator's field drives point at.
  std::array<std::string, 3> field_ids;
  std::vector<Component> components;
};

struct SlotTree {
  std::vector<Slot> slots;
};

// Fails when the tree has no `Object` slot (the message names what was found instead).
Result<SlotTree> read_slots(const DataTree& tree);

// The type's name without its assembly prefix: "FrooxEngine.Animator".
std::string_view short_type(const Component& component);
// The `Data` of member `name` ({ID, Data}), or a null value.
const nlohmann::json& member_data(const nlohmann::json& members, std::string_view name);
// The `ID` of member `name`, or "".
std::string member_id(const nlohmann::json& members, std::string_view name);

}  // namespace bonebridge::animx::package
