// SPDX-License-Identifier: MIT
#pragma once
// The games' own names of generic bodies and animations (GEN_BODY_*, GEN_ANIM_*): lba2-classic-community
// SOURCES/DEFINES.H (13 bodies, 48 animations). LBA1's DEFINES.H defines bodies 0-2 and animations 0-24;
// their names are taken to be the same as LBA2's first ones (not checked against the LBA1 header).
#include <cstdint>
#include <string>

#include "bonebridge/formats/lba/variant.hpp"

namespace bonebridge::lba {

// "GEN_ANIM_MARCHE (1)"; "generic animation 60" for an id the game's header does not name.
std::string generic_animation_name(std::uint16_t id, Variant variant);
std::string generic_body_name(std::uint8_t id);

}  // namespace bonebridge::lba
