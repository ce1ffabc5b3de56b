// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/text_format.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

namespace bonebridge::sith {

std::string fixed_float(float value, int width, int decimals) {
  std::string text = fmt::format("{:.{}f}", value, decimals);
  if (std::isfinite(value) && std::strtof(text.c_str(), nullptr) != value) {
    // The shortest fixed text that reads back exactly: the fewest decimals whose correctly rounded text reads
    // back (what std::to_chars gives in fixed notation; libc++ 13, the WebAssembly build's, lacks the float
    // overloads). A float needs at most 150 decimals (its smallest subnormal, 2^-149).
    for (int more = decimals + 1; more <= 150; ++more) {
      text = fmt::format("{:.{}f}", value, more);
      if (std::strtof(text.c_str(), nullptr) == value) break;
    }
  }
  if (static_cast<int>(text.size()) < width)
    text.insert(0, static_cast<std::size_t>(width) - text.size(), ' ');
  return text;
}

}  // namespace bonebridge::sith
