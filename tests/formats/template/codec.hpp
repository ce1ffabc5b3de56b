// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "bonebridge/io/error.hpp"
#include "formats/template/document.hpp"

namespace bonebridge::pendulum {

Result<Document> read_pendulum(std::span<const std::uint8_t> bytes);
Result<std::vector<std::uint8_t>> write_pendulum(const Document& document);

}  // namespace bonebridge::pendulum
