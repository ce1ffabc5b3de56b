// SPDX-License-Identifier: MIT
// HQR on the archive interface: any accepted input lists entries whose reads give the declared size (blank
// slots fail to read); written back with every entry kept it is the input byte for byte; with every readable
// entry given anew as bytes it reopens to the same entry contents. The same bytes as a file on disk, opened
// reading only the offset table and entry headers, list the same entries and read the same bytes whenever
// the in-memory reader accepts them (the file reader checks less at open: each entry fails alone).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "bonebridge/formats/lba/hqr/archive.hpp"
#include "scratch_file.hpp"

namespace {

using namespace bonebridge::archive;

void check_file_reader(const std::vector<std::uint8_t>& bytes, const Archive* in_memory) {
  static const bonebridge::fuzzing::ScratchFile file("hqr", ".hqr");
  const auto& path = file.write(bytes);
  const auto opened = bonebridge::lba::hqr_kind().open_file(bonebridge::RandomAccessFile::open(path).value());
  if (!opened) {
    if (!opened.error().offset && opened.error().message.find("run past") == std::string::npos) std::abort();
    if (in_memory) std::abort();  // what memory accepts, the file reader accepts too
    return;
  }
  if (!in_memory) return;
  if ((*opened)->entries().size() != in_memory->entries().size()) std::abort();
  for (std::size_t i = 0; i < in_memory->entries().size(); ++i) {
    const Entry &a = (*opened)->entries()[i], &b = in_memory->entries()[i];
    if (a.name != b.name || a.size != b.size || a.stored != b.stored || a.compression != b.compression)
      std::abort();
    const auto from_memory = in_memory->read(i);
    const auto from_file = (*opened)->read(i);
    if (from_memory.ok() != from_file.ok() || (from_memory && *from_memory != *from_file)) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto& kind = bonebridge::lba::hqr_kind();
  const std::vector<std::uint8_t> bytes(data, data + size);
  const auto opened = kind.open(bytes);
  check_file_reader(bytes, opened ? opened->get() : nullptr);
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
