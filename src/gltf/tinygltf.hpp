// SPDX-License-Identifier: MIT
#pragma once
// tinygltf, configured once for the project: no image decoding or encoding (bonebridge encodes its PNG images
// with libpng and never reads images back).
#define TINYGLTF_NO_STB_IMAGE
#define TINYGLTF_NO_STB_IMAGE_WRITE
#define TINYGLTF_NO_EXTERNAL_IMAGE
#include <tiny_gltf.h>

#include <nlohmann/json.hpp>

namespace bonebridge::gltf {

tinygltf::Value to_value(const nlohmann::json& json);
nlohmann::json to_json(const tinygltf::Value& value);

}  // namespace bonebridge::gltf
