// SPDX-License-Identifier: MIT
#pragma once
// What LEGO Island takes in an .ani (issue 28), each limit with its source; checked by the writer.
#include <string>
#include <vector>

#include "bonebridge/core/limits.hpp"
#include "bonebridge/formats/lego/ani/document.hpp"

namespace bonebridge::lego {

const std::vector<FileLimit>& limits();
const FileLimit& keys_per_channel_limit();
const FileLimit& key_time_limit();

// Ok when every channel of `document` is within limits(); otherwise the first limit it exceeds.
Status check_limits(const ani::Document& document, std::vector<std::string>& notes);

}  // namespace bonebridge::lego
