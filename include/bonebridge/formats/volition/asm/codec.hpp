// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/formats/volition/asm/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::volition {

inline constexpr const char* kAsmFormat = "Volition .asm_pc";

namespace asm_ {
Result<Document> read(std::span<const std::uint8_t> bytes);
// Fails only when a name or a list outgrows its 16-bit or 32-bit count.
Result<std::vector<std::uint8_t>> write(const Document& document);
}  // namespace asm_

bool looks_like_asm(std::span<const std::uint8_t> bytes);

// RFGM.Formats' names of the types (Asset/ContainerType.cs, PrimitiveType.cs), or "type N" past them.
std::string asm_container_type(std::uint8_t type);
std::string asm_primitive_type(std::uint8_t type);

}  // namespace bonebridge::volition
