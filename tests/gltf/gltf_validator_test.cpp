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

// A clip that animates only a field (an AnimX light intensity, issue 38): the slot is a node of the scene,
// the animation keeps the track in its extras and animates the light through KHR_animation_pointer.
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

// The same with a field glTF cannot animate here (a material's): only extras, and the channel that holds
// the node still.
Scene placeholder_only() {
  Scene scene = property_only();
  scene.clips[0].properties[0].property = "PBS_Metallic.Smoothness";
  return scene;
}

TEST(GltfValidator, PropertyOnlyClip) {
  expect_valid(property_only(), {}, "property-only");
  expect_valid(property_only(), {.binary = false, .generate_mesh = false}, "property-only-no-mesh");
  expect_valid(placeholder_only(), {}, "placeholder-only");
  expect_valid(placeholder_only(), {.binary = false, .generate_mesh = false}, "placeholder-only-no-mesh");
}

TEST(GltfStructure, PropertyOnlyClipReadsBackWithoutMotion) {
  for (const Scene& scene : {property_only(), placeholder_only()}) {
    const auto bytes = gltf::write(scene, {});
    ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
    const auto back = gltf::read(*bytes);
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    ASSERT_EQ(back->clips.size(), 1u);
    EXPECT_TRUE(back->clips[0].joints.empty());
    ASSERT_EQ(back->clips[0].properties.size(), 1u);
    EXPECT_EQ(back->clips[0].properties[0].values, (std::vector<double>{0, 1}));
    EXPECT_DOUBLE_EQ(back->clips[0].duration, 2);
  }
}

// Property tracks glTF can animate (KHR_animation_pointer, core/property_targets.hpp): a CUBICSPLINE light
// intensity, a LINEAR colour with alpha (dropped), a STEP visibility; and three it cannot (a colour above 1,
// a node that does not exist, a second track on the same intensity), which stay in extras with a note.
Scene animated_properties() {
  Scene scene;
  scene.skeleton.joints = {{"Lamp", -1, {}}, {"Bulb", -1, {}}};
  Clip clip;
  clip.name = "lights";
  clip.duration = 2;
  const auto track = [](std::string node, std::string property, std::string type, int components,
                        Interpolation mode, std::vector<double> times, std::vector<double> values) {
    return PropertyTrack{std::move(node),
                         std::move(property),
                         std::move(type),
                         components,
                         mode,
                         std::move(times),
                         std::move(values),
                         {}};
  };
  clip.properties = {
      track("Lamp", "Light.Intensity", "float", 1, Interpolation::CubicSpline, {0, 2}, {0, 0, 1, -1, 2, 0}),
      track("Lamp", "Light.Color", "color", 4, Interpolation::Linear, {0, 1}, {1, 1, 1, 1, 0.5, 0.25, 0, 1}),
      track("Bulb", "ActiveSelf", "bool", 1, Interpolation::Step, {0, 1, 1.5}, {1, 0, 1}),
      track("Bulb", "Light.Color", "color", 4, Interpolation::Linear, {0, 1}, {2, 1, 1, 1, 1, 1, 1, 1}),
      track("Nowhere", "Light.Intensity", "float", 1, Interpolation::Linear, {0, 1}, {0, 1}),
      track("Lamp", "Intensity", "float", 1, Interpolation::Linear, {0, 1}, {0, 1}),
  };
  scene.clips.push_back(clip);
  return scene;
}

TEST(GltfValidator, AnimatedProperties) {
  expect_valid(animated_properties(), {}, "animated-properties");
  expect_valid(animated_properties(), {.binary = false, .generate_mesh = false}, "animated-properties-text");
}

// Reading the file back gives every track as it was, what it animates included; the pointer channels
// (which tinygltf cannot hold) are left out, so the clip moves no joint.
TEST(GltfStructure, AnimatedPropertiesReadBackAsTheyWere) {
  for (const bool binary : {true, false}) {
    const Scene scene = animated_properties();
    const auto bytes = gltf::write(scene, {.binary = binary, .generate_mesh = true});
    ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
    const std::string text(bytes->begin(), bytes->end());
    EXPECT_EQ(text.find("\"node\":-1"), std::string::npos);
    EXPECT_EQ(text.find("\"node\": -1"), std::string::npos);
    const auto back = gltf::read(*bytes);
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    ASSERT_EQ(back->clips.size(), 1u);
    EXPECT_TRUE(back->clips[0].joints.empty());
    const auto& expected = scene.clips[0].properties;
    const auto& got = back->clips[0].properties;
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].node, expected[i].node);
      EXPECT_EQ(got[i].property, expected[i].property);
      EXPECT_EQ(got[i].interpolation, expected[i].interpolation);
      EXPECT_EQ(got[i].times, expected[i].times);
      EXPECT_EQ(got[i].values, expected[i].values);
      EXPECT_EQ(got[i].value_type, expected[i].value_type);
      EXPECT_EQ(got[i].components, expected[i].components);
    }
  }
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
