// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/entity/codec.hpp"

#include <fmt/format.h>

#include "bonebridge/io/byte_reader.hpp"

namespace bonebridge::lba {
namespace {

Error entity_error(std::size_t offset, std::string message) {
  return Error{kEntityFormat, std::move(message), offset, {}, {}};
}

// One entity from `bytes` starting at `begin`, up to `end`; `base` is added to offsets in errors.
Result<entity::Document> read_entity_at(std::span<const std::uint8_t> bytes, Variant variant,
                                        std::size_t base) {
  entity::Document entity;
  std::size_t at = 0;
  while (true) {
    if (at >= bytes.size())
      return entity_error(base + at, "expected a record or the end marker 0xFF, found the end");
    const std::uint8_t opcode = bytes[at];
    if (opcode == kEntityEnd) {
      entity.trailing.assign(bytes.begin() + static_cast<std::ptrdiff_t>(at + 1), bytes.end());
      return entity;
    }
    const std::size_t generic_size = (variant == Variant::Lba2 && opcode == kEntityAnimation) ? 2 : 1;
    const std::size_t size_at = at + 1 + generic_size;
    if (size_at >= bytes.size())
      return entity_error(base + at, fmt::format("record {} (opcode {}) stops before its size byte",
                                                 entity.records.size(), opcode));
    EntityRecord record{opcode, bytes[at + 1], generic_size == 2, {}};
    if (record.wide) record.generic = static_cast<std::uint16_t>(bytes[at + 1] | (bytes[at + 2] << 8));
    const std::size_t size = bytes[size_at];
    if (size == 0)
      return entity_error(base + size_at,
                          fmt::format("record {} has size 0: the game would never reach the next record",
                                      entity.records.size()));
    if (size_at + size > bytes.size())
      return entity_error(
          base + size_at,
          fmt::format("record {} (opcode {}) runs {} bytes past the entity's {} bytes", entity.records.size(),
                      opcode, size_at + size - bytes.size(), bytes.size()));
    record.bytes.assign(bytes.begin() + static_cast<std::ptrdiff_t>(size_at),
                        bytes.begin() + static_cast<std::ptrdiff_t>(size_at + size));
    entity.records.push_back(std::move(record));
    at = size_at + size;
  }
}

std::int16_t s16_at(const std::vector<std::uint8_t>& bytes, std::size_t at) {
  return static_cast<std::int16_t>(bytes[at] | (bytes[at + 1] << 8));
}

}  // namespace

Result<entity::Document> entity::read(std::span<const std::uint8_t> bytes, Variant variant) {
  return read_entity_at(bytes, variant, 0);
}

std::vector<std::uint8_t> entity::write(const entity::Document& entity) {
  std::vector<std::uint8_t> out;
  for (const auto& record : entity.records) {
    out.push_back(record.opcode);
    out.push_back(static_cast<std::uint8_t>(record.generic & 0xFF));
    if (record.wide) out.push_back(static_cast<std::uint8_t>(record.generic >> 8));
    out.insert(out.end(), record.bytes.begin(), record.bytes.end());
  }
  out.push_back(kEntityEnd);
  out.insert(out.end(), entity.trailing.begin(), entity.trailing.end());
  return out;
}

std::optional<EntityBody> entity_body(const EntityRecord& record) {
  if (record.opcode != kEntityBody || record.bytes.size() < 4) return std::nullopt;
  EntityBody body{static_cast<std::uint8_t>(record.generic), s16_at(record.bytes, 1), std::nullopt};
  if (record.bytes[3] != 0 && record.bytes.size() >= 17 && record.bytes[4] == 14) {
    std::array<std::int16_t, 6> box{};
    for (std::size_t i = 0; i < 6; ++i) box[i] = s16_at(record.bytes, 5 + 2 * i);
    body.box = box;
  }
  return body;
}

std::optional<EntityAnimation> entity_animation(const EntityRecord& record) {
  if (record.opcode != kEntityAnimation || record.bytes.size() < 4) return std::nullopt;
  return EntityAnimation{record.generic, s16_at(record.bytes, 1), record.bytes[3]};
}

std::vector<EntitySound> entity_sounds(const EntityRecord& record, Variant variant) {
  std::vector<EntitySound> sounds;
  if (variant != Variant::Lba1 || record.opcode != kEntityAnimation || record.bytes.size() < 4) return sounds;
  // Bytes each LBA1 action type takes after its type byte (FICHE.C GereAnimAction, the frame included).
  const auto length = [](std::uint8_t type) -> std::size_t {
    switch (type) {
      case 15:
      case 16:
      case 17:
        return 1;
      case 5:
        return 2;
      case 6:
      case 13:
        return 3;
      case 7:
      case 10:
        return 5;
      case 11:
        return 7;
      case 9:
        return 8;
      case 8:
      case 12:
      case 20:
      case 21:
        return 12;
      case 18:
      case 19:
        return 16;
      default:
        return 0;
    }
  };
  const auto& bytes = record.bytes;
  std::size_t at = 4;
  for (std::size_t n = 0; n < bytes[3] && at < bytes.size(); ++n) {
    const std::uint8_t type = bytes[at];
    const std::size_t size = length(type);
    if (size == 0 || at + 1 + size > bytes.size()) break;
    const auto u16 = [&](std::size_t i) {
      return static_cast<std::uint16_t>(bytes[i] | (bytes[i + 1] << 8));
    };
    const std::uint8_t frame = bytes[at + 1];
    if (type == 6) sounds.push_back({frame, u16(at + 2), "sample", 0});
    if (type == 7) sounds.push_back({frame, u16(at + 2), "sample_rnd", u16(at + 4)});
    if (type == 10) sounds.push_back({frame, u16(at + 2), "sample_repeat", u16(at + 4)});
    if (type == 13) sounds.push_back({frame, u16(at + 2), "sample_stop", 0});
    at += 1 + size;
  }
  return sounds;
}

Result<entity::TableDocument> entity::read_table(std::span<const std::uint8_t> bytes) {
  return guard(kEntityFormat, [&]() -> Result<entity::TableDocument> {
    ByteReader reader(bytes, kEntityFormat);
    const std::uint32_t first = reader.u32("the first entity's offset");
    if (first % 4 != 0 || first < 4 || first > bytes.size())
      return entity_error(
          0, fmt::format("the first offset {} must be a multiple of 4 within the {} bytes (it gives "
                         "the table's size)",
                         first, bytes.size()));
    entity::TableDocument table;
    table.offsets.push_back(first);
    while (reader.offset() < first) table.offsets.push_back(reader.u32("an entity's offset"));
    for (std::size_t i = 0; i < table.offsets.size(); ++i) {
      const std::uint32_t begin = table.offsets[i];
      const std::uint32_t end =
          i + 1 < table.offsets.size() ? table.offsets[i + 1] : static_cast<std::uint32_t>(bytes.size());
      if (begin < first || end > bytes.size() || end < begin)
        return entity_error(
            4 * i, fmt::format("entity {} spans {}..{}, outside the table's {} bytes or backwards", i, begin,
                               end, bytes.size()));
      auto entity = read_entity_at(bytes.subspan(begin, end - begin), Variant::Lba2, begin);
      if (!entity) {
        Error error = entity.error();
        error.message = fmt::format("entity {}: {}", i, error.message);
        return error;
      }
      table.entities.push_back(std::move(*entity));
    }
    return table;
  });
}

std::vector<std::uint8_t> entity::write_table(const entity::TableDocument& table) {
  std::vector<std::vector<std::uint8_t>> entities;
  for (const auto& entity : table.entities) entities.push_back(entity::write(entity));
  std::vector<std::uint8_t> out;
  auto offset = static_cast<std::uint32_t>(4 * entities.size());
  for (const auto& entity : entities) {
    for (int shift = 0; shift < 32; shift += 8) out.push_back(static_cast<std::uint8_t>(offset >> shift));
    offset += static_cast<std::uint32_t>(entity.size());
  }
  for (const auto& entity : entities) out.insert(out.end(), entity.begin(), entity.end());
  return out;
}

}  // namespace bonebridge::lba
