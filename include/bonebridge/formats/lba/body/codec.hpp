// SPDX-License-Identifier: MIT
#pragma once
// Byte-exact reader and writer of the LBA1 body (research/lba1-anm.md §2.5).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "bonebridge/formats/lba/body/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lba {

inline constexpr const char* kBodyFormat = "LBA1 body";

// How a polygon's material lights it, which also decides what its record stores (P_OB_ISO.ASM AffObjetIso):
// materials below 7 are unlit, 7 and 8 carry one face normal, 9 and up one normal per vertex.
enum class PolygonLighting { Unlit, Flat, Gouraud };
inline PolygonLighting polygon_lighting(std::uint8_t material) {
  return material >= 9   ? PolygonLighting::Gouraud
         : material >= 7 ? PolygonLighting::Flat
                         : PolygonLighting::Unlit;
}

// INFO_ANIM (flags bit 1): the body stores groups and can be animated (P_OB_ISO.ASM PatchObjet).
inline bool is_animatable(const body::Document& body) {
  return (body.flags & 2) != 0;
}

// Byte offsets in a body's file: the group count, and the drawing data after the groups (an animatable body
// only stores groups).
inline std::size_t body_groups_offset(const body::Document& body) {
  return 16 + body.info.size() + 2 + 6 * body.points.size();
}
inline std::size_t body_drawing_offset(const body::Document& body) {
  return body_groups_offset(body) + (is_animatable(body) ? 2 + 38 * body.groups.size() : 0);
}
std::size_t polygon_record_size(const BodyPolygon& polygon);

// A body without INFO_ANIM stores no groups; its `groups` are ignored by the writer.
namespace body {
Result<Document> read(std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> write(const Document& body);
}  // namespace body

}  // namespace bonebridge::lba
