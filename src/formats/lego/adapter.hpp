// SPDX-License-Identifier: MIT
#pragma once
// The `.ani` file as a registry Document (adapter.cpp), opened by the family row (family.cpp).
#include <cstdint>
#include <memory>
#include <span>

#include "bonebridge/io/error.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::lego {

namespace ani {
Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes);
}  // namespace ani

}  // namespace bonebridge::lego
