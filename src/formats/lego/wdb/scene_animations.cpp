// SPDX-License-Identifier: MIT
// Click, scene and actor-list animations of the LEGO actors; the evidence is in scene_animations.hpp.
#include "bonebridge/formats/lego/wdb/scene_animations.hpp"
#include "bonebridge/core/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <optional>

#include "bonebridge/formats/lego/ani/codec.hpp"
#include "bonebridge/formats/lego/wdb/world_info.hpp"

namespace bonebridge::lego::wdb {
namespace {

constexpr int kClickAnimations = 4;         // g_maxMove
constexpr int kFirstClickObject = 10;       // g_characterAnimationId
constexpr std::uint32_t kManagedActor = 2;  // CreateManagedActors: CharacterManager()->GetActorROI(name)

bool has_animation(const Character& actor, const std::string& file) {
  return std::any_of(actor.animations.begin(), actor.animations.end(),
                     [&](const CharacterAnimation& a) { return a.file == file; });
}

void add(Character& actor, const InstallFile& file, std::string name,
         std::map<std::string, std::string> extras) {
  if (has_animation(actor, file.address)) return;
  actor.animations.push_back({std::move(name), {}, file.address, std::move(extras)});
}

void add_click_animations(const InstallView& install, const std::map<std::string, Character*>& actors,
                          std::set<std::string>& claimed, std::vector<std::string>& notes) {
  const InstallFile* script = install.find("sndanim.si");
  if (script == nullptr) return;
  for (int move = 0; move < kClickAnimations; ++move) {
    const std::string object = fmt::format("AnimC{}", move + 1);
    const InstallFile* file = install.entry_of(*script, object + ".ani");
    if (file == nullptr) {
      notes.push_back(fmt::format("{}: no {}.ani (object {}, the click animation of m_move {})",
                                  script->address, object, kFirstClickObject + move, move));
      continue;
    }
    claimed.insert(file->address);
    for (const auto& [key, actor] : actors) {
      add(*actor, *file, fmt::format("click {} (m_move {})", move + 1, move),
          {{"lego.click", fmt::format(R"({{"object":{},"m_move":{}}})", kFirstClickObject + move, move)}});
    }
  }
}

// A scene animation's file: the SI object "<name>_Anim" (the action headers name the world scripts' scene
// animations so: isle_actions.h c_sba001bu_Anim = 351, c_pns065rd_Anim = 3682), else a loose <name>.ani.
// An install file read and parsed; a failure becomes a note naming the file.
template <class Parsed, class Parse>
std::optional<Parsed> parsed(const InstallView& install, const InstallFile& file, Parse parse,
                             std::vector<std::string>& notes) {
  const auto bytes = install.read(file);
  auto result = bytes ? parse(*bytes) : Result<Parsed>(bytes.error());
  if (result) return std::move(*result);
  Error error = result.error();
  error.file = file.address;
  notes.push_back(error.to_string());
  return std::nullopt;
}

const InstallFile* scene_file(const InstallView& install, const InstallFile& index, const std::string& name) {
  if (const InstallFile* object = install.find(name + "_Anim.ani", &index)) return object;
  return install.find(name + ".ani", &index);
}

void add_world_info(const InstallView& install, const InstallFile& index,
                    const std::map<std::string, Character*>& actors, std::set<std::string>& claimed,
                    std::vector<std::string>& notes) {
  const auto info = parsed<WorldInfo>(install, index, read_world_info, notes);
  if (!info) return;
  for (std::size_t i = 0; i < info->animations.size(); ++i) {
    const WorldInfoAnimation& animation = info->animations[i];
    const InstallFile* file = scene_file(install, index, animation.name);
    const std::string extras = nlohmann::json{
        {"index", index.address},
        {"entry", i},
        {"object", animation.object_id},
        {"location",
         animation.location}}.dump();
    for (const WorldInfoModel& model : animation.models) {
      const auto actor = actors.find(fold_case(model.name));
      if (actor == actors.end()) continue;
      if (file == nullptr) {
        actor->second->missing.push_back(
            fmt::format("scene animation {}_Anim.ani (object {} of {}, entry {})", animation.name,
                        animation.object_id, index.address, i));
        continue;
      }
      claimed.insert(file->address);
      add(*actor->second, *file, animation.name, {{"lego.world_info", extras}});
    }
  }
}

void add_by_actor_list(const InstallView& install, const InstallFile& file,
                       const std::map<std::string, Character*>& actors, std::set<std::string>& claimed,
                       std::vector<std::string>& notes) {
  const auto document = parsed<ani::Document>(install, file, ani::read, notes);
  if (!document) return;
  const auto slash = file.path.find_last_of("/\\");
  const std::string name_in_folder = slash == std::string::npos ? file.path : file.path.substr(slash + 1);
  const std::string stem = name_in_folder.substr(0, name_in_folder.rfind('.'));
  for (const Actor& entry : document->actors) {
    if (entry.type != kManagedActor) continue;
    const auto actor =
        actors.find(fold_case(entry.name.starts_with('*') ? entry.name.substr(1) : entry.name));
    if (actor == actors.end()) continue;
    claimed.insert(file.address);
    add(*actor->second, file, stem, {{"lego.actor_list", nlohmann::json(entry.name).dump()}});
  }
}

}  // namespace

void add_scene_animations(const InstallView& install, const std::map<std::string, Character*>& actors,
                          std::set<std::string>& claimed, std::vector<std::string>& notes) {
  add_click_animations(install, actors, claimed, notes);
  for (const InstallFile* index : install.with_extension("inf.dta"))
    add_world_info(install, *index, actors, claimed, notes);
  for (const InstallFile* file : install.with_extension(".ani")) {
    if (!claimed.contains(file->address)) add_by_actor_list(install, *file, actors, claimed, notes);
  }
}

}  // namespace bonebridge::lego::wdb
