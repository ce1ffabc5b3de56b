#pragma once
// .anm + LBA1 body <-> the core model. Units and frame, stated once: LBA world units (a brick is 512 in X/Z,
// 256 in Y; x = side, y = up, z = forward, right-handed as the engine's rotation matrices are written) become
// metres through `unit_scale` (default: 1 unit = 1/512 m, i.e. one brick width = 1 m, an assumption); angles
// (1024 or 4096 units per turn) become radians; durations (50 Hz ticks or ms) become seconds.
#include <optional>
#include <string>
#include <vector>

#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/conversion.hpp"
#include "bonebridge/formats/lba/body_mesh.hpp"
#include "bonebridge/formats/lba/document.hpp"
#include "bonebridge/formats/lba/engine.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lba {

inline constexpr double kDefaultUnitScale = 1.0 / 512.0;

struct BridgeOptions {
  Variant variant = Variant::Lba1;
  bool separate_root_motion = false;  // root motion in Clip::root_motion instead of on the root joint
  double unit_scale = kDefaultUnitScale;
  std::string clip_name = "anim";
  std::optional<Palette> palette;  // without one, placeholder_palette() colours the body
  Light light;                     // in the variant's angle units
};

AxisConversion lba_to_gltf(double unit_scale);

// Joint i is body group i; rest translation is the pivot's stored point (its offset in the parent's frame)
// and rest rotation the stored angles. Meshes: the body's polygons, lines and spheres (body_mesh.hpp); when
// its drawing data could not be decoded, its points as small markers rigidly bound to their group.
Skeleton body_skeleton(const Body& body, Variant variant);
std::vector<RigidMesh> body_markers(const Body& body, double marker_size);

// The quaternion of the engine's M = Rx(alpha)·Rz(gamma)·Ry(beta), angles in the variant's units.
Quat euler_to_quat(int alpha, int beta, int gamma, Variant variant);
// The reverse, in the same order; angles in [0, units). `previous` picks the closer of the two solutions.
std::array<int, 3> quat_to_euler(Quat q, Variant variant, const std::array<int, 3>& previous);

// Bakes the ideal-clock engine states into LINEAR keys on the engine's tick grid (LBA1: every 50 Hz tick;
// LBA2: every 20 ms plus each keyframe), rotation keys kept in one hemisphere and split to at most 15°.
// Without a body, the placeholder body of engine.hpp gives a flat skeleton at the origin.
Result<CoreConversion> animation_to_core(const Animation& animation, const Body* body,
                                         const BridgeOptions& options);
CoreConversion body_to_core(const Body& body, const BridgeOptions& options);

// Engine pose in the game's units; the actor's motion included when `include_actor`. `model` is the engine's
// integer result (Q14 matrix, integer origin) as a column-vector matrix; `local` is what the engine holds
// for the group, as the glTF node does: the root's actor position and yaw, a rotation group's pivot offset
// and Euler angles, a translation group's pivot offset plus its value (not inverse(parent)·model, which
// carries the engine's floor rounding).
EnginePose engine_pose(const Body& body, const EngineState& state, double seconds, Variant variant,
                       bool include_actor);

// A core scene (in glTF's frame) back to an animation: keyframes at the clip's key times rounded to ticks,
// rotations decomposed into the LBA Euler order, translation joints as type 1, step and yaw from the root
// motion (or the root joint). `lost` lists what could not be kept.
struct FromCore {
  Animation animation;
  std::vector<std::string> lost;
};
Result<FromCore> animation_from_core(const Scene& scene, const BridgeOptions& options);

}  // namespace bonebridge::lba
