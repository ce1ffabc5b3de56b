// SPDX-License-Identifier: MIT
#pragma once
// An `.ani`'s actors given their bodies from WORLD.WDB, as the game builds them (actors.hpp): for each actor
// of type 2 (a managed character; a leading '*' only hides it) that is one of the 66, every joint under the
// actor's node whose name is one of the ten part ROIs ("BODY", "ARM-LFT", ... case-insensitively, as
// LegoROI::FindChildROI matches) carries the most detailed LOD of the part's LOD list, rigidly; the "inh"
// meshes take the actor's texture or colour. The animation is the `.ani`'s own conversion, untouched.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/formats/lego/wdb/document.hpp"

namespace bonebridge::lego::wdb {

struct AniActor {
  std::string name;  // as the .ani lists it, e.g. "pepper", "*BD"
  std::uint32_t type = 0;
};

// Adds the actors' meshes to `conversion` (already in glTF's frame: its joints are the .ani's nodes), with
// notes on every actor, part, LOD list or texture that could not be matched.
void dress_actors(CoreConversion& conversion, const std::vector<AniActor>& actors, const Document& world);

// The actor named `key` at rest, as CreateActorROI builds it before any animation plays: a node named for the
// actor with its ten part ROIs beneath it, each placed by g_actorLODs (CalcLocalTransform), dressed as above.
// No clip. An error names the key when it is not one of the game's actors.
Result<CoreConversion> actor_to_core(const Document& world, std::string_view key);

}  // namespace bonebridge::lego::wdb
