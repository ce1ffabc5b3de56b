// SPDX-License-Identifier: MIT
#pragma once
// What Resonite's AnimX reader takes (issue 28), each limit with its source; checked by the writer.
#include <string>
#include <vector>

#include "bonebridge/core/limits.hpp"
#include "bonebridge/formats/animx/animation/document.hpp"

namespace bonebridge::animx {

const std::vector<FileLimit>& limits();

// Ok when `document` is within limits(); otherwise the first limit it exceeds.
Status check_limits(const animation::Document& document, std::vector<std::string>& notes);

}  // namespace bonebridge::animx
