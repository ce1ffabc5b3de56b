// SPDX-License-Identifier: MIT
// --skeleton: the clip drives the joints of a glTF hierarchy, matched by name, with their rest poses.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "bonebridge/core/fidelity.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/animx/family.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "support/samples.hpp"

namespace bonebridge::animx::animation {
namespace {

// Hips at the root; Head under Hips, offset 0.2 along glTF's +X (Resonite's -X) and 0.5 up; an unanimated
// joint "Spine" between them.
std::filesystem::path write_skeleton() {
  Scene scene;
  scene.skeleton.joints = {{"Hips", -1, {}},
                           {"Spine", 0, {{0, 0.1, 0}, {}, {1, 1, 1}}},
                           {"Head", 1, {{0.2, 0.4, 0}, {}, {1, 1, 1}}}};
  const auto bytes = gltf::write(scene, {.binary = true, .generate_mesh = false});
  const auto path = std::filesystem::temp_directory_path() / "bonebridge-animx-skeleton.glb";
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
  return path;
}

TEST(AnimxSkeleton, EngineComposesTheGivenHierarchyAndTheExportFollowsIt) {
  BONEBRIDGE_REQUIRE_SAMPLE(sample, "animx/sample_plain.animx");
  const auto bytes = testing::read_bytes(sample);
  Options options;
  options.values["skeleton"] = write_skeleton().string();
  auto document = family().open(bytes, options);
  ASSERT_TRUE(document.ok()) << document.error().to_string();

  const EnginePose pose = *(*document)->sample(1.0);
  ASSERT_GE(pose.joints.size(), 4u);  // Hips, Spine, Head from the file; Tan (not in it) as an extra root
  EXPECT_EQ(pose.joints[2].name, "Head");
  EXPECT_EQ(pose.joints[2].parent, 1);
  EXPECT_EQ(pose.joints[3].name, "Tan");
  EXPECT_EQ(pose.joints[3].parent, -1);
  // Spine has no track: it keeps its rest pose, brought into Resonite's frame (x mirrored: 0 stays 0).
  EXPECT_NEAR(pose.joints[1].local.translation.y, 0.1, 1e-12);
  // Model = parent model x local, by hand for Head's translation.
  const Vec3 expected = transform_point(pose.joints[1].model, pose.joints[2].local.translation);
  EXPECT_NEAR(distance(pose.joints[2].model.translation(), expected), 0.0, 1e-9);

  // The core clip (glTF frame) played by the core sampler follows the engine's hierarchy.
  const auto core = (*document)->to_core(options);
  ASSERT_TRUE(core.ok()) << core.error().to_string();
  ASSERT_EQ(core->scene.skeleton.joints[2].parent, 1);
  EXPECT_NEAR(core->scene.skeleton.joints[2].rest.translation.x, 0.2, 1e-12);  // back in glTF's frame
  ClipPoser poser(core->scene.skeleton, core->scene.clips[0]);
  const AxisConversion to_game = core->conversion.inverse();
  const auto report = measure_fidelity(
      time_grid((*document)->duration(), 1.0 / 480),
      [&](double t, std::vector<Vec3>& p) {
        p.clear();
        const EnginePose engine_pose = *(*document)->sample(t);
        for (const auto& joint : engine_pose.joints) p.push_back(joint.model.translation());
      },
      [&](double t, std::vector<Vec3>& p) {
        p.clear();
        for (const auto& m : poser.model_at(t)) p.push_back(to_game.point(m.translation()));
      });
  // The same bound as the flat-skeleton fidelity test: resampled rotations within about 0.05 degrees.
  EXPECT_LT(report.max, 5e-3) << "worst joint " << report.worst_joint << " at " << report.worst_time;
}

TEST(AnimxSkeleton, AMissingSkeletonFileIsAnErrorNamingIt) {
  BONEBRIDGE_REQUIRE_SAMPLE(sample, "animx/sample_plain.animx");
  Options options;
  options.values["skeleton"] = "/nonexistent/skeleton.glb";
  const auto document = family().open(testing::read_bytes(sample), options);
  ASSERT_FALSE(document.ok());
  EXPECT_EQ(document.error().file, "/nonexistent/skeleton.glb");
}

}  // namespace
}  // namespace bonebridge::animx::animation
