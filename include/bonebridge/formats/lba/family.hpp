// SPDX-License-Identifier: MIT
#pragma once
// The registry row of Little Big Adventure: .anm animations (LBA1 by default, LBA2 with variant=lba2),
// HQR archives, and LBA1 bodies (kind=body, or an HQR entry given as --body BODY.HQR:0).
//
// Settings (lba/settings.hpp, declared in family.cpp): body, palette, texture-page, variant, root-motion,
// unit-scale, light, engine-tolerance (old spelling: tolerance), kind, clock, update-ticks.
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::lba {

FormatFamily family();

}  // namespace bonebridge::lba
