#include "bonebridge/io/error.hpp"

#include <fmt/format.h>

namespace bonebridge {

std::string Error::to_string() const {
  std::string text;
  if (!file.empty()) text += file + ": ";
  if (!format.empty()) text += format + ": ";
  if (offset) text += fmt::format("at byte {} (0x{:x}): ", *offset, *offset);
  if (line) text += fmt::format("line {}: ", *line);
  return text + message;
}

}  // namespace bonebridge
