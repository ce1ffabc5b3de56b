// SPDX-License-Identifier: MIT
// Animations built byte by byte after the notes' header table (§3.1) and track layout (§3.3), and
// generated documents covering both pointer widths and the AFF_* flag combinations.
#include <gtest/gtest.h>

#include <cmath>

#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/anim/engine.hpp"
#include "bonebridge/formats/volition/rig/codec.hpp"
#include "formats/volition/bytes_builder.hpp"

namespace bonebridge::volition {
namespace {

using test_bytes::Bytes;

// Flags 0x0D (PACKED_KEYS | DELTA_TIMES | HAS_MOTION), two tracks, end_frame 8:
// track 0: 3 rotation keys under one record (count 2), times 2, 3, 3; no translation keys.
// track 1: no rotation keys; 2 translation keys in one record, time bytes 3, 5 (sum = end_frame).
// Walk by hand (8-byte slots): header 0x38 = 56; track 0: counts 58, record 62, keys 71, align 72;
// track 1: counts 74, record 82, keys 88, times 90. Root block: 2 zero bytes. RFG: 8 less.
Bytes hand_anim(PointerWidth width) {
  const bool eight = width == PointerWidth::Eight;
  const std::uint32_t walk_end = eight ? 90 : 82;
  Bytes b;
  b.raw({'A', 'N', 'I', 'M', 14, 0x0D}).u16(8).u8(2).u8(3).u8(2).u8(4);
  b.f32(0).f32(0).f32(0).f32(1).f32(0).f32(0).f32(0);  // total rotation, total translation
  b.u32(0);
  if (eight) b.u32(0);
  b.u32(walk_end);
  if (eight) b.u32(0);
  b.u8(3).u8(0).raw({0x43, 0x3E, 0xC0, 0xC2});
  b.raw({0x17, 0xF2, 0x82, 0x00, 0x00, 0x03, 0x00, 0x00, 0x03}).u8(0xEE);  // times 2, 3, 3; one pad byte
  b.u8(0).u8(2).u16(2).u16(64).u16(0xFFE0).u16(1);  // record: 2 keys, base 1, -0.5, 1/64
  b.raw({40, 0xF8, 127, 0, 0, 0}).raw({3, 5});
  EXPECT_EQ(b.size(), walk_end);
  b.u8(0).u8(0);
  return b;
}

class AnimWidth : public ::testing::TestWithParam<PointerWidth> {};

TEST_P(AnimWidth, ReadsTheHandBuiltFileAndWalksToTheRootController) {
  const auto bytes = hand_anim(GetParam()).data;
  auto doc = anim::read(bytes);  // width detected from 0x2C
  ASSERT_TRUE(doc) << doc.error().to_string();
  EXPECT_EQ(doc->width, GetParam());
  EXPECT_EQ(doc->version, 14);
  EXPECT_EQ(doc->end_frame, 8);
  EXPECT_EQ(doc->ramp_in, 2);
  EXPECT_EQ(doc->ramp_out, 3);
  EXPECT_EQ(doc->num_rig_bones, 4);
  ASSERT_EQ(doc->tracks.size(), 2u);
  EXPECT_EQ(doc->tracks[0].rotation_keys.size(), 3u);
  EXPECT_EQ(doc->tracks[0].rotation_pad, (std::vector<std::uint8_t>{0xEE}));
  EXPECT_EQ(doc->tracks[1].translation_records[0].base, (std::array<std::int32_t, 3>{64, -32, 1}));
  EXPECT_EQ(doc->tracks[1].translation_times, (std::vector<std::uint16_t>{3, 5}));
  EXPECT_EQ(anim_walk_end(*doc), doc->root_controller_bone.value);
  EXPECT_EQ(doc->tail, (std::vector<std::uint8_t>{0, 0}));
  EXPECT_EQ(anim::write(*doc), bytes);
}

TEST_P(AnimWidth, EngineSpotValuesMatchHandComputation) {
  auto doc = anim::read(hand_anim(GetParam()).data);
  ASSERT_TRUE(doc);
  anim::Engine engine(*doc, nullptr, {});
  EXPECT_DOUBLE_EQ(engine.duration(), 8 / 30.0);
  const auto& tracks = engine.tracks();
  // Key times with DELTA_TIMES as hold durations: rotation 0, 2, 5; translation 0, 3.
  EXPECT_EQ(tracks[0].rotation_frames, (std::vector<double>{0, 2, 5}));
  EXPECT_EQ(tracks[1].translation_frames, (std::vector<double>{0, 3}));
  // Key 1: deltas (0, 0, 0) on bases (3, -2, 0): x = 768/8191/sqrt2, y = -512/8191/sqrt2, z = 0.
  EXPECT_NEAR(tracks[0].rotations[1].x, 768 / 8191.0 / std::sqrt(2.0), 1e-7);
  EXPECT_NEAR(tracks[0].rotations[1].y, -512 / 8191.0 / std::sqrt(2.0), 1e-7);
  // Frame 1.5 = 0.05 s: halfway between the translation keys (1.01, -0.502, 0.047375) and (1, -0.5, 1/64).
  const auto pose = engine_pose(engine, 1.5 / 30.0);
  const Vec3 t = pose.joints[1].local.translation;
  EXPECT_NEAR(t.x, (1.01 + 1.0) / 2, 1e-12);
  EXPECT_NEAR(t.y, (-0.502 - 0.5) / 2, 1e-12);
  EXPECT_NEAR(t.z, (0.047375 + 0.015625) / 2, 1e-12);
  // Frame 2: exactly rotation key 1; clamped after the last key.
  const auto at2 = engine_pose(engine, 2 / 30.0);
  EXPECT_NEAR(at2.joints[0].local.rotation.x, tracks[0].rotations[1].x, 1e-8);
  const auto late = engine_pose(engine, 10.0);
  EXPECT_NEAR(late.joints[0].local.rotation.w, tracks[0].rotations[2].w, 1e-8);
  EXPECT_NEAR(late.joints[1].local.translation.x, 1.0, 1e-12);
}

TEST_P(AnimWidth, EveryTruncationBeforeTheRootBlockFailsWithAnOffset) {
  const auto bytes = hand_anim(GetParam()).data;
  const std::size_t walk_end = bytes.size() - 2;
  for (std::size_t size = 0; size < walk_end; ++size) {
    auto doc = anim::read(std::span(bytes).first(size), GetParam());
    ASSERT_FALSE(doc) << "accepted a truncation to " << size;
    EXPECT_TRUE(doc.error().offset.has_value());
    EXPECT_EQ(doc.error().format, kAnimFormat);
  }
}

INSTANTIATE_TEST_SUITE_P(Volition, AnimWidth, ::testing::Values(PointerWidth::Four, PointerWidth::Eight));

TEST(AnimEngineTiming, EvenSpacingAndEndModelAreOptions) {
  auto doc = anim::read(hand_anim(PointerWidth::Eight).data);
  ASSERT_TRUE(doc);
  AnimSettings even;
  even.rotation_timing = RotationTiming::Even;
  EXPECT_EQ(decode_tracks(*doc, even)[0].rotation_frames, (std::vector<double>{0, 4, 8}));
  AnimSettings end;
  end.key_times = KeyTimeModel::End;
  EXPECT_EQ(decode_tracks(*doc, end)[0].rotation_frames, (std::vector<double>{2, 5, 8}));
  EXPECT_EQ(decode_tracks(*doc, end)[1].translation_frames, (std::vector<double>{3, 8}));
  doc->flags &= static_cast<std::uint8_t>(~kDeltaTimes);  // absolute times
  EXPECT_EQ(decode_tracks(*doc, {})[0].rotation_frames, (std::vector<double>{2, 3, 3}));
}

TEST(AnimEngineInterpolation, StepHoldsAndNlerpIsTheNormalisedAverageAtHalfway) {
  auto doc = anim::read(hand_anim(PointerWidth::Eight).data);
  ASSERT_TRUE(doc);
  AnimSettings step;
  step.interpolation = KeyInterpolation::Step;
  const Vec3 held =
      anim::engine_pose(anim::Engine(*doc, nullptr, step), 1.5 / 30).joints[1].local.translation;
  EXPECT_DOUBLE_EQ(held.x, 1.01);  // key 0 until frame 3
  AnimSettings nlerp_settings;
  nlerp_settings.interpolation = KeyInterpolation::Nlerp;
  const anim::Engine engine(*doc, nullptr, nlerp_settings);
  const Quat a = engine.tracks()[0].rotations[0], b = engine.tracks()[0].rotations[1];
  const Quat q =
      engine_pose(engine, 1.0 / 30).joints[0].local.rotation;  // frame 1: halfway between frames 0 and 2
  const double n = std::sqrt((a.x + b.x) * (a.x + b.x) + (a.y + b.y) * (a.y + b.y) +
                             (a.z + b.z) * (a.z + b.z) + (a.w + b.w) * (a.w + b.w));
  EXPECT_NEAR(q.x, (a.x + b.x) / n, 1e-12);
  EXPECT_NEAR(q.w, (a.w + b.w) / n, 1e-12);
}

TEST(AnimEngineRig, BonesWithoutTranslationKeysKeepTheRigOffset) {
  auto doc = anim::read(hand_anim(PointerWidth::Eight).data);
  ASSERT_TRUE(doc);
  const auto rig = make_rig(
      PointerWidth::Eight,
      {{"root", -1, {0, 1, 0}}, {"pelvis", 0, {0, 2, 0}}, {"spine", 1, {0, 3, 0}}, {"head", 2, {0, 4, 0}}},
      {});
  anim::Engine engine(*doc, &rig, {});
  const auto pose = engine_pose(engine, 0);
  ASSERT_EQ(pose.joints.size(), 4u);
  EXPECT_EQ(pose.joints[0].local.translation.y, 1.0);  // track 0 has no translation keys: rig offset
  EXPECT_EQ(pose.joints[3].local.translation.y, 1.0);  // no track at all: rig offset, identity rotation
  EXPECT_EQ(pose.joints[3].local.rotation, Quat{});
  EXPECT_NEAR(pose.joints[1].local.translation.x, 1.01, 1e-12);  // track 1, key 0
}

TEST(AnimCodec, WalkThatMissesTheRootControllerStillReadsAndReportsTheEnd) {
  auto bytes = hand_anim(PointerWidth::Eight).data;
  bytes[0x30] = 91;  // root_controller_bone one byte past the real walk end
  auto doc = anim::read(bytes);
  ASSERT_TRUE(doc);
  EXPECT_EQ(anim_walk_end(*doc), 90u);
  EXPECT_EQ(anim::write(*doc), bytes);
}

TEST(AnimCodec, RejectsAWrongIdAndAMappingInsideTheHeader) {
  auto bytes = hand_anim(PointerWidth::Eight).data;
  bytes[0] = 'X';
  auto doc = anim::read(bytes);
  ASSERT_FALSE(doc);
  EXPECT_EQ(doc.error().offset, 0u);
  bytes = hand_anim(PointerWidth::Eight).data;
  bytes[0x28] = 0x10;
  doc = anim::read(bytes, PointerWidth::Eight);
  ASSERT_FALSE(doc);
  EXPECT_EQ(doc.error().offset, 0x28u);
}

TEST(AnimCodec, AbsurdShortCountFailsFast) {
  auto bytes = hand_anim(PointerWidth::Eight).data;
  bytes[5] = 0x8D;  // SHORT_COUNTS: the first track's counts become u16 0x0003 then ...
  bytes[0x38] = 0xFF;
  bytes[0x39] = 0xFF;  // 65535 rotation keys
  auto doc = anim::read(bytes, PointerWidth::Eight);
  ASSERT_FALSE(doc);
  EXPECT_TRUE(doc.error().offset.has_value());
}

// Documents generated in code for every flag the notes list, both widths.
anim::Document generated(PointerWidth width, std::uint8_t flags, bool mapping) {
  anim::Document doc;
  doc.width = width;
  doc.flags = flags;
  doc.end_frame = 40;
  doc.num_rig_bones = 5;
  for (int t = 0; t < 3; ++t) {
    AnimTrack track;
    const int keys = 1 + t * 2;
    track.rotation_records.push_back(pack_rotation_record({{t, -t, 1}, {t % 4, 1, 2}, keys - 1, t % 4}));
    for (int k = 0; k < keys; ++k) track.rotation_keys.push_back(pack_rotation_key({{k, -k, 2 * k}, 3 + k}));
    if (t > 0) {
      track.translation_records.push_back({static_cast<std::uint32_t>(t), {t, -70, 300}});
      track.translation_records.push_back({0, {0, 0, 0}});  // a record with 0 keys (trap 11)
      track.translation_records.push_back({1, {-2, 5, 9}});
      for (int k = 0; k <= t; ++k) {
        track.translation_keys.push_back({static_cast<std::int8_t>(k * 10), -100, 127});
        track.translation_times.push_back(
            static_cast<std::uint16_t>(flags & kTimeAsShorts ? 300 + k : 7 + k));
      }
    }
    doc.tracks.push_back(track);
  }
  if (mapping) doc.bone_mapping = {4, 255, 0};
  if (flags & kHasWeightKeys) {
    doc.weights.emplace();
    doc.weights->counts = {2, 0, 1};
    doc.weights->values = {0.25f, 0.5f, 1.0f};
    doc.weights->times = {1, 2, 3};
  }
  if (flags & kHasMorph) {
    doc.morph_unknown = {1, 2, 3, 4, 5, 6, 7, 8};
    doc.morph_offset = {0xFFFFFFFF, 0xFFFFFFFF};
  }
  doc.tail = {0, 0, 0xAB};
  lay_out_anim(doc);
  return doc;
}

struct FlagCase {
  PointerWidth width;
  std::uint8_t flags;
  bool mapping;
};

class AnimFlags : public ::testing::TestWithParam<FlagCase> {};

TEST_P(AnimFlags, GeneratedDocumentsReadBackIdentically) {
  const auto& c = GetParam();
  const anim::Document doc = generated(c.width, c.flags, c.mapping);
  const auto bytes = anim::write(doc);
  auto back = anim::read(bytes, c.width);
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(*back, doc);
  EXPECT_EQ(anim_walk_end(*back), back->root_controller_bone.value);
  auto detected = anim::read(bytes);
  ASSERT_TRUE(detected);
  EXPECT_EQ(detected->width, c.width);
}

constexpr std::uint8_t kAll = 0xFF & ~kHasMorph;
INSTANTIATE_TEST_SUITE_P(
    Volition, AnimFlags,
    ::testing::Values(FlagCase{PointerWidth::Eight, 0x09, false}, FlagCase{PointerWidth::Eight, 0x0D, true},
                      FlagCase{PointerWidth::Eight, 0x49, false}, FlagCase{PointerWidth::Eight, 0x4D, true},
                      FlagCase{PointerWidth::Eight, 0x1D, false}, FlagCase{PointerWidth::Eight, 0x19, true},
                      FlagCase{PointerWidth::Eight, 0x8D, false}, FlagCase{PointerWidth::Eight, 0x59, false},
                      FlagCase{PointerWidth::Eight, 0x02 | 0x09, false},
                      FlagCase{PointerWidth::Eight, 0x29, true}, FlagCase{PointerWidth::Eight, 0x08, false},
                      FlagCase{PointerWidth::Eight, 0xFF, true}, FlagCase{PointerWidth::Four, 0x09, false},
                      FlagCase{PointerWidth::Four, 0x0D, true}, FlagCase{PointerWidth::Four, 0xCF, false},
                      FlagCase{PointerWidth::Four, kAll, true}, FlagCase{PointerWidth::Four, 0x00, false}));

TEST(AnimCodec, MorphWithFourByteSlotsIsRefusedAsUnknown) {
  auto bytes = anim::write(generated(PointerWidth::Four, 0x09, false));
  bytes[5] = 0x19;
  auto doc = anim::read(bytes, PointerWidth::Four);
  ASSERT_FALSE(doc);
  EXPECT_EQ(doc.error().offset, 5u);
}

}  // namespace
}  // namespace bonebridge::volition
