// SPDX-License-Identifier: MIT
#pragma once
// The second codec of an AnimX document (src/formats/animx/codec_animj.cpp; the binary one is codec.hpp):
// AnimJ, Resonite's JSON form of an AnimX clip (research/animx.md §3), read with the importer's rules:
// each track object's keys exactly trackType, valueType, data in that order; case-sensitive names; a
// missing interpolation means Hold; Curve and Discrete keys inserted (so sorted) the way InsertKeyFrame
// does, which also decides the curve flags; negative times rejected; globalDuration 0 replaced by the
// longest track. Matrices have no AnimJ form in Resonite: bonebridge reads and writes them as a flat
// row-major array of numbers, which Resonite will not load.
#include <string>
#include <string_view>

#include "bonebridge/formats/animx/animation/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::animx {

inline constexpr const char* kAnimjFormatName = "Resonite AnimJ";

namespace animation {
Result<Document> read_animj(std::string_view text);
// Resonite's writer: enum names, GetNiceName value types, floats in shortest round-trip form. Tangents are
// written only for curves that store them.
std::string write_animj(const Document& document);
}  // namespace animation

}  // namespace bonebridge::animx
