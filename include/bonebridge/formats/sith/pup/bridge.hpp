// SPDX-License-Identifier: MIT
#pragma once
// .pup (+ its .key files + the .3do) -> the core model: one clip per key file the puppet names, each
// converted as the .key alone is (key/bridge.hpp) on the one model, named by the key's stem, with the moves
// that play it in the clip's "sith.pup.moves" metadata (a JSON array of {mode, move, flags, low, high}).
#include <optional>
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/formats/sith/key/document.hpp"
#include "bonebridge/formats/sith/model/bridge.hpp"
#include "bonebridge/formats/sith/model/document.hpp"
#include "bonebridge/formats/sith/pup/engine.hpp"
#include "bonebridge/formats/sith/settings.hpp"

namespace bonebridge::sith {

inline constexpr const char* kPupMovesMetadata = "sith.pup.moves";

// A key file a puppet names, as it was looked for.
struct PuppetKey {
  std::string name;                  // as the .pup writes it
  std::optional<key::Document> key;  // nullopt when it was not found or did not read
  std::string why_absent;            // then: where it was looked for, or the reader's error
};

// Keys that are absent are left out with a note naming them and their moves; an error when none is present.
namespace pup {
// With `surfaces` (the model's .mat files as found), the model is textured as for one key (key::to_core).
Result<CoreConversion> to_core(const PuppetClass& puppet, const std::vector<PuppetKey>& keys,
                               const model::Document& model, const BridgeOptions& options,
                               const ModelSurfaces* surfaces = nullptr);
}  // namespace pup

}  // namespace bonebridge::sith
