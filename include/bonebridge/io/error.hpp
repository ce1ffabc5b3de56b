// SPDX-License-Identifier: MIT
#pragma once
// Errors are values at every public edge. Inside a codec a FormatError may be thrown from deep in a parse
// and is turned into a Result by `capture`, so that no exception ever reaches a caller of the library.
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace bonebridge {

struct Error {
  std::string format;                   // e.g. "LEGO Island .ani"
  std::string message;                  // what was expected and what was found
  std::optional<std::uint64_t> offset;  // byte offset, for binary formats
  std::optional<std::uint64_t> line;    // 1-based line, for text formats
  std::string file;                     // filled in by whoever knows the path

  // "file: format: at byte 28 (0x1c): message"
  std::string to_string() const;
};

class FormatError : public std::exception {
 public:
  explicit FormatError(Error error) : error_(std::move(error)), text_(error_.to_string()) {}
  const Error& error() const { return error_; }
  const char* what() const noexcept override { return text_.c_str(); }

 private:
  Error error_;
  std::string text_;
};

template <class T>
class Result {
 public:
  Result(T value) : state_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : state_(std::move(error)) {}  // NOLINT: implicit by design
  bool ok() const { return std::holds_alternative<T>(state_); }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<T>(state_); }
  const T& value() const& { return std::get<T>(state_); }
  T&& value() && { return std::get<T>(std::move(state_)); }
  const Error& error() const { return std::get<Error>(state_); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Error> state_;
};

struct Ok {};
using Status = Result<Ok>;

// The Error for the exception being handled: a FormatError's own, else what went wrong in `format`'s reader
// or writer. Call only inside a catch block.
Error current_exception_error(std::string_view format);

// Runs `parse`, turning any exception into an Error value, so that none reaches a caller of the library.
template <class F>
auto capture(std::string_view format, F&& parse) -> Result<decltype(parse())> {
  try {
    return parse();
  } catch (...) {
    return current_exception_error(format);
  }
}

// Runs `run`, which already returns a Result, and turns any exception that escapes it into an Error value.
template <class F>
auto guard(std::string_view format, F&& run) -> decltype(run()) {
  try {
    return run();
  } catch (...) {
    return current_exception_error(format);
  }
}

}  // namespace bonebridge
