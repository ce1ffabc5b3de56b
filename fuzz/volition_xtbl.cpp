// SPDX-License-Identifier: MIT
// .xtbl reader: every accepted table writes back byte for byte, its tables and characters read without
// failing, and the Document's JSON always prints (text that is not UTF-8 escaped).
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/volition/family.hpp"
#include "bonebridge/formats/volition/xtbl/codec.hpp"
#include "bonebridge/formats/volition/xtbl/tables.hpp"
#include "inspect_document.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::volition;
  const std::span<const std::uint8_t> bytes(data, size);
  auto table = xtbl::read(bytes);
  if (!table) {
    if (!table.error().offset) std::abort();  // every parse error names its offset
    return 0;
  }
  const auto written = xtbl::write(*table);
  if (!std::equal(written.begin(), written.end(), bytes.begin(), bytes.end())) std::abort();
  const auto tables = read_tables(*table);
  SkeletonSets sets;
  for (const auto& set : tables.skeleton_sets) sets.add(set, "fuzz.xtbl");
  for (const auto* set : sets.all()) (void)sets.resolve(*set);
  inspect_document(open_volition(bytes, bonebridge::Options{{{"extension", ".xtbl"}}}));
  return 0;
}
