// SPDX-License-Identifier: MIT
// The games' limits on an .anm (issue 28): 30 groups (a body's matrices, TabMat in LBA1's P_TRIGO.ASM) and
// the u16 keyframe count, checked on hand-made animations just over and at each limit.
#include <gtest/gtest.h>

#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/anm/limits.hpp"

namespace bonebridge::lba {
namespace {

anm::Document with_groups(std::uint16_t groups, std::size_t keyframes) {
  anm::Document animation;
  animation.group_count = groups;
  animation.keyframes.resize(keyframes);
  for (auto& keyframe : animation.keyframes) keyframe.groups.resize(groups);
  return animation;
}

TEST(LbaLimits, ThirtyGroupsAndOneKeyframeAreWithin) {
  std::vector<std::string> notes;
  EXPECT_TRUE(check_animation_limits(with_groups(30, 1), notes).ok());
  EXPECT_TRUE(notes.empty());
}

TEST(LbaLimits, ThirtyOneGroupsAreAnErrorSayingByHowMuch) {
  std::vector<std::string> notes;
  const auto status = check_animation_limits(with_groups(31, 1), notes);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().format, kAnmFormat);
  EXPECT_NE(status.error().message.find("31 groups (slot 0 included), 1 over the limit of 30"),
            std::string::npos)
      << status.error().message;
  EXPECT_NE(status.error().message.find("TabMat"), std::string::npos);
}

TEST(LbaLimits, MoreKeyframesThanTheU16CountHoldsAreAnError) {
  std::vector<std::string> notes;
  const auto status = check_animation_limits(with_groups(0, 65537), notes);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("65537 keyframes, 2 over the limit of 65535"), std::string::npos)
      << status.error().message;
}

}  // namespace
}  // namespace bonebridge::lba
