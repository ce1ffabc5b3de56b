// SPDX-License-Identifier: MIT
// The C ABI's calls that need no document: the version, the registry, glTF to a family's file, archives and
// the characters of an install.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/addressing.hpp"
#include "bonebridge/services/characters.hpp"
#include "bonebridge/services/conversion.hpp"
#include "bonebridge/services/install.hpp"
#include "bonebridge/services/reports.hpp"
#include "guard.hpp"
#include "options.hpp"

#ifndef BONEBRIDGE_VERSION
#define BONEBRIDGE_VERSION "unknown"
#endif

using namespace bonebridge;
using namespace bonebridge::capi;

namespace {

void from_gltf(const bb_gltf_input& input, bb_buffer& written, bb_buffer* notes) {
  const std::string id = text(input.family, "family");
  const FormatFamily* family = find_family_by_id(id);
  if (!family)
    throw Failed{Error{"", "unknown format family '" + id + "' (see `bonebridge formats`)", {}, {}, {}}};
  ConvertJob job;
  job.output = text(input.output_name, "output_name", true);
  job.to = id;
  job.options =
      options_of({input.settings, input.setting_count, input.companions, input.companion_count, input.files});
  const auto gltf = bytes(input.data, input.size, "glTF data");
  auto converted = value_of(convert_gltf(gltf, *family, job));
  fill(written, converted.value);
  fill_if(notes, json_text(converted.notes));
}

std::unique_ptr<archive::Archive> archive_of(const std::uint8_t* data, std::size_t size,
                                             const std::string& name) {
  return value_of(open_archive(name, bytes(data, size, "archive data")), name);
}

nlohmann::json listing(const archive::Archive& archive, const std::string& name) {
  auto entries = nlohmann::json::array();
  for (const auto& entry : archive.entries()) {
    entries.push_back({{"path", name + ":" + entry.name},
                       {"name", entry.name},
                       {"size", entry.size},
                       {"stored", entry.stored},
                       {"compression", entry.compression}});
  }
  return entries;
}

void read_entry_of(const archive::Archive& archive, const std::string& name, const std::string& wanted,
                   bb_buffer& read, bb_buffer* entry_name) {
  const auto index = entry_index(archive, wanted);
  if (!index) {
    throw Failed{Error{"archive",
                       fmt::format("no entry named \"{}\" among its {} entries (see `bonebridge ls {}`)",
                                   wanted, archive.entries().size(), name),
                       {},
                       {},
                       name}};
  }
  const std::string& stored = archive.entries()[*index].name;
  fill(read, value_of(read_entry(archive, *index, name + ":" + stored)));
  fill_if(entry_name, stored);
}

void character_gltf(const std::string& folder, const std::string& name, const Options& options, bool binary,
                    bool mesh, bb_buffer& gltf, bb_buffer* notes) {
  const auto character = value_of(find_character(folder, name), folder);
  auto converted =
      value_of(export_character(character, options, {.binary = binary, .generate_mesh = mesh}), folder);
  fill(gltf, converted.value);
  fill_if(notes, json_text(converted.notes));
}

}  // namespace

extern "C" {

uint32_t bb_abi_version(void) {
  return BB_ABI_VERSION;
}

const char* bb_version(void) {
  return BONEBRIDGE_VERSION;
}

bb_status bb_formats(bb_buffer* json) {
  return guarded([&] { fill(output(json, "json"), json_text(formats_json())); });
}

bb_status bb_from_gltf(const bb_gltf_input* input, bb_buffer* bytes, bb_buffer* notes) {
  return guarded([&] {
    auto& written = output(bytes, "bytes");
    if (notes) output(notes, "notes");
    from_gltf(*required(input, "input"), written, notes);
  });
}

bb_status bb_archive_list(const uint8_t* data, size_t size, const char* name, bb_buffer* json) {
  return guarded([&] {
    auto& listed = output(json, "json");
    const std::string archive_name = text(name, "name");
    fill(listed, json_text(listing(*archive_of(data, size, archive_name), archive_name)));
  });
}

bb_status bb_archive_entry(const uint8_t* data, size_t size, const char* name, const char* entry,
                           bb_buffer* bytes, bb_buffer* entry_name) {
  return guarded([&] {
    auto& read = output(bytes, "bytes");
    if (entry_name) output(entry_name, "entry_name");
    const std::string archive_name = text(name, "name");
    const std::string wanted = text(entry, "entry");
    read_entry_of(*archive_of(data, size, archive_name), archive_name, wanted, read, entry_name);
  });
}

bb_status bb_characters(const char* folder, bb_buffer* json) {
  return guarded([&] {
    auto& listed = output(json, "json");
    const std::string address = text(folder, "folder");
    const auto install = value_of(open_install(address), address);
    fill(listed, json_text(characters_json(find_characters(*install))));
  });
}

bb_status bb_character_gltf(const char* folder, const char* name, const bb_setting* settings,
                            size_t setting_count, int32_t binary, int32_t mesh, bb_buffer* gltf,
                            bb_buffer* notes) {
  return guarded([&] {
    auto& written = output(gltf, "gltf");
    if (notes) output(notes, "notes");
    // The install is read from the disk, as `bonebridge characters` reads it: only the settings are the
    // caller's.
    const Options options = settings_only(settings, setting_count);
    character_gltf(text(folder, "folder"), text(name, "name"), options, binary != 0, mesh != 0, written,
                   notes);
  });
}

}  // extern "C"
