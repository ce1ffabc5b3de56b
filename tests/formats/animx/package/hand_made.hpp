// SPDX-License-Identifier: MIT
#pragma once
// Hand-made Resonite packages for the tests, laid out from the documented formats without the reader under
// test: the ZIP is written by libzip itself, the data tree is "FrDT", int32 0, the compression id byte, then
// nlohmann's BSON (research/characters.md part A §3; Elements.Core DataTreeConverter.cs).
#include <zip.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace bonebridge::animx::package::testing {

using Bytes = std::vector<std::uint8_t>;

// A ZIP of the entries, in order, stored with libzip's default compression.
inline Bytes zip_of(const std::vector<std::pair<std::string, Bytes>>& entries) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
  zip_source_keep(buffer);
  zip_t* archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  for (const auto& [name, bytes] : entries) {
    zip_source_t* source = zip_source_buffer(archive, bytes.data(), bytes.size(), 0);
    zip_file_add(archive, name.c_str(), source, ZIP_FL_ENC_UTF_8);
  }
  zip_close(archive);
  Bytes out;
  zip_source_open(buffer);
  zip_source_seek(buffer, 0, SEEK_END);
  out.resize(static_cast<std::size_t>(zip_source_tell(buffer)));
  zip_source_seek(buffer, 0, SEEK_SET);
  zip_source_read(buffer, out.data(), out.size());
  zip_source_close(buffer);
  zip_source_free(buffer);
  zip_error_fini(&error);
  return out;
}

// "FrDT", version 0 (int32 LE), the compression id (one 7-bit group), then `payload`.
inline Bytes frdt(std::uint8_t compression, const Bytes& payload) {
  const std::uint8_t header[] = {'F', 'r', 'D', 'T', 0, 0, 0, 0, compression};
  Bytes out(sizeof header + payload.size());  // sized once: GCC 12 misreads an insert into a 9-byte vector
  std::copy(std::begin(header), std::end(header), out.begin());
  std::copy(payload.begin(), payload.end(), out.begin() + sizeof header);
  return out;
}

inline Bytes text_bytes(const std::string& text) {
  return {text.begin(), text.end()};
}

// A member as Resonite stores it: {ID, Data}.
inline nlohmann::json member(const std::string& id, nlohmann::json data) {
  return {{"ID", id}, {"Data", std::move(data)}};
}

// A slot whose Position, Rotation and Scale fields have the IDs `<id>.p`, `<id>.r`, `<id>.s`.
inline nlohmann::json slot(const std::string& id, const std::string& name, nlohmann::json position,
                           nlohmann::json rotation, nlohmann::json scale, nlohmann::json components,
                           nlohmann::json children) {
  return {{"ID", id},
          {"Components", member(id + ".c", std::move(components))},
          {"Name", member(id + ".n", name)},
          {"Position", member(id + ".p", std::move(position))},
          {"Rotation", member(id + ".r", std::move(rotation))},
          {"Scale", member(id + ".s", std::move(scale))},
          {"Children", std::move(children)}};
}

inline std::string record(const std::string& name, const std::string& main_hash) {
  return nlohmann::json{{"id", "R-Main"},
                        {"name", name},
                        {"assetUri", "packdb:///" + main_hash},
                        {"recordType", "object"},
                        {"assetManifest", nlohmann::json::array()}}
      .dump();
}

}  // namespace bonebridge::animx::package::testing
