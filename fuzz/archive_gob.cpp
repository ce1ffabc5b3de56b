// SPDX-License-Identifier: MIT
// Sith GOB/GOO: any accepted input lists entries whose reads give the declared size or fail with a byte
// offset; written back unchanged it reopens to the same entries, and writing that output back with itself as
// the model gives it byte for byte.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "bonebridge/archive/gob.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::archive;
  const std::vector<std::uint8_t> bytes(data, data + size);
  const auto opened = gob_kind().open(bytes);
  if (!opened) {
    if (!opened.error().offset) std::abort();
    return 0;
  }
  const Archive& archive = **opened;
  std::vector<EntrySource> kept;
  for (std::size_t i = 0; i < archive.entries().size(); ++i) {
    const auto read = archive.read(i);
    if (!read && !read.error().offset) std::abort();
    if (read && read->size() != archive.entries()[i].size) std::abort();
    kept.push_back({archive.entries()[i].name, {}, i});
  }
  const auto written = gob_kind().write(kept, &archive);
  if (!written) return 0;
  const auto reopened = gob_kind().open(*written);
  if (!reopened || (*reopened)->entries().size() != archive.entries().size()) std::abort();
  for (std::size_t i = 0; i < archive.entries().size(); ++i) {
    const auto before = archive.read(i);
    const auto after = (*reopened)->read(i);
    if ((*reopened)->entries()[i].name != archive.entries()[i].name) std::abort();
    if (before && (!after || *after != *before)) std::abort();
  }
  const auto again = gob_kind().write(kept, reopened->get());
  if (!again || *again != *written) std::abort();
  return 0;
}
