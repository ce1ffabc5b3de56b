// SPDX-License-Identifier: MIT
// libFuzzer target for the LEGO Island .ani reader: any input either fails with an error carrying a byte
// offset, or reads into a document that writes back to exactly the input bytes and that the engine can
// evaluate.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/lego/ani/codec.hpp"
#include "bonebridge/formats/lego/ani/engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::lego::ani;
  const std::span<const std::uint8_t> input(data, size);
  const auto document = read(input);
  if (!document.ok()) {
    if (!document.error().offset || *document.error().offset > size) std::abort();
    return 0;
  }
  const auto bytes = write(*document);
  if (bytes.size() != size || !std::equal(bytes.begin(), bytes.end(), input.begin())) std::abort();
  const auto again = read(bytes);
  if (!again.ok() || write(*again) != bytes) std::abort();
  const Engine engine(*document);
  for (const std::int32_t ms : {0, document->duration / 2, document->duration}) {
    if (engine.evaluate(ms).size() != engine.nodes().size()) std::abort();
    (void)engine.camera(ms);
  }
  return 0;
}
