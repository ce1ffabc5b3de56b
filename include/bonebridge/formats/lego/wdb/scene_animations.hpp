// SPDX-License-Identifier: MIT
#pragma once
// The animations LEGO Island plays on an actor besides its walk cycles, matched by actor name
// (isledecomp/isle @ 2614373c):
// - click animations: clicking an actor starts object 10 + m_move of the SNDANIM.SI script
//   (LegoEntity::ClickAnimation, LegoCharacterManager::GetAnimationId, g_characterAnimationId = 10;
//   sndanim_actions.h names objects 10-13 AnimC1..AnimC4); m_move starts at 0 for every actor
//   (g_actorInfoInit) and SwitchMove cycles it through 0..3 (g_maxMove = 4), so every actor can play all
//   four. They are looked up as AnimC1.ani .. AnimC4.ani, the object names of sndanim_actions.h (assumed to
//   be the names of the animation objects themselves: no SNDANIM.SI is public);
// - scene animations: each <world>inf.dta (world_info.hpp) lists a world's animations with the models in
// them;
//   a model named like an actor of the actor table puts the animation on that actor (the game builds such a
//   model with CharacterManager()->GetActorROI(name)); the animation is looked up as the SI object
//   <name>_Anim (the name isle_actions.h gives the world script's object of that id, e.g. c_sba001bu_Anim =
//   351), else as a loose <name>.ani;
// - any other .ani of the install whose actor list names an actor with type 2 (LegoAnimPresenter::
//   CreateManagedActors: GetActorROI(name); a leading '*' only hides it), as pns065rd.ani names RD and PG
//   and each public walk cycle names its own actor.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "bonebridge/core/character.hpp"
#include "bonebridge/io/install_view.hpp"

namespace bonebridge::lego::wdb {

// `actors` maps each actor's key in lower case to its character; `claimed` holds the addresses of the .ani
// files already given to an actor (walk cycles) and gains those given here. Unreadable files become notes.
void add_scene_animations(const InstallView& install, const std::map<std::string, Character*>& actors,
                          std::set<std::string>& claimed, std::vector<std::string>& notes);

}  // namespace bonebridge::lego::wdb
