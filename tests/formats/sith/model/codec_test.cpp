// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <string>

#include "bonebridge/formats/sith/model/codec.hpp"
#include "support/samples.hpp"

namespace bonebridge::sith {
namespace {

const char* const kModelSamples[] = {
    "sith/ijim-sed-mod/sed_cable_car.3do", "sith/ijim-sed-mod/sed_cc_push_button.3do",
    "sith/ijim-sed-mod/sed_tram_platform.3do", "sith/ijim-sed-mod/sed_dieselgenerator.3do",
    "sith/ijim-sed-mod/sed_pd.3do"};

class ModelSample : public ::testing::TestWithParam<const char*> {};

TEST_P(ModelSample, RoundTripsByteForByte) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, GetParam());
  const auto bytes = testing::read_bytes(path);
  auto file = model::read(bytes);
  ASSERT_TRUE(file.ok()) << file.error().to_string();
  auto written = model::write(*file);
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
    auto file = model::read(std::span(bytes.data(), size));
    if (!file.ok()) {
      EXPECT_TRUE(file.error().line.has_value()) << size;
      EXPECT_EQ(file.error().format, "Sith .3do");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Samples, ModelSample, ::testing::ValuesIn(kModelSamples));

TEST(SithCodec, ReadsTheCableCarHierarchyAndMeshes) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/ijim-sed-mod/sed_cable_car.3do");
  auto file = model::read(testing::read_bytes(path));
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
  auto file = model::read(bytes);
  ASSERT_TRUE(file.ok());
  file->content.hierarchy[2].rotation[1] = 45;
  auto written = model::write(*file);
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
  auto again = model::read(*written);
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(same_content(again->content, file->content));
  file->content.meshes[0].vertices[0][0] = 1;
  EXPECT_FALSE(model::write(*file).ok());
}

}  // namespace
}  // namespace bonebridge::sith
