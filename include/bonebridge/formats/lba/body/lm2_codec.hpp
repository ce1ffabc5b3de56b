// SPDX-License-Identifier: MIT
#pragma once
// Reads and writes the LBA2 body (.lm2), byte for byte, and sees it as the body model the engine poses.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "bonebridge/formats/lba/body/document.hpp"
#include "bonebridge/formats/lba/body/lm2_document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lba {

inline constexpr const char* kLm2Format = "LBA2 body (.lm2)";

// Size of one record of a section of `type`, in 16-bit words.
std::size_t lm2_polygon_words(std::uint16_t type);
// The 3 or 4 point indices of a polygon of a section of `type`.
std::size_t lm2_polygon_corners(std::uint16_t type);
// Records of `type` map the texture page (STRUC_POLY3/4_TEXTURE: not environment-mapped, above
// POLY_DITHER_TABLE); keyed ones (POLY_TEXTURE*_INC, 12-15 and 20-23) leave texel 0 undrawn (POLY_JMP.ASM
// "Chromakey" fillers).
bool lm2_textured(std::uint16_t type);
bool lm2_chroma_keyed(std::uint16_t type);

// Every section must lie at its header offset, in the header's order, without overlap; what lies between
// sections is kept in `gaps`.
namespace body {
Result<Lm2Document> read_lm2(std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> write_lm2(const Lm2Document& body);
}  // namespace body
// A quick check for content sniffing: the header's offsets are ordered and inside the file.
bool looks_like_lm2(std::span<const std::uint8_t> bytes);

// The body as the animation engine and the mesh export see bodies (the LBA1 model: points relative to their
// group's pivot, ×6 point and ×38 group references): groups, points, and each polygon, line and sphere in the
// palette colour of its low colour byte, unlit (LBA2's shading is not reproduced); textured polygons also
// carry their texture record and corner coordinates. Fails when a group's points are not the contiguous run
// its point count says, as the engine assumes, or when a textured polygon names a texture the body lacks.
Result<body::Document> body_from_lm2(const body::Lm2Document& lm2);

}  // namespace bonebridge::lba
