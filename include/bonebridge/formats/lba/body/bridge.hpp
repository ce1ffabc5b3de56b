// SPDX-License-Identifier: MIT
#pragma once
// A body -> the core model (a skeleton and its meshes), in the units and frame of frame.hpp.
#include <cstddef>
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/formats/lba/body/document.hpp"
#include "bonebridge/formats/lba/frame.hpp"
#include "bonebridge/formats/lba/settings.hpp"

namespace bonebridge::lba {

// Joint i is body group i; rest translation is the pivot's stored point (its offset in the parent's frame)
// and rest rotation the stored angles. Meshes: the body's polygons, lines and spheres (body_mesh.hpp); when
// its drawing data could not be decoded, its points as small markers rigidly bound to their group.
Skeleton body_skeleton(const body::Document& body, Variant variant);
std::vector<RigidMesh> body_markers(const body::Document& body, double marker_size);

namespace body {
// The body at rest: its skeleton and meshes (never an error).
Result<CoreConversion> to_core(const body::Document& body, const BridgeOptions& options);
}  // namespace body

// A joint's offset from its parent's origin: the pivot's stored point when the parent owns the pivot (the
// engine's rule), otherwise the bind-pose difference.
std::vector<Vec3> pivot_offsets(const body::Document& body);
// "root" for group 0, "group_<g>" for the others.
std::string joint_name(std::size_t group);

}  // namespace bonebridge::lba
