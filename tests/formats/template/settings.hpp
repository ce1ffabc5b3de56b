// SPDX-License-Identifier: MIT
#pragma once
// The family's one settings struct (src/formats/README.md): its members' initialisers are the defaults.
#include <cstddef>

namespace bonebridge::pendulum {

struct Settings {
  std::size_t clip = 0;  // which clip of a scene to write
};

}  // namespace bonebridge::pendulum
