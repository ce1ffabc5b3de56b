// SPDX-License-Identifier: MIT
// A puppet's keys on its model, as one scene: the first present key gives the skeleton and meshes (every key
// plays on the same .3do, so all give the same), each key its clip.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "bonebridge/core/text.hpp"
#include "bonebridge/formats/sith/key/bridge.hpp"
#include "bonebridge/formats/sith/pup/bridge.hpp"
#include "bonebridge/formats/sith/pup/codec.hpp"

namespace bonebridge::sith {
namespace {

std::vector<const PuppetMove*> moves_playing(const PuppetClass& puppet, const std::string& key) {
  std::vector<const PuppetMove*> moves;
  for (const PuppetMove& row : puppet.rows) {
    if (equal_folded(row.key, key)) moves.push_back(&row);
  }
  return moves;
}

std::string moves_json(const std::vector<const PuppetMove*>& moves) {
  auto list = nlohmann::json::array();
  for (const PuppetMove* m : moves) {
    list.push_back({{"mode", m->mode},
                    {"move", m->move},
                    {"flags", fmt::format("0x{:02X}", m->flags)},
                    {"low", m->low_priority},
                    {"high", m->high_priority}});
  }
  return list.dump();
}

std::string moves_text(const std::vector<const PuppetMove*>& moves) {
  std::vector<std::string> named;
  for (const PuppetMove* m : moves) named.push_back(fmt::format("{} (mode {})", m->move, m->mode));
  return fmt::format("{}", fmt::join(named, ", "));
}

}  // namespace

Result<CoreConversion> pup::to_core(const PuppetClass& puppet, const std::vector<PuppetKey>& keys,
                                    const model::Document& model, const BridgeOptions& options,
                                    const ModelSurfaces* surfaces) {
  std::optional<CoreConversion> out;
  std::vector<std::string> notes;
  for (const PuppetKey& named : keys) {
    const auto moves = moves_playing(puppet, named.name);
    if (!named.key) {
      notes.push_back(fmt::format("{} is left out ({}); the moves it plays: {}", named.name, named.why_absent,
                                  moves_text(moves)));
      continue;
    }
    auto core = key::to_core(*named.key, &model, options, surfaces);
    if (!core) return core.error();
    for (const auto& note : core->notes) notes.push_back(named.name + ": " + note);
    for (Clip& clip : core->scene.clips) {
      clip.name = std::filesystem::path(named.name).stem().string();
      clip.metadata[kPupMovesMetadata] = moves_json(moves);
    }
    if (!out) {
      out = std::move(*core);
    } else {
      std::move(core->scene.clips.begin(), core->scene.clips.end(), std::back_inserter(out->scene.clips));
    }
  }
  if (!out) {
    return Error{std::string(kPupFormat),
                 fmt::format("none of the {} key files the puppet names is present: {}", keys.size(),
                             fmt::join(notes, "; ")),
                 {},
                 {},
                 {}};
  }
  out->notes = std::move(notes);
  return std::move(*out);
}

}  // namespace bonebridge::sith
