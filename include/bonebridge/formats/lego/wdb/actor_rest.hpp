// SPDX-License-Identifier: MIT
#pragma once
// One of the 66 actors standing at rest, as the target of a retargeted clip: the node tree of the game's
// walk cycles (the actor's node, INFOGRON, under it LEG-RT, LEG-LFT and BODY, under BODY ARM-RT > CLAW-RT,
// ARM-LFT > CLAW-LFT and HEAD > INFOHAT), each part where g_actorLODs places it in the actor (legoactors.cpp:
// position, direction, up, as CalcLocalTransform builds the matrix: z = direction, x = up × z, y = z × x),
// in glTF's frame (X mirrored, as the .ani bridge does). One empty clip carries the actor list (the actor
// with type 2, a managed character, as the walk cycles list theirs), which an .ani written from the scene
// keeps.
#include "bonebridge/core/conversion.hpp"
#include "bonebridge/formats/lego/wdb/actors.hpp"

namespace bonebridge::lego::wdb {

// The node names of the tree, parents first: {node, parent node ("" for the actor's), g_actorLODs part}.
struct ActorNode {
  const char* name;
  const char* parent;
  const char* part;
};
inline constexpr ActorNode kActorTree[] = {
    {"INFOGRON", "", "infogron"},   {"LEG-RT", "INFOGRON", "leg-rt"},    {"LEG-LFT", "INFOGRON", "leg-lft"},
    {"BODY", "INFOGRON", "body"},   {"ARM-RT", "BODY", "arm-rt"},        {"CLAW-RT", "ARM-RT", "claw-rt"},
    {"ARM-LFT", "BODY", "arm-lft"}, {"CLAW-LFT", "ARM-LFT", "claw-lft"}, {"HEAD", "BODY", "head"},
    {"INFOHAT", "HEAD", "infohat"},
};

CoreConversion actor_at_rest(const ActorDefinition& actor);

}  // namespace bonebridge::lego::wdb
