// SPDX-License-Identifier: MIT
// A bound package -> core model (bridge.hpp): the skeleton mirrored into glTF's frame, and each animation
// converted by the AnimX bridge on that skeleton, so that its tracks meet the joints by name.
#include <fmt/format.h>

#include "bonebridge/formats/animx/animation/bridge.hpp"
#include "bonebridge/formats/animx/package/bridge.hpp"
#include "bonebridge/formats/animx/package/codec.hpp"

namespace bonebridge::animx::package {

Result<CoreConversion> to_core(const BoundPackage& bound) {
  CoreConversion result;
  result.conversion = AxisConversion::mirror_x();
  result.scene.skeleton = bound.skeleton;
  result.conversion.apply(result.scene);
  for (std::size_t i = 0; i < bound.skeleton.joints.size(); ++i)
    result.core_joint_of.push_back(static_cast<int>(i));
  BridgeOptions options;
  options.skeleton = result.scene.skeleton;  // every node of every clip is one of its joints (bind)
  for (const auto& bound_clip : bound.animations) {
    auto converted = animation::to_core(bound_clip.clip, options);
    if (!converted) {
      Error error = converted.error();
      error.message = fmt::format("entry {}: {}", asset_entry(bound_clip.asset), error.message);
      return error;
    }
    Clip clip = std::move(converted->scene.clips.front());
    clip.name = bound_clip.name;
    clip.metadata["resonite.asset"] = bound_clip.asset;
    result.scene.clips.push_back(std::move(clip));
    for (const auto& note : bound_clip.notes) result.notes.push_back(bound_clip.name + ": " + note);
    for (const auto& note : converted->notes) result.notes.push_back(bound_clip.name + ": " + note);
  }
  return result;
}

}  // namespace bonebridge::animx::package
