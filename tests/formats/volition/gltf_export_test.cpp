// SPDX-License-Identifier: MIT
// glTF from rigs (both widths) and animations (both widths, the flag combinations, with and without a rig),
// checked by the Khronos glTF-Validator (tests/runtime/validate.mjs): 0 errors, 0 warnings.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "bonebridge/formats/volition/anim/bridge.hpp"
#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/anim/engine.hpp"
#include "bonebridge/formats/volition/rig/bridge.hpp"
#include "bonebridge/formats/volition/rig/codec.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "support/samples.hpp"

namespace bonebridge::volition {
namespace {

rig::Document rig(PointerWidth width) {
  return make_rig(width, {{"root", -1, {0, 0, 0}}, {"pelvis", 0, {0, 1, 0}}, {"l-thigh", 1, {0.1f, 0.9f, 0}}},
                  {{"hsattach", 2, {0, 0, -1, 0, 1, 0, 1, 0, 0}, {0, -0.4f, 0}}});
}

anim::Document anim(PointerWidth width, std::uint8_t flags) {
  anim::Document doc;
  doc.width = width;
  doc.flags = flags;
  doc.end_frame = 20;
  doc.num_rig_bones = 3;
  for (int t = 0; t < 3; ++t) {
    AnimTrack track;
    track.rotation_records.push_back(pack_rotation_record({{t, 5, -3}, {1, 2, 0}, 3, t}));
    for (int k = 0; k < 4; ++k) track.rotation_keys.push_back(pack_rotation_key({{k * 5, -k * 3, k}, 5}));
    track.translation_records.push_back({2, {t * 8, 64, 0}});
    track.translation_keys = {{10, 0, -5}, {-20, 30, 40}};
    track.translation_times = {10, 10};
    doc.tracks.push_back(track);
  }
  if (flags & kHasWeightKeys) {
    doc.weights.emplace();
    doc.weights->counts = {1, 0, 0};
  }
  doc.tail = {0, 0};
  lay_out_anim(doc);
  return doc;
}

std::filesystem::path write_glb(const Scene& scene, const std::string& name) {
  const auto bytes = gltf::write(scene, {});
  EXPECT_TRUE(bytes.ok()) << bytes.error().to_string();
  const auto dir = std::filesystem::temp_directory_path() / "bonebridge-volition-gltf";
  std::filesystem::create_directories(dir);
  const auto path = dir / (name + ".glb");
  if (bytes.ok()) {
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
  }
  return path;
}

TEST(VolitionGltf, EveryRigAndAnimationPassesTheValidator) {
  std::vector<std::filesystem::path> files;
  for (auto width : {PointerWidth::Four, PointerWidth::Eight}) {
    const rig::Document r = rig(width);
    const std::string w = width == PointerWidth::Four ? "4" : "8";
    files.push_back(write_glb(rig::to_core(r, AxisConversion::identity())->scene, "rig" + w));
    for (std::uint8_t flags : std::vector<std::uint8_t>{0x09, 0x0D, 0x49, 0x8D, 0x0F, 0x2D, 0x08}) {
      const auto doc = anim(width, flags);
      const std::string name = "anim" + w + "_" + std::to_string(flags);
      files.push_back(write_glb(anim::to_core(doc, &r, {}, AxisConversion::identity(), name)->scene, name));
      files.push_back(write_glb(anim::to_core(doc, nullptr, {}, volition_axes("mirror-x"), name)->scene,
                                name + "_norig"));
    }
  }
  files.push_back(write_glb(
      anim::to_core(anim(PointerWidth::Eight, 0x1D), nullptr, {}, AxisConversion::identity(), "morph")->scene,
      "morph"));
  std::string command =
      "node '" + (::bonebridge::testing::source_dir() / "tests/runtime/validate.mjs").string() + "'";
  for (const auto& f : files) command += " '" + f.string() + "'";
  EXPECT_EQ(std::system((command + " > /dev/null").c_str()), 0)
      << "the Khronos validator rejected one of: " << command;
}

}  // namespace
}  // namespace bonebridge::volition
