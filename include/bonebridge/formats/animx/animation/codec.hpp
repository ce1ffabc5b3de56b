// SPDX-License-Identifier: MIT
#pragma once
// AnimX binary reader and writer (research/animx.md §1–2).
#include <cstdint>
#include <span>
#include <vector>

#include "bonebridge/formats/animx/animation/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::animx {

inline constexpr const char* kFormatName = "Resonite AnimX";

// Whether the bytes begin with an AnimX file's magic.
bool is_animx(std::span<const std::uint8_t> bytes);

// The curve flags Resonite's InsertKeyFrame would leave for these per-key modes: bit 0 when the modes
// differ, bit 1 when any is Tangent or CubicBezier. Also sets the shared / per-key lists and zero tangents.
void choose_curve_layout(Track& track, const std::vector<Interpolation>& modes);

namespace animation {
Result<Document> read(std::span<const std::uint8_t> bytes);

// The track stream (every track, after decompression), for comparing a compressed file with its plain twin.
Result<std::vector<std::uint8_t>> read_track_stream(std::span<const std::uint8_t> bytes);

// Writes `document` with its own encoding (Plain output is byte-identical to what Resonite writes). A
// compressed stream the document kept from its file is written as it was while the tracks still encode to
// what it decompresses to, so that a compressed file reads and writes back byte for byte.
// Version 0 is kept only when every track can be expressed in it (no Discrete track); otherwise 1 is
// written. The per-track lists must be consistent (as `read` and the builders produce them).
std::vector<std::uint8_t> write(const Document& document);

// The track stream alone, uncompressed.
std::vector<std::uint8_t> write_track_stream(const Document& document);
}  // namespace animation

}  // namespace bonebridge::animx
