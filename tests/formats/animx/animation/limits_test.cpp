// SPDX-License-Identifier: MIT
// Resonite reads AnimX counts as int32 (research/animx.md §1). A document over 2^31 - 1 keys would need
// gigabytes, so the table's limit is checked on the count alone; a small document is within.
#include <gtest/gtest.h>

#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/limits.hpp"

namespace bonebridge::animx::animation {
namespace {

TEST(AnimxLimits, ASmallDocumentIsWithin) {
  Document document;
  Track track;
  track.times = {0, 1};
  track.values.bytes.resize(2 * 4);
  document.tracks.push_back(track);
  std::vector<std::string> notes;
  EXPECT_TRUE(check_limits(document, notes).ok());
}

TEST(AnimxLimits, TwoToThe31KeysAreOneOverTheInt32Count) {
  ASSERT_EQ(limits().size(), 2u);
  std::vector<std::string> notes;
  const auto status =
      check_limit(kFormatName, limits()[1], std::uint64_t{1} << 31, "track Hips.Rotation", notes);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("2147483648 keys in one track, 1 over the limit of 2147483647"),
            std::string::npos)
      << status.error().message;
}

}  // namespace
}  // namespace bonebridge::animx::animation
