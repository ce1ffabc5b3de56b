// SPDX-License-Identifier: MIT
#pragma once
#include "bonebridge/registry/family.hpp"

namespace bonebridge::pendulum {

FormatFamily family();

}  // namespace bonebridge::pendulum
