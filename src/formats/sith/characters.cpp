// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/characters.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "bonebridge/core/text.hpp"
#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/formats/sith/model/codec.hpp"
#include "bonebridge/formats/sith/pup/codec.hpp"
#include "bonebridge/formats/sith/pup/engine.hpp"
#include "bonebridge/formats/sith/pup/submodes.hpp"
#include "bonebridge/formats/sith/world/templates.hpp"

namespace bonebridge::sith {
namespace {

// A stored path's file name without its extension; GOB paths use '\\'.
std::string stem_of(const std::string& path) {
  const auto slash = path.find_last_of("/\\");
  return std::filesystem::path(slash == std::string::npos ? path : path.substr(slash + 1)).stem().string();
}

// The file the engine opens as FOLDER\NAME: there first, else (a loose mod tree) a file of that name
// anywhere, with a note.
const InstallFile* find_game_file(const InstallView& install, const std::string& folder,
                                  const std::string& name, const InstallFile* near,
                                  std::vector<std::string>& notes) {
  if (const auto* file = install.find(folder + "/" + name, near)) return file;
  if (const auto* file = install.find(name, near)) {
    notes.push_back(
        fmt::format("{} found at {}, outside {}\\ where the engine looks", name, file->address, folder));
    return file;
  }
  return nullptr;
}

struct World {
  const InstallFile* file = nullptr;
  Dialect dialect = Dialect::InfernalMachine;
  WorldFile templates;
  std::string first_colormap;  // World Colormaps entry 0 (JK/MotS levels)
};

bool is_static_world(const InstallFile& file) {
  const std::string stem = fold_case(stem_of(file.path));
  return stem == "static" || stem == "jones3dstatic";
}

std::string first_colormap(std::string_view text) {
  const std::string folded =
      fold_case(std::string(text.substr(0, std::min<std::size_t>(text.size(), 1 << 20))));
  const auto at = folded.find("world colormaps");
  if (at == std::string::npos) return {};
  const auto zero = folded.find("0:", at);
  if (zero == std::string::npos) return {};
  const auto begin = folded.find_first_not_of(" \t", zero + 2);
  const auto end = folded.find_first_of(" \t\r\n#", begin);
  return begin == std::string::npos ? std::string() : folded.substr(begin, end - begin);
}

std::vector<World> read_worlds(const InstallView& install, CharacterList& out) {
  std::vector<World> worlds;
  for (const char* extension : {".jkl", ".ndy"}) {
    for (const InstallFile* file : install.with_extension(extension)) {
      auto bytes = install.read(*file);
      if (!bytes) {
        out.notes.push_back(bytes.error().to_string());
        continue;
      }
      const std::string_view text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
      World world{file,
                  std::string(extension) == ".ndy" ? Dialect::InfernalMachine : Dialect::MysteriesOfTheSith,
                  {file->address, read_template_section(text)},
                  first_colormap(text)};
      worlds.push_back(std::move(world));
    }
  }
  // The static world loads first, so that its templates are known to every level.
  std::stable_partition(worlds.begin(), worlds.end(),
                        [](const World& w) { return is_static_world(*w.file); });
  return worlds;
}

// One animation per key file, named by the first (mode, submode) that plays it, the others as aliases.
struct PuppetAnimations {
  std::vector<std::string> keys;                          // in order of first mention
  std::map<std::string, std::vector<std::string>> names;  // folded key -> "mode N / submode"
  std::map<std::string, nlohmann::json> moves;            // folded key -> the rows that play it
  std::vector<std::string> unknown;                       // rows whose submode the engine does not know
};

PuppetAnimations puppet_animations(const PuppetClass& puppet, Dialect dialect) {
  PuppetAnimations out;
  for (const auto& [mode, moves] : puppet.modes) {
    std::vector<const PuppetMove*> ordered;
    for (const auto& [name, move] : moves) {
      if (!submode_index(dialect, name)) {
        if (mode == 0 || move.line != 0) out.unknown.push_back(fmt::format("line {}: {}", move.line, name));
        continue;
      }
      ordered.push_back(&move);
    }
    std::sort(ordered.begin(), ordered.end(), [&](const PuppetMove* a, const PuppetMove* b) {
      return submode_index(dialect, a->move) < submode_index(dialect, b->move);
    });
    for (const PuppetMove* move : ordered) {
      if (fold_case(move->key) == "none") continue;
      const std::string key = fold_case(move->key);
      if (!out.names.contains(key)) out.keys.push_back(move->key);
      out.names[key].push_back(fmt::format("mode {} / {}", mode, move->move));
      out.moves[key].push_back({{"mode", mode},
                                {"submode", move->move},
                                {"flags", fmt::format("0x{:02X}", move->flags)},
                                {"low_priority", move->low_priority},
                                {"high_priority", move->high_priority}});
    }
  }
  std::sort(out.unknown.begin(), out.unknown.end());
  out.unknown.erase(std::unique(out.unknown.begin(), out.unknown.end()), out.unknown.end());
  return out;
}

std::optional<model::Document> read_model_file(const InstallView& install, const InstallFile& file) {
  auto bytes = install.read(file);
  if (!bytes) return std::nullopt;
  auto model = model::read(*bytes);
  if (!model) return std::nullopt;
  return std::move(model).value();
}

// Each .3do parsed at most once per search: the template characters, the COG keys and the loose keys all look
// at the same models.
class Models {
 public:
  explicit Models(const InstallView& install) : install_(install) {}
  const model::Document* of(const InstallFile& file) {
    auto [it, fresh] = parsed_.try_emplace(file.address);
    if (fresh) it->second = read_model_file(install_, file);
    return it->second ? &*it->second : nullptr;
  }
  // A model `of` already parsed, by its address; nullptr when it was not asked for or does not read.
  const model::Document* known(const std::string& address) const {
    const auto it = parsed_.find(address);
    return it != parsed_.end() && it->second ? &*it->second : nullptr;
  }

 private:
  const InstallView& install_;
  std::map<std::string, std::optional<model::Document>> parsed_;
};

void add_textures(const InstallView& install, Models& models, const InstallFile& model_file,
                  Character& character) {
  const model::Document* model = models.of(model_file);
  if (!model) {
    character.notes.push_back(model_file.address + " does not read as a .3do");
    return;
  }
  for (const auto& name : model->content.materials) {
    if (const auto* mat = find_game_file(install, "mat", name, &model_file, character.notes)) {
      character.textures.push_back(mat->address);
    } else {
      character.missing.push_back("mat\\" + name + " (named by the model)");
    }
  }
}

void add_palette(const InstallView& install, const World& world, Character& character) {
  if (world.dialect == Dialect::InfernalMachine) return;  // IJIM materials carry their colours
  const std::string wanted = world.first_colormap.empty() ? "dflt.cmp" : world.first_colormap;
  if (const auto* cmp = find_game_file(install, "misc/cmp", wanted, world.file, character.notes)) {
    character.settings["palette"] = cmp->address;
    if (world.first_colormap.empty())
      character.notes.push_back(
          "8-bit materials use dflt.cmp: the colours depend on the level that shows the character");
  } else {
    character.missing.push_back("misc\\cmp\\" + wanted + " (the colour map of 8-bit materials)");
  }
}

Character template_character(const InstallView& install, Models& models, const World& world,
                             const ResolvedTemplate& found) {
  Character character;
  character.family = "sith";
  character.name = found.name;
  character.defined_by = fmt::format("{} line {}", found.file, found.line);
  if (!found.chain.empty())
    character.defined_by += fmt::format(" (based on {})", fmt::join(found.chain, " < "));
  character.sources.push_back(world.file->address);
  character.settings["variant"] = world.dialect == Dialect::InfernalMachine ? "ijim" : "mots";
  const auto model3d = found.parameters.find("model3d");
  if (model3d == found.parameters.end()) {
    character.missing.push_back("model3d (the template names no model)");
  } else if (const auto* model =
                 find_game_file(install, "3do", model3d->second, world.file, character.notes)) {
    character.model = model->address;
    character.settings["model"] = model->address;
    add_textures(install, models, *model, character);
    add_palette(install, world, character);
  } else {
    character.missing.push_back("3do\\" + model3d->second);
  }
  const std::string& puppet_name = found.parameters.at("puppet");
  const auto* pup_file = find_game_file(install, "misc/pup", puppet_name, world.file, character.notes);
  if (!pup_file) {
    character.missing.push_back("misc\\pup\\" + puppet_name);
    return character;
  }
  character.sources.push_back(pup_file->address);
  auto bytes = install.read(*pup_file);
  auto pup = bytes ? pup::read(*bytes) : Result<pup::Document>(bytes.error());
  if (!pup) {
    character.notes.push_back(pup.error().to_string());
    return character;
  }
  const PuppetAnimations animations = puppet_animations(load_puppet(*pup), world.dialect);
  for (const auto& unknown : animations.unknown)
    character.notes.push_back(
        fmt::format("{} {}: submode the engine does not know; it skips the row", pup_file->address, unknown));
  for (const auto& key : animations.keys) {
    const std::string folded = fold_case(key);
    const auto& names = animations.names.at(folded);
    const auto* key_file = find_game_file(install, "3do/key", key, pup_file, character.notes);
    if (!key_file) {
      character.missing.push_back(fmt::format("3do\\key\\{} ({})", key, fmt::join(names, ", ")));
      continue;
    }
    CharacterAnimation animation{names.front(), {names.begin() + 1, names.end()}, key_file->address, {}};
    animation.extras["puppet"] = pup_file->address;
    animation.extras["puppet_moves"] = animations.moves.at(folded).dump();
    character.animations.push_back(std::move(animation));
  }
  return character;
}

// Templates with a puppet, once each (the same template of several levels is one character when it resolves
// the same).
void add_template_characters(const InstallView& install, Models& models, const std::vector<World>& worlds,
                             CharacterList& out) {
  std::vector<const World*> statics, levels;
  for (const auto& world : worlds) (is_static_world(*world.file) ? statics : levels).push_back(&world);
  if (levels.empty() && !statics.empty()) levels.push_back(statics.back()), statics.pop_back();
  std::set<std::string> seen;
  std::set<std::string> seen_notes;
  for (const World* level : levels) {
    std::vector<WorldFile> files;
    for (const World* s : statics) files.push_back(s->templates);
    files.push_back(level->templates);
    const TemplateWorld resolved = resolve_templates(files);
    for (const auto& note : resolved.notes)
      if (seen_notes.insert(note).second) out.notes.push_back(note);
    for (const auto& found : resolved.templates) {
      if (!found.parameters.contains("puppet")) continue;
      const std::string identity =
          found.name + '\n' + found.file + '\n' + found.parameters.at("puppet") + '\n' +
          (found.parameters.contains("model3d") ? found.parameters.at("model3d") : "");
      if (!seen.insert(identity).second) continue;
      const World& defining = *std::find_if(worlds.begin(), worlds.end(),
                                            [&](const World& w) { return w.file->address == found.file; });
      out.characters.push_back(
          template_character(install, models, defining.file == level->file ? *level : defining, found));
    }
  }
}

// Whether every node of the key names the model's hierarchy row it animates, and the counts agree.
bool key_fits(const key::Document& key, const model::Document& model) {
  const auto& hierarchy = model.content.hierarchy;
  if (key.content.nodes.empty() || key.content.header.joints != static_cast<std::int32_t>(hierarchy.size()))
    return false;
  for (const auto& node : key.content.nodes) {
    if (node.index < 0 || static_cast<std::size_t>(node.index) >= hierarchy.size()) return false;
    if (fold_case(node.mesh_name) != fold_case(hierarchy[static_cast<std::size_t>(node.index)].name))
      return false;
  }
  return true;
}

// The `keyframe NAME=FILE.key` symbols of a COG script: keys the script plays itself (PlayKey), outside any
// puppet.
std::vector<std::pair<std::string, std::string>> cog_keyframes(std::string_view text) {
  std::vector<std::pair<std::string, std::string>> symbols;
  while (!text.empty()) {
    const auto end = text.find('\n');
    std::string line(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(fold_case(line));
    std::string type, symbol;
    if (!(words >> type >> symbol) || type != "keyframe") continue;
    const auto equals = symbol.find('=');
    if (equals == std::string::npos || equals + 1 == symbol.size()) continue;
    symbols.emplace_back(symbol.substr(0, equals), symbol.substr(equals + 1));
  }
  return symbols;
}

// Keys that COG scripts play, each added to the template characters whose model it fits.
void add_cog_keys(const InstallView& install, const Models& models, CharacterList& out) {
  for (const InstallFile* cog : install.with_extension(".cog")) {
    auto bytes = install.read(*cog);
    if (!bytes) continue;
    const std::string_view text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    for (const auto& [symbol, key_name] : cog_keyframes(text)) {
      std::vector<std::string> notes;
      const auto* key_file = find_game_file(install, "3do/key", key_name, cog, notes);
      if (!key_file) continue;
      auto key_bytes = install.read(*key_file);
      auto key = key_bytes ? key::read(*key_bytes) : Result<key::Document>(key_bytes.error());
      if (!key) continue;
      for (auto& character : out.characters) {
        const model::Document* model = models.known(character.model);  // parsed for its textures
        if (!model || !key_fits(*key, *model)) continue;
        const std::string name = fmt::format("cog {} / {}", stem_of(cog->path), symbol);
        const auto same =
            std::find_if(character.animations.begin(), character.animations.end(),
                         [&](const CharacterAnimation& a) { return a.file == key_file->address; });
        if (same != character.animations.end()) {
          same->aliases.push_back(name);
        } else {
          character.animations.push_back(
              {name, {}, key_file->address, {{"cog", nlohmann::json(cog->address).dump()}}});
        }
      }
    }
  }
}

struct LooseModel {
  const InstallFile* file;
  const model::Document* model;
};

// A key that a puppet no template names plays: the puppet and the key's names in it.
struct LoosePuppetKey {
  const InstallFile* puppet = nullptr;
  std::vector<std::string> names;  // "mode N / submode", the first (mode, submode index) first
  nlohmann::json moves;
};

// The file name of a stored path, folded as the engine compares names.
std::string folded_name(const std::string& path) {
  const auto slash = path.find_last_of("/\\");
  return fold_case(slash == std::string::npos ? path : path.substr(slash + 1));
}

// The keys of the puppets no template names (a loose mod folder), by folded file name. With no world to say
// the game, each puppet's submodes are read with the table that knows the most of its rows (IJIM's on a tie:
// its table is the larger).
std::map<std::string, LoosePuppetKey> loose_puppet_keys(const InstallView& install,
                                                        const std::set<std::string>& used,
                                                        CharacterList& out) {
  std::map<std::string, LoosePuppetKey> keys;
  for (const InstallFile* file : install.with_extension(".pup")) {
    if (used.contains(file->address)) continue;
    auto bytes = install.read(*file);
    auto pup = bytes ? pup::read(*bytes) : Result<pup::Document>(bytes.error());
    if (!pup) {
      out.notes.push_back(file->address + ": " + pup.error().to_string());
      continue;
    }
    const PuppetClass puppet = load_puppet(*pup);
    PuppetAnimations best = puppet_animations(puppet, Dialect::InfernalMachine);
    if (PuppetAnimations mots = puppet_animations(puppet, Dialect::MysteriesOfTheSith);
        mots.unknown.size() < best.unknown.size())
      best = std::move(mots);
    for (const auto& key : best.keys) {
      const std::string folded = fold_case(key);
      if (!keys.try_emplace(folded, LoosePuppetKey{file, best.names.at(folded), best.moves.at(folded)})
               .second)
        out.notes.push_back(fmt::format("{}: {} is named by an earlier puppet too ({}); that one names it",
                                        file->address, key, keys.at(folded).puppet->address));
    }
  }
  return keys;
}

// A loose key's animation: named by the puppet that names it, else by its file name.
CharacterAnimation loose_animation(const InstallFile& file,
                                   const std::map<std::string, LoosePuppetKey>& puppets,
                                   Character& character) {
  const auto named = puppets.find(folded_name(file.path));
  if (named == puppets.end())
    return {stem_of(file.path), {}, file.address, {{"matched_by", "\"node names\""}}};
  const LoosePuppetKey& key = named->second;
  if (std::find(character.sources.begin(), character.sources.end(), key.puppet->address) ==
      character.sources.end()) {
    character.sources.push_back(key.puppet->address);
    character.defined_by += ", named by the puppet " + key.puppet->address;
  }
  CharacterAnimation animation{key.names.front(), {key.names.begin() + 1, key.names.end()}, file.address, {}};
  animation.extras["matched_by"] = "\"node names\"";
  animation.extras["puppet"] = key.puppet->address;
  animation.extras["puppet_moves"] = key.moves.dump();
  return animation;
}

// Keys no character plays, matched to the one model their node names fit; a puppet that no template names
// gives them its submode names.
void match_loose_keys(const InstallView& install, Models& parsed, const std::set<std::string>& used,
                      CharacterList& out) {
  const auto puppets = loose_puppet_keys(install, used, out);
  std::vector<LooseModel> models;
  for (const InstallFile* file : install.with_extension(".3do")) {
    if (const model::Document* model = parsed.of(*file)) models.push_back({file, model});
  }
  std::map<std::string, std::size_t> by_model;  // model address -> index in out.characters
  for (const InstallFile* file : install.with_extension(".key")) {
    if (used.contains(file->address)) continue;
    auto bytes = install.read(*file);
    auto key = bytes ? key::read(*bytes) : Result<key::Document>(bytes.error());
    if (!key) {
      out.lone.push_back({file->address, "does not read: " + key.error().to_string()});
      continue;
    }
    std::vector<const LooseModel*> fits;
    for (const auto& model : models)
      if (key_fits(*key, *model.model)) fits.push_back(&model);
    if (fits.size() != 1) {
      std::vector<std::string> names;
      for (const auto* fit : fits) names.push_back(fit->file->address);
      out.lone.push_back({file->address, fits.empty() ? "no template names it and its node names fit no model"
                                                      : fmt::format("its node names fit {} models: {}",
                                                                    fits.size(), fmt::join(names, ", "))});
      continue;
    }
    const InstallFile& model_file = *fits.front()->file;
    auto [it, fresh] = by_model.try_emplace(model_file.address, out.characters.size());
    if (fresh) {
      Character character;
      character.family = "sith";
      character.name = stem_of(model_file.path);
      character.defined_by = "no template: keys matched to the model by node names";
      character.model = model_file.address;
      character.settings["model"] = model_file.address;
      add_textures(install, parsed, model_file, character);
      out.characters.push_back(std::move(character));
    }
    Character& character = out.characters[it->second];
    character.animations.push_back(loose_animation(*file, puppets, character));
    character.notes.push_back(fmt::format("{} matched by node names", file->address));
  }
}

std::set<std::string> used_files(const CharacterList& list) {
  std::set<std::string> used;
  for (const auto& character : list.characters) {
    used.insert(character.model);
    used.insert(character.sources.begin(), character.sources.end());
    for (const auto& animation : character.animations) used.insert(animation.file);
  }
  return used;
}

void add_lone(const InstallView& install, const std::set<std::string>& used, CharacterList& out) {
  const std::pair<const char*, const char*> kinds[] = {
      {".3do", "no template and no key animate this model: it converts alone"},
      {".pup", "no template with a model names this puppet"},
  };
  for (const auto& [extension, reason] : kinds) {
    for (const InstallFile* file : install.with_extension(extension))
      if (!used.contains(file->address)) out.lone.push_back({file->address, reason});
  }
}

}  // namespace

CharacterList find_characters(const InstallView& install) {
  CharacterList out;
  const auto worlds = read_worlds(install, out);
  Models models(install);
  add_template_characters(install, models, worlds, out);
  add_cog_keys(install, models, out);
  match_loose_keys(install, models, used_files(out), out);
  add_lone(install, used_files(out), out);
  return out;
}

}  // namespace bonebridge::sith
