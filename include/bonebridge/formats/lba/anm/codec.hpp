// SPDX-License-Identifier: MIT
#pragma once
// Byte-exact reader and writer of the .anm animation (research/lba1-anm.md §1). LBA1 and LBA2 animations
// share the layout; the variant only changes what the values mean (engine, bridge).
#include <cstdint>
#include <span>
#include <vector>

#include "bonebridge/formats/lba/anm/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lba {

inline constexpr const char* kAnmFormat = "LBA .anm animation";

namespace anm {
Result<Document> read(std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> write(const Document& animation);
}  // namespace anm

// Whether the size is exactly 8 + N·(8 + 8·G) for the header's N and G: the only structural check the
// layout offers.
bool looks_like_animation(std::span<const std::uint8_t> bytes);

}  // namespace bonebridge::lba
