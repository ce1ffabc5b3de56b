// SPDX-License-Identifier: MIT
#include "bonebridge/io/error.hpp"

#include <fmt/format.h>

#include <new>
#include <stdexcept>

namespace bonebridge {

std::string Error::to_string() const {
  std::string text;
  if (!file.empty()) text += file + ": ";
  if (!format.empty()) text += format + ": ";
  if (offset) text += fmt::format("at byte {} (0x{:x}): ", *offset, *offset);
  if (line) text += fmt::format("line {}: ", *line);
  return text + message;
}

Error current_exception_error(std::string_view format) {
  const std::string name(format);
  try {
    throw;
  } catch (const FormatError& e) {
    return e.error();
  } catch (const std::bad_alloc&) {
    return Error{name, "out of memory while decoding", {}, {}, {}};
  } catch (const std::length_error& e) {
    return Error{name, std::string("size limit exceeded: ") + e.what(), {}, {}, {}};
  } catch (const std::exception& e) {
    return Error{name, std::string("the data does not fit this format: ") + e.what(), {}, {}, {}};
  } catch (...) {
    return Error{name, "the data does not fit this format (unclassified failure)", {}, {}, {}};
  }
}

}  // namespace bonebridge
