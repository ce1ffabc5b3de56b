// SPDX-License-Identifier: MIT
#pragma once
// A crunched animation (.anim_pc), field for field as stored (notes §3). Records and keys keep their raw
// bytes: the bitfields are unpacked by codec.hpp, so a round trip cannot lose a bit.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "bonebridge/formats/volition/common.hpp"

namespace bonebridge::volition {

// AFF_* flags as [RR] names them (AFF_HAS_SCALE_KEYS is defined as 0 there, i.e. disabled).
enum AnimFlag : std::uint8_t {
  kPackedKeys = 0x01,
  kTimeAsShorts = 0x02,
  kDeltaTimes = 0x04,
  kHasMotion = 0x08,
  kHasMorph = 0x10,
  kLongTranslations = 0x20,
  kHasWeightKeys = 0x40,
  kShortCounts = 0x80,
};

using RotationRecordBytes = std::array<std::uint8_t, 4>;  // afc_rotation_offset
using RotationKeyBytes = std::array<std::uint8_t, 3>;     // afc_rotation_key_packed

struct TranslationRecord {  // afc_translation_offset (8 bytes) or _long (16 bytes, LONG_TRANSLATIONS)
  std::uint32_t num_keys = 0;
  std::array<std::int32_t, 3> base{};  // 1/64 units
  friend bool operator==(const TranslationRecord&, const TranslationRecord&) = default;
};

using TranslationKey = std::array<std::int8_t, 3>;  // afc_translation_key

struct AnimTrack {
  std::vector<std::uint8_t> count_pad;  // SHORT_COUNTS: bytes aligning the counts to 2
  std::vector<RotationRecordBytes> rotation_records;
  std::vector<RotationKeyBytes> rotation_keys;
  std::vector<std::uint8_t> unpacked_rotation_extra;  // PACKED_KEYS clear: one byte per key (meaning unknown)
  std::vector<std::uint8_t> rotation_pad;             // aligning to 2 (4 with LONG_TRANSLATIONS)
  std::vector<TranslationRecord> translation_records;
  std::vector<TranslationKey> translation_keys;
  std::vector<std::uint16_t> translation_times;  // one per key: u8, or u16 with TIME_AS_SHORTS
  friend bool operator==(const AnimTrack&, const AnimTrack&) = default;
};

struct WeightTable {  // present with HAS_WEIGHT_KEYS; meaning of the values is open (notes §3.2)
  std::vector<std::uint8_t> count_pad;  // SHORT_COUNTS: aligning the counts to 2
  std::vector<std::uint16_t> counts;    // one per track: u8, or u16 with SHORT_COUNTS
  std::vector<std::uint8_t> value_pad;  // aligning the values to 4
  std::vector<float> values;            // sum(counts)
  std::vector<std::uint16_t> times;     // one per value: u8, or u16 with TIME_AS_SHORTS
  friend bool operator==(const WeightTable&, const WeightTable&) = default;
};

namespace anim {
struct Document {
  PointerWidth width = PointerWidth::Eight;
  std::array<std::uint8_t, 4> id{'A', 'N', 'I', 'M'};
  std::uint8_t version = 14;
  std::uint8_t flags = kPackedKeys | kHasMotion;
  std::uint16_t end_frame = 0;
  std::uint8_t ramp_in = 0;
  std::uint8_t ramp_out = 0;
  std::uint8_t num_rig_bones = 0;                   // num_bones (the track count) is tracks.size()
  std::array<float, 4> total_rotation{0, 0, 0, 1};  // x, y, z, w
  std::array<float, 3> total_translation{};
  FilePointer bone_mapping_offset;   // 0: identity (track i drives bone i)
  FilePointer root_controller_bone;  // where the walk over all tracks must end
  // HAS_MORPH with 8-byte slots: 0x38..0x3F uncharacterised, then an optional offset (-1: null).
  std::array<std::uint8_t, 8> morph_unknown{};
  FilePointer morph_offset;
  std::vector<std::uint8_t> mapping_gap;   // bytes between the header and the mapping table
  std::vector<std::uint8_t> bone_mapping;  // one rig bone per track (255: unused), when the offset is not 0
  std::optional<WeightTable> weights;
  std::vector<AnimTrack> tracks;
  std::vector<std::uint8_t>
      tail;  // from the end of the walk to the end of the file (root controller block...)
  friend bool operator==(const Document&, const Document&) = default;
};
}  // namespace anim

}  // namespace bonebridge::volition
