// SPDX-License-Identifier: MIT
// libFuzzer target for the <world>inf.dta reader (LEGO Island's per-world animation index): any input either
// fails with an error carrying a byte offset within the input, or reads into animations whose offsets lie in
// the input, in increasing order, each with no more models than its count byte allows.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/lego/wdb/world_info.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::lego::wdb;
  const auto info = read_world_info(std::span<const std::uint8_t>(data, size));
  if (!info.ok()) {
    if (!info.error().offset || *info.error().offset > size) std::abort();
    return 0;
  }
  std::uint64_t previous = 0;
  for (const auto& animation : info->animations) {
    if (animation.offset >= size || animation.offset < previous || animation.models.size() > 255)
      std::abort();
    previous = animation.offset + 1;
  }
  return 0;
}
