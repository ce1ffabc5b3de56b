// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <string>

#include "bonebridge/formats/sith/key/codec.hpp"
#include "support/samples.hpp"

namespace bonebridge::sith {
namespace {

const char* const kKeySamples[] = {
    "sith/urgon-testvectors/test_vector_no_markers.key",
    "sith/ijim-sed-mod/sed_cable_car_door_close.key",
    "sith/ijim-sed-mod/sed_cable_car_rock_fwd.key",
    "sith/ijim-sed-mod/sed_cc_push_button_pressed.key",
    "sith/ijim-sed-mod/sed_tram_plat_btn_pressed.key",
    "sith/ijim-sed-mod/sed_dieselgenerator.key",
    "sith/ijim-sed-mod/sed_pdgo.key",
    "sith/ijim-sed-mod/sed_pdstand.key",
    "sith/ijim-sed-mod/sed_pdhit.key",
    "sith/ijim-sed-mod/sed_in_zip_mount.key",
};

class KeySample : public ::testing::TestWithParam<const char*> {};

// Reading then writing an unmodified file gives the same bytes, comments and spacing included.
TEST_P(KeySample, RoundTripsByteForByte) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, GetParam());
  const auto bytes = testing::read_bytes(path);
  auto file = key::read(bytes);
  ASSERT_TRUE(file.ok()) << file.error().to_string();
  EXPECT_EQ(key::write(*file), bytes);
  EXPECT_TRUE(file->notes.empty()) << file->notes.front().message;
}

// The conventional writer loses no value: its output reads back to the same content, and writing that again
// gives the same text.
TEST_P(KeySample, ConventionalLayoutKeepsEveryValue) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, GetParam());
  auto file = key::read(testing::read_bytes(path));
  ASSERT_TRUE(file.ok());
  const std::string text = key::write_conventional(file->content, "");
  auto again = key::read(text);
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_TRUE(same_content(file->content, again->content));
  EXPECT_EQ(key::write_conventional(again->content, ""), text);
}

// Every truncation (every byte for the small samples, about 500 cuts for the large ones) gives either a clean
// error naming a line or, when the cut falls after the last entry, a file.
TEST_P(KeySample, TruncationsFailCleanly) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, GetParam());
  const auto bytes = testing::read_bytes(path);
  const std::size_t step = bytes.size() > 4000 ? bytes.size() / 500 + 1 : 1;
  for (std::size_t size = 0; size < bytes.size(); size += step) {
    auto file = key::read(std::span(bytes.data(), size));
    if (!file.ok()) {
      EXPECT_TRUE(file.error().line.has_value()) << size;
      EXPECT_EQ(file.error().format, "Sith .key");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Samples, KeySample, ::testing::ValuesIn(kKeySamples));

// Values read from the text of the samples by eye.
TEST(SithCodec, ReadsTheHeaderOfAJkFile) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/urgon-testvectors/test_vector_no_markers.key");
  auto file = key::read(testing::read_bytes(path));
  ASSERT_TRUE(file.ok());
  const KeyContent& key = file->content;
  EXPECT_EQ(key.header.flags, 3u);
  EXPECT_EQ(key.header.flags_decimal, 0);
  EXPECT_EQ(key.header.type, 0xFFFFu);
  EXPECT_EQ(key.header.frames, 20);
  EXPECT_FLOAT_EQ(key.header.fps, 15);
  EXPECT_EQ(key.header.joints, 25);
  EXPECT_FALSE(key.has_markers_section);
  ASSERT_EQ(key.nodes.size(), 25u);
  EXPECT_EQ(key.nodes[0].mesh_name, "$$$DUMMY");
  ASSERT_EQ(key.nodes[0].entries.size(), 9u);
  const KeyEntry& last = key.nodes[0].entries[8];
  EXPECT_FLOAT_EQ(last.frame, 18);
  EXPECT_EQ(last.flags, 2u);
  EXPECT_FLOAT_EQ(last.rotation[0], 16.00868416f);
  EXPECT_FLOAT_EQ(last.rotation_rate[0], -4.92287254f);
}

TEST(SithCodec, ReadsMarkers) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/ijim-sed-mod/sed_in_zip_mount.key");
  auto file = key::read(testing::read_bytes(path));
  ASSERT_TRUE(file.ok());
  ASSERT_EQ(file->content.markers.size(), 1u);
  EXPECT_FLOAT_EQ(file->content.markers[0].frame, 29);
  EXPECT_EQ(file->content.markers[0].type, 27);
  EXPECT_EQ(file->content.header.type, 0x018Fu);
}

TEST(SithCodec, EditedKeyIsWrittenInTheConventionalLayout) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/ijim-sed-mod/sed_cable_car_door_close.key");
  auto file = key::read(testing::read_bytes(path));
  ASSERT_TRUE(file.ok());
  file->content.nodes[0].entries[1].position[2] = -0.5f;
  const std::string text = key::write_text(*file);
  EXPECT_EQ(text.rfind("# Keyframe written by bonebridge", 0), 0u);
  EXPECT_NE(text.find("   1:       65   0x0000   0.07123701  -0.00098355  -0.50000000"), std::string::npos);
  auto again = key::read(text);
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(same_content(again->content, file->content));
}

}  // namespace
}  // namespace bonebridge::sith
