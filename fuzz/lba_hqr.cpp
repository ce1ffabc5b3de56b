// SPDX-License-Identifier: MIT
// HQR reader and decompressor: read, write back byte for byte, decode every entry (bounded by the bomb
// check), and re-encode each decoded entry with both LZ methods, which must decode to the same bytes.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/lba/hqr/codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::lba;
  const auto archive = hqr::read(std::span(data, size));
  if (!archive.ok()) return 0;
  const auto bytes = hqr::write(*archive);
  if (bytes.size() != size || !std::equal(bytes.begin(), bytes.end(), data)) std::abort();
  const auto again = hqr::read(bytes);
  if (!again.ok() || !(*again == *archive)) std::abort();
  for (const auto& block : archive->blocks) {
    const auto decoded = decode_entry(block.entry);
    if (!decoded.ok()) continue;
    if (decoded->size() != block.entry.size) std::abort();
    for (const std::uint16_t method : {std::uint16_t{1}, std::uint16_t{2}}) {
      const auto packed = encode_entry(*decoded, method);
      const auto unpacked = decode_entry(packed);
      if (!unpacked.ok() || *unpacked != *decoded) std::abort();
    }
  }
  return 0;
}
