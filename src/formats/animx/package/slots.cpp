// SPDX-License-Identifier: MIT
// The slot hierarchy of a data tree (slots.hpp), walked with an explicit stack: a tree's nesting is bounded
// by the BSON reader, but the walk need not rely on it.
#include "bonebridge/formats/animx/package/slots.hpp"

#include <fmt/format.h>

#include "bonebridge/formats/animx/package/codec.hpp"

namespace bonebridge::animx::package {
namespace {

template <std::size_t N>
void read_numbers(const nlohmann::json& data, std::array<double, N>& out) {
  if (!data.is_array() || data.size() != N) return;  // absent or malformed: the default stays
  for (std::size_t i = 0; i < N; ++i) {
    if (!data[i].is_number()) return;
  }
  for (std::size_t i = 0; i < N; ++i) out[i] = data[i].get<double>();
}

std::string type_of(const nlohmann::json& component, const nlohmann::json& types) {
  const auto it = component.find("Type");
  if (it == component.end()) return "";
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number_integer() && types.is_array()) {
    // Compared in 64 bits before it becomes a size_t (32 bits in the WebAssembly build).
    const auto index = it->get<std::int64_t>();
    if (index < 0 || static_cast<std::uint64_t>(index) >= types.size()) return "";
    const auto& type = types[static_cast<std::size_t>(index)];
    if (type.is_string()) return type.get<std::string>();
  }
  return "";
}

Slot read_slot(const nlohmann::json& members, int parent, const nlohmann::json& types) {
  Slot slot;
  slot.parent = parent;
  if (const auto& name = member_data(members, "Name"); name.is_string()) slot.name = name.get<std::string>();
  read_numbers(member_data(members, "Position"), slot.position);
  read_numbers(member_data(members, "Rotation"), slot.rotation);
  read_numbers(member_data(members, "Scale"), slot.scale);
  slot.field_ids = {member_id(members, "Position"), member_id(members, "Rotation"),
                    member_id(members, "Scale")};
  const auto& components = member_data(members, "Components");
  for (const auto& component : components.is_array() ? components : nlohmann::json::array()) {
    if (!component.is_object()) continue;
    const auto data = component.find("Data");
    slot.components.push_back(
        {type_of(component, types), data == component.end() ? nlohmann::json() : *data});
  }
  return slot;
}

}  // namespace

const nlohmann::json& member_data(const nlohmann::json& members, std::string_view name) {
  static const nlohmann::json kNull;
  if (!members.is_object()) return kNull;
  const auto it = members.find(name);
  if (it == members.end() || !it->is_object()) return kNull;
  const auto data = it->find("Data");
  return data == it->end() ? kNull : *data;
}

std::string member_id(const nlohmann::json& members, std::string_view name) {
  if (!members.is_object()) return "";
  const auto it = members.find(name);
  if (it == members.end() || !it->is_object()) return "";
  const auto id = it->find("ID");
  return id != it->end() && id->is_string() ? id->get<std::string>() : "";
}

std::string_view short_type(const Component& component) {
  std::string_view type = component.type;
  if (type.starts_with('[')) {
    const auto end = type.find(']');
    if (end != std::string_view::npos) type.remove_prefix(end + 1);
  }
  return type;
}

Result<SlotTree> read_slots(const DataTree& tree) {
  const auto object = tree.root.find("Object");
  if (object == tree.root.end() || !object->is_object()) {
    return Error{kDataTreeFormat,
                 fmt::format("the tree has no Object slot (its top-level members: {})",
                             [&] {
                               std::string keys;
                               for (const auto& [key, value] : tree.root.items())
                                 keys += (keys.empty() ? "" : ", ") + key;
                               return keys.empty() ? std::string("none") : keys;
                             }()),
                 {},
                 {},
                 {}};
  }
  const auto types = tree.root.find("Types");
  const nlohmann::json& type_table = types == tree.root.end() ? tree.root : *types;
  SlotTree slots;
  // Depth first, parents before children, children in the tree's order.
  std::vector<std::pair<const nlohmann::json*, int>> pending{{&*object, -1}};
  while (!pending.empty()) {
    const auto [members, parent] = pending.back();
    pending.pop_back();
    slots.slots.push_back(read_slot(*members, parent, type_table));
    const int index = static_cast<int>(slots.slots.size() - 1);
    const auto children = members->find("Children");
    if (children == members->end() || !children->is_array()) continue;
    for (auto child = children->rbegin(); child != children->rend(); ++child) {
      if (child->is_object()) pending.emplace_back(&*child, index);
    }
  }
  return slots;
}

}  // namespace bonebridge::animx::package
