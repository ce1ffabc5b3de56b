// SPDX-License-Identifier: MIT
#pragma once
#include <string>

namespace bonebridge::sith {

// `value` in fixed notation, right-aligned to `width`, with `decimals` decimals, or with more when that many
// would not read back (strtof) to the same float. inf and nan are written as the C library writes them.
std::string fixed_float(float value, int width, int decimals);

}  // namespace bonebridge::sith
