// LBA2 body reader: read, write back byte for byte, read again to the same document.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/lba/body/lm2_codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::lba;
  const auto body = read_lm2(std::span(data, size));
  if (!body.ok()) return 0;
  const auto bytes = write_lm2(*body);
  if (bytes.size() != size || !std::equal(bytes.begin(), bytes.end(), data)) std::abort();
  const auto again = read_lm2(bytes);
  if (!again.ok() || !(*again == *body)) std::abort();
  if (!looks_like_lm2(bytes)) std::abort();
  return 0;
}
