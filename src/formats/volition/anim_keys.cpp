#include "bonebridge/formats/volition/anim_keys.hpp"

#include <algorithm>
#include <cmath>

namespace bonebridge::volition {

int sign_extend6(unsigned value) {
  value &= 0x3Fu;
  return value >= 32 ? static_cast<int>(value) - 64 : static_cast<int>(value);
}

RotationRecord unpack_rotation_record(const RotationRecordBytes& bytes) {
  RotationRecord record;
  for (int j = 0; j < 3; ++j) {
    record.base[j] = sign_extend6(bytes[j]);
    record.scaler[j] = bytes[j] >> 6;
  }
  record.count = bytes[3] & 0x3F;
  record.largest = bytes[3] >> 6;
  return record;
}

RotationKey unpack_rotation_key(const RotationKeyBytes& bytes) {
  const unsigned b0 = bytes[0], b1 = bytes[1], b2 = bytes[2];
  RotationKey key;
  key.delta[0] = sign_extend6(b0 >> 2);
  key.delta[1] = sign_extend6(((b0 & 0x3u) << 4) | (b1 >> 4));
  key.delta[2] = sign_extend6(((b1 & 0xFu) << 2) | (b2 >> 6));
  key.time = static_cast<int>(b2 & 0x3Fu);
  return key;
}

RotationRecordBytes pack_rotation_record(const RotationRecord& record) {
  RotationRecordBytes bytes{};
  for (int j = 0; j < 3; ++j) {
    bytes[j] = static_cast<std::uint8_t>((record.base[j] & 0x3F) | ((record.scaler[j] & 0x3) << 6));
  }
  bytes[3] = static_cast<std::uint8_t>((record.count & 0x3F) | ((record.largest & 0x3) << 6));
  return bytes;
}

RotationKeyBytes pack_rotation_key(const RotationKey& key) {
  const unsigned a = static_cast<unsigned>(key.delta[0]) & 0x3Fu;
  const unsigned b = static_cast<unsigned>(key.delta[1]) & 0x3Fu;
  const unsigned c = static_cast<unsigned>(key.delta[2]) & 0x3Fu;
  const unsigned t = static_cast<unsigned>(key.time) & 0x3Fu;
  return {static_cast<std::uint8_t>((a << 2) | (b >> 4)),
          static_cast<std::uint8_t>(((b & 0xFu) << 4) | (c >> 2)),
          static_cast<std::uint8_t>(((c & 0x3u) << 6) | t)};
}

float rotation_component(int base, int scaler, int delta) {
  const int units = 64 * base + kRotationScalers[static_cast<std::size_t>(scaler & 3)] * delta;
  return static_cast<float>(units) * 4.0f * kRotationStep;
}

Quat rotation_value(const RotationRecord& record, const RotationKey& key) {
  std::array<float, 3> small{};
  for (int j = 0; j < 3; ++j) small[j] = rotation_component(record.base[j], record.scaler[j], key.delta[j]);
  const float rest = 1.0f - small[0] * small[0] - small[1] * small[1] - small[2] * small[2];
  const float fourth = std::sqrt(std::max(0.0f, rest));
  std::array<double, 4> q{};
  for (int i = 0, j = 0; i < 4; ++i) q[i] = i == record.largest ? fourth : small[j++];
  return {q[0], q[1], q[2], q[3]};
}

Vec3 translation_value(const TranslationRecord& record, const TranslationKey& key, double key_divisor) {
  auto axis = [&](int i) { return record.base[i] * kTranslationBaseUnit + key[i] / key_divisor; };
  return {axis(0), axis(1), axis(2)};
}

}  // namespace bonebridge::volition
