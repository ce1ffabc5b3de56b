#pragma once
// Byte-exact readers and writers of the .anm animation (research/lba1-anm.md §1) and the LBA1 body (§2.5).
// LBA1 and LBA2 animations share the layout; the variant only changes what the values mean (engine, bridge).
#include <cstdint>
#include <span>
#include <vector>

#include "bonebridge/formats/lba/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lba {

inline constexpr const char* kAnmFormat = "LBA .anm animation";
inline constexpr const char* kBodyFormat = "LBA1 body";

// Polygon materials from which the stored record carries normals (P_OB_ISO.ASM AffObjetIso): 7 and 8 one face
// normal, 9 and up one normal per vertex.
inline constexpr std::uint8_t kFirstFlatMaterial = 7;
inline constexpr std::uint8_t kFirstGouraudMaterial = 9;

Result<Animation> read_animation(std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> write_animation(const Animation& animation);

// INFO_ANIM (flags bit 1): the body stores groups and can be animated (P_OB_ISO.ASM PatchObjet).
inline bool is_animatable(const Body& body) {
  return (body.flags & 2) != 0;
}

// A body without INFO_ANIM stores no groups; its `groups` are ignored by the writer.
Result<Body> read_body(std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> write_body(const Body& body);

// Whether the size is exactly 8 + N·(8 + 8·G) for the header's N and G: the only structural check the
// layout offers.
bool looks_like_animation(std::span<const std::uint8_t> bytes);

}  // namespace bonebridge::lba
