// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/text_format.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace bonebridge::sith {

std::string fixed_float(float value, int width, int decimals) {
  std::string text = fmt::format("{:.{}f}", value, decimals);
  if (std::isfinite(value) && std::strtof(text.c_str(), nullptr) != value) {
    // The shortest fixed text that reads back exactly (at most a few dozen digits for a float).
    char buffer[128];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    text.assign(buffer, result.ptr);
  }
  if (static_cast<int>(text.size()) < width)
    text.insert(0, static_cast<std::size_t>(width) - text.size(), ' ');
  return text;
}

}  // namespace bonebridge::sith
