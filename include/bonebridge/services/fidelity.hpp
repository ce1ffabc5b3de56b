// SPDX-License-Identifier: MIT
#pragma once
// The fidelity service: a conversion measured against the game's engine (core/fidelity.hpp's metric).
#include "bonebridge/core/fidelity.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge {

// Converts the document to glTF in memory, reads that glTF back, and compares its joint positions in model
// space with the engine's, every `step` seconds (0: every engine tick). Errors are in the game's units.
Result<FidelityReport> measure_fidelity(const Document& document, const Options& options, double step = 0);

// The reverse direction: writes `scene` (an imported glTF, say) in `family`'s format, opens what was written,
// and compares the game engine's joint positions with the core sampler's on `scene` every `step` seconds (0:
// every engine tick). Joints are matched by their path of names from the root. Errors are in the game's
// units.
Result<FidelityReport> measure_import_fidelity(const Scene& scene, const FormatFamily& family,
                                               const Options& options, double step = 0);

}  // namespace bonebridge
