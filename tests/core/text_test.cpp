// SPDX-License-Identifier: MIT
#include "bonebridge/core/text.hpp"

#include <gtest/gtest.h>

namespace bonebridge {
namespace {

TEST(Text, ValidUtf8PassesUnchanged) {
  EXPECT_EQ(to_utf8("INFOGRON"), "INFOGRON");
  EXPECT_EQ(to_utf8("caf\xC3\xA9"), "caf\xC3\xA9");
}

TEST(Text, OtherBytesAreReadAsLatin1) {
  EXPECT_FALSE(is_valid_utf8("\xAE"));
  EXPECT_EQ(to_utf8("a\xAE"), "a\xC2\xAE");  // U+00AE REGISTERED SIGN
  EXPECT_EQ(to_utf8("\xE9t\xE9"), "\xC3\xA9t\xC3\xA9");
  EXPECT_FALSE(is_valid_utf8("\xC0\x80"));  // overlong NUL
  EXPECT_FALSE(is_valid_utf8("\xE2\x82"));  // cut short
}

TEST(Text, FoldCaseLowersAsciiLettersOnly) {
  EXPECT_EQ(fold_case("Res2.GOB:3DO\\Ky.3do"), "res2.gob:3do\\ky.3do");
  EXPECT_EQ(fold_case("\xC9T\xC9"), "\xC9t\xC9");  // Latin-1 capitals are left alone, whatever the locale
}

}  // namespace
}  // namespace bonebridge
