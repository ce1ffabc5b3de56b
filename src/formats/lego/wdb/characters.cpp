// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/wdb/characters.hpp"
#include "bonebridge/core/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <set>
#include <string_view>

#include "bonebridge/formats/lego/wdb/actors.hpp"
#include "bonebridge/formats/lego/wdb/scene_animations.hpp"

namespace bonebridge::lego::wdb {
namespace {

// g_characters[47] (legoanimationmanager.cpp): the actor and its row of g_cycles (m_unk0x16).
struct CharacterCycles {
  std::string_view name;
  int cycles_row;
};

// clang-format off
// g_cycles[11][17] (legoanimationmanager.cpp:58); "" where the game has NULL.
constexpr std::array<std::array<std::string_view, 17>, 11> kCycles{{
    {{"CNs001xx", "CNs002xx", "CNs003xx", "CNs004xx", "CNs005xx", "CNs007xx", "CNs006xx", "CNs008xx", "CNs009xx", "CNs010xx", "CNs011xx", "CNs012xx", "", "", "", "", ""}},
    {{"CNs001Pe", "CNs002Pe", "CNs003Pe", "CNs004Pe", "CNs005Pe", "CNs007Pe", "CNs006Pe", "CNs008Pe", "CNs009Pe", "CNs010Pe", "CNs001sk", "", "", "", "", "", ""}},
    {{"CNs001Ma", "CNs002Ma", "CNs003Ma", "CNs004Ma", "CNs005Ma", "CNs007Ma", "CNs006Ma", "CNs008Ma", "CNs009Ma", "CNs010Ma", "CNs0x4Ma", "", "", "CNs011Ma", "CNs012Ma", "CNs013Ma", ""}},
    {{"CNs001Pa", "CNs002Pa", "CNs003Pa", "CNs004Pa", "CNs005Pa", "CNs007Pa", "CNs006Pa", "CNs008Pa", "CNs009Pa", "CNs010Pa", "CNs0x4Pa", "", "", "CNs011Pa", "CNs012Pa", "CNs013Pa", ""}},
    {{"CNs001Ni", "CNs002Ni", "CNs003Ni", "CNs004Ni", "CNs005Ni", "CNs007Ni", "CNs006Ni", "CNs008Ni", "CNs009Ni", "CNs010Ni", "CNs011Ni", "CNsx11Ni", "", "", "", "", ""}},
    {{"CNs001La", "CNs002La", "CNs003La", "CNs004La", "CNs005La", "CNs007La", "CNs006La", "CNs008La", "CNs009La", "CNs010La", "CNs011La", "CNsx11La", "", "", "", "", ""}},
    {{"CNs001Br", "CNs002Br", "CNs003Br", "CNs004Br", "CNs005Br", "CNs007Br", "CNs006Br", "CNs008Br", "CNs009Br", "CNs010Br", "CNs011Br", "CNs900Br", "CNs901Br", "CNs011Br", "CNs012Br", "CNs013Br", "CNs014Br"}},
    {{"CNs001xx", "CNs002xx", "CNs003xx", "CNs004xx", "CNs005xx", "CNs007xx", "CNs006xx", "CNs008xx", "CNs009xx", "CNs010xx", "CNs001Bd", "CNs012xx", "", "", "", "", ""}},
    {{"CNs001xx", "CNs002xx", "CNs003xx", "CNs004xx", "CNs005xx", "CNs007xx", "CNs006xx", "CNs008xx", "CNs009xx", "CNs010xx", "CNs001Pg", "CNs012xx", "", "", "", "", ""}},
    {{"CNs001xx", "CNs002xx", "CNs003xx", "CNs004xx", "CNs005xx", "CNs007xx", "CNs006xx", "CNs008xx", "CNs009xx", "CNs010xx", "CNs001Rd", "CNs012xx", "", "", "", "", ""}},
    {{"CNs001xx", "CNs002xx", "CNs003xx", "CNs004xx", "CNs005xx", "CNs007xx", "CNs006xx", "CNs008xx", "CNs009xx", "CNs010xx", "CNs001Sy", "CNs012xx", "", "", "", "", ""}},
}};

// g_characters[47]: name and m_unk0x16.
constexpr std::array<CharacterCycles, 47> kCharacters{{
    {"pepper", 1}, {"mama", 2}, {"papa", 3}, {"nick", 4}, {"laura", 5}, {"brickstr", 6}, {"studs", 0}, {"rhoda", 0}, {"valerie", 0}, {"snap", 0}, {"pt", 0}, {"mg", 0}, {"bu", 0}, {"ml", 0}, {"nu", 0}, {"na", 0}, {"cl", 0}, {"en", 0}, {"re", 0}, {"ro", 0}, {"d1", 0}, {"d2", 0}, {"d3", 0}, {"d4", 0}, {"l1", 0}, {"l2", 0}, {"l3", 0}, {"l4", 0}, {"l5", 0}, {"l6", 0}, {"b1", 0}, {"b2", 0}, {"b3", 0}, {"b4", 0}, {"cm", 0}, {"gd", 0}, {"rd", 9}, {"pg", 8}, {"bd", 7}, {"sy", 10}, {"gn", 0}, {"df", 0}, {"bs", 0}, {"lt", 0}, {"st", 0}, {"bm", 0}, {"jk", 0},
}};
// clang-format on

const CharacterCycles* cycles_of(std::string_view actor) {
  for (const auto& entry : kCharacters)
    if (entry.name == actor) return &entry;
  return nullptr;
}

std::string stem_of(const std::string& key) {
  const auto slash = key.find_last_of('/');
  const std::string name = slash == std::string::npos ? key : key.substr(slash + 1);
  return name.substr(0, name.rfind('.'));
}

void add_cycles(Character& character, const CharacterCycles& cycles, const InstallView& install,
                std::set<std::string>& claimed) {
  const auto& row = kCycles[static_cast<std::size_t>(cycles.cycles_row)];
  std::set<std::string> seen;
  for (std::size_t column = 0; column < row.size(); ++column) {
    const std::string_view cycle = row[column];
    if (cycle.empty() || !seen.insert(fold_case(cycle)).second) continue;
    const InstallFile* file = install.find(std::string(cycle) + ".ani");
    if (file == nullptr) {
      character.missing.push_back(
          fmt::format("walk cycle {}.ani (g_cycles[{}][{}])", cycle, cycles.cycles_row, column));
      continue;
    }
    claimed.insert(file->address);
    CharacterAnimation animation;
    animation.name = std::string(cycle);
    animation.file = file->address;
    animation.extras["lego.g_cycles"] = fmt::format("[{},{}]", cycles.cycles_row, column);
    character.animations.push_back(std::move(animation));
  }
}

// The world the actors are built from: LEGO\data\WORLD.WDB of an install, any WORLD.WDB of a folder, or the
// view's origin itself when it is a WDB (`characters WORLD.WDB`: the view then lists the world's parts).
std::optional<std::string> world_address(const InstallView& install) {
  if (const InstallFile* world = install.find("lego\\data\\world.wdb")) return world->address;
  if (const InstallFile* world = install.find("world.wdb")) return world->address;
  if (fold_case(install.origin()).ends_with(".wdb")) return install.origin();
  return std::nullopt;
}

}  // namespace

CharacterList find_characters(const InstallView& install) {
  CharacterList list;
  const std::optional<std::string> world = world_address(install);
  const auto animations = install.with_extension(".ani");
  if (!world && animations.empty()) return list;  // nothing of LEGO Island here
  if (!world) list.notes.push_back("no lego\\data\\world.wdb in the install: the actors have no bodies");
  std::set<std::string> claimed;
  std::vector<Character> actors;
  for (const std::string_view name : actor_names()) {
    Character& character = actors.emplace_back();
    character.family = "lego";
    character.name = std::string(name);
    character.defined_by = "g_actorInfoInit (LEGO1 legoactors.cpp)";
    if (world) {
      character.model = *world;
      character.settings["world"] = *world;
    } else {
      character.missing.push_back("lego\\data\\world.wdb");
    }
    if (const auto* cycles = cycles_of(name)) {
      add_cycles(character, *cycles, install, claimed);
    } else {
      character.notes.push_back("not in g_characters: the game plays no walk cycle on it");
    }
  }
  std::map<std::string, Character*> by_name;
  for (Character& actor : actors) by_name[fold_case(actor.name)] = &actor;
  add_scene_animations(install, by_name, claimed, list.notes);
  // Without WORLD.WDB an actor is only worth listing for the animations the install holds for it.
  for (Character& actor : actors) {
    // With no animation to dress, the actor converts from WORLD.WDB itself, at rest.
    if (world && actor.animations.empty()) actor.settings["actor"] = actor.name;
    if (world || !actor.animations.empty()) list.characters.push_back(std::move(actor));
  }
  for (const InstallFile* file : animations) {
    if (claimed.contains(file->address)) continue;
    const std::string stem = fold_case(stem_of(file->key));
    list.lone.push_back({file->address, stem.starts_with("cns")
                                            ? "a walk cycle no actor's g_cycles row names"
                                            : "no actor plays it: no <world>inf.dta model, click object or "
                                              "type-2 actor of its own names an actor of the table"});
  }
  return list;
}

}  // namespace bonebridge::lego::wdb
