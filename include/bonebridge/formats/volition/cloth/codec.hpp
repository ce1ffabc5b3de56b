// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/formats/volition/cloth/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::volition {

inline constexpr const char* kClothFormat = "Volition .sim_pc";
inline constexpr std::size_t kClothHeaderSize = 0x54;

struct ClothRecordSizes {
  std::size_t node, link, collider;
};
ClothRecordSizes record_sizes(ClothLayout layout);

// The layout is the one whose record sizes add up to the file's size (Node36 also when trailing bytes follow,
// and when both fit).
namespace cloth {
Result<Document> read(std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> write(const Document& document);
}  // namespace cloth

// Version 1 and records (either layout) that fill the file exactly: how a cloth file is told apart.
bool looks_like_cloth(std::span<const std::uint8_t> bytes);

// The name up to its NUL (the fill after it stays in `name`).
std::string cloth_name(const cloth::Document& document);

}  // namespace bonebridge::volition
