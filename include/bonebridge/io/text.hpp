// SPDX-License-Identifier: MIT
#pragma once
// A text format's bytes (UTF-8 or ASCII: .3do, .key, .pup, AnimJ, BVH) as the text its parser reads.
#include <cstdint>
#include <span>
#include <string_view>

namespace bonebridge {

inline std::string_view as_text(std::span<const std::uint8_t> bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

}  // namespace bonebridge
