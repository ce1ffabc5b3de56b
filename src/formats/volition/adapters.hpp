// SPDX-License-Identifier: MIT
#pragma once
// The registry Documents of the three Volition kinds (rig/adapter.cpp, anim/adapter.cpp,
// cloth/adapter.cpp), as family.cpp opens them, and the helpers they share. Private to the family.
#include <memory>
#include <optional>
#include <string>

#include "bonebridge/formats/volition/anim/document.hpp"
#include "bonebridge/formats/volition/anim/engine.hpp"
#include "bonebridge/formats/volition/cloth/document.hpp"
#include "bonebridge/formats/volition/rig/document.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::volition {

namespace rig {
std::unique_ptr<bonebridge::Document> open(rig::Document rig, std::string axes);
}  // namespace rig
// `rig`: the companion the animation drives, when one was given.
namespace anim {
std::unique_ptr<bonebridge::Document> open(anim::Document anim, std::optional<rig::Document> rig,
                                           AnimSettings settings, std::string axes);
}  // namespace anim
namespace cloth {
std::unique_ptr<bonebridge::Document> open(cloth::Document cloth);
}  // namespace cloth

inline nlohmann::json json_vec3(float x, float y, float z) {
  return nlohmann::json::array({x, y, z});
}

inline Diagnostic diagnostic(bool is_error, const char* format, std::optional<std::uint64_t> offset,
                             std::string message) {
  return {is_error, Error{format, std::move(message), offset, {}, {}}};
}

}  // namespace bonebridge::volition
