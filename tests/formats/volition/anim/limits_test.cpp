// SPDX-License-Identifier: MIT
// The .anim_pc field widths as limits (issue 28, research/saintsrow-anim.md §3.1, §3.3): u8 track count, u8
// key counts (u16 with SHORT_COUNTS), one-byte key times (two with TIME_AS_SHORTS); hand-made documents.
#include <gtest/gtest.h>

#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/anim/limits.hpp"

namespace bonebridge::volition {
namespace {

anim::Document with_track(std::size_t rotation_keys, std::uint16_t last_time) {
  anim::Document document;
  AnimTrack track;
  track.rotation_keys.resize(rotation_keys);
  track.translation_keys.resize(2);
  track.translation_times = {0, last_time};
  document.tracks.push_back(track);
  return document;
}

TEST(VolitionAnimLimits, Keys255AndTime255AreWithinTheByteFields) {
  std::vector<std::string> notes;
  EXPECT_TRUE(check_anim_limits(with_track(255, 255), notes).ok());
}

TEST(VolitionAnimLimits, Keys256NeedShortCounts) {
  std::vector<std::string> notes;
  anim::Document document = with_track(256, 10);
  const auto status = check_anim_limits(document, notes);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().format, kAnimFormat);
  EXPECT_NE(status.error().message.find("track 0: 256 keys in one track, 1 over the limit of 255"),
            std::string::npos)
      << status.error().message;
  document.flags |= kShortCounts;
  EXPECT_TRUE(check_anim_limits(document, notes).ok());
}

TEST(VolitionAnimLimits, ATimeOf300FramesNeedsTimeAsShorts) {
  std::vector<std::string> notes;
  anim::Document document = with_track(2, 300);
  const auto status = check_anim_limits(document, notes);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("300 frames in a key time, 45 over the limit of 255"),
            std::string::npos)
      << status.error().message;
  document.flags |= kTimeAsShorts;
  EXPECT_TRUE(check_anim_limits(document, notes).ok());
}

TEST(VolitionAnimLimits, TracksBeyondTheU8CountAreAnError) {
  anim::Document document;
  document.tracks.resize(256);
  std::vector<std::string> notes;
  const auto status = check_anim_limits(document, notes);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("256 tracks, 1 over the limit of 255"), std::string::npos);
}

}  // namespace
}  // namespace bonebridge::volition
