// SPDX-License-Identifier: MIT
#pragma once
// The writer's last look at a glTF before it is serialised: the structural rules of the glTF 2.0 schema the
// Khronos validator reports as errors (a scene without nodes, an index naming nothing, a node in two places,
// an animation without channels, a view past its buffer...). A guard so that the tool fails with an error
// instead of writing a file readers reject; not a replacement for the validator, which the tests run.
#include "bonebridge/io/error.hpp"
#include "tinygltf.hpp"

namespace bonebridge::gltf {

Status check_structure(const tinygltf::Model& model);

}  // namespace bonebridge::gltf
