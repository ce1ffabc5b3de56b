#pragma once
// .key (+ .3do) <-> the core model. Units and axes are converted here and only here: the Sith frame is
// right-handed Z-up (X right, Y forward) in game units, converted to glTF's Y-up with
// AxisConversion::z_up_to_y_up and a unit scale (no source states the unit; IJIM hints at ~10 m per unit).
// Frames become seconds by dividing by the KEY's FPS; degrees become quaternions via
// Rz(yaw)·Rx(pitch)·Ry(roll).
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/fidelity.hpp"
#include "bonebridge/formats/sith/document.hpp"
#include "bonebridge/formats/sith/engine.hpp"

namespace bonebridge::sith {

struct BridgeOptions {
  double unit_scale = 1.0;                   // metres per game unit
  double rotation_tolerance_degrees = 0.01;  // largest slerp-vs-Euler error left between rotation keys
  double max_key_angle_degrees = 15.0;       // keeps slerp and Blender's nlerp close (gltf-runtimes.md)
  double fps = 0;                            // core -> key: 0 means the clip's "sith.fps" metadata, else 30
  Dialect dialect = Dialect::InfernalMachine;
};

// Positions within this many game units, and rotations within this many radians, count as continuous at an
// entry boundary; larger differences are jumps, written as two keys a short time apart.
inline constexpr double kContinuityPosition = 1e-6;
inline constexpr double kContinuityRotation = 1e-6;
// Clip metadata listing, per core joint, the KEY NODE index it came from (-1 for the root added above flat
// joints), so that a clip read back from glTF is written to the same nodes.
inline constexpr const char* kNodesMetadata = "sith.nodes";

Quat rotation_quat(const std::array<float, 3>& pitch_yaw_roll);
// The inverse of Rz(yaw)·Rx(pitch)·Ry(roll): (pitch, yaw, roll) in degrees, each in (-180, 180].
std::array<double, 3> pitch_yaw_roll(const Quat& rotation);

// The skeleton and meshes from `model` (or flat joints without it), the KEY's motion as LINEAR channels:
// translations exact, jumps between an entry's extrapolation and the next entry as keys a short time apart,
// Euler-linear rotations split until slerp stays within the tolerance. Markers become events.
Result<CoreConversion> key_to_core(const KeyFile& key, const ModelFile* model, const BridgeOptions& options);

// Model-space joint positions of the engine (converted to glTF's frame) against the core clip sampled the
// way glTF specifies, every `step` seconds over the clip.
FidelityReport measure_key_fidelity(const KeyEngine& engine, const CoreConversion& conversion, double step);

struct KeyFromCore {
  KeyFile key;
  std::vector<std::string> notes;  // what could not be kept
};

// The first clip of `scene` (in glTF's frame) as a KEY: entries where the clip has keys, plus where the
// engine's Euler-linear motion would otherwise leave the clip's path, rates along the shortest angular path,
// flags set where rates are non-zero, FRAMES and FPS from the clip, markers from events. With `model`, a
// joint becomes the KEY node of the hierarchy row with its name (case-insensitive); otherwise the node listed
// in the clip's "sith.nodes" metadata, else NODE n = core joint n.
Result<KeyFromCore> core_to_key(const Scene& scene, const BridgeOptions& options,
                                const ModelFile* model = nullptr);

}  // namespace bonebridge::sith
