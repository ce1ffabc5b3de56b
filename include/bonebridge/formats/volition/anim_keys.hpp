#pragma once
// Unpacking of the crunched key bitfields and their values (notes §3.3–§3.5). PC bitfields: fields are
// allocated from bit 0 (trap 6); 6-bit fields are sign-extended from unsigned values (trap 4).
#include <array>
#include <cstdint>

#include "bonebridge/core/math.hpp"
#include "bonebridge/formats/volition/anim_document.hpp"

namespace bonebridge::volition {

// Step of the rotation fixed point, read from the SR:TT exe; equals float32(sqrt(1/2) / 8191).
inline constexpr float kRotationStep = 8.6327287e-05f;
inline constexpr std::array<int, 4> kRotationScalers{1, 2, 4, 16};
inline constexpr double kTranslationBaseUnit = 1.0 / 64.0;           // record base (SR:TT exe, [RR] agrees)
inline constexpr double kTranslationKeyDivisorSR3 = 4000.0;          // key delta (SR:TT exe)
inline constexpr double kTranslationKeyDivisorMillimetres = 1000.0;  // key delta per [RR]

struct RotationRecord {
  std::array<int, 3> base{};    // signed 6-bit
  std::array<int, 3> scaler{};  // index into kRotationScalers
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

// One of the three small components: (64·base + mult·delta) × 4 × S, in float as the engine computes it.
float rotation_component(int base, int scaler, int delta);
// Smallest-three reconstruction: the fourth component sqrt(max(0, 1 - a² - b² - c²)) at `largest`.
Quat rotation_value(const RotationRecord& record, const RotationKey& key);

// base/64 + delta/divisor per axis.
Vec3 translation_value(const TranslationRecord& record, const TranslationKey& key, double key_divisor);

}  // namespace bonebridge::volition
