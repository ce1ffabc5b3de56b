#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/formats/volition/cloth_document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::volition {

inline constexpr const char* kClothFormat = "Volition .sim_pc";
inline constexpr std::size_t kClothHeaderSize = 0x54;

Result<ClothDocument> read_cloth(std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> write_cloth(const ClothDocument& document);

// The name up to its NUL (the fill after it stays in `name`).
std::string cloth_name(const ClothDocument& document);

}  // namespace bonebridge::volition
