// SPDX-License-Identifier: MIT
#pragma once
// The edge of the C ABI: every entry point runs its body through `guarded`, which catches everything (no
// exception crosses the ABI) and keeps what went wrong as the thread's last error.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "bonebridge/bonebridge.h"
#include "bonebridge/io/error.hpp"

namespace bonebridge::capi {

// Thrown inside an entry point for a NULL, truncated or malformed argument: the status BB_ERROR_ARGUMENT.
struct ArgumentError {
  std::string message;
};

// Thrown inside an entry point for an Error the library returned: the status its format says.
struct Failed {
  Error error;
};

// The status an Error from the library stands for: a settings error or an invalid input.
bb_status status_of(const Error& error);

// Keeps `error` as the thread's last error and returns `status`.
bb_status remember(bb_status status, const Error& error) noexcept;
void forget() noexcept;
bb_status failure_of_current_exception() noexcept;

template <class Body>
bb_status guarded(Body&& body) noexcept {
  try {
    forget();
    body();
    return BB_OK;
  } catch (...) {
    return failure_of_current_exception();
  }
}

// The value of a Result, or a Failed carrying its error (with `file` when it names none).
template <class T>
T value_of(Result<T> result, const std::string& file = {}) {
  if (!result) {
    Error error = result.error();
    if (error.file.empty()) error.file = file;
    throw Failed{std::move(error)};
  }
  return std::move(result).value();
}

// `pointer`, or an ArgumentError naming `what` when it is NULL.
template <class T>
T* required(T* pointer, const char* what) {
  if (pointer == nullptr) throw ArgumentError{std::string(what) + " is NULL"};
  return pointer;
}

// A UTF-8 text argument: `fallback` for NULL when `optional`, else an ArgumentError.
std::string text(const char* value, const char* what, bool optional = false);

// Bytes given as pointer and size: NULL is only allowed with size 0.
std::vector<std::uint8_t> bytes(const std::uint8_t* data, std::size_t size, const char* what);

// An output buffer: set empty first, so that the caller may free it whatever happens.
bb_buffer& output(bb_buffer* buffer, const char* what);
void fill(bb_buffer& buffer, const void* data, std::size_t size);
inline void fill(bb_buffer& buffer, const std::string& text) {
  fill(buffer, text.data(), text.size());
}
inline void fill(bb_buffer& buffer, const std::vector<std::uint8_t>& bytes) {
  fill(buffer, bytes.data(), bytes.size());
}
// An optional output buffer: filled when given.
void fill_if(bb_buffer* buffer, const std::string& text);
// JSON as the ABI hands it out: compact, invalid UTF-8 in a name replaced rather than thrown on.
std::string json_text(const nlohmann::json& json);

}  // namespace bonebridge::capi
