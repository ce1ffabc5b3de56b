// SPDX-License-Identifier: MIT
// Reads a .cmp; when that succeeds, it must write back byte for byte.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "bonebridge/formats/sith/colormap/codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::sith;
  const std::vector<std::uint8_t> bytes(data, data + size);
  auto file = colormap::read(bytes);
  if (!file.ok()) return 0;
  auto written = colormap::write(*file);
  if (!written.ok() || *written != bytes) std::abort();
  return 0;
}
