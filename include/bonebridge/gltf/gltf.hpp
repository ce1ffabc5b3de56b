// SPDX-License-Identifier: MIT
#pragma once
// Core model <-> glTF 2.0. Export writes one node per joint, one animation per clip, samplers matching the
// channels (STEP, LINEAR, CUBICSPLINE), exact accessor bounds, and (by default) a generated bone mesh,
// rigidly skinned, so that the motion is visible in any stock viewer. What glTF has no place for (visibility,
// events, property tracks, root motion, metadata) travels in `extras.bonebridge` so that a round trip keeps
// it.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/core/scene.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::gltf {

struct ExportOptions {
  bool binary = true;         // .glb; false: .gltf with the buffer embedded as a data URI
  bool generate_mesh = true;  // bone shapes when the scene has no mesh of its own
};

Result<std::vector<std::uint8_t>> write(const Scene& scene, const ExportOptions& options);

// Reads a .glb or a self-contained .gltf. Joints are the scene's nodes that carry no mesh, parents first.
Result<Scene> read(std::span<const std::uint8_t> bytes);

}  // namespace bonebridge::gltf
