// SPDX-License-Identifier: MIT
// Exports scenes that exercise every sampler kind, the generated mesh and the extras, and has the Khronos
// glTF-Validator (npm gltf-validator, run by tests/runtime/validate.mjs) check each: 0 errors, 0 warnings.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "bonebridge/gltf/gltf.hpp"
#include "support/samples.hpp"

namespace bonebridge {
namespace {

Scene every_sampler_kind() {
  Scene scene;
  scene.skeleton.joints = {{"hips", -1, {{0, 1, 0}, {}, {1, 1, 1}}},
                           {"spine", 0, {{0, 0.3, 0}, {}, {1, 1, 1}}},
                           {"head", 1, {{0, 0.4, 0}, axis_angle({1, 0, 0}, 0.1), {1, 1, 1}}},
                           {"arm", 1, {{0.2, 0.3, 0}, {}, {1, 1, 1}}}};
  Clip clip;
  clip.name = "every kind";
  clip.duration = 2;
  clip.joints.push_back(
      {0,
       Channel<Vec3>{Interpolation::Linear, {0, 1, 2}, {{0, 1, 0}, {0, 1.1, 0.5}, {0, 1, 1}}},
       Channel<Quat>{Interpolation::Step, {0, 1}, {Quat{}, axis_angle({0, 1, 0}, 0.5)}},
       {}});
  clip.joints.push_back(
      {1,
       {},
       Channel<Quat>{Interpolation::CubicSpline,
                     {0, 2},
                     {Quat{0, 0, 0, 0}, Quat{}, Quat{0, 0, 0.1, 0}, Quat{0, 0, 0.1, 0},
                      axis_angle({0, 0, 1}, 0.4), Quat{0, 0, 0, 0}}},
       Channel<Vec3>{
           Interpolation::CubicSpline, {0, 2}, {{}, {1, 1, 1}, {0.2, 0, 0}, {0.2, 0, 0}, {1.2, 1, 1}, {}}}});
  clip.joints.push_back(
      {3,
       {},
       Channel<Quat>{Interpolation::Linear, {0, 0.5, 1}, {Quat{}, axis_angle({0, 0, 1}, 0.2), Quat{}}},
       {}});
  clip.visibility.push_back({2, {0, 1}, {true, false}});
  clip.events.push_back({0.5, "step", "marker"});
  scene.clips.push_back(clip);
  return scene;
}

Scene with_rigid_mesh() {
  Scene scene = every_sampler_kind();
  RigidMesh box;
  box.name = "box";
  box.joint = 2;
  box.positions = {{-0.1, 0, -0.1}, {0.1, 0, -0.1}, {0.1, 0, 0.1}, {-0.1, 0, 0.1}, {0, 0.2, 0}};
  box.triangles = {0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4, 0, 2, 1, 0, 3, 2};
  scene.meshes.push_back(box);
  // A second mesh spanning joints, coloured, with line segments: COLOR_0 and a LINES primitive.
  RigidMesh spanning = box;
  spanning.name = "spanning";
  spanning.vertex_joints = {1, 1, 2, 2, 0};
  spanning.colors = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0}, {0.5, 0.5, 0.5}};
  spanning.lines = {0, 4, 2, 4};
  scene.meshes.push_back(spanning);
  return scene;
}

void expect_valid(const Scene& scene, const gltf::ExportOptions& options, const std::string& name) {
  const auto bytes = gltf::write(scene, options);
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  const auto dir = std::filesystem::temp_directory_path() / "bonebridge-validator-test";
  std::filesystem::create_directories(dir);
  const auto path = dir / (name + (options.binary ? ".glb" : ".gltf"));
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
  const auto script = testing::source_dir() / "tests/runtime/validate.mjs";
  const std::string command = "node '" + script.string() + "' '" + path.string() + "'";
  EXPECT_EQ(std::system(command.c_str()), 0) << "the Khronos validator rejected " << path;
}

TEST(GltfValidator, GeneratedBoneMeshAndEverySamplerKind) {
  expect_valid(every_sampler_kind(), {}, "bones");
}
TEST(GltfValidator, TextGltfWithoutMesh) {
  expect_valid(every_sampler_kind(), {.binary = false, .generate_mesh = false}, "no-mesh");
}
TEST(GltfValidator, RigidMeshOfTheScene) {
  expect_valid(with_rigid_mesh(), {}, "rigid");
}

// A clip that animates only a field glTF has no channel for (an AnimX light intensity, issue 38): the slot is
// a node of the scene and the animation keeps the track in its extras, with one channel holding the node
// still.
Scene property_only() {
  Scene scene;
  scene.skeleton.joints = {{"Light", -1, {}}};
  Clip clip;
  clip.name = "fade";
  clip.duration = 2;
  clip.properties.push_back(
      {"Light", "Intensity", "float", 1, Interpolation::Linear, {0, 2}, {0.0, 1.0}, {}});
  scene.clips.push_back(clip);
  return scene;
}

TEST(GltfValidator, PropertyOnlyClip) {
  expect_valid(property_only(), {}, "property-only");
  expect_valid(property_only(), {.binary = false, .generate_mesh = false}, "property-only-no-mesh");
}

TEST(GltfStructure, PropertyOnlyClipReadsBackWithoutMotion) {
  const auto bytes = gltf::write(property_only(), {});
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  const auto back = gltf::read(*bytes);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  ASSERT_EQ(back->clips.size(), 1u);
  EXPECT_TRUE(back->clips[0].joints.empty());
  ASSERT_EQ(back->clips[0].properties.size(), 1u);
  EXPECT_EQ(back->clips[0].properties[0].values, (std::vector<double>{0, 1}));
  EXPECT_DOUBLE_EQ(back->clips[0].duration, 2);
}

// The writer's self-check: a scene with nothing to show is an error, not a file the validator rejects.
TEST(GltfStructure, AnEmptySceneIsRefused) {
  Scene scene = property_only();
  scene.skeleton.joints.clear();
  const auto bytes = gltf::write(scene, {.binary = true, .generate_mesh = false});
  ASSERT_FALSE(bytes.ok());
  EXPECT_NE(bytes.error().message.find("/scenes/0/nodes is empty"), std::string::npos)
      << bytes.error().message;
}

}  // namespace
}  // namespace bonebridge
