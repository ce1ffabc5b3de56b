// SPDX-License-Identifier: MIT
#pragma once
// What the Volition engine's .anim_pc reader takes (issue 28), each limit with its source; checked by the
// writer.
#include <string>
#include <vector>

#include "bonebridge/core/limits.hpp"
#include "bonebridge/formats/volition/anim/document.hpp"

namespace bonebridge::volition {

const std::vector<FileLimit>& anim_limits();

// Ok when `document` is within anim_limits() for its flags; otherwise the first limit it exceeds.
Status check_anim_limits(const anim::Document& document, std::vector<std::string>& notes);

}  // namespace bonebridge::volition
