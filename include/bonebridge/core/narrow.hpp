// SPDX-License-Identifier: MIT
#pragma once
// Sizes, counts and offsets stored as 64 bits in a file, or computed in 64 bits, as a std::size_t: on a
// 32-bit target (the WebAssembly build) a value of 4 GiB or more does not fit, and a silent truncation would
// read the wrong bytes. Each narrowing names what it narrows, so that the error says which field was too
// large.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "bonebridge/io/error.hpp"

namespace bonebridge {

// The Error for `value` (the field `what` of `format`, at byte `offset` when known) not fitting a size_t.
inline Error size_error(std::uint64_t value, std::string_view format, std::string_view what,
                        std::optional<std::uint64_t> offset = {}) {
  return Error{std::string(format),
               std::string(what) + " is " + std::to_string(value) + ", more than this build can address (" +
                   std::to_string(std::numeric_limits<std::size_t>::max()) + ")",
               offset,
               {},
               {}};
}

inline bool fits_size(std::uint64_t value) {
  return value <= std::numeric_limits<std::size_t>::max();
}

// As a Result, where errors are values.
inline Result<std::size_t> to_size(std::uint64_t value, std::string_view format, std::string_view what,
                                   std::optional<std::uint64_t> offset = {}) {
  if (!fits_size(value)) return size_error(value, format, what, offset);
  return static_cast<std::size_t>(value);
}

// Inside a parse that `capture` wraps: throws the FormatError.
inline std::size_t checked_size(std::uint64_t value, std::string_view format, std::string_view what,
                                std::optional<std::uint64_t> offset = {}) {
  if (!fits_size(value)) throw FormatError(size_error(value, format, what, offset));
  return static_cast<std::size_t>(value);
}

}  // namespace bonebridge
