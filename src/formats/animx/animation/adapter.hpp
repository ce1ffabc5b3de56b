// SPDX-License-Identifier: MIT
#pragma once
// The clip as a registry Document (adapter.cpp), opened by the family row (family.cpp) from AnimX bytes or,
// its second form, AnimJ text; its engine poses the clip's skeleton under the family's settings.
#include <cstdint>
#include <memory>
#include <span>

#include "bonebridge/io/error.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::animx::animation {

Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes,
                                                   const Options& options);
Result<std::unique_ptr<bonebridge::Document>> open_animj(std::span<const std::uint8_t> bytes,
                                                         const Options& options);

}  // namespace bonebridge::animx::animation
