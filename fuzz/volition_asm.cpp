// SPDX-License-Identifier: MIT
// .asm_pc reader: every accepted manifest writes back byte for byte, and the Document's JSON always prints.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/volition/asm/codec.hpp"
#include "bonebridge/formats/volition/family.hpp"
#include "inspect_document.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::volition;
  const std::span<const std::uint8_t> bytes(data, size);
  auto manifest = asm_::read(bytes);
  if (!manifest) {
    if (!manifest.error().offset) std::abort();  // every binary error names its offset
    return 0;
  }
  const auto written = asm_::write(*manifest);
  if (!written || !std::equal(written->begin(), written->end(), bytes.begin(), bytes.end())) std::abort();
  inspect_document(open_volition(bytes, bonebridge::Options{{{"extension", ".asm_pc"}}}));
  return 0;
}
