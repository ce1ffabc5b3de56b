// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/characters.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <set>

#include "bonebridge/formats/lba/entity/codec.hpp"
#include "bonebridge/formats/lba/entity/names.hpp"

namespace bonebridge::lba {
namespace {

// The install's HQR files an entity points into.
struct Resources {
  Variant variant = Variant::Lba1;
  const InstallFile* bodies = nullptr;      // BODY.HQR
  const InstallFile* animations = nullptr;  // ANIM.HQR
  const InstallFile* ress = nullptr;        // RESS.HQR
};

struct NamedEntity {
  std::string name;   // "entity 3"
  std::string where;  // "FILE3D.HQR:3" or "RESS.HQR:44 entity 3"
  std::vector<std::string> sources;
  entity::Document entity;
};

std::string entry_address(const InstallView& install, const InstallFile* hqr, int index,
                          const std::string& what, std::vector<std::string>& missing) {
  const auto* entry = hqr ? install.entry_of(*hqr, std::to_string(index)) : nullptr;
  if (!entry) {
    missing.push_back(hqr ? fmt::format("{}:{} ({}): no such entry", hqr->address, index, what)
                          : fmt::format("{} {} ({}): the install has no {}", what, index, what,
                                        what == "body" ? "BODY.HQR" : "ANIM.HQR"));
    return {};
  }
  return entry->address;
}

void add_resources(const InstallView& install, const Resources& resources, Character& character) {
  character.settings["variant"] = resources.variant == Variant::Lba1 ? "lba1" : "lba2";
  if (!resources.ress) return;
  // Entries of the sizes the game reads (a 256-colour palette, a 256x256 page); others are named in a note.
  const auto entry = [&](const char* index, std::uint64_t size, const char* setting) {
    const auto* file = install.entry_of(*resources.ress, index);
    if (file && file->size == size) {
      character.settings[setting] = file->address;
    } else if (file) {
      character.notes.push_back(fmt::format("{} holds {} bytes, not the {} of a {}: not used", file->address,
                                            file->size, size, setting));
    }
  };
  entry("0", 768, "palette");
  if (resources.variant == Variant::Lba2) {
    entry("6", 65536, "texture-page");
    character.notes.push_back(
        "colours from RESS.HQR:0; the game changes palettes per island (AMBIANCE.CPP ChoicePalette)");
  }
}

nlohmann::json sounds_json(const EntityRecord& record, Variant variant) {
  auto out = nlohmann::json::array();
  for (const auto& sound : entity_sounds(record, variant)) {
    nlohmann::json entry{{"frame", sound.frame}, {"sample", sound.sample}, {"kind", sound.kind}};
    if (sound.argument) entry["argument"] = sound.argument;
    out.push_back(entry);
  }
  return out;
}

// One character per body record of the entity, each with every animation record.
void add_entity_characters(const InstallView& install, const Resources& resources, const NamedEntity& named,
                           CharacterList& out) {
  std::vector<CharacterAnimation> animations;
  std::vector<std::string> missing;
  for (const auto& record : named.entity.records) {
    const auto animation = entity_animation(record);
    if (!animation) continue;
    const std::string file =
        entry_address(install, resources.animations, animation->animation_index,
                      generic_animation_name(animation->generic, resources.variant), missing);
    if (file.empty()) continue;
    CharacterAnimation played{generic_animation_name(animation->generic, resources.variant),
                              {},
                              file,
                              {{"generic_animation", std::to_string(animation->generic)},
                               {"anim_hqr_index", std::to_string(animation->animation_index)},
                               {"actions", std::to_string(animation->action_count)}}};
    if (const auto sounds = sounds_json(record, resources.variant); !sounds.empty())
      played.extras["sounds"] = sounds.dump();
    animations.push_back(std::move(played));
  }
  for (const auto& record : named.entity.records) {
    const auto body = entity_body(record);
    if (!body) continue;
    Character character;
    character.family = "lba";
    character.name = fmt::format("{} {}", named.name, generic_body_name(body->generic));
    character.defined_by = named.where;
    character.sources = named.sources;
    character.missing = missing;
    const std::string file = entry_address(install, resources.bodies, body->body_index,
                                           generic_body_name(body->generic), character.missing);
    if (!file.empty()) {
      character.model = file;
      character.settings["body"] = file;
    }
    character.animations = animations;
    add_resources(install, resources, character);
    out.characters.push_back(std::move(character));
  }
}

std::vector<NamedEntity> lba1_entities(const InstallView& install, const InstallFile& file3d,
                                       CharacterList& out) {
  std::vector<NamedEntity> entities;
  for (const auto& file : install.files()) {
    if (file.root != file3d.address) continue;
    auto bytes = install.read(file);
    auto entity = bytes ? entity::read(*bytes, Variant::Lba1) : Result<entity::Document>(bytes.error());
    if (!entity) {
      Error error = entity.error();
      error.file = file.address;
      out.notes.push_back(error.to_string());
      continue;
    }
    entities.push_back(
        {"entity " + file.path, "FILE3D.HQR:" + file.path, {file.address}, std::move(*entity)});
  }
  return entities;
}

std::vector<NamedEntity> lba2_entities(const InstallView& install, const InstallFile& table_file,
                                       CharacterList& out) {
  std::vector<NamedEntity> entities;
  auto bytes = install.read(table_file);
  auto table = bytes ? entity::read_table(*bytes) : Result<entity::TableDocument>(bytes.error());
  if (!table) {
    Error error = table.error();
    error.file = table_file.address;
    out.notes.push_back(error.to_string());
    return entities;
  }
  for (std::size_t i = 0; i < table->entities.size(); ++i)
    entities.push_back({fmt::format("entity {}", i),
                        fmt::format("RESS.HQR:44 entity {}", i),
                        {table_file.address},
                        std::move(table->entities[i])});
  return entities;
}

void add_lone(const InstallView& install, const Resources& resources, const CharacterList& characters,
              CharacterList& out) {
  std::set<std::string> used;
  for (const auto& character : characters.characters) {
    used.insert(character.model);
    for (const auto& animation : character.animations) used.insert(animation.file);
  }
  const std::pair<const InstallFile*, const char*> archives[] = {
      {resources.animations, "no entity names this animation"},
      {resources.bodies, "no entity names this body"}};
  for (const auto& [archive, reason] : archives) {
    if (!archive) continue;
    for (const auto& file : install.files()) {
      if (file.root == archive->address && !used.contains(file.address))
        out.lone.push_back({file.address, reason});
    }
  }
}

}  // namespace

CharacterList find_characters(const InstallView& install) {
  CharacterList out;
  Resources resources{Variant::Lba1, install.find("BODY.HQR"), install.find("ANIM.HQR"),
                      install.find("RESS.HQR")};
  std::vector<NamedEntity> entities;
  if (const auto* file3d = install.find("FILE3D.HQR")) {
    entities = lba1_entities(install, *file3d, out);
  } else if (const auto* table = resources.ress ? install.entry_of(*resources.ress, "44") : nullptr) {
    resources.variant = Variant::Lba2;
    entities = lba2_entities(install, *table, out);
  }
  for (const auto& entity : entities) add_entity_characters(install, resources, entity, out);
  add_lone(install, resources, out, out);
  return out;
}

}  // namespace bonebridge::lba
