// Round trips of every sample and the layout facts of research/lba1-anm.md §1 and
// shared/samples/lba/SOURCES.md.
#include <gtest/gtest.h>

#include "bonebridge/formats/lba/codec.hpp"
#include "support/samples.hpp"

namespace bonebridge::lba {
namespace {

const char* const kAnimationSamples[] = {
    "Twinsen_Walk.anm",      "Twinsen_Walk_Back.anm", "Twinsen_Run.anm",
    "Twinsen_Turn_Left.anm", "Twinsen_Fall.anm",      "Twinsen_Run_Alt.anm",
    "ANIM_Test.anm",         "ANIM_CUSTOM.anm",       "Human_Hand_P1.anm"};

TEST(LbaAnimationCodec, EverySampleRoundTripsByteForByte) {
  for (const char* name : kAnimationSamples) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("lba/") + name);
    const auto bytes = testing::read_bytes(path);
    const auto animation = read_animation(bytes);
    ASSERT_TRUE(animation.ok()) << name << ": " << animation.error().to_string();
    EXPECT_TRUE(animation->trailing.empty()) << name;  // every sample is exactly 8 + N(8 + 8G) bytes
    EXPECT_EQ(write_animation(*animation), bytes) << name;
  }
}

// Values from SOURCES.md: N = 5, G = 24, loop 1, durations 300/200/200/200/200, step z 0 then +240.
TEST(LbaAnimationCodec, TwinsenWalkHeaderMatchesTheNotes) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lba/Twinsen_Walk.anm");
  const auto animation = read_animation(testing::read_bytes(path));
  ASSERT_TRUE(animation.ok());
  ASSERT_EQ(animation->keyframes.size(), 5u);
  EXPECT_EQ(animation->group_count, 24);
  EXPECT_EQ(animation->loop_frame, 1);
  EXPECT_EQ(animation->unused, 0);
  const std::uint16_t durations[] = {300, 200, 200, 200, 200};
  for (std::size_t k = 0; k < 5; ++k) {
    EXPECT_EQ(animation->keyframes[k].duration, durations[k]);
    EXPECT_EQ(animation->keyframes[k].step[2], k == 0 ? 0 : 240);
    EXPECT_EQ(animation->keyframes[k].groups.size(), 24u);
  }
}

// SOURCES.md: entry-0 type 1 (master rotation), yaw deltas 0/408/408/0.
TEST(LbaAnimationCodec, TurnLeftKeepsTheMasterSlot) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lba/Twinsen_Turn_Left.anm");
  const auto animation = read_animation(testing::read_bytes(path));
  ASSERT_TRUE(animation.ok());
  const std::int16_t yaw[] = {0, 408, 408, 0};
  ASSERT_EQ(animation->keyframes.size(), 4u);
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(animation->keyframes[k].groups[0].type, 1);
    EXPECT_EQ(animation->keyframes[k].groups[0].b, yaw[k]);
  }
}

TEST(LbaAnimationCodec, RawValuesSurviveUnchanged) {
  Animation animation;
  animation.group_count = 2;
  animation.loop_frame = 7;  // out of range on purpose: the codec does not judge
  animation.unused = 0xBEEF;
  Keyframe keyframe{3, {-1, 2, -32768}, {{0x8001, 0, 1024, -1}, {1, 32767, -5000, 2047}}};
  animation.keyframes = {keyframe, keyframe};
  const auto bytes = write_animation(animation);
  ASSERT_EQ(bytes.size(), 8u + 2 * (8 + 8 * 2));
  // Hand-encoded header: N = 2, G = 2, loop 7, unused 0xBEEF, little-endian.
  const std::uint8_t header[] = {2, 0, 2, 0, 7, 0, 0xEF, 0xBE};
  EXPECT_TRUE(std::equal(std::begin(header), std::end(header), bytes.begin()));
  const auto back = read_animation(bytes);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, animation);
}

TEST(LbaAnimationCodec, EveryTruncationOfASampleFailsWithAnOffset) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lba/ANIM_Test.anm");
  const auto bytes = testing::read_bytes(path);
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    const auto result = read_animation(std::span(bytes).first(size));
    ASSERT_FALSE(result.ok()) << size;
    ASSERT_TRUE(result.error().offset.has_value()) << size;
    EXPECT_LE(*result.error().offset, size);
    EXPECT_EQ(result.error().format, kAnmFormat);
  }
}

TEST(LbaAnimationCodec, AbsurdCountsFailBeforeAllocating) {
  const std::vector<std::uint8_t> bytes = {0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 1, 2, 3};
  const auto result = read_animation(bytes);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().offset, 8u);
}

Body two_group_body() {
  Body body;
  body.flags = 2;
  body.bounds = {-10, 10, 0, 100, -10, 10};
  body.info.assign(10, 0);
  body.points = {{0, 0, 0}, {0, 50, 0}, {0, 30, 0}, {10, 0, 0}};
  BodyGroup root;
  root.first_point = 0;
  root.point_count = 2;
  root.pivot_point = 0;
  root.parent = -1;
  BodyGroup arm;
  arm.first_point = 2 * 6;
  arm.point_count = 2;
  arm.pivot_point = 1 * 6;
  arm.parent = 0;
  body.groups = {root, arm};
  body.rest = {1, 2, 3};
  return body;
}

TEST(LbaBodyCodec, RoundTripsAndPlacesPointsAfterTheInfoArea) {
  const Body body = two_group_body();
  const auto bytes = write_body(body);
  // §2.5: the point count sits at 16 + infoSize = 26 with the retail info size of 10.
  ASSERT_GT(bytes.size(), 28u);
  EXPECT_EQ(bytes[14], 10);
  EXPECT_EQ(bytes[26], 4);
  EXPECT_EQ(bytes.size(), 26u + 2 + 4 * 6 + 2 + 2 * 38 + 3);
  const auto back = read_body(bytes);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(*back, body);
}

TEST(LbaBodyCodec, EveryTruncationFailsWithAnOffset) {
  Body body = two_group_body();
  body.rest.clear();
  const auto bytes = write_body(body);
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    const auto result = read_body(std::span(bytes).first(size));
    ASSERT_FALSE(result.ok()) << size;
    ASSERT_TRUE(result.error().offset.has_value());
  }
}

}  // namespace
}  // namespace bonebridge::lba
