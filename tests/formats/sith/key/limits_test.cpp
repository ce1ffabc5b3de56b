// SPDX-License-Identifier: MIT
// The Sith engines' limits on a .key (issue 28, research/sith-key.md §1.3): IJIM's 16 markers and 64-byte
// mesh names are errors, JK's 8 markers and 32-byte names notes (IJIM loads them), the puppet's 64 nodes an
// error; checked on hand-made contents.
#include <gtest/gtest.h>

#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/formats/sith/key/limits.hpp"

namespace bonebridge::sith {
namespace {

KeyContent content_with(std::size_t markers, std::int32_t joints, std::string mesh_name) {
  KeyContent content;
  content.has_markers_section = markers > 0;
  content.markers.resize(markers);
  content.header.joints = joints;
  content.nodes.push_back(KeyNode{0, std::move(mesh_name), {}});
  return content;
}

TEST(SithKeyLimits, EightMarkersSixtyFourJointsAndA31ByteNameAreWithinEveryGame) {
  std::vector<std::string> notes;
  EXPECT_TRUE(check_key_limits(content_with(8, 64, std::string(31, 'a')), notes).ok());
  EXPECT_TRUE(notes.empty());
}

TEST(SithKeyLimits, NineMarkersAreANoteForJediKnight) {
  std::vector<std::string> notes;
  EXPECT_TRUE(check_key_limits(content_with(9, 1, "torso"), notes).ok());
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("MARKERS: 9 markers, 1 over the limit of 8"), std::string::npos) << notes[0];
}

TEST(SithKeyLimits, SeventeenMarkersAreAnErrorInEveryGame) {
  std::vector<std::string> notes;
  const auto status = check_key_limits(content_with(17, 1, "torso"), notes);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().format, kKeyFormat);
  EXPECT_NE(status.error().message.find("17 markers, 1 over the limit of 16"), std::string::npos)
      << status.error().message;
}

TEST(SithKeyLimits, ANodeIndexBeyondThePuppetsSixtyFourNodesIsAnError) {
  KeyContent content = content_with(0, 10, "torso");
  content.nodes.push_back(KeyNode{66, "hand", {}});
  std::vector<std::string> notes;
  const auto status = check_key_limits(content, notes);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("67 joints, 3 over the limit of 64"), std::string::npos)
      << status.error().message;
}

TEST(SithKeyLimits, MeshNamesLongerThanJediKnightsBufferNoteAndLongerThanIjimsFail) {
  std::vector<std::string> notes;
  EXPECT_TRUE(check_key_limits(content_with(0, 1, std::string(40, 'b')), notes).ok());
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("40 bytes in a mesh name, 9 over the limit of 31"), std::string::npos) << notes[0];
  const auto status = check_key_limits(content_with(0, 1, std::string(64, 'b')), notes);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("64 bytes in a mesh name, 1 over the limit of 63"),
            std::string::npos);
}

}  // namespace
}  // namespace bonebridge::sith
