// SPDX-License-Identifier: MIT
// LEGO Island SI: any accepted input lists entries whose reads give the listed size or fail with a byte
// offset; written back unchanged it gives the same bytes; its entries written into a new archive read back
// the same; when it can be laid out again (every entry given as new bytes), the result reopens to the same
// entries and laying that out once more changes nothing. The same bytes as a file on disk, walked over the
// mapped file, list the same entries and read the same bytes.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "bonebridge/archive/si.hpp"
#include "same_entries.hpp"
#include "scratch_file.hpp"

namespace {

// The entries written into a new archive (when every record fits a 1 KiB buffer) read back as they were:
// names included, since entry names are unique and ".ani" marks exactly the animations.
void expect_fresh_round_trip(const std::vector<bonebridge::archive::EntrySource>& entries) {
  using namespace bonebridge::archive;
  const auto fresh = write_si(entries, SiLayout{kSiVersion22, 1024, 2});
  if (!fresh) return;
  const auto opened = si_kind().open(*fresh);
  if (!opened || (*opened)->entries().size() != entries.size()) std::abort();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto read = (*opened)->read(i);
    if ((*opened)->entries()[i].name != entries[i].name || !read || *read != entries[i].bytes) std::abort();
  }
}

// The file-backed reader against the in-memory one, on the same bytes.
void check_file_reader(const std::vector<std::uint8_t>& bytes,
                       const bonebridge::archive::Archive* in_memory) {
  using namespace bonebridge::archive;
  static const bonebridge::fuzzing::ScratchFile file("si", ".si");
  const auto& path = file.write(bytes);
  const auto opened = si_kind().open_file(bonebridge::RandomAccessFile::open(path).value());
  if (!opened) {
    if (in_memory || !opened.error().offset || opened.error().file != path.string()) std::abort();
    return;
  }
  if (!in_memory) std::abort();
  bonebridge::fuzzing::expect_same_entries(*in_memory, **opened);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::archive;
  const std::vector<std::uint8_t> bytes(data, data + size);
  const auto opened = si_kind().open(bytes);
  check_file_reader(bytes, opened ? opened->get() : nullptr);
  if (!opened) {
    if (!opened.error().offset) std::abort();
    return 0;
  }
  const Archive& archive = **opened;
  std::vector<EntrySource> kept, decoded;
  bool all_read = true;
  for (std::size_t i = 0; i < archive.entries().size(); ++i) {
    const auto read = archive.read(i);
    if (!read && !read.error().offset) std::abort();
    if (read && read->size() != archive.entries()[i].size) std::abort();
    all_read = all_read && read.ok();
    kept.push_back({archive.entries()[i].name, {}, i});
    decoded.push_back({archive.entries()[i].name, read ? *read : std::vector<std::uint8_t>{}, std::nullopt});
  }
  const auto unchanged = si_kind().write(kept, &archive);
  if (!unchanged || *unchanged != bytes) std::abort();
  if (!all_read) return 0;
  expect_fresh_round_trip(decoded);
  const auto written = si_kind().write(decoded, &archive);
  if (!written) return 0;  // the input strays from the MxSt/MxOb/MxDa arrangement, or a buffer is too small
  const auto reopened = si_kind().open(*written);
  if (!reopened || (*reopened)->entries().size() != archive.entries().size()) std::abort();
  for (std::size_t i = 0; i < archive.entries().size(); ++i) {
    const auto after = (*reopened)->read(i);
    if ((*reopened)->entries()[i].name != archive.entries()[i].name) std::abort();
    if (!after || *after != decoded[i].bytes) std::abort();
  }
  const auto again = si_kind().write(decoded, reopened->get());
  if (!again || *again != *written) std::abort();
  return 0;
}
