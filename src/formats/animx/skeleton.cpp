#include "bonebridge/formats/animx/skeleton.hpp"

#include "bonebridge/core/axes.hpp"
#include "bonebridge/formats/animx/bridge.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "bonebridge/io/file.hpp"

namespace bonebridge::animx {

int joint_index(const Skeleton& skeleton, const std::string& name) {
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j) {
    if (skeleton.joints[j].name == name) return static_cast<int>(j);
  }
  return -1;
}

Result<Skeleton> clip_skeleton(const Document& document, const Options& options) {
  Skeleton skeleton;
  if (const auto path = options.get("skeleton")) {
    auto bytes = options.companion("skeleton");
    if (!bytes) return bytes.error();
    auto scene = gltf::read(*bytes);
    if (!scene) {
      Error error = scene.error();
      error.file = *path;
      return error;
    }
    skeleton = std::move(scene->skeleton);
    // glTF's frame to Resonite's: the X mirror is its own inverse.
    const auto to_resonite = AxisConversion::mirror_x();
    for (auto& joint : skeleton.joints) joint.rest = to_resonite.transform(joint.rest);
  }
  for (const auto& name : joint_names(document)) {
    if (joint_index(skeleton, name) < 0) skeleton.joints.push_back({name, -1, {}});
  }
  return skeleton;
}

}  // namespace bonebridge::animx
