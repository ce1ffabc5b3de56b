// SPDX-License-Identifier: MIT
#include "guard.hpp"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <cstring>
#include <new>

#include "bonebridge/plugin/settings.hpp"

namespace bonebridge::capi {
namespace {

// The one piece of state the library keeps between calls: per thread, and only what the last call said.
struct LastError {
  bb_status status = BB_OK;
  Error error;
  std::string text;
};

LastError& last_error() {
  thread_local LastError last;
  return last;
}

}  // namespace

bb_status status_of(const Error& error) {
  return error.format == kSettingsErrorFormat ? BB_ERROR_SETTINGS : BB_ERROR_INPUT;
}

bb_status remember(bb_status status, const Error& error) noexcept {
  LastError& last = last_error();
  try {
    last.status = status;
    last.error = error;
    last.text = error.to_string();
  } catch (...) {  // out of memory while keeping the text: the status still says what happened
    last.status = status;
    last.text.clear();
  }
  return status;
}

void forget() noexcept {
  LastError& last = last_error();
  last.status = BB_OK;
  last.error.file.clear(), last.error.format.clear(), last.error.message.clear();
  last.error.offset.reset(), last.error.line.reset();
  last.text.clear();
}

bb_status failure_of_current_exception() noexcept {
  try {
    throw;
  } catch (const ArgumentError& argument) {
    return remember(BB_ERROR_ARGUMENT, Error{"argument", argument.message, {}, {}, {}});
  } catch (const Failed& failed) {
    return remember(status_of(failed.error), failed.error);
  } catch (const std::bad_alloc&) {
    return remember(BB_ERROR_MEMORY, Error{"", "out of memory", {}, {}, {}});
  } catch (...) {
    try {
      return remember(BB_ERROR_INTERNAL, current_exception_error("bonebridge"));
    } catch (...) {
      return remember(BB_ERROR_INTERNAL, Error{});
    }
  }
}

std::string text(const char* value, const char* what, bool optional) {
  if (value == nullptr && !optional) throw ArgumentError{std::string(what) + " is NULL"};
  return value == nullptr ? std::string() : std::string(value);
}

std::vector<std::uint8_t> bytes(const std::uint8_t* data, std::size_t size, const char* what) {
  if (data == nullptr && size > 0)
    throw ArgumentError{std::string(what) + " is NULL with a size of " + std::to_string(size) + " bytes"};
  return size == 0 ? std::vector<std::uint8_t>{} : std::vector<std::uint8_t>(data, data + size);
}

bb_buffer& output(bb_buffer* buffer, const char* what) {
  required(buffer, what);
  buffer->data = nullptr;
  buffer->size = 0;
  return *buffer;
}

void fill(bb_buffer& buffer, const void* data, std::size_t size) {
  // One byte more for a '\0' after text, so that a C caller may read JSON as a string.
  auto* copy = static_cast<std::uint8_t*>(std::malloc(size + 1));
  if (copy == nullptr) throw std::bad_alloc();
  if (size > 0) std::memcpy(copy, data, size);
  copy[size] = 0;
  buffer.data = copy;
  buffer.size = size;
}

void fill_if(bb_buffer* buffer, const std::string& text) {
  if (buffer != nullptr) fill(*buffer, text);
}

std::string json_text(const nlohmann::json& json) {
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace bonebridge::capi

using bonebridge::capi::last_error;

extern "C" {

const char* bb_last_error_text(void) {
  return last_error().text.c_str();
}

bb_status bb_last_error(bb_error* error) {
  if (error == nullptr) return BB_ERROR_ARGUMENT;  // the last error stays what the caller asks about
  const auto& last = last_error();
  *error = bb_error{last.status,
                    last.text.c_str(),
                    last.error.file.c_str(),
                    last.error.format.c_str(),
                    last.error.message.c_str(),
                    last.error.offset.has_value(),
                    last.error.offset.value_or(0),
                    last.error.line.has_value(),
                    last.error.line.value_or(0)};
  return BB_OK;
}

void bb_buffer_free(bb_buffer* buffer) {
  if (buffer == nullptr) return;
  std::free(buffer->data);
  buffer->data = nullptr;
  buffer->size = 0;
}

}  // extern "C"
