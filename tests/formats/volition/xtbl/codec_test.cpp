// SPDX-License-Identifier: MIT
// The .xtbl reader on hand-written tables (offsets counted by hand from the bytes written here) and on every
// table of the real table.vpp_pc.
#include <gtest/gtest.h>

#include <string>

#include "bonebridge/formats/volition/family.hpp"
#include "bonebridge/formats/volition/xtbl/codec.hpp"
#include "fake_install.hpp"
#include "support/samples.hpp"

namespace bonebridge::volition {
namespace {

Options xtbl_options() {
  Options options;
  options.placement.extension = ".xtbl";
  return options;
}

std::vector<std::uint8_t> bytes_of(std::string_view text) {
  return {text.begin(), text.end()};
}

TEST(XtblCodec, ReadsTheElementTreeWithOffsetsAndWritesTheBytesBack) {
  //                          0         1         2         3         4
  //                          0123456789012345678901234567890123456789012345
  const std::string text = "<root><Table>\r\n<A x=\"1\"> hi </A><B/></Table></root>\r\n";
  const auto bytes = bytes_of(text);
  const auto table = xtbl::read(bytes);
  ASSERT_TRUE(table.ok()) << table.error().to_string();
  EXPECT_EQ(table->root.name, "root");
  EXPECT_EQ(table->root.offset, 1u);
  ASSERT_EQ(table->root.children.size(), 1u);
  const auto& entries = table->root.children[0];
  EXPECT_EQ(entries.name, "Table");
  EXPECT_EQ(entries.offset, 7u);
  ASSERT_EQ(entries.children.size(), 2u);
  EXPECT_EQ(entries.children[0].name, "A");
  EXPECT_EQ(entries.children[0].offset, 16u);
  EXPECT_EQ(entries.children[0].text, " hi ");
  ASSERT_EQ(entries.children[0].attributes.size(), 1u);
  EXPECT_EQ(entries.children[0].attributes[0], (std::pair<std::string, std::string>{"x", "1"}));
  EXPECT_EQ(entries.children[1].name, "B");
  EXPECT_EQ(xtbl_text(table->root, "Table/A"), "hi");
  EXPECT_EQ(xtbl_text(table->root, "Table/C"), "");
  EXPECT_EQ(xtbl_line(*table, entries.children[0].offset), 2u);
  EXPECT_EQ(xtbl::write(*table), bytes);
}

TEST(XtblCodec, MalformedXmlIsAnErrorAtItsByteOffset) {
  // The end tag </root> (its name at byte 15) closes <Table>: the parser stops there.
  const auto table = xtbl::read(bytes_of("<root><Table></root>"));
  ASSERT_FALSE(table.ok());
  EXPECT_EQ(table.error().format, kXtblFormat);
  ASSERT_TRUE(table.error().offset.has_value());
  EXPECT_EQ(*table.error().offset, 15u) << table.error().to_string();
  EXPECT_NE(table.error().message.find("expected well-formed XML"), std::string::npos);

  const auto empty = xtbl::read(bytes_of("  "));
  ASSERT_FALSE(empty.ok());
  EXPECT_TRUE(empty.error().offset.has_value());
}

TEST(XtblCodec, DeepNestingIsRefusedNotRecursedInto) {
  std::string text;
  for (std::size_t i = 0; i < kXtblMaxDepth + 1; ++i) text += "<a>";
  for (std::size_t i = 0; i < kXtblMaxDepth + 1; ++i) text += "</a>";
  EXPECT_FALSE(xtbl::read(bytes_of(text)).ok());
  text = "";
  for (std::size_t i = 0; i < kXtblMaxDepth; ++i) text += "<a>";
  for (std::size_t i = 0; i < kXtblMaxDepth; ++i) text += "</a>";
  EXPECT_TRUE(xtbl::read(bytes_of(text)).ok());
}

TEST(XtblCodec, TextThatIsNotUtf8IsEscapedInJson) {
  EXPECT_EQ(xtbl_utf8("Schl\xFCter"), "Schl\\xFCter");         // Latin-1, as credits.xtbl has it
  EXPECT_EQ(xtbl_utf8("Schl\xC3\xBCter"), "Schl\xC3\xBCter");  // UTF-8 kept
  EXPECT_EQ(xtbl_utf8("\xED\xA0\x80"), "\\xED\\xA0\\x80");     // a surrogate is not UTF-8
  EXPECT_EQ(xtbl_utf8("\xC0\xAF"), "\\xC0\\xAF");              // nor an overlong '/'
}

TEST(XtblCodec, TheFamilyOpensATableByItsExtension) {
  const auto bytes = bytes_of(
      "<root><Table><Skeleton_Set><Name>Kid</Name><Parent_Skeleton>Male</Parent_Skeleton></Skeleton_Set>"
      "<Skeleton_Set><Name>B</Name></Skeleton_Set><Other>\xFC</Other></Table></root>");
  const auto document = open_volition(bytes, xtbl_options());
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  const auto info = (*document)->info();
  EXPECT_EQ(info["entries"]["Skeleton_Set"], 2);
  EXPECT_EQ(info["entries"]["Other"], 1);
  EXPECT_EQ(info["elements"], 8);  // root, Table, 2 Skeleton_Set, 2 Name, Parent_Skeleton, Other
  EXPECT_EQ(info["skeleton_set"], "Kid");
  EXPECT_EQ(info["parent_skeleton"], "Male");
  EXPECT_NO_THROW((void)(*document)->dump().dump());
  EXPECT_TRUE((*document)->no_gltf_form().has_value());
  EXPECT_FALSE((*document)->sample(0).ok());
  const auto encoded = (*document)->encode();
  ASSERT_TRUE(encoded.ok());
  EXPECT_EQ(*encoded, bytes);

  const auto broken = open_volition(bytes_of("<root>"), xtbl_options());
  ASSERT_FALSE(broken.ok());
  EXPECT_EQ(broken.error().format, kXtblFormat);
}

TEST(XtblCodec, EveryTableOfTheRealTablePackfileReadsAndWritesBack) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/packfiles/table.vpp_pc");
  testing::FakeInstall install("table.vpp_pc");
  ASSERT_TRUE(install.add_packfile("table.vpp_pc", testing::read_bytes(path)));
  const auto tables = install.with_extension(".xtbl");
  EXPECT_EQ(tables.size(), 423u);  // SOURCES.md: 423 XML tables
  for (const auto* file : tables) {
    const auto bytes = install.read(*file);
    ASSERT_TRUE(bytes.ok());
    const auto table = xtbl::read(*bytes);
    ASSERT_TRUE(table.ok()) << file->path << ": " << table.error().to_string();
    EXPECT_EQ(table->root.name, "root") << file->path;
    EXPECT_EQ(xtbl::write(*table), *bytes) << file->path;
    const auto document = open_volition(*bytes, xtbl_options());
    ASSERT_TRUE(document.ok()) << file->path;
    EXPECT_NO_THROW((void)(*document)->dump().dump()) << file->path;  // credits.xtbl holds Latin-1 bytes
  }
}

}  // namespace
}  // namespace bonebridge::volition
