// SPDX-License-Identifier: MIT
#pragma once
// What every format family offers the command-line tool. A family implements one `FormatFamily` row in
// src/formats/NAME/family.cpp; the registry (src/registry/registry.cpp) lists the rows. The tool knows no
// format: it asks the registry which family claims a file and calls these functions.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <typeinfo>
#include <vector>

#include "bonebridge/core/character.hpp"
#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/limits.hpp"
#include "bonebridge/io/error.hpp"
#include "bonebridge/io/file.hpp"
#include "bonebridge/io/install_view.hpp"
#include "bonebridge/io/nearby.hpp"
#include "bonebridge/registry/settings.hpp"

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

// Named options from the command line: "model", "body", "rig", "skeleton" (companion files), "variant",
// "strict", "unit-scale", ... Each family reads the ones it understands. "extension" is the input file's
// lower-case extension (".anm"), set by load_input: when it names one of a family's kinds of file, the family
// opens that kind and reports that kind's errors instead of guessing from the bytes. "input" is the input's
// address as given (a path, or ARCHIVE:ENTRY), set by load_input: where a family looks for files beside it.
struct Options {
  Options() = default;
  Options(std::map<std::string, std::string> named)
      : values(std::move(named)) {}  // NOLINT: implicit by design

  std::map<std::string, std::string> values;
  std::optional<std::string> get(const std::string& key) const {
    auto it = values.find(key);
    return it == values.end() ? std::nullopt : std::optional(it->second);
  }
  bool flag(const std::string& key) const { return values.contains(key); }
  std::string extension() const { return get("extension").value_or(""); }

  // Companion files by option name, as load_input read them from their addresses (a file, or an archive
  // entry such as GAME.vpp_pc:hero.str2_pc:hero.rig_pc).
  std::map<std::string, std::vector<std::uint8_t>> companions;
  // What families parsed of the companions (see CompanionDocuments).
  std::shared_ptr<CompanionDocuments> documents = std::make_shared<CompanionDocuments>();
  // Where files that a document names are found (a model's .mat files, a puppet's keys): the disk, and inside
  // archives once the registry has opened the document (registry/archives.hpp `archive_files`).
  std::shared_ptr<const NearbyFiles> nearby = disk_files();
  // A companion's bytes: as already read, else the file the option names.
  Result<std::vector<std::uint8_t>> companion(const std::string& key) const {
    if (const auto it = companions.find(key); it != companions.end()) return it->second;
    const auto path = get(key);
    if (!path) return Error{"", "option --" + key + " is not set", {}, {}, {}};
    return read_file(*path);
  }
};

// A native file opened by its family.
class Document {
 public:
  virtual ~Document() = default;
  virtual nlohmann::json info() const = 0;  // format, counts, duration, joints
  virtual nlohmann::json dump() const = 0;  // every field of the native document, raw flags included
  virtual std::vector<Diagnostic> check(bool /*strict*/) const { return {}; }  // beyond what read() rejects
  virtual double duration() const = 0;                                         // seconds
  virtual double engine_tick() const = 0;  // the game's own time step in seconds (0.001 when continuous)
  // The engine's pose at `seconds` into `pose`, whose storage is reused from call to call (fidelity checks
  // sample millions of times). An error leaves `pose` unspecified.
  virtual Status sample_into(double seconds, EnginePose& pose) const = 0;
  Result<EnginePose> sample(double seconds) const {
    EnginePose pose;
    if (auto status = sample_into(seconds, pose); !status) return status.error();
    return pose;
  }
  virtual Result<CoreConversion> to_core(const Options& options) const = 0;
  // Why this document has no glTF form at all (a cloth setup, an archive), or nullopt when it has one:
  // `batch` lists such files as skipped, not failed.
  virtual std::optional<std::string> no_gltf_form() const { return std::nullopt; }
  virtual Result<std::vector<std::uint8_t>> encode() const = 0;  // writes the document back
};

// A file with no pose and no glTF form of its own (an archive, a material, a colour map): sampling and
// conversion are errors in its format's name that say why, and `batch` lists it as skipped.
class PoselessDocument : public Document {
 public:
  PoselessDocument(std::string format, std::string why) : format_(std::move(format)), why_(std::move(why)) {}
  double duration() const override { return 0; }
  double engine_tick() const override { return 0.001; }
  Status sample_into(double, EnginePose&) const override { return why(); }
  Result<CoreConversion> to_core(const Options&) const override { return why(); }
  std::optional<std::string> no_gltf_form() const override { return why_; }

 private:
  Error why() const { return Error{format_, why_, {}, {}, {}}; }
  std::string format_;
  std::string why_;
};

struct Capability {
  std::string what;  // "read", "write", "evaluate", "to glTF", "from glTF", ...
  bool supported = false;
  std::string confidence;  // "confirmed", "partial", "assumed", "none"
  std::string note;
};

struct FormatFamily {
  std::string id;                       // "lego"
  std::string title;                    // "LEGO Island .ani"
  std::vector<std::string> extensions;  // ".ani"
  std::vector<Capability> capabilities;
  std::vector<Setting> settings;  // what a user may set (--model for Sith ...), checked before open/from_core
  std::vector<FileLimit> limits;  // what the game takes, checked by from_core (issue 28)
  std::function<bool(std::span<const std::uint8_t> bytes)> sniff;
  std::function<Result<std::unique_ptr<Document>>(std::span<const std::uint8_t> bytes,
                                                  const Options& options)>
      open;
  // From a core scene (e.g. an imported glTF) to the native bytes, with notes on what could not be kept;
  // empty when the family cannot write.
  std::function<Result<Converted<std::vector<std::uint8_t>>>(const Scene& scene, const Options& options)>
      from_core;
  // Between two kinds of file of one family (AnimJ <-> AnimX, another compression), exactly and without the
  // core model; `options` carries "output" and "output-extension". When empty, convert re-encodes the
  // document.
  std::function<Result<std::vector<std::uint8_t>>(std::span<const std::uint8_t> bytes,
                                                  const Options& options)>
      transcode;
  // The characters this family's game defines in an install (templates and puppets, entities, actor tables,
  // character tables), and the files of its kinds that belong to none. Empty when the family has no notion of
  // a character. Reads files only through the view.
  std::function<CharacterList(const InstallView& install)> find_characters;
};

}  // namespace bonebridge
