// SPDX-License-Identifier: MIT
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "bonebridge/formats/volition/anim/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::volition {

inline constexpr const char* kAnimFormat = "Volition .anim_pc";

// Without a width: 8-byte slots when the high word of the mapping slot (0x2C) is 0, since with 4-byte
// slots 0x2C holds root_controller_bone, which points past the header (inference, not from a source).
namespace anim {
Result<Document> read(std::span<const std::uint8_t> bytes, std::optional<PointerWidth> width = {});
std::vector<std::uint8_t> write(const Document& document);
}  // namespace anim

std::size_t anim_header_size(PointerWidth width, std::uint8_t flags);
// Makes a document built in code consistent with where anim::write puts things: alignment pads become
// zero bytes of the right length, the mapping table follows the header (offset 0 when there is none),
// root_controller_bone points at the end of the walk (the start of `tail`), the weight table exists
// exactly when HAS_WEIGHT_KEYS is set.
void lay_out_anim(anim::Document& document);
// Offset where the walk over the tracks ended (the start of `tail`), as anim::write lays the file out.
std::size_t anim_walk_end(const anim::Document& document);

// The crunched key bitfields (notes §3.3). PC bitfields: fields are allocated from bit 0 (trap 6); 6-bit
// fields are sign-extended from unsigned values (trap 4).
struct RotationRecord {
  std::array<int, 3> base{};    // signed 6-bit
  std::array<int, 3> scaler{};  // index into kRotationScalers (engine.hpp)
  int count = 0;                // the record covers count + 1 keys
  int largest = 3;              // position of the reconstructed component in (x, y, z, w)
};

struct RotationKey {
  std::array<int, 3> delta{};  // signed 6-bit a, b, c
  int time = 0;                // low 6 bits of byte 2 ([RR]'s get_time)
};

int sign_extend6(unsigned value);
RotationRecord unpack_rotation_record(const RotationRecordBytes& bytes);
RotationKey unpack_rotation_key(const RotationKeyBytes& bytes);
RotationRecordBytes pack_rotation_record(const RotationRecord& record);
RotationKeyBytes pack_rotation_key(const RotationKey& key);

}  // namespace bonebridge::volition
