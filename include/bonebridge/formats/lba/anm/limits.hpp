// SPDX-License-Identifier: MIT
#pragma once
// What LBA1 and LBA2 take in an .anm (issue 28), each limit with its source; checked by the writer.
#include <string>
#include <vector>

#include "bonebridge/core/limits.hpp"
#include "bonebridge/formats/lba/anm/document.hpp"

namespace bonebridge::lba {

const std::vector<FileLimit>& animation_limits();

// Ok when `animation` is within animation_limits(); otherwise the first limit it exceeds.
Status check_animation_limits(const anm::Document& animation, std::vector<std::string>& notes);

}  // namespace bonebridge::lba
