// SPDX-License-Identifier: MIT
// HQR on the archive interface: any accepted input lists entries whose reads give the declared size (blank
// slots fail to read); written back with every entry kept it is the input byte for byte; with every readable
// entry given anew as bytes it reopens to the same entry contents.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "bonebridge/formats/lba/hqr/archive.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::archive;
  const auto& kind = bonebridge::lba::hqr_kind();
  const std::vector<std::uint8_t> bytes(data, data + size);
  const auto opened = kind.open(bytes);
  if (!opened) return 0;
  const Archive& archive = **opened;
  std::vector<EntrySource> kept, fresh;
  std::vector<std::vector<std::uint8_t>> contents;
  for (std::size_t i = 0; i < archive.entries().size(); ++i) {
    const auto read = archive.read(i);
    if (read && read->size() != archive.entries()[i].size) std::abort();
    kept.push_back({archive.entries()[i].name, {}, i});
    if (read) {
      fresh.push_back({archive.entries()[i].name, *read, std::nullopt});
      contents.push_back(*read);
    }
  }
  const auto written = kind.write(kept, &archive);
  if (!written || *written != bytes) std::abort();
  const auto rebuilt = kind.write(fresh, nullptr);
  if (!rebuilt) return 0;
  const auto reopened = kind.open(*rebuilt);
  if (!reopened) std::abort();
  std::vector<std::vector<std::uint8_t>> again;
  for (std::size_t i = 0; i < (*reopened)->entries().size(); ++i) {
    const auto read = (*reopened)->read(i);
    if (read) again.push_back(*read);
  }
  if (again != contents) std::abort();
  return 0;
}
