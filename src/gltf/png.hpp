// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <vector>

#include "bonebridge/core/scene.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::gltf {

// The image as a PNG file (8-bit RGBA, libpng's simplified writer).
Result<std::vector<std::uint8_t>> encode_png(const Image& image);

}  // namespace bonebridge::gltf
