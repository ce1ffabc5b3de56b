// SPDX-License-Identifier: MIT
#pragma once
// .key (+ .3do) <-> the core model. Units and axes are converted here and only here: the Sith frame is
// right-handed Z-up (X right, Y forward) in game units, converted to glTF's Y-up with
// AxisConversion::z_up_to_y_up and a unit scale (no source states the unit; IJIM hints at ~10 m per unit).
// Frames become seconds by dividing by the KEY's FPS; degrees become quaternions via
// Rz(yaw)·Rx(pitch)·Ry(roll) (model/engine.hpp).
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/fidelity.hpp"
#include "bonebridge/formats/sith/key/document.hpp"
#include "bonebridge/formats/sith/key/engine.hpp"
#include "bonebridge/formats/sith/model/bridge.hpp"
#include "bonebridge/formats/sith/model/document.hpp"
#include "bonebridge/formats/sith/settings.hpp"

namespace bonebridge::sith {

// Positions within this many game units, and rotations within this many radians, count as continuous at an
// entry boundary; larger differences are jumps, written as two keys a short time apart.
inline constexpr double kContinuityPosition = 1e-6;
inline constexpr double kContinuityRotation = 1e-6;
// Clip metadata listing, per core joint, the KEY NODE index it came from (-1 for the root added above flat
// joints), so that a clip read back from glTF is written to the same nodes.
inline constexpr const char* kNodesMetadata = "sith.nodes";

// The skeleton and meshes from `model` (or flat joints without it), the KEY's motion as LINEAR channels:
// translations exact, jumps between an entry's extrapolation and the next entry as keys a short time apart,
// Euler-linear rotations split until slerp stays within the tolerance. Markers become events. With
// `surfaces` (the model's .mat files as found), the meshes are textured (model_look); without, bare.
namespace key {
Result<CoreConversion> to_core(const key::Document& key, const model::Document* model,
                               const BridgeOptions& options, const ModelSurfaces* surfaces = nullptr);
}  // namespace key

// Model-space joint positions of the engine (converted to glTF's frame) against the core clip sampled the
// way glTF specifies, every `step` seconds over the clip.
FidelityReport measure_key_fidelity(const key::Engine& engine, const CoreConversion& conversion, double step);

// The first clip of `scene` (in glTF's frame) as a KEY: entries where the clip has keys, plus where the
// engine's Euler-linear motion would otherwise leave the clip's path, rates along the shortest angular path,
// flags set where rates are non-zero, FRAMES and FPS from the clip, markers from events. With `model`, a
// joint becomes the KEY node of the hierarchy row with its name (case-insensitive); otherwise the node listed
// in the clip's "sith.nodes" metadata, else NODE n = core joint n.
namespace key {
Result<Converted<key::Document>> from_core(const Scene& scene, const BridgeOptions& options,
                                           const model::Document* model = nullptr);
}  // namespace key

}  // namespace bonebridge::sith
