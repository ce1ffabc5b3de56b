// SPDX-License-Identifier: MIT
// Every sample through the glTF writer and the Khronos validator (0 errors, 0 warnings), then back: the glb
// read, written as a KEY, and that KEY's engine compared with the glTF clip.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "bonebridge/formats/sith/key/bridge.hpp"
#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "formats/sith/test_files.hpp"

namespace bonebridge::sith {
namespace {

using testing_support::load_key;
using testing_support::load_model;

std::filesystem::path write_temp(const std::string& name, const std::vector<std::uint8_t>& bytes) {
  const auto dir = std::filesystem::temp_directory_path() / "bonebridge-sith-gltf-test";
  std::filesystem::create_directories(dir);
  const auto path = dir / name;
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return path;
}

// Engine node n of `engine` is the joint of `scene` the clip's "sith.nodes" metadata lists for its KEY node.
std::vector<int> joints_of_nodes(const key::Engine& engine, const Scene& scene) {
  const std::string& listed = scene.clips.at(0).metadata.at(kNodesMetadata);
  std::vector<long> nodes;
  for (const char* at = listed.c_str(); *at;) {
    char* end = nullptr;
    nodes.push_back(std::strtol(at, &end, 10));
    at = *end == ',' ? end + 1 : end;
  }
  std::vector<int> out(engine.nodes().size(), -1);
  for (std::size_t n = 0; n < engine.nodes().size(); ++n) {
    for (std::size_t j = 0; j < nodes.size(); ++j) {
      if (nodes[j] == engine.nodes()[n].key_index) out[n] = static_cast<int>(j);
    }
  }
  return out;
}

TEST(SithGltf, EverySampleConvertsToValidGltfAndBack) {
  std::vector<std::string> paths;
  for (const auto& sample : testing_support::kKeyCases) {
    BONEBRIDGE_LOAD_KEY_CASE(sample);
    for (const bool use_model : with_model ? std::vector<bool>{false, true} : std::vector<bool>{false}) {
      auto core = key::to_core(key, use_model ? &model : nullptr, {});
      ASSERT_TRUE(core.ok());
      auto glb = gltf::write(core->scene, {});
      ASSERT_TRUE(glb.ok()) << glb.error().to_string();
      const std::string name = key_path.stem().string() + (use_model ? "-model" : "-flat") + ".glb";
      paths.push_back(write_temp(name, *glb).string());

      // Back from the glb: KEY written from the read scene, its engine against the glTF clip.
      auto scene = gltf::read(*glb);
      ASSERT_TRUE(scene.ok()) << scene.error().to_string();
      auto written = key::from_core(*scene, {}, use_model ? &model : nullptr);
      ASSERT_TRUE(written.ok()) << written.error().to_string();
      auto reread = key::read(key::write_text(written->value));
      ASSERT_TRUE(reread.ok()) << reread.error().to_string();
      const key::Engine engine(reread->content,
                               use_model ? model_nodes(model.content) : flat_nodes(reread->content),
                               Dialect::InfernalMachine);
      CoreConversion from_gltf;
      from_gltf.scene = *scene;
      from_gltf.conversion = AxisConversion::z_up_to_y_up();
      from_gltf.core_joint_of = joints_of_nodes(engine, *scene);
      const FidelityReport report = measure_key_fidelity(engine, from_gltf, 1.0 / 240);
      std::printf("glTF->KEY %-40s max %.3g p99 %.3g extent %.3g\n", name.c_str(), report.max, report.p99,
                  report.extent);
      EXPECT_LE(report.max, 1e-4 * std::max(report.extent, 1e-3)) << name;
      EXPECT_EQ(reread->content.header.frames, key.content.header.frames) << name;
      EXPECT_EQ(reread->content.markers.size(), key.content.markers.size()) << name;
    }
  }
  std::string command = "node '" + (testing::source_dir() / "tests/runtime/validate.mjs").string() + "'";
  for (const auto& path : paths) command += " '" + path + "'";
  EXPECT_EQ(std::system(command.c_str()), 0) << "the Khronos validator rejected a converted sample";
}

}  // namespace
}  // namespace bonebridge::sith
