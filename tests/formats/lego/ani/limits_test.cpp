// SPDX-License-Identifier: MIT
// The game's limits on an .ani (issue 28): u16 key counts and 24-bit key times (isledecomp/isle legoanim.h,
// LegoAnimKey::Write), checked on hand-made documents just over and at each limit.
#include <gtest/gtest.h>

#include "bonebridge/formats/lego/ani/bridge.hpp"
#include "bonebridge/formats/lego/ani/codec.hpp"
#include "bonebridge/formats/lego/ani/limits.hpp"

namespace bonebridge::lego::ani {
namespace {

Document with_root(Node root) {
  Document document;
  document.root = std::move(root);
  return document;
}

TEST(LegoLimits, AChannelOfExactly65535KeysIsWithin) {
  Node node;
  node.translation.resize(65535);
  std::vector<std::string> notes;
  EXPECT_TRUE(check_limits(with_root(node), notes).ok());
  EXPECT_TRUE(notes.empty());
}

TEST(LegoLimits, OneKeyOverTheU16CountIsAnErrorSayingByHowMuch) {
  Node child;
  child.name = "pepper";
  child.rotation.resize(65536);
  Node root;
  root.children.push_back(child);
  std::vector<std::string> notes;
  const auto status = check_limits(with_root(root), notes);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().format, kFormatName);
  EXPECT_NE(status.error().message.find(
                "node \"pepper\" rotation: 65536 keys in one channel, 1 over the limit of 65535"),
            std::string::npos)
      << status.error().message;
  EXPECT_NE(status.error().message.find("legoanim.h"), std::string::npos);
}

TEST(LegoLimits, AKeyAt2To24MillisecondsIsBeyondThe24BitTime) {
  Node node;
  node.scale.resize(2);
  node.scale[1].time = 1u << 24;
  std::vector<std::string> notes;
  const auto status = check_limits(with_root(node), notes);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("16777216 ms in a key's time, 1 over the limit of 16777215"),
            std::string::npos)
      << status.error().message;
}

// Through the writer: a clip 17,000 s long puts a key at 17,000,000 ms, 222,785 ms past the 24-bit time.
TEST(LegoLimits, TheWriterRefusesAClipBeyondThe24BitTime) {
  Scene scene;
  scene.skeleton.joints.push_back(Joint{"pepper", -1, {}});
  Clip clip;
  clip.duration = 17000;
  JointChannels channels;
  channels.joint = 0;
  channels.translation = Channel<Vec3>{Interpolation::Linear, {0, 17000}, {{0, 0, 0}, {1, 0, 0}}};
  clip.joints.push_back(channels);
  scene.clips.push_back(clip);
  const auto written = ani::from_core(scene);
  ASSERT_FALSE(written.ok());
  EXPECT_NE(written.error().message.find("17000000 ms in a key's time, 222785 over the limit of 16777215"),
            std::string::npos)
      << written.error().message;
}

TEST(LegoLimits, TheFamilyListsItsLimitsWithTheirSources) {
  ASSERT_EQ(limits().size(), 2u);
  for (const auto& limit : limits()) EXPECT_NE(limit.source.find("isledecomp/isle"), std::string::npos);
}

}  // namespace
}  // namespace bonebridge::lego::ani
