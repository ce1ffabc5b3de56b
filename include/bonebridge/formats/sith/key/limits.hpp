// SPDX-License-Identifier: MIT
#pragma once
// What the Sith engines take in a .key (issue 28), each limit with its source; checked by the writer.
#include <string>
#include <vector>

#include "bonebridge/core/limits.hpp"
#include "bonebridge/formats/sith/key/document.hpp"

namespace bonebridge::sith {

const std::vector<FileLimit>& key_limits();

// Ok when `content` is within key_limits(); otherwise the first limit every Sith engine has that it exceeds
// (over a JK/MotS-only limit: a note).
Status check_key_limits(const KeyContent& content, std::vector<std::string>& notes);

}  // namespace bonebridge::sith
