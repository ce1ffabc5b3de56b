// SPDX-License-Identifier: MIT
// Key bitfields and values against hand computation from the notes' formulas (§3.3–§3.5).
#include <gtest/gtest.h>

#include <cmath>

#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/anim/engine.hpp"

namespace bonebridge::volition {
namespace {

TEST(RotationStep, IsTheFloatOfRootHalfOver8191) {
  EXPECT_EQ(kRotationStep, static_cast<float>(std::sqrt(0.5) / 8191.0));
}

TEST(RotationRecord, UnpacksLowSixBitsAsBaseAndTopTwoAsScaler) {
  // 0x43 = 01|000011: scaler 1, base +3; 0x3E = 00|111110: base -2; 0xC0 = 11|000000: scaler 3, base 0;
  // 0xC2 = 11|000010: largest 3 (w), count 2.
  const auto record = unpack_rotation_record({0x43, 0x3E, 0xC0, 0xC2});
  EXPECT_EQ(record.base, (std::array<int, 3>{3, -2, 0}));
  EXPECT_EQ(record.scaler, (std::array<int, 3>{1, 0, 3}));
  EXPECT_EQ(record.count, 2);
  EXPECT_EQ(record.largest, 3);
  EXPECT_EQ(pack_rotation_record(record), (RotationRecordBytes{0x43, 0x3E, 0xC0, 0xC2}));
}

TEST(RotationKey, UnpacksFirstFieldFromTheHighBits) {
  // a = +5 (000101), b = -1 (111111), c = +10 (001010), time 7 (000111):
  // 000101|11 1111|0010 10|000111 = 0x17 0xF2 0x87.
  const auto key = unpack_rotation_key({0x17, 0xF2, 0x87});
  EXPECT_EQ(key.delta, (std::array<int, 3>{5, -1, 10}));
  EXPECT_EQ(key.time, 7);
  EXPECT_EQ(pack_rotation_key(key), (RotationKeyBytes{0x17, 0xF2, 0x87}));
}

TEST(RotationKey, EveryByteTripleSurvivesUnpackAndPack) {
  for (unsigned v = 0; v < (1u << 24); v += 4099) {
    const RotationKeyBytes bytes{static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(v >> 8),
                                 static_cast<std::uint8_t>(v >> 16)};
    ASSERT_EQ(pack_rotation_key(unpack_rotation_key(bytes)), bytes);
  }
}

TEST(RotationValue, SmallestThreeWithPerAxisScalers) {
  // value = (256·base + 4·mult·delta) / 8191 / sqrt(2): x = (768 + 40), y = (-512 - 4), z = (0 + 640).
  const auto q = rotation_value(unpack_rotation_record({0x43, 0x3E, 0xC0, 0xC2}),
                                unpack_rotation_key({0x17, 0xF2, 0x87}));
  EXPECT_NEAR(q.x, 808 / 8191.0 / std::sqrt(2.0), 1e-7);   // 0.0697524
  EXPECT_NEAR(q.y, -516 / 8191.0 / std::sqrt(2.0), 1e-7);  // -0.0445449
  EXPECT_NEAR(q.z, 640 / 8191.0 / std::sqrt(2.0), 1e-7);   // 0.0552495
  EXPECT_NEAR(q.w, 0.9950366, 1e-6);
}

TEST(RotationValue, LargestPlacesTheReconstructedComponent) {
  // largest 0 (x): the three small values fill y, z, w in order; all bases and deltas 0 -> x = 1.
  const auto q = rotation_value(unpack_rotation_record({0, 0, 0, 0x00}), unpack_rotation_key({0, 0, 0}));
  EXPECT_EQ(q.x, 1.0);
  EXPECT_EQ(q.y, 0.0);
  EXPECT_EQ(q.w, 0.0);
  // Components past the unit sphere clamp the fourth to 0: base +31, scaler 16, delta +31 on every axis.
  const auto big = rotation_value(unpack_rotation_record({0xDF, 0xDF, 0xDF, 0x80}),
                                  unpack_rotation_key({0x7D, 0xF7, 0xDF}));
  EXPECT_EQ(big.z, 0.0);                                                      // largest 2
  EXPECT_NEAR(big.x, (64 * 31 + 16 * 31) * 4 * double(kRotationStep), 1e-6);  // 0.8563, past 1/sqrt(2)
}

TEST(TranslationValue, BaseIn64thsPlusDeltaOverTheDivisor) {
  const TranslationRecord record{2, {64, -32, 1}};
  const TranslationKey key{40, -8, 127};
  const Vec3 v = translation_value(record, key, kTranslationKeyDivisorSR3);
  EXPECT_DOUBLE_EQ(v.x, 1.01);
  EXPECT_DOUBLE_EQ(v.y, -0.502);
  EXPECT_DOUBLE_EQ(v.z, 0.015625 + 0.03175);
  const Vec3 mm = translation_value(record, key, kTranslationKeyDivisorMillimetres);
  EXPECT_DOUBLE_EQ(mm.x, 1.04);
}

TEST(SignExtend, SixBitsBothWays) {
  EXPECT_EQ(sign_extend6(0x1F), 31);
  EXPECT_EQ(sign_extend6(0x20), -32);
  EXPECT_EQ(sign_extend6(0x3F), -1);
  EXPECT_EQ(sign_extend6(0xFF), -1);  // bits above 6 ignored
}

}  // namespace
}  // namespace bonebridge::volition
