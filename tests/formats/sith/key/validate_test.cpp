// SPDX-License-Identifier: MIT
// The reject cases of research/sith-key.md ("Suggested tests") and §1.3's per-game limits, on small texts.
#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "bonebridge/formats/sith/family.hpp"
#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/formats/sith/model/codec.hpp"

namespace bonebridge::sith {
namespace {

std::string key_text(const std::string& markers, const std::string& first_entry_prefix = "0:") {
  return "SECTION: HEADER\n"
         "FLAGS 0x0003\n"
         "TYPE 0xFFFF\n"
         "FRAMES 10\n"
         "FPS 10.0\n"
         "JOINTS 1\n" +
         markers +
         "SECTION: KEYFRAME NODES\n"
         "NODES 1\n"
         "NODE 0\n"
         "MESH NAME Root\n"
         "ENTRIES 1\n" +
         first_entry_prefix +
         " 0 0x0001 1 2 3 4 5 6\n"
         "  0.5 0 0 0 0 0\n";
}

std::vector<Diagnostic> check(const std::string& text, bool strict, const char* variant = nullptr) {
  Options options;
  if (variant) options.values["variant"] = variant;
  auto doc =
      family().open(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), options);
  EXPECT_TRUE(doc.ok()) << (doc.ok() ? "" : doc.error().to_string());
  return doc.ok() ? (*doc)->check(strict) : std::vector<Diagnostic>{};
}

TEST(SithValidate, CleanFileHasNoDiagnostics) {
  const std::string text = key_text("");
  EXPECT_TRUE(check(text, true).empty());
  auto key = key::read(text);
  ASSERT_TRUE(key.ok());
  EXPECT_EQ(key->content.header.flags, 3u);            // IJIM reads %x
  EXPECT_EQ(key->content.header.flags_decimal, 0);     // JK reads %d: "0x0003" is 0
  EXPECT_EQ(key->content.nodes[0].mesh_name, "Root");  // case kept (the engine lowercases it)
}

TEST(SithValidate, WhitespaceOnlyLineIsAnErrorInStrictModeAndAWarningOtherwise) {
  std::string text = key_text("");
  text.insert(text.find("TYPE"), "   \n");  // becomes line 3
  const auto strict = check(text, true);
  ASSERT_EQ(strict.size(), 1u);
  EXPECT_TRUE(strict[0].is_error);
  EXPECT_EQ(strict[0].where.line, 3u);
  const auto lenient = check(text, false);
  ASSERT_EQ(lenient.size(), 1u);
  EXPECT_FALSE(lenient[0].is_error);
  // An indented comment is the same case once '#' is stripped.
  std::string indented = key_text("");
  indented.insert(indented.find("TYPE"), "  # note\n");
  EXPECT_EQ(check(indented, true).size(), 1u);
  // A column-0 comment, an empty line, CRLF and a ';' line are fine.
  std::string fine = key_text("");
  fine.insert(fine.find("TYPE"), "# ok\n\n;ok\r\n");
  EXPECT_TRUE(check(fine, true).empty());
}

TEST(SithValidate, MarkerCountOnTheSectionLineIsRejected) {
  const std::string text = key_text("SECTION: MARKERS 2\n1.0 1\n2.0 2\n");
  const auto diagnostics = check(text, true);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].where.line, 7u);
  EXPECT_TRUE(diagnostics[0].is_error);
  auto key = key::read(text);
  ASSERT_TRUE(key.ok());
  EXPECT_EQ(key->content.markers.size(), 2u);
}

TEST(SithValidate, NineMarkersAreTooManyForJkButNotForIjim) {
  std::string markers = "SECTION: MARKERS\nMARKERS 9\n";
  for (int i = 0; i < 9; ++i) markers += std::to_string(i) + ".0 1\n";
  const std::string text = key_text(markers);
  const auto jk = check(text, true, "jk");
  ASSERT_EQ(jk.size(), 1u);
  EXPECT_EQ(jk[0].where.line, 7u);
  EXPECT_TRUE(check(text, true, "ijim").empty());
  EXPECT_EQ(check(text, false).size(), 1u);  // one diagnostic naming JK/MotS
}

TEST(SithValidate, SpaceBeforeTheEntryColonIsRejected) {
  const auto diagnostics = check(key_text("", "0 :"), true);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].where.line, 12u);
}

TEST(SithValidate, ReaderFailuresNameTheLine) {
  std::string text = key_text("");
  text.replace(text.find("FPS 10.0"), 8, "FPS abc");
  auto key = key::read(text);
  ASSERT_FALSE(key.ok());
  EXPECT_EQ(key.error().line, 5u);
  EXPECT_NE(key.error().message.find("FPS"), std::string::npos);
  // All 15 numbers on one line: the rate row is missing.
  auto one_line = key::read(std::string(key_text("")).replace(key_text("").find("\n  0.5"), 1, " "));
  EXPECT_FALSE(one_line.ok());
}

// §1.1: CRLF, lowercase keywords and inline comments are all read as the engine reads them.
TEST(SithValidate, CrlfLowercaseAndInlineCommentsAreAccepted) {
  const std::string lf = key_text("");
  std::string crlf;
  for (char c : lf) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  auto a = key::read(lf);
  auto b = key::read(crlf);
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(b.ok()) << b.error().to_string();
  EXPECT_TRUE(same_content(a->content, b->content));
  EXPECT_EQ(key::write_text(*b), crlf);
  EXPECT_TRUE(check(crlf, true).empty());

  std::string lower = lf;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto c = key::read(lower);
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  EXPECT_EQ(c->content.nodes[0].mesh_name, "root");

  std::string commented = lf;
  commented.replace(commented.find("FRAMES 10"), 9, "FRAMES 12 # twelve, not 10");
  auto d = key::read(commented);
  ASSERT_TRUE(d.ok()) << d.error().to_string();
  EXPECT_EQ(d->content.header.frames, 12);
}

TEST(SithValidate, LineContinuationJoinsLines) {
  std::string text = key_text("");
  text.replace(text.find("FRAMES 10"), 9, "FRAMES \\\n10");
  auto key = key::read(text);
  ASSERT_TRUE(key.ok()) << key.error().to_string();
  EXPECT_EQ(key->content.header.frames, 10);
}

TEST(SithValidate, AbsurdCountsFailFastWithoutAllocating) {
  std::string text = key_text("");
  text.replace(text.find("ENTRIES 1"), 9, "ENTRIES 2000000000");
  auto key = key::read(text);
  ASSERT_FALSE(key.ok());
  EXPECT_EQ(key.error().line, 11u);
  std::string nodes = key_text("");
  nodes.replace(nodes.find("NODES 1"), 7, "NODES -5");
  EXPECT_FALSE(key::read(nodes).ok());
  const std::string model = "3DO 2.3\nSECTION: HIERARCHYDEF\nHIERARCHY NODES 1000000000\n";
  auto parsed = model::read(model);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().line, 3u);
}

TEST(SithValidate, SniffsKeysAndModels) {
  const std::string text = key_text("");
  EXPECT_TRUE(family().sniff(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size())));
  const std::string other = "hello world";
  EXPECT_FALSE(family().sniff(std::span(reinterpret_cast<const std::uint8_t*>(other.data()), other.size())));
}

}  // namespace
}  // namespace bonebridge::sith
