// SPDX-License-Identifier: MIT
// Reads a .3do; when that succeeds, the unchanged document must write back byte for byte, and a hierarchy
// edited in place must read back with the edit and everything else unchanged.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "bonebridge/formats/sith/model/codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::sith;
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto file = model::read(text);
  if (!file.ok()) return 0;
  auto written = model::write(*file);
  if (!written.ok() || std::string(written->begin(), written->end()) != text) std::abort();
  if (file->content.hierarchy.empty()) return 0;
  model::Document edited = *file;
  edited.content.hierarchy.front().position[0] += 1.0f;
  auto rewritten = model::write(edited);
  if (!rewritten.ok()) std::abort();
  auto again = model::read(*rewritten);
  if (!again.ok() || !same_content(again->content, edited.content)) std::abort();
  return 0;
}
