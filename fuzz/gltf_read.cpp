// SPDX-License-Identifier: MIT
// Any bytes as a .glb or .gltf: the reader (with its mending of channels tinygltf cannot hold, issue 38's
// KHR_animation_pointer channels) never crashes, and a scene it reads that the writer writes reads back.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/gltf/gltf.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto scene = bonebridge::gltf::read(std::span(data, size));
  if (!scene.ok()) return 0;
  for (const bool binary : {true, false}) {
    const auto written = bonebridge::gltf::write(*scene, {.binary = binary, .generate_mesh = false});
    if (written.ok() && !bonebridge::gltf::read(*written).ok()) std::abort();
  }
  return 0;
}
