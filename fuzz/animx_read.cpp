// SPDX-License-Identifier: MIT
// AnimX reader, decompressors included: whatever reads must write and read back to the same bytes.
#include <cstdint>
#include <cstdlib>

#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::animx;
  using namespace bonebridge::animx::animation;
  const auto document = read({data, size});
  if (!document.ok()) {
    if (!document.error().offset && document.error().message.find("memory") == std::string::npos)
      std::abort();
    return 0;
  }
  // Compare through plain bytes: documents may hold NaN, which never compares equal.
  Document plain = *document;
  plain.encoding = Encoding::Plain;
  const auto bytes = write(plain);
  const auto again = read(bytes);
  if (!again.ok() || write(*again) != bytes) std::abort();
  const auto recompressed = read(write(*document));
  if (!recompressed.ok()) std::abort();
  Document recompressed_plain = *recompressed;
  recompressed_plain.encoding = Encoding::Plain;
  if (write(recompressed_plain) != bytes) std::abort();
  // The engine must answer (a value or an error) for every track at a few times, without crashing.
  for (const auto& track : document->tracks) {
    for (const float t : {-1.0f, 0.0f, 0.5f, 1e9f}) static_cast<void>(sample(track, t));
  }
  return 0;
}
