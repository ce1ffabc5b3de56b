// SPDX-License-Identifier: MIT
#pragma once
// The plug-in API (1 of 4): what one conversion carries to a family besides the bytes.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <typeinfo>
#include <vector>

#include "bonebridge/io/error.hpp"
#include "bonebridge/io/nearby.hpp"

namespace bonebridge {

// What families made of their companion files, kept for the run: a batch of 400 keys with one --model parses
// the model once, not 400 times. Shared by every copy of one Options (a batch's items and its threads). An
// entry is the family's own document, under the setting's name and the companion's address; a failed parse
// is not kept (each input reports it).
class CompanionDocuments {
 public:
  template <class Document, class Parse>
  Result<std::shared_ptr<const Document>> get(const std::string& setting, const std::string& address,
                                              Parse&& parse) {
    const std::string key = setting + '\n' + address + '\n' + typeid(Document).name();
    std::lock_guard lock(mutex_);  // held while parsing: threads wanting the same companion wait for it
    if (const auto it = documents_.find(key); it != documents_.end())
      return std::static_pointer_cast<const Document>(it->second);
    Result<Document> parsed = parse();
    if (!parsed) return parsed.error();
    auto document = std::make_shared<const Document>(std::move(parsed).value());
    documents_[key] = document;
    return document;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const void>> documents_;
};

// Where the file being read or written lies, set by the conversion service (never by a user): families read
// files beside the input, pick a kind of file by the input's or output's extension.
struct Placement {
  std::string input;      // the input's address as given (a path, or ARCHIVE:ENTRY)
  std::string extension;  // the input file's lower-case extension (".anm"): the kind it names is opened
  std::string output;     // the output's name, when writing
  std::string output_extension;  // its lower-case extension: which kind a family of several writes
};

// What a user set for one conversion: the settings by their command-line names, as written ("model",
// "variant", "unit-scale", ...), the companion files those settings name, read once, and where the input
// lies. The services check the named settings (services/settings.hpp) and a family reads them only through
// its typed settings struct (plugin/settings.hpp `read_settings`): no family looks a name up here.
struct Options {
  Options() = default;
  Options(std::map<std::string, std::string> named)
      : values(std::move(named)) {}  // NOLINT: implicit by design

  std::map<std::string, std::string> values;  // the user's settings by name, as text: nothing internal
  std::optional<std::string> get(const std::string& key) const {
    auto it = values.find(key);
    return it == values.end() ? std::nullopt : std::optional(it->second);
  }
  bool flag(const std::string& key) const { return values.contains(key); }
  std::string extension() const { return placement.extension; }

  // --strict, tool-wide: what the game would reject, or what a written file would lose, is an error.
  bool strict = false;
  Placement placement;
  // Files the game's own definitions resolved for this conversion (a character's textures, found by the
  // game's lookup rule): a family looks a file it needs up here by name first, so that a character converts
  // with exactly the files `characters` lists.
  std::vector<std::string> resolved_files;
  // Companion files by option name, as the conversion service read them from their addresses (a file, or an
  // archive entry such as GAME.vpp_pc:hero.str2_pc:hero.rig_pc).
  std::map<std::string, std::vector<std::uint8_t>> companions;
  // What families parsed of the companions (see CompanionDocuments).
  std::shared_ptr<CompanionDocuments> documents = std::make_shared<CompanionDocuments>();
  // Where files that a document names are found (a model's .mat files, a puppet's keys): the disk, and inside
  // archives once the addressing service has opened the document (services/addressing.hpp `archive_files`).
  std::shared_ptr<const NearbyFiles> nearby = disk_files();
  // A companion's bytes: as already read under the setting's name `key`, else the file at `address` (the
  // setting's value, from the family's settings struct), through `nearby`.
  Result<std::vector<std::uint8_t>> companion(const std::string& key, const std::string& address) const {
    if (const auto it = companions.find(key); it != companions.end()) return it->second;
    if (address.empty()) return Error{"", "option --" + key + " is not set", {}, {}, {}};
    return nearby->read(address);
  }
};

}  // namespace bonebridge
