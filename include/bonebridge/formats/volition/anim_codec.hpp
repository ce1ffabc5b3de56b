#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "bonebridge/formats/volition/anim_document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::volition {

inline constexpr const char* kAnimFormat = "Volition .anim_pc";

// Without a width: 8-byte slots when the high word of the mapping slot (0x2C) is 0, since with 4-byte
// slots 0x2C holds root_controller_bone, which points past the header (inference, not from a source).
Result<AnimDocument> read_anim(std::span<const std::uint8_t> bytes, std::optional<PointerWidth> width = {});
std::vector<std::uint8_t> write_anim(const AnimDocument& document);

std::size_t anim_header_size(PointerWidth width, std::uint8_t flags);
// Makes a document built in code consistent with where write_anim puts things: alignment pads become
// zero bytes of the right length, the mapping table follows the header (offset 0 when there is none),
// root_controller_bone points at the end of the walk (the start of `tail`), the weight table exists
// exactly when HAS_WEIGHT_KEYS is set.
void lay_out_anim(AnimDocument& document);
// Offset where the walk over the tracks ended (the start of `tail`), as write_anim lays the file out.
std::size_t anim_walk_end(const AnimDocument& document);

}  // namespace bonebridge::volition
