// SPDX-License-Identifier: MIT
// libFuzzer target for the source description (core/reduce.hpp) that glTF extras carry: any text as the
// description is refused or decoded without a crash, and any bytes described come back as they were.
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>

#include "bonebridge/core/reduce.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge;
  const std::span<const std::uint8_t> bytes(data, size);
  Clip hostile;
  hostile.metadata[kSourceMetadata] = std::string(bytes.begin(), bytes.end());
  if (const auto decoded = described_source(hostile)) {
    if (decoded->size() > size) std::abort();  // base64 never decodes to more bytes than its text
  }
  Clip described;
  describe_source(described, bytes);
  const auto back = described_source(described);
  if (size <= kMaxDescribedSource &&
      (!back || !std::equal(back->begin(), back->end(), bytes.begin(), bytes.end())))
    std::abort();
  return 0;
}
