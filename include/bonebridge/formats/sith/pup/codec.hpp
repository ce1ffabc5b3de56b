// SPDX-License-Identifier: MIT
#pragma once
// Reading and writing the Sith engine's .pup puppet files, byte for byte (pup/document.hpp).
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "bonebridge/formats/sith/pup/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::sith {

inline constexpr std::string_view kPupFormat = "Sith .pup";

// Any text reads; a NUL byte (which ends the engine's line early) is an error naming its offset.
namespace pup {
Result<Document> read(std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> write(const Document& file);
}  // namespace pup

}  // namespace bonebridge::sith
