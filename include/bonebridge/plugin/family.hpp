// SPDX-License-Identifier: MIT
#pragma once
// The plug-in API (4 of 4): what every format family offers the library. A family implements one
// `FormatFamily` row in src/formats/NAME/family.cpp; the registry (src/registry/registry.cpp) lists the rows;
// the services (conversion, addressing, characters, fidelity, reports) call these functions and know no
// format. A family includes this API, core, io and gltf only (src/formats/README.md).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/archive/archive.hpp"
#include "bonebridge/core/character.hpp"
#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/limits.hpp"
#include "bonebridge/core/retarget.hpp"
#include "bonebridge/io/error.hpp"
#include "bonebridge/io/install_view.hpp"
#include "bonebridge/plugin/document.hpp"
#include "bonebridge/plugin/options.hpp"
#include "bonebridge/plugin/settings.hpp"

namespace bonebridge {

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
  // What `from_core` writes for when a clip is retargeted onto this game's character (convert --retarget):
  // the character's skeleton at rest, in glTF's frame, with its meshes where the family has them, built from
  // the companions the options name (Volition's --rig, Sith's --model) or the character the user named
  // (`character`, e.g. LEGO's "pepper", dressed from --world when given), and the roles when the game says
  // them apart from the names. A clip the scene carries gives the result's clip metadata (LEGO's actor list).
  // nullopt: neither is given (the caller then asks for one, or --skeleton). Empty: the family has none.
  std::function<Result<std::optional<Converted<RetargetTarget>>>(const Options& options,
                                                                 const std::string& character)>
      retarget_target;
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
  // The containers this family's games keep files in (LBA's HQR, LEGO Island's WORLD.WDB), beside the
  // engine-neutral ones of src/archive: the addressing service lists them with those.
  std::vector<const archive::ArchiveKind*> archive_kinds;
};

}  // namespace bonebridge
