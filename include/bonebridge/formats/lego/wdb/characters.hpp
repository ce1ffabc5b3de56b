// SPDX-License-Identifier: MIT
#pragma once
// The LEGO row's characters (plugin/family.hpp `find_characters`): the 66 actors of the actor table
// (actors.hpp), each with the WORLD.WDB its body comes from (lego\data\world.wdb, found in the install) and
// the walk cycles the game plays on it: the row g_cycles[g_characters[actor].m_unk0x16] of
// legoanimationmanager.cpp (isledecomp/isle @ 2614373c, lines 58 and 2378), found as "<cycle>.ani" anywhere
// in the install (loose, or an entry of ISLE.SI). Actors that g_characters does not list (ghosts, pep, cop01,
// actor_01..05, ...) get no cycles. Then the click, scene and actor-list animations of scene_animations.hpp;
// .ani files that none of these give to an actor are listed as lone files.
#include "bonebridge/core/character.hpp"
#include "bonebridge/io/install_view.hpp"

namespace bonebridge::lego::wdb {

CharacterList find_characters(const InstallView& install);

}  // namespace bonebridge::lego::wdb
