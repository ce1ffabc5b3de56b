#pragma once

namespace bonebridge::gltf {

struct ExportOptions {
  bool generate_mesh = true;  // one slim bone shape per joint, rigidly skinned, when the scene has no mesh
  bool binary = true;         // .glb; false: .gltf with the buffer embedded as a data URI
};

}  // namespace bonebridge::gltf
