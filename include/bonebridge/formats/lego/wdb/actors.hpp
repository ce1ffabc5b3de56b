// SPDX-License-Identifier: MIT
#pragma once
// LEGO Island's 66 actors as LegoCharacterManager::CreateActorROI builds them (isledecomp/isle @ 2614373c,
// LEGO1/lego/legoomni/src/common/legocharactermanager.cpp:457-601), from the tables of legoactors.cpp
// (g_actorInfoInit, g_actorLODs and the part, texture and colour name tables) kept as data in actors.cpp.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bonebridge::lego::wdb {

inline constexpr std::size_t kActorParts = 10;

// One of the ten parts of an actor, resolved as CreateActorROI resolves it.
struct ActorPart {
  std::string_view roi;  // the child ROI's name, which animation nodes bind to: "body", "arm-lft", ...
  std::string_view
      lod_list;  // the WORLD.WDB LOD list cloned for it: "bodyred", "phat", "claw-lft", "leg", ...
  std::array<float, 3> position{};  // g_actorLODs: the part's place in the actor (CalcLocalTransform)
  std::array<float, 3> direction{};
  std::array<float, 3> up{};
  // What the part's "inh" meshes take: a texture (chest or face) or a colour alias's RGB.
  std::optional<std::string_view> texture;
  std::optional<std::string_view> color_alias;
};

struct ActorDefinition {
  std::string_view name;  // the actor key, e.g. "pepper"
  std::array<ActorPart, kActorParts> parts;
};

// The actor named `key` (case-insensitively; "pep" is pepper's copy, as in the game), or nullopt.
std::optional<ActorDefinition> find_actor(std::string_view key);

// Every actor key of g_actorInfoInit, in table order (66).
std::vector<std::string_view> actor_names();

}  // namespace bonebridge::lego::wdb
