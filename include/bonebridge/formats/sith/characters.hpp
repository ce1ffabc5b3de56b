// SPDX-License-Identifier: MIT
#pragma once
// The characters of a Sith install: every template with a puppet (JK/MotS .jkl, IJIM .ndy; static world
// first, then each level), its model3d from 3do\, its puppet from misc\pup\ and every key the puppet's rows
// name from 3do\key\, named "mode N / submode" with the engine's submode names. Files are looked up as the
// engine does (in the world file's own archive first, then every archive and folder of the install, any
// letter case); a file found only outside its game folder is used with a note. Keys that no template's puppet
// names are matched to a model by their node names (exactly one model must fit) and, when a puppet that no
// template names names them (a loose mod folder), take that puppet's submode names; what is left is listed
// as lone.
#include "bonebridge/core/character.hpp"
#include "bonebridge/io/install_view.hpp"

namespace bonebridge::sith {

CharacterList find_characters(const InstallView& install);

}  // namespace bonebridge::sith
