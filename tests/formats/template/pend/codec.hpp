// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "bonebridge/io/error.hpp"
#include "formats/template/pend/document.hpp"

namespace bonebridge::pendulum::pend {

Result<Document> read(std::span<const std::uint8_t> bytes);
Result<std::vector<std::uint8_t>> write(const Document& document);

}  // namespace bonebridge::pendulum::pend
