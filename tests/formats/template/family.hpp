// SPDX-License-Identifier: MIT
#pragma once
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::pendulum {

FormatFamily family();

}  // namespace bonebridge::pendulum
