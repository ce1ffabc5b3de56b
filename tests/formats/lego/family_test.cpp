// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/family.hpp"

#include <gtest/gtest.h>

#include "bonebridge/formats/lego/ani/codec.hpp"
#include "fixtures.hpp"
#include "support/samples.hpp"

namespace bonebridge::lego {
namespace {

std::unique_ptr<bonebridge::Document> open_bytes(const std::vector<std::uint8_t>& bytes) {
  auto opened = family().open(bytes, Options{});
  EXPECT_TRUE(opened.ok()) << opened.error().to_string();
  return opened.ok() ? std::move(opened).value() : nullptr;
}

TEST(LegoFamily, RowDescribesTheFormat) {
  const FormatFamily row = family();
  EXPECT_EQ(row.id, "lego");
  EXPECT_EQ(row.extensions, (std::vector<std::string>{".ani", ".wdb"}));
  for (const auto& capability : row.capabilities) {
    EXPECT_FALSE(capability.note.empty()) << capability.what;
    EXPECT_TRUE(capability.confidence == "confirmed" || capability.confidence == "partial" ||
                capability.confidence == "assumed" || capability.confidence == "none");
  }
  EXPECT_TRUE(row.sniff(ani::write(fixtures::waving_arm())));
  // A Windows animated cursor (RIFF "ACON"), the other kind of .ani, is not claimed.
  const std::vector<std::uint8_t> riff{'R', 'I', 'F', 'F', 4, 0, 0, 0, 'A', 'C', 'O', 'N'};
  EXPECT_FALSE(row.sniff(riff));
  auto truncated = ani::write(fixtures::waving_arm());
  truncated.resize(40);
  EXPECT_FALSE(row.sniff(truncated));
}

TEST(LegoFamily, SampleInfoPoseAndEncode) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lego/pns065rd.ani");
  const auto bytes = bonebridge::testing::read_bytes(path);
  ASSERT_TRUE(family().sniff(bytes));
  const auto document = open_bytes(bytes);
  ASSERT_TRUE(document);
  const auto info = document->info();
  EXPECT_EQ(info["nodes"], 26);
  EXPECT_EQ(info["keys"]["translation"], 93);
  EXPECT_EQ(info["keys"]["rotation"], 132);
  EXPECT_EQ(info["duration_ms"], 5200);
  EXPECT_DOUBLE_EQ(document->duration(), 5.2);
  EXPECT_DOUBLE_EQ(document->engine_tick(), 0.001);
  EXPECT_EQ(*document->encode(), bytes);

  // RD at 850 ms (notes §5): world position (-2.159027, 0, -48.014128), in column-major elements 12..14.
  const EnginePose pose = *document->sample(0.85);
  ASSERT_EQ(pose.joints.size(), 26u);
  EXPECT_EQ(pose.joints[1].name, "RD");
  EXPECT_EQ(pose.joints[1].parent, 0);
  EXPECT_NEAR(pose.joints[1].model.m[12], -2.159027, 2e-5);
  EXPECT_NEAR(pose.joints[1].model.m[14], -48.014128, 2e-5);
  // Rotation row 0 of the game (0.870356, 0, 0.492423) is column 0 of the column-vector matrix.
  EXPECT_NEAR(pose.joints[1].model.at(0, 0), 0.870356, 2e-6);
  EXPECT_NEAR(pose.joints[1].model.at(2, 0), 0.492423, 2e-6);
  EXPECT_NEAR(pose.joints[1].local.translation.x, -2.159027, 2e-5);  // RD's parent is at the origin

  const auto dump = document->dump();
  EXPECT_EQ(dump["root"]["children"][0]["rotation"][1]["flags"], 0x05);  // raw flags, not fixed up
  EXPECT_EQ(dump["trailing"], "00");
  for (const auto& diagnostic : document->check(true)) {
    EXPECT_FALSE(diagnostic.is_error) << diagnostic.where.to_string();
  }
}

TEST(LegoFamily, CheckReportsWhatTheReaderAccepts) {
  ani::Document d = fixtures::camera_flyby();
  d.camera->target.clear();
  d.actors.push_back({"", 0});
  d.root.children[0].rotation[2].flags |= 0x80;
  const auto document = open_bytes(ani::write(d));
  ASSERT_TRUE(document);
  const auto diagnostics = document->check(true);
  int errors = 0, warnings = 0;
  for (const auto& diagnostic : diagnostics) (diagnostic.is_error ? errors : warnings)++;
  EXPECT_EQ(errors, 2);    // empty actor name, camera without target keys
  EXPECT_GE(warnings, 1);  // flag bit 0x80
}

TEST(LegoFamily, ConvertsToCoreAndBack) {
  const auto document = open_bytes(ani::write(fixtures::waving_arm()));
  ASSERT_TRUE(document);
  const auto core = document->to_core(Options{});
  ASSERT_TRUE(core.ok());
  EXPECT_TRUE(core->conversion.is_mirror());
  EXPECT_EQ(core->scene.skeleton.joints.size(), 4u);
  const auto bytes = family().from_core(core->scene, Options{});
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  const auto back = ani::read(bytes->value);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->root.children[0].children[0].name, "ELBOW");
}

}  // namespace
}  // namespace bonebridge::lego
