// SPDX-License-Identifier: MIT
// The .pup codec: unchanged files come back byte for byte, and each line is split where the engine splits it
// (stdConffile_ReadArgsFromStr: blanks and commas; '#' starts a comment).
#include <gtest/gtest.h>

#include <string>

#include "bonebridge/formats/sith/pup/codec.hpp"
#include "support/samples.hpp"

namespace bonebridge::sith {
namespace {

std::vector<std::uint8_t> bytes_of(const std::string& text) {
  return {text.begin(), text.end()};
}

pup::Document read_text(const std::string& text) {
  auto file = pup::read(bytes_of(text));
  EXPECT_TRUE(file.ok()) << (file.ok() ? "" : file.error().to_string());
  return file.ok() ? std::move(file).value() : pup::Document{};
}

TEST(PupCodec, TheSampleComesBackByteForByte) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/ijim-sed-mod/sedpd.pup");
  const auto bytes = testing::read_bytes(path);
  const auto file = pup::read(bytes);
  ASSERT_TRUE(file.ok()) << file.error().to_string();
  EXPECT_EQ(pup::write(*file), bytes);
}

// Line 4 of sedpd.pup, as read by eye.
TEST(PupCodec, SplitsAMoveRowIntoItsArgumentsAndComment) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/ijim-sed-mod/sedpd.pup");
  const auto file = pup::read(testing::read_bytes(path));
  ASSERT_TRUE(file.ok());
  ASSERT_GE(file->lines.size(), 4u);
  const PupLine& stand = file->lines[3];
  EXPECT_EQ(stand.arguments, (std::vector<std::string>{"stand", "sed_pdidle.key", "0x00", "0", "0"}));
  EXPECT_EQ(stand.comment, "# 1 Stand");
  EXPECT_EQ(stand.ending, "\n");
  EXPECT_EQ(stand.indent, "");
  const PupLine& mode = file->lines[14];
  EXPECT_EQ(mode.arguments, (std::vector<std::string>{"Mode=1", "BasedOn=0"}));
  EXPECT_EQ(mode.gaps.front(), ", ");
  EXPECT_EQ(mode.comment, "# Whip drawn");
}

TEST(PupCodec, KeepsCarriageReturnsTabsCommasAndAMissingLastNewline) {
  const std::string text =
      "; a line the engine skips whole\r\n"
      "\tMode=0 ,BasedOn=2\t# tabs, and a comma after a blank\r\n"
      "\r\n"
      "walk\tkey.key,0x1   2\n"
      "#only a comment\n"
      "   \n"
      "end";
  const pup::Document file = read_text(text);
  ASSERT_EQ(file.lines.size(), 7u);
  EXPECT_EQ(file.lines[0].comment, "; a line the engine skips whole");
  EXPECT_TRUE(file.lines[0].arguments.empty());
  EXPECT_EQ(file.lines[1].indent, "\t");
  EXPECT_EQ(file.lines[1].arguments, (std::vector<std::string>{"Mode=0", "BasedOn=2"}));
  EXPECT_EQ(file.lines[1].gaps, (std::vector<std::string>{" ,", "\t"}));
  EXPECT_EQ(file.lines[1].ending, "\r\n");
  EXPECT_EQ(file.lines[3].arguments, (std::vector<std::string>{"walk", "key.key", "0x1", "2"}));
  EXPECT_EQ(file.lines[5].indent, "   ");
  EXPECT_EQ(file.lines[6].arguments, (std::vector<std::string>{"end"}));
  EXPECT_EQ(file.lines[6].ending, "");
  EXPECT_EQ(pup::write(file), bytes_of(text));
}

TEST(PupCodec, AnEditedArgumentIsWrittenInPlace) {
  pup::Document file = read_text("walk    old.key     0x01   # Walk\n");
  file.lines[0].arguments[1] = "new.key";
  file.lines[0].arguments.push_back("3");
  const auto written = pup::write(file);
  EXPECT_EQ(std::string(written.begin(), written.end()), "walk    new.key     0x01   3# Walk\n");
}

TEST(PupCodec, ANulByteIsAnErrorAtItsOffset) {
  std::string text = "walk key.key\n";
  text[6] = '\0';
  const auto file = pup::read(bytes_of(text));
  ASSERT_FALSE(file.ok());
  EXPECT_EQ(file.error().offset, 6u);
  EXPECT_EQ(file.error().format, std::string(kPupFormat));
}

}  // namespace
}  // namespace bonebridge::sith
