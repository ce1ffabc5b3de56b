// SPDX-License-Identifier: MIT
#pragma once
// The family's settings: what a user sets, declared field by field in family.cpp (the members carry the
// defaults), from which the row builds the bridge's BridgeOptions (bridge.hpp).
#include <optional>
#include <string>

#include "bonebridge/formats/animx/animation/document.hpp"
#include "bonebridge/plugin/options.hpp"

namespace bonebridge::animx {

struct Settings {
  std::string skeleton;              // companion: a glTF file whose hierarchy the clip animates
  bool animj = false;                // --write-as animj: write AnimJ whatever the output's name
  std::optional<Encoding> encoding;  // a written .animx's compression; unset: the source's, else plain
};

// The settings a user gave in `options`, parsed by the plug-in API's one parser.
Result<Settings> family_settings(const Options& options);

}  // namespace bonebridge::animx
