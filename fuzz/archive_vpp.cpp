// SPDX-License-Identifier: MIT
// Volition packfiles: any accepted input lists entries whose reads either give the declared size or fail
// with a byte offset; written back unchanged (itself as the model) it reopens to the same listing and the
// same bytes; the readable entries written afresh in its layout read back the same. The same bytes as a file
// on disk, opened reading only the index, list the same entries and read the same bytes.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "bonebridge/archive/vpp.hpp"
#include "same_entries.hpp"
#include "scratch_file.hpp"

namespace {

using namespace bonebridge::archive;

std::vector<std::optional<std::vector<std::uint8_t>>> read_all(const Archive& archive) {
  std::vector<std::optional<std::vector<std::uint8_t>>> out;
  for (std::size_t i = 0; i < archive.entries().size(); ++i) {
    auto bytes = archive.read(i);
    if (!bytes) {
      if (!bytes.error().offset) std::abort();
      out.emplace_back();
      continue;
    }
    if (bytes->size() != archive.entries()[i].size) std::abort();
    out.emplace_back(std::move(bytes).value());
  }
  return out;
}

void expect_same(const Archive& archive, const std::vector<std::optional<std::vector<std::uint8_t>>>& reads,
                 const std::vector<std::uint8_t>& written) {
  const auto reopened = vpp_kind().open(written);
  if (!reopened) std::abort();
  const auto& entries = (*reopened)->entries();
  if (entries.size() != archive.entries().size()) std::abort();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].name != archive.entries()[i].name || entries[i].size != archive.entries()[i].size)
      std::abort();
    if (!reads[i]) continue;
    const auto again = (*reopened)->read(i);
    if (!again || *again != *reads[i]) std::abort();
  }
}

// The file-backed reader against the in-memory one, on the same bytes: it accepts no more than memory does,
// and reads each entry to the same bytes or fails where memory fails.
void check_file_reader(const std::vector<std::uint8_t>& bytes, const Archive* in_memory) {
  static const bonebridge::fuzzing::ScratchFile file("vpp", ".vpp_pc");
  const auto& path = file.write(bytes);
  const auto opened = vpp_kind().open_file(bonebridge::RandomAccessFile::open(path).value());
  if (!opened) {
    if (!opened.error().offset || opened.error().file != path.string()) std::abort();
    return;
  }
  if (!in_memory) std::abort();
  bonebridge::fuzzing::expect_same_entries(*in_memory, **opened);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::uint8_t> bytes(data, data + size);
  const auto opened = vpp_kind().open(bytes);
  check_file_reader(bytes, opened ? opened->get() : nullptr);
  if (!opened) {
    if (!opened.error().offset) std::abort();
    return 0;
  }
  const Archive& archive = **opened;
  const auto reads = read_all(archive);
  std::vector<EntrySource> kept, fresh;
  for (std::size_t i = 0; i < archive.entries().size(); ++i) {
    kept.push_back({archive.entries()[i].name, {}, i});
    if (reads[i]) fresh.push_back({archive.entries()[i].name, *reads[i], std::nullopt});
  }
  const auto rewritten = vpp_kind().write(kept, &archive);
  if (rewritten) expect_same(archive, reads, *rewritten);
  const auto layout = vpp_layout(archive);
  if (!layout) std::abort();
  if (fresh.size() == kept.size()) {
    const auto written = write_vpp(fresh, *layout);
    if (written) expect_same(archive, reads, *written);
  }
  return 0;
}
