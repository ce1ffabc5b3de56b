// SPDX-License-Identifier: MIT
#pragma once
// An LBA entity ("fiche"): which bodies and animations an actor has, as the game's SearchBody / SearchAnim
// read it (LBA1 SOURCES/FICHE.C, LBA2 SOURCES/FICHE.CPP). One entity is one entry of LBA1's FILE3D.HQR; LBA2
// keeps all of them in RESS.HQR entry 44, a u32 offset table and then the entities.
//
//   entity := record* 0xFF
//   record := u8 opcode; generic id (u8; u16 for LBA2's animation records); u8 size; size - 1 more bytes
//
// `size` counts from the size byte itself to the next record (the game steps with `ptrc += *ptrc`). Body
// records (opcode 1): s16 BODY.HQR index, u8 "has actions", then when set u8 type and, for type 14 (ZV), six
// s16 (a box). Animation records (opcode 3): s16 ANIM.HQR index, u8 action count, the actions (sounds and
// hits at frames). Other opcodes are skipped by their size. The document keeps each record's bytes from its
// size byte on, and what follows the end marker, so that an entity is written back byte for byte.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "bonebridge/formats/lba/variant.hpp"

namespace bonebridge::lba {

inline constexpr std::uint8_t kEntityBody = 1;
inline constexpr std::uint8_t kEntityAnimation = 3;
inline constexpr std::uint8_t kEntityEnd = 0xFF;

struct EntityRecord {
  std::uint8_t opcode = 0;
  std::uint16_t generic = 0;        // GEN_BODY_* / GEN_ANIM_* id
  bool wide = false;                // the id is a u16 (LBA2's animation records), else a u8
  std::vector<std::uint8_t> bytes;  // from the size byte (bytes[0] == size) to the next record
};

namespace entity {
struct Document {
  std::vector<EntityRecord> records;
  std::vector<std::uint8_t> trailing;  // after the end marker, up to the next entity or the end of the entry
};
}  // namespace entity

// What a body or animation record says (interpreted from EntityRecord::bytes).
struct EntityBody {
  std::uint8_t generic = 0;
  std::int16_t body_index = 0;                     // BODY.HQR entry
  std::optional<std::array<std::int16_t, 6>> box;  // ZV: xmin, ymin, zmin, xmax, ymax, zmax
};
struct EntityAnimation {
  std::uint16_t generic = 0;
  std::int16_t animation_index = 0;  // ANIM.HQR entry
  std::uint8_t action_count = 0;
};

// A sound an animation record plays at a keyframe (LBA1 GereAnimAction: sample 6, sample_rnd 7, sample_repeat
// 10, sample_stop 13).
struct EntitySound {
  std::uint8_t frame = 0;
  std::uint16_t sample = 0;    // SAMPLES.HQR entry
  const char* kind = "";       // "sample", "sample_rnd", "sample_repeat", "sample_stop"
  std::uint16_t argument = 0;  // sample_rnd: the pitch spread; sample_repeat: the count
};

// LBA2's RESS.HQR entry 44: the offset table as stored, and the entities in table order.
namespace entity {
struct TableDocument {
  std::vector<std::uint32_t> offsets;
  std::vector<Document> entities;
};
}  // namespace entity

}  // namespace bonebridge::lba
