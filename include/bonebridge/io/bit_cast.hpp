// SPDX-License-Identifier: MIT
#pragma once
// std::bit_cast where the C++ library has it, and the same through memcpy where it does not:
// emscripten 3.1.6's libc++ 13 lacks it (libc++ 14 added it), and the WebAssembly build uses that library.
#include <bit>
#include <cstring>
#include <type_traits>

namespace bonebridge {

template <class To, class From>
requires(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<To> &&
         std::is_trivially_copyable_v<From>) constexpr To bit_cast(const From& from) noexcept {
#if defined(__cpp_lib_bit_cast)
  return std::bit_cast<To>(from);
#else
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
#endif
}

}  // namespace bonebridge
