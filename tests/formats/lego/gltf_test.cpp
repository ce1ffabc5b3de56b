// The bridge through real glTF files: every export passes the Khronos validator, our own glTF comes back to
// an .ani that plays like the original, and a glTF authored in Blender becomes an .ani whose engine
// evaluation matches the glTF.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lego/bridge.hpp"
#include "bonebridge/formats/lego/codec.hpp"
#include "bonebridge/formats/lego/engine.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "fixtures.hpp"
#include "support/samples.hpp"

namespace bonebridge::lego {
namespace {

bool node_available() {
  return std::system("node --version > /dev/null 2>&1") == 0;
}

void expect_valid_gltf(const std::vector<std::uint8_t>& glb, const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "bonebridge-lego-gltf-test";
  std::filesystem::create_directories(dir);
  const auto path = dir / (name + ".glb");
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(glb.data()), static_cast<std::streamsize>(glb.size()));
  const auto script = bonebridge::testing::source_dir() / "tests/runtime/validate.mjs";
  const std::string command = "node '" + script.string() + "' '" + path.string() + "' > /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << "the Khronos validator rejected " << path;
}

std::vector<std::pair<std::string, Document>> documents() {
  std::vector<std::pair<std::string, Document>> out{{"waving_arm", fixtures::waving_arm()},
                                                    {"camera_flyby", fixtures::camera_flyby()}};
  const auto sample = bonebridge::testing::samples_dir() / "lego/pns065rd.ani";
  if (std::filesystem::exists(sample)) {
    auto document = read(bonebridge::testing::read_bytes(sample));
    if (document.ok()) out.emplace_back("pns065rd", std::move(document).value());
  }
  return out;
}

TEST(LegoGltf, EveryExportPassesTheKhronosValidator) {
  if (!node_available()) GTEST_SKIP() << "SKIPPED LOUDLY: node is absent, the validator cannot run";
  for (const auto& [name, document] : documents()) {
    const auto glb = gltf::write(to_core(document).scene, {});
    ASSERT_TRUE(glb.ok()) << glb.error().to_string();
    expect_valid_gltf(*glb, "lego-" + name);
  }
}

double engine_difference(const Document& expected, const Document& actual) {
  const Engine a(expected), b(actual);
  EXPECT_EQ(a.nodes().size(), b.nodes().size());
  double worst = 0;
  for (std::int32_t ms = 0; ms <= expected.duration; ++ms) {
    const auto pa = a.evaluate(ms), pb = b.evaluate(ms);
    for (std::size_t i = 0; i < std::min(pa.size(), pb.size()); ++i) {
      for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c) {
          worst = std::max(worst, static_cast<double>(std::abs(pa[i].world[r][c] - pb[i].world[r][c])));
        }
      }
    }
    const auto ca = a.camera(ms), cb = b.camera(ms);
    EXPECT_EQ(ca.has_value(), cb.has_value());
    if (ca && cb) {
      for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c)
          worst = std::max(worst, static_cast<double>(std::abs((*ca)[r][c] - (*cb)[r][c])));
      }
    }
  }
  return worst;
}

// Our glTF (times and values in float32) back to .ani: the engine plays it like the original.
TEST(LegoGltf, OurGltfBecomesAnAniThatPlaysLikeTheOriginal) {
  for (const auto& [name, document] : documents()) {
    const auto glb = gltf::write(to_core(document).scene, {});
    ASSERT_TRUE(glb.ok()) << glb.error().to_string();
    const auto scene = gltf::read(*glb);
    ASSERT_TRUE(scene.ok()) << scene.error().to_string();
    const auto back = from_core(*scene);
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    const auto reread = read(write(back->document));
    ASSERT_TRUE(reread.ok());
    EXPECT_EQ(reread->camera.has_value(), document.camera.has_value()) << name;
    EXPECT_EQ(reread->actors, document.actors) << name;
    const double worst = engine_difference(document, *reread);
    std::printf("%s -> glTF -> .ani: max world matrix difference %.3g\n", name.c_str(), worst);
    EXPECT_LT(worst, 1e-4) << name;
  }
}

// A glTF authored in Blender (tests/data/blender_arm.glb, sampled LINEAR keys at 24 fps): the engine of the
// converted .ani against the core sampler on the imported scene, every millisecond, positions in glTF's
// frame.
TEST(LegoGltf, BlenderGltfBecomesAnAniMatchingTheGltf) {
  const auto path = bonebridge::testing::source_dir() / "tests/data/blender_arm.glb";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "SKIPPED LOUDLY: " << path << " is absent";
  const auto scene = gltf::read(bonebridge::testing::read_bytes(path));
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  const auto converted = from_core(*scene);
  ASSERT_TRUE(converted.ok()) << converted.error().to_string();
  const auto document = read(write(converted->document));
  ASSERT_TRUE(document.ok());
  const Engine engine(*document);
  const Skeleton& skeleton = scene->skeleton;
  ASSERT_EQ(engine.nodes().size(), skeleton.joints.size());  // one root: no grouping node added
  ClipPoser poser(skeleton, scene->clips[0]);
  const AxisConversion mirror = AxisConversion::mirror_x();
  double worst = 0, extent = 0;
  for (std::int32_t ms = 0; ms <= document->duration; ++ms) {
    const auto& model = poser.model_at(ms / 1000.0);
    const auto poses = engine.evaluate(ms);
    for (std::size_t i = 0; i < poses.size(); ++i) {
      const Vec3 game{poses[i].world[3][0], poses[i].world[3][1], poses[i].world[3][2]};
      worst = std::max(worst, distance(mirror.point(game), model[i].translation()));
      extent = std::max(extent, length(model[i].translation()));
    }
  }
  std::printf("Blender glTF -> .ani: max joint position error %.3g (joints within %.3f of the origin)\n",
              worst, extent);
  EXPECT_GT(document->duration, 1900);
  EXPECT_LT(worst, 1e-5);
}

}  // namespace
}  // namespace bonebridge::lego
