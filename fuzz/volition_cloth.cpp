// SPDX-License-Identifier: MIT
// Cloth reader: every accepted input writes back byte for byte, and the Document's JSON always prints.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/volition/cloth/codec.hpp"
#include "bonebridge/formats/volition/family.hpp"
#include "inspect_document.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::volition;
  const std::span<const std::uint8_t> bytes(data, size);
  auto doc = cloth::read(bytes);
  if (!doc) {
    if (!doc.error().offset) std::abort();  // every binary error names its offset
    return 0;
  }
  const auto written = cloth::write(*doc);
  if (!std::equal(written.begin(), written.end(), bytes.begin(), bytes.end())) std::abort();
  inspect_document(open_volition(bytes, {}));
  return 0;
}
