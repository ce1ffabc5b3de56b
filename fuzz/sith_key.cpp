// SPDX-License-Identifier: MIT
// Reads a .key; when that succeeds, the unchanged document must write back byte for byte, and the
// conventional layout must read back to the same content and be stable when written again.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "bonebridge/formats/sith/key/codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::sith;
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto file = key::read(text);
  if (!file.ok()) return 0;
  if (key::write_text(*file) != text) std::abort();
  const std::string conventional = key::write_conventional(file->content, "fuzz");
  auto again = key::read(conventional);
  if (!again.ok() || !same_content(file->content, again->content)) std::abort();
  if (key::write_conventional(again->content, "fuzz") != conventional) std::abort();
  return 0;
}
