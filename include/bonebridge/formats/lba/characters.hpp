// SPDX-License-Identifier: MIT
#pragma once
// The characters of an LBA install: one per entity and body (LBA1 FILE3D.HQR entries, LBA2 RESS.HQR:44), the
// body from BODY.HQR with every animation of the entity from ANIM.HQR, each named by its generic id as the
// game's DEFINES.H names it. The palette (RESS.HQR:0) and, for LBA2, the texture page (RESS.HQR:6) come from
// the same install.
#include "bonebridge/core/character.hpp"
#include "bonebridge/io/install_view.hpp"

namespace bonebridge::lba {

CharacterList find_characters(const InstallView& install);

}  // namespace bonebridge::lba
