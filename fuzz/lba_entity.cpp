// SPDX-License-Identifier: MIT
// Entities (LBA1 FILE3D.HQR entries, both games' record layouts) and LBA2's entity table: every input that
// reads writes back byte for byte, and every record's body and animation views stay inside the record.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/lba/entity/codec.hpp"

namespace {

void check_entity(const bonebridge::lba::entity::Document& entity) {
  for (const auto& record : entity.records) {
    if (record.bytes.empty() || record.bytes.front() != record.bytes.size()) std::abort();
    (void)bonebridge::lba::entity_body(record);
    (void)bonebridge::lba::entity_animation(record);
    (void)bonebridge::lba::entity_sounds(record, bonebridge::lba::Variant::Lba1);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::lba;
  const std::span bytes(data, size);
  for (const Variant variant : {Variant::Lba1, Variant::Lba2}) {
    const auto entity = entity::read(bytes, variant);
    if (!entity.ok()) continue;
    check_entity(*entity);
    const auto written = entity::write(*entity);
    if (written.size() != size || !std::equal(written.begin(), written.end(), data)) std::abort();
  }
  const auto table = entity::read_table(bytes);
  if (table.ok()) {
    for (const auto& entity : table->entities) check_entity(entity);
    const auto again = entity::read_table(entity::write_table(*table));
    if (!again.ok() || again->entities.size() != table->entities.size()) std::abort();
  }
  return 0;
}
