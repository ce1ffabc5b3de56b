// SPDX-License-Identifier: MIT
#pragma once
// The registry row of LEGO Island `.ani` files.
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::lego {

FormatFamily family();

}  // namespace bonebridge::lego
