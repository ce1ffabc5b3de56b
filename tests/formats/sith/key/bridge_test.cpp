// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/key/bridge.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "bonebridge/core/sampler.hpp"
#include "formats/sith/test_files.hpp"

namespace bonebridge::sith {
namespace {

using testing_support::load_key;
using testing_support::load_model;

TEST(SithBridge, EulerDecompositionInvertsTheEngineRotation) {
  for (const std::array<float, 3> pyr : {std::array<float, 3>{20, 35, -50}, {-80, 170, 100}, {0, -179, 3}}) {
    const auto back = pitch_yaw_roll(rotation_quat(pyr));
    for (std::size_t i = 0; i < 3; ++i) EXPECT_NEAR(back[i], pyr[i], 1e-4);
  }
}

// Fidelity of KEY -> core: model-space joint positions of the engine against the core clip sampled as glTF
// specifies (ClipSampler + local_to_model), every 1/240 s, after the Z-up to Y-up conversion.
// Threshold: 1e-4 of the skeleton's extent. Translations are exact (linear in the frame); rotations are
// split until slerp is within 0.01 degrees of the Euler-linear path, which moves a point at distance d by at
// most d * 1.7e-4; jumps are kept 1e-4 s apart and a 1/240 s grid may fall inside one such window only by
// chance (none does in the samples).
TEST(SithBridge, CoreClipMatchesEngineOnEverySample) {
  for (const auto& sample : testing_support::kKeyCases) {
    BONEBRIDGE_LOAD_KEY_CASE(sample);
    BridgeOptions options;
    auto core = key::to_core(key, with_model ? &model : nullptr, options);
    ASSERT_TRUE(core.ok()) << core.error().to_string();
    const key::Engine engine(key.content, with_model ? model_nodes(model.content) : flat_nodes(key.content),
                             options.dialect);
    const FidelityReport report = measure_key_fidelity(engine, *core, 1.0 / 240);
    std::printf("fidelity %-55s max %.3g p99 %.3g extent %.3g samples %zu\n", sample.key, report.max,
                report.p99, report.extent, report.samples);
    EXPECT_GT(report.samples, 0u);
    EXPECT_LE(report.max, 1e-4 * std::max(report.extent, 1e-3))
        << sample.key << " worst at t=" << report.worst_time << " joint " << report.worst_joint;
  }
}

Quat rotation_of(const Mat4& m) {
  Mat3 r;
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) r.at(row, col) = m.at(row, col);
  }
  return to_quat(r);
}

// Joint positions miss a leaf turning in place (sed_dieselgenerator.key spins its only animated node), so
// the model-space orientation of every joint is compared too. Threshold 0.05 degrees: splits are checked at
// quarter points to 0.01 degrees, and in between the slerp-vs-Euler gap grows at most quadratically.
TEST(SithBridge, CoreClipOrientationsMatchEngine) {
  for (const auto& sample : testing_support::kKeyCases) {
    BONEBRIDGE_LOAD_KEY_CASE(sample);
    auto core = key::to_core(key, with_model ? &model : nullptr, {});
    ASSERT_TRUE(core.ok());
    const key::Engine engine(key.content, with_model ? model_nodes(model.content) : flat_nodes(key.content),
                             Dialect::InfernalMachine);
    const Clip& clip = core->scene.clips[0];
    ClipPoser poser(core->scene.skeleton, clip);
    double worst = 0;
    for (double t : time_grid(clip.duration, 1.0 / 240)) {
      const auto joints = engine.joint_matrices(static_cast<float>(t * engine.fps()));
      const auto& model_space = poser.model_at(t);
      for (std::size_t n = 0; n < joints.size(); ++n) {
        const Quat expected = rotation_of(core->conversion.matrix(joints[n]));
        const Quat actual = rotation_of(model_space[static_cast<std::size_t>(core->core_joint_of[n])]);
        worst = std::max(worst, angle_between(expected, actual));
      }
    }
    std::printf("orientation %-52s max %.3g degrees\n", sample.key, worst * 180 / kPi);
    EXPECT_LE(worst * 180 / kPi, 0.05) << sample.key;
  }
}

TEST(SithBridge, CarriesModelMeshesRigidlyBound) {
  BONEBRIDGE_REQUIRE_SAMPLE(key_path, "sith/ijim-sed-mod/sed_cable_car_door_close.key");
  BONEBRIDGE_REQUIRE_SAMPLE(model_path, "sith/ijim-sed-mod/sed_cable_car.3do");
  const key::Document key = load_key(key_path);
  const model::Document model = load_model(model_path);
  auto core = key::to_core(key, &model, {});
  ASSERT_TRUE(core.ok());
  ASSERT_EQ(core->scene.meshes.size(), 2u);  // cable_car (node 1) and door (node 2); node 0 has mesh -1
  EXPECT_EQ(core->scene.meshes[0].name, "cable_car");
  EXPECT_EQ(core->scene.meshes[0].positions.size(), 90u);
  // Mesh 0 has 60 faces; face 0 is a hexagon (4 triangles), face 2 a decagon (8 triangles).
  EXPECT_EQ(core->scene.meshes[0].triangles.size() % 3, 0u);
  // Vertex 0 (0.010000, -0.044779, -0.097423), Z-up to Y-up: (x, z, -y).
  const Vec3 v = core->scene.meshes[0].positions[0];
  EXPECT_NEAR(v.x, 0.01, 1e-6);
  EXPECT_NEAR(v.y, -0.097423, 1e-6);
  EXPECT_NEAR(v.z, 0.044779, 1e-6);
  ASSERT_EQ(core->scene.skeleton.joints.size(), 3u);
  EXPECT_EQ(core->scene.skeleton.joints[2].name, "door");
  EXPECT_EQ(core->scene.skeleton.joints[2].parent, 0);
  ASSERT_EQ(core->scene.clips.size(), 1u);
  EXPECT_DOUBLE_EQ(core->scene.clips[0].duration, 66.0 / 30.0);
}

TEST(SithBridge, RefusesNonFiniteValues) {
  key::Document key;
  key.content.header.frames = 2;
  key.content.header.fps = 1;
  key.content.header.joints = 1;
  KeyEntry entry;
  entry.rotation[0] = std::numeric_limits<float>::quiet_NaN();
  key.content.nodes.push_back(KeyNode{0, "n", {entry}});
  auto core = key::to_core(key, nullptr, {});
  ASSERT_FALSE(core.ok());
  EXPECT_NE(core.error().message.find("nan"), std::string::npos);
}

TEST(SithBridge, MarkersBecomeEvents) {
  BONEBRIDGE_REQUIRE_SAMPLE(key_path, "sith/ijim-sed-mod/sed_in_zip_mount.key");
  auto core = key::to_core(load_key(key_path), nullptr, {});
  ASSERT_TRUE(core.ok());
  ASSERT_EQ(core->scene.clips[0].events.size(), 1u);
  EXPECT_DOUBLE_EQ(core->scene.clips[0].events[0].time, 29.0 / 30.0);
  EXPECT_EQ(core->scene.clips[0].events[0].type, "27");
}

}  // namespace
}  // namespace bonebridge::sith
