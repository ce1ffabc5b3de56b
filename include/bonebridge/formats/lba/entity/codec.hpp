// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "bonebridge/formats/lba/entity/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lba {

inline constexpr const char* kEntityFormat = "LBA entity (FILE3D.HQR entry / RESS.HQR:44)";

// One entity (an LBA1 FILE3D.HQR entry). Errors: a record running past the bytes, a size of 0 (on which the
// game would never move on), no end marker.
namespace entity {
Result<Document> read(std::span<const std::uint8_t> bytes, Variant variant);
std::vector<std::uint8_t> write(const Document& entity);

// LBA2's entity table (RESS.HQR:44): entity i spans from offset i to the next offset (or the end).
Result<TableDocument> read_table(std::span<const std::uint8_t> bytes);
// The table with each entity right after the one before it (the layout of every table read so far: one whose
// stored offsets differ is written in this layout, with the same entities).
std::vector<std::uint8_t> write_table(const TableDocument& table);
}  // namespace entity

std::optional<EntityBody> entity_body(const EntityRecord& record);
std::optional<EntityAnimation> entity_animation(const EntityRecord& record);
// The sounds of an LBA1 animation record, its actions walked as GereAnimAction (LBA1 FICHE.C) walks them; the
// walk stops, as the game's does, at an action type it does not know. LBA2's actions (FICHE.CPP) are not
// decoded: empty.
std::vector<EntitySound> entity_sounds(const EntityRecord& record, Variant variant);

}  // namespace bonebridge::lba
