// SPDX-License-Identifier: MIT
#pragma once
// What glTF has no place for travels in `extras.bonebridge` of each animation (and of the scene).
#include <nlohmann/json.hpp>

#include "bonebridge/core/scene.hpp"

namespace bonebridge::gltf {

nlohmann::json clip_extras(const Clip& clip);
void read_clip_extras(const nlohmann::json& extras, Clip& clip);

// A glTF sampler's interpolation name ("LINEAR", "STEP", "CUBICSPLINE"; LINEAR when absent or unknown).
Interpolation interpolation_of(const std::string& name);

}  // namespace bonebridge::gltf
