// SPDX-License-Identifier: MIT
// Sith GOB/GOO: any accepted input lists entries whose reads give the declared size or fail with a byte
// offset; written back unchanged it reopens to the same entries, and writing that output back with itself as
// the model gives it byte for byte. The same bytes as a file on disk, opened reading only the index, list the
// same entries and read the same bytes.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "bonebridge/archive/gob.hpp"
#include "same_entries.hpp"
#include "scratch_file.hpp"

namespace {

using namespace bonebridge::archive;

// The file-backed reader against the in-memory one, on the same bytes.
void check_file_reader(const std::vector<std::uint8_t>& bytes, const Archive* in_memory) {
  static const bonebridge::fuzzing::ScratchFile file("gob", ".gob");
  const auto& path = file.write(bytes);
  const auto opened = gob_kind().open_file(bonebridge::RandomAccessFile::open(path).value());
  if (!opened) {
    if (!opened.error().offset && opened.error().message.find("run past") == std::string::npos) std::abort();
    return;
  }
  if (!in_memory) std::abort();
  bonebridge::fuzzing::expect_same_entries(*in_memory, **opened);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::uint8_t> bytes(data, data + size);
  const auto opened = gob_kind().open(bytes);
  check_file_reader(bytes, opened ? opened->get() : nullptr);
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
