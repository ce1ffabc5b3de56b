// SPDX-License-Identifier: MIT
#pragma once
// The registry row of Little Big Adventure: .anm animations (LBA1 by default, LBA2 with variant=lba2),
// HQR archives, and LBA1 bodies (kind=body, or an HQR entry given as --body BODY.HQR:0).
//
// Options: "variant" (lba1 | lba2), "body" (a file or ARCHIVE.HQR:<index>), "kind" (anm | body | hqr),
// "root-motion" (joint | separate), "unit-scale" (metres per world unit, default 1/512), "clock"
// (ideal | game, and "update-ticks" for the game clock of sample()), "tolerance" (engine units a written .anm
// may stray from the glTF's motion, default 1).
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::lba {

FormatFamily family();

}  // namespace bonebridge::lba
