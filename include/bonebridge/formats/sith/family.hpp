// SPDX-License-Identifier: MIT
#pragma once
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::sith {

// The registry row of the Sith engine family: .key keyframes (with a .3do model as companion) and .3do
// models.
FormatFamily family();

}  // namespace bonebridge::sith
