// SPDX-License-Identifier: MIT
#pragma once
// AnimX <-> core model (research/animx.md §5).
//
// To core: tracks whose property is "Position" (float3), "Rotation" (floatQ) or "Scale" (float3) drive the
// joint named by their node; each node is one joint of a flat skeleton (AnimX has no hierarchy). Values
// are converted from Resonite's left-handed Y-up frame by mirroring X (AxisConversion::mirror_x: the
// convention of the Blender exporters; Resonite's own importer convention is not public). Exact where the
// core model can express Resonite's motion:
//   Discrete and all-Hold curves -> STEP; all-Linear float3 curves -> LINEAR; float3 curves mixing Linear,
//   Tangent and CubicBezier -> CUBICSPLINE (Tangent: b_i = s + R_i, a_i+1 = s - L_i+1; CubicBezier:
//   b_i = 3(R_i - v_i)/dt, a_i+1 = 3(v_i+1 - L_i+1)/dt); Raw float3 -> LINEAR keys at its frames plus
//   one at max(count·interval, clip end) carrying Resonite's linear extrapolation.
// Otherwise resampled from the engine: rotations (Resonite's nlerp has no hemisphere flip and Tangent
// results are unnormalized) become LINEAR keys at most 15° apart in one hemisphere; curves with Hold among
// other modes get a key just after each jump; Tangent / CubicBezier segments are sampled at 60 Hz; then
// keys are bisected until each midpoint follows the engine within 0.05° (rotations) or 1e-4 units. Each
// resampled channel's largest error against the engine (240 Hz grid) is reported in the notes. Every other
// track becomes a core PropertyTrack in Resonite's own frame.
//
// From core: each joint channel becomes a Curve track named after the joint, converted back by the same
// mirror, keys sorted and shifted so that the clip starts at zero, with the keys Resonite needs to play the
// glTF's motion within 1e-4 units or 0.05° (issue 28): STEP -> Hold keys; LINEAR numbers -> the fewest
// Linear, CubicBezier and Hold segments (a curve the export baked comes back as its curve, bridge_fit.hpp);
// LINEAR rotations -> the fewest keys Resonite's nlerp needs, in one hemisphere and scaled where nlerp must
// keep the pace (a long arc comes back as its own keys); CUBICSPLINE -> Tangent, every key. Property tracks
// return as Discrete (STEP) or Curve tracks the same way. The document keeps the source's encoding when the
// clip's metadata names it.
#include <optional>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/skeleton.hpp"
#include "bonebridge/formats/animx/animation/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::animx {

// AnimX's settings, parsed from the command line by the registry row (family.cpp).
struct BridgeOptions {
  // --skeleton: the joints of a glTF file (in glTF's frame) whose hierarchy the clip animates; without one
  // the skeleton is flat (skeleton.hpp).
  std::optional<Skeleton> skeleton;
  // How a written document is stored: AnimJ text, else AnimX with `encoding`.
  bool animj = false;
  // --encoding; without it, the document's own: the source's when a clip comes back from a glTF that says
  // which (from_core), Plain for a clip made elsewhere.
  std::optional<Encoding> encoding;
};

namespace animation {
Result<CoreConversion> to_core(const Document& document, const BridgeOptions& options);

// The notes say what could not be kept. The document's encoding is the source's (the clip's metadata
// "animx.encoding", which the glTF carries in its extras), else Plain; the registry row's encoder
// (family.cpp) stores it so, or as the options ask, as transcoded documents are.
Result<Converted<Document>> from_core(const Scene& scene, const BridgeOptions& options);
}  // namespace animation

}  // namespace bonebridge::animx
