#include <gtest/gtest.h>

#include <string>

#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/formats/sith/model/codec.hpp"
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
const char* const kModelSamples[] = {
    "sith/ijim-sed-mod/sed_cable_car.3do", "sith/ijim-sed-mod/sed_cc_push_button.3do",
    "sith/ijim-sed-mod/sed_tram_platform.3do", "sith/ijim-sed-mod/sed_dieselgenerator.3do",
    "sith/ijim-sed-mod/sed_pd.3do"};

class KeySample : public ::testing::TestWithParam<const char*> {};

// Reading then writing an unmodified file gives the same bytes, comments and spacing included.
TEST_P(KeySample, RoundTripsByteForByte) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, GetParam());
  const auto bytes = testing::read_bytes(path);
  auto file = read_key(bytes);
  ASSERT_TRUE(file.ok()) << file.error().to_string();
  EXPECT_EQ(write_key(*file), bytes);
  EXPECT_TRUE(file->notes.empty()) << file->notes.front().message;
}

// The conventional writer loses no value: its output reads back to the same content, and writing that again
// gives the same text.
TEST_P(KeySample, ConventionalLayoutKeepsEveryValue) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, GetParam());
  auto file = read_key(testing::read_bytes(path));
  ASSERT_TRUE(file.ok());
  const std::string text = write_key_conventional(file->content, "");
  auto again = read_key(text);
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_TRUE(same_content(file->content, again->content));
  EXPECT_EQ(write_key_conventional(again->content, ""), text);
}

// Every truncation (every byte for the small samples, about 500 cuts for the large ones) gives either a clean
// error naming a line or, when the cut falls after the last entry, a file.
TEST_P(KeySample, TruncationsFailCleanly) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, GetParam());
  const auto bytes = testing::read_bytes(path);
  const std::size_t step = bytes.size() > 4000 ? bytes.size() / 500 + 1 : 1;
  for (std::size_t size = 0; size < bytes.size(); size += step) {
    auto file = read_key(std::span(bytes.data(), size));
    if (!file.ok()) {
      EXPECT_TRUE(file.error().line.has_value()) << size;
      EXPECT_EQ(file.error().format, "Sith .key");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Samples, KeySample, ::testing::ValuesIn(kKeySamples));

class ModelSample : public ::testing::TestWithParam<const char*> {};

TEST_P(ModelSample, RoundTripsByteForByte) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, GetParam());
  const auto bytes = testing::read_bytes(path);
  auto file = read_model(bytes);
  ASSERT_TRUE(file.ok()) << file.error().to_string();
  auto written = write_model(*file);
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(*written, bytes);
  EXPECT_FALSE(file->content.hierarchy.empty());
}

// Truncations every few bytes (the larger models make every byte too slow): a clean error naming a line, or
// (when only trailing sections are cut) a model.
TEST_P(ModelSample, TruncationsFailCleanly) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, GetParam());
  const auto bytes = testing::read_bytes(path);
  const std::size_t step = bytes.size() / 300 + 1;
  for (std::size_t size = 0; size < bytes.size(); size += step) {
    auto file = read_model(std::span(bytes.data(), size));
    if (!file.ok()) {
      EXPECT_TRUE(file.error().line.has_value()) << size;
      EXPECT_EQ(file.error().format, "Sith .3do");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Samples, ModelSample, ::testing::ValuesIn(kModelSamples));

// Values read from the text of the samples by eye.
TEST(SithCodec, ReadsTheHeaderOfAJkFile) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/urgon-testvectors/test_vector_no_markers.key");
  auto file = read_key(testing::read_bytes(path));
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
  auto file = read_key(testing::read_bytes(path));
  ASSERT_TRUE(file.ok());
  ASSERT_EQ(file->content.markers.size(), 1u);
  EXPECT_FLOAT_EQ(file->content.markers[0].frame, 29);
  EXPECT_EQ(file->content.markers[0].type, 27);
  EXPECT_EQ(file->content.header.type, 0x018Fu);
}

TEST(SithCodec, EditedKeyIsWrittenInTheConventionalLayout) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/ijim-sed-mod/sed_cable_car_door_close.key");
  auto file = read_key(testing::read_bytes(path));
  ASSERT_TRUE(file.ok());
  file->content.nodes[0].entries[1].position[2] = -0.5f;
  const std::string text = write_key_text(*file);
  EXPECT_EQ(text.rfind("# Keyframe written by bonebridge", 0), 0u);
  EXPECT_NE(text.find("   1:       65   0x0000   0.07123701  -0.00098355  -0.50000000"), std::string::npos);
  auto again = read_key(text);
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(same_content(again->content, file->content));
}

TEST(SithCodec, ReadsTheCableCarHierarchyAndMeshes) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/ijim-sed-mod/sed_cable_car.3do");
  auto file = read_model(testing::read_bytes(path));
  ASSERT_TRUE(file.ok());
  const ModelContent& model = file->content;
  EXPECT_EQ(model.version, "2.3");
  ASSERT_EQ(model.hierarchy.size(), 3u);
  const HierarchyNode& door = model.hierarchy[2];
  EXPECT_EQ(door.name, "door");
  EXPECT_EQ(door.mesh, 1);
  EXPECT_EQ(door.parent, 0);
  EXPECT_EQ(door.type, 1u);
  EXPECT_FLOAT_EQ(door.position[0], 0.071237f);
  EXPECT_FLOAT_EQ(door.position[2], -0.113884f);
  ASSERT_EQ(model.meshes.size(), 2u);
  EXPECT_EQ(model.meshes[0].name, "cable_car");
  EXPECT_EQ(model.meshes[0].vertices.size(), 90u);
  EXPECT_EQ(model.meshes[0].faces.size(), 60u);
  EXPECT_EQ(model.meshes[0].faces[2].vertices.size(), 10u);  // "10    7,  6   6,  7 ..."
  EXPECT_EQ(model.meshes[0].faces[2].vertices[0], 7);
}

TEST(SithCodec, EditedHierarchyRowIsRewrittenInPlace) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/ijim-sed-mod/sed_cable_car.3do");
  const auto bytes = testing::read_bytes(path);
  auto file = read_model(bytes);
  ASSERT_TRUE(file.ok());
  file->content.hierarchy[2].rotation[1] = 45;
  auto written = write_model(*file);
  ASSERT_TRUE(written.ok());
  // The row of the file with yaw -0.000000 replaced; every other byte unchanged.
  std::string expected(bytes.begin(), bytes.end());
  const std::string old_row =
      "     2:  0x0000 0x00001        1        0      -1        -1             0   0.071237  -0.000984  "
      "-0.113884"
      "   0.000000  -0.000000  -0.000000   0.000000   0.000000   0.000000  door";
  const std::string new_row =
      "     2:  0x0000 0x00001        1        0      -1        -1             0   0.071237  -0.000984  "
      "-0.113884"
      "   0.000000  45.000000  -0.000000   0.000000   0.000000   0.000000  door";
  ASSERT_NE(expected.find(old_row), std::string::npos);
  expected.replace(expected.find(old_row), old_row.size(), new_row);
  EXPECT_EQ(std::string(written->begin(), written->end()), expected);
  auto again = read_model(*written);
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(same_content(again->content, file->content));
  file->content.meshes[0].vertices[0][0] = 1;
  EXPECT_FALSE(write_model(*file).ok());
}

}  // namespace
}  // namespace bonebridge::sith
