// SPDX-License-Identifier: MIT
// Skeleton-set inheritance. Why a child's state replaces its parent's state of the same group and ID: in the
// real table.vpp_pc, 392 states of child sets repeat a (group, ID) of their parent chain with another file
// (Civilian_Female's "walk" is civf_wlk_a where Civilian_Male's is civm_wlk), and Dan, a set with no state of
// its own, is used by characters, so a set must have its parent's states. Groups are matched by name, so a
// child adds states to its parent's group or adds a group.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "bonebridge/formats/volition/xtbl/codec.hpp"
#include "bonebridge/formats/volition/xtbl/tables.hpp"

namespace bonebridge::volition {
namespace {

std::string state_key(const XtblState& state) {
  return xtbl_lower(state.group) + '\n' + xtbl_lower(state.id);
}

Error set_error(std::string message) {
  return Error{kXtblFormat, std::move(message), {}, {}, {}};
}

}  // namespace

void SkeletonSets::add(XtblSkeletonSet set, std::string table) {
  sets_.push_back({std::move(set), xtbl_lower(std::move(table))});
}

std::vector<const XtblSkeletonSet*> SkeletonSets::all() const {
  std::vector<const XtblSkeletonSet*> out;
  for (const auto& entry : sets_) out.push_back(&entry.set);
  return out;
}

const XtblSkeletonSet* SkeletonSets::by_table(const std::string& table) const {
  const std::string key = xtbl_lower(table);
  for (const auto& entry : sets_) {
    if (entry.table == key) return &entry.set;
  }
  return nullptr;
}

const XtblSkeletonSet* SkeletonSets::by_name(const std::string& name) const {
  // RFG's dlc01_scavenger.xtbl also calls its set "Scavenger": the parent named so is scavenger.xtbl's, as
  // every other set lives in the table named after it.
  if (const auto* set = by_table(name + ".xtbl"); set != nullptr && xtbl_lower(set->name) == xtbl_lower(name))
    return set;
  const std::string key = xtbl_lower(name);
  for (const auto& entry : sets_) {
    if (xtbl_lower(entry.set.name) == key) return &entry.set;
  }
  return nullptr;
}

Result<std::vector<ResolvedState>> SkeletonSets::resolve(const XtblSkeletonSet& set,
                                                         std::vector<std::string>* duplicates) const {
  // The chain from `set` up to the root of its inheritance.
  std::vector<const XtblSkeletonSet*> chain = {&set};
  while (!chain.back()->parent.empty()) {
    const auto* parent = by_name(chain.back()->parent);
    if (parent == nullptr) {
      return set_error(fmt::format("skeleton set {}: its Parent_Skeleton {} is not a known set",
                                   chain.back()->name, chain.back()->parent));
    }
    if (const auto seen = std::find(chain.begin(), chain.end(), parent); seen != chain.end()) {
      std::string loop;
      for (auto it = seen; it != chain.end(); ++it) loop += (*it)->name + " -> ";
      return set_error(fmt::format("skeleton sets inherit in a loop: {}{}", loop, parent->name));
    }
    chain.push_back(parent);
  }
  // From the root down: a set's own state replaces the one inherited under the same key.
  std::vector<ResolvedState> states;
  std::map<std::string, std::size_t> index;  // key -> position in `states`
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    std::map<std::string, const XtblState*> own;  // this set's first entry of each key
    for (const auto& state : (*it)->states) {
      const std::string key = state_key(state);
      if (const auto first = own.find(key); first != own.end()) {
        if (duplicates != nullptr && xtbl_lower(first->second->animation) != xtbl_lower(state.animation)) {
          duplicates->push_back(
              fmt::format("skeleton set {}: state ({}, {}) is written twice ({} and {}); the "
                          "first is kept",
                          (*it)->name, state.group, state.id, first->second->animation, state.animation));
        }
        continue;
      }
      own.emplace(key, &state);
      ResolvedState resolved{state, (*it)->name};
      if (const auto inherited = index.find(key); inherited != index.end()) {
        states[inherited->second] = std::move(resolved);
      } else {
        index.emplace(key, states.size());
        states.push_back(std::move(resolved));
      }
    }
  }
  return states;
}

}  // namespace bonebridge::volition
