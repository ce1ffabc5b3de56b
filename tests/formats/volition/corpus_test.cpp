// SPDX-License-Identifier: MIT
// The fuzz seed corpora (fuzz/corpus/volition_*/) are this project's writer's output for documents built
// here. With BONEBRIDGE_WRITE_CORPUS=1 the test (re)writes them; otherwise it checks that they still equal
// what the writer produces, so a layout change cannot leave stale seeds behind.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "bonebridge/formats/volition/anim/bridge.hpp"
#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/anim/engine.hpp"
#include "bonebridge/formats/volition/cloth/codec.hpp"
#include "bonebridge/formats/volition/rig/codec.hpp"
#include "support/samples.hpp"

namespace bonebridge::volition {
namespace {

using Seeds = std::map<std::string, std::vector<std::uint8_t>>;

cloth::Document small_cloth(bool with_collider) {
  cloth::Document doc;
  const char name[] = "seed_cloth";
  std::copy(std::begin(name), std::end(name), doc.name.begin());
  doc.air_resistance = 0.85f;
  doc.wind_multiplier = 0.01f;
  doc.wind_const = 1.0f;
  doc.gravity_multiplier = 1.0f;
  doc.object_velocity_inheritance = 0.1f;
  doc.num_anchor_nodes = 2;
  doc.nodes = {{0, -1, -1, 0, 0, 0xCCCCCCCC, {0, 0, 0}, {0, 1, 0}},
               {1, -1, -1, 0, 0, 0xCCCCCCCC, {0, 0, 0}, {1, 1, 0}},
               {-1, 0, 0, 0, 0xFFFFFFFF, 0x3F800000, {0, 0, 0}, {0, 0.5f, 0}}};
  doc.links = {{0, 2, 0, 0.5f, 0.05f}, {1, 2, 0, 1.118034f, 0.05f}};
  if (with_collider) doc.colliders = {{3, 1, 0, 0.1f, 0.4f, {0, 0, 0}, {0, 1, 0}, {0, 0.2f, 0}}};
  return doc;
}

anim::Document small_anim(PointerWidth width, std::uint8_t flags, bool mapping) {
  anim::Document doc;
  doc.width = width;
  doc.flags = flags;
  doc.end_frame = 12;
  doc.num_rig_bones = 3;
  for (int t = 0; t < 2; ++t) {
    AnimTrack track;
    track.rotation_records.push_back(pack_rotation_record({{1, -1, 0}, {0, 1, 2}, 2, 3}));
    for (int k = 0; k < 3; ++k) track.rotation_keys.push_back(pack_rotation_key({{k, -k, 3}, 4}));
    track.translation_records.push_back({2, {t, 64, -3}});
    track.translation_keys = {{1, 2, 3}, {-4, 5, -6}};
    track.translation_times = {6, 6};
    doc.tracks.push_back(track);
  }
  if (mapping) doc.bone_mapping = {2, 0};
  if (flags & kHasWeightKeys) {
    doc.weights.emplace();
    doc.weights->counts = {1, 1};
    doc.weights->values = {0.5f, 1.0f};
    doc.weights->times = {3, 9};
  }
  doc.tail = {0, 0};
  lay_out_anim(doc);
  return doc;
}

Seeds expected_seeds() {
  Seeds seeds;
  seeds["volition_cloth/chain.sim_pc"] = cloth::write(small_cloth(false));
  seeds["volition_cloth/collider.sim_pc"] = cloth::write(small_cloth(true));
  const std::vector<RigBoneSpec> bones{
      {"root", -1, {0, 0, 0}}, {"pelvis", 0, {0, 1, 0}}, {"head", 1, {0, 1.7f, 0}}};
  const std::vector<RigTagSpec> tags{{"hsattach", 2, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {0, 0.1f, 0}}};
  seeds["volition_rig/rfg.rig_pc"] = rig::write(make_rig(PointerWidth::Four, bones, tags));
  seeds["volition_rig/sr3.rig_pc"] = rig::write(make_rig(PointerWidth::Eight, bones, tags));
  seeds["volition_anim/sr3_0d.anim_pc"] = anim::write(small_anim(PointerWidth::Eight, 0x0D, false));
  seeds["volition_anim/sr3_4d_mapped.anim_pc"] = anim::write(small_anim(PointerWidth::Eight, 0x4D, true));
  seeds["volition_anim/sr3_8d.anim_pc"] = anim::write(small_anim(PointerWidth::Eight, 0x8D, false));
  seeds["volition_anim/sr3_1d_morph.anim_pc"] = anim::write(small_anim(PointerWidth::Eight, 0x1D, false));
  seeds["volition_anim/sr3_2b_long.anim_pc"] = anim::write(small_anim(PointerWidth::Eight, 0x2B, false));
  seeds["volition_anim/rfg_09.anim_pc"] = anim::write(small_anim(PointerWidth::Four, 0x09, false));
  return seeds;
}

// A small character and a two-second wave of its left arm, for examples/volition/ (convert the clip with
// --rig wave_character.rig_pc).
std::vector<RigBoneSpec> example_bones() {
  return {{"root", -1, {0, 0, 0}},
          {"pelvis", 0, {0, 1.0f, 0}},
          {"spine2", 1, {0, 1.3f, 0}},
          {"head", 2, {0, 1.65f, 0}},
          {"l-upperarm", 2, {0.2f, 1.5f, 0}},
          {"l-forearm", 4, {0.5f, 1.5f, 0}},
          {"r-upperarm", 2, {-0.2f, 1.5f, 0}},
          {"r-forearm", 6, {-0.5f, 1.5f, 0}}};
}

Seeds example_files() {
  const std::vector<RigTagSpec> tags{{"hsattach", 3, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {0, 0.15f, 0}}};
  const rig::Document rig = make_rig(PointerWidth::Eight, example_bones(), tags);
  Skeleton skeleton;
  const auto bones = example_bones();
  for (const auto& b : bones) {
    const RigVec3 parent =
        b.parent >= 0 ? bones[static_cast<std::size_t>(b.parent)].bind_position : RigVec3{};
    skeleton.joints.push_back(
        {b.name,
         b.parent,
         {{b.bind_position.x - parent.x, b.bind_position.y - parent.y, b.bind_position.z - parent.z},
          {},
          {1, 1, 1}}});
  }
  Clip clip;
  clip.duration = 2.0;
  JointChannels upper{4, {}, Channel<Quat>{}, {}};
  JointChannels fore{5, {}, Channel<Quat>{}, {}};
  JointChannels root{0, Channel<Vec3>{}, {}, {}};
  for (int k = 0; k <= 8; ++k) {
    const double t = k * 0.25;
    upper.rotation->times.push_back(t);
    upper.rotation->values.push_back(axis_angle({0, 0, 1}, 1.2 * std::sin(kPi * t / 2)));
    fore.rotation->times.push_back(t);
    fore.rotation->values.push_back(axis_angle({0, 0, 1}, 0.6 * std::sin(kPi * t)));
    root.translation->times.push_back(t);
    root.translation->values.push_back({0, 0, 0.1 * t});
  }
  clip.joints = {root, upper, fore};
  Seeds files;
  files["volition/wave_character.rig_pc"] = rig::write(rig);
  auto encoded = anim::from_core(clip, skeleton, rig, {});
  EXPECT_TRUE(encoded);
  if (encoded) files["volition/wave.anim_pc"] = anim::write(encoded->document);
  // A second clip on the same rig (a character's second state): the head nods twice over 1.5 s while the
  // spine leans forward.
  Clip nod;
  nod.duration = 1.5;
  JointChannels spine{2, {}, Channel<Quat>{}, {}};
  JointChannels head{3, {}, Channel<Quat>{}, {}};
  for (int k = 0; k <= 6; ++k) {
    const double t = k * 0.25;
    spine.rotation->times.push_back(t);
    spine.rotation->values.push_back(axis_angle({1, 0, 0}, 0.3 * t / 1.5));
    head.rotation->times.push_back(t);
    head.rotation->values.push_back(axis_angle({1, 0, 0}, 0.5 * std::sin(2 * kPi * t / 0.75)));
  }
  nod.joints = {spine, head};
  auto nodded = anim::from_core(nod, skeleton, rig, {});
  EXPECT_TRUE(nodded);
  if (nodded) files["volition/nod.anim_pc"] = anim::write(nodded->document);
  return files;
}

TEST(VolitionExamples, ExamplesAreTheWritersOutput) {
  const auto examples = ::bonebridge::testing::source_dir() / "examples";
  const bool write = std::getenv("BONEBRIDGE_WRITE_CORPUS") != nullptr;
  for (const auto& [name, bytes] : example_files()) {
    const auto path = examples / name;
    if (write) {
      std::filesystem::create_directories(path.parent_path());
      std::ofstream(path, std::ios::binary)
          .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    EXPECT_EQ(::bonebridge::testing::read_bytes(path), bytes) << name;
  }
}

TEST(VolitionCorpus, SeedsAreTheWritersOutput) {
  const auto corpus = ::bonebridge::testing::source_dir() / "fuzz" / "corpus";
  const bool write = std::getenv("BONEBRIDGE_WRITE_CORPUS") != nullptr;
  for (const auto& [name, bytes] : expected_seeds()) {
    const auto path = corpus / name;
    if (write) {
      std::filesystem::create_directories(path.parent_path());
      std::ofstream(path, std::ios::binary)
          .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    EXPECT_EQ(::bonebridge::testing::read_bytes(path), bytes) << name;
  }
}

TEST(VolitionCorpus, SeedsReadBack) {
  for (const auto& [name, bytes] : expected_seeds()) {
    bool read = false;
    if (name.starts_with("volition_cloth")) read = cloth::read(bytes).ok();
    if (name.starts_with("volition_rig")) read = rig::read(bytes).ok();
    if (name.starts_with("volition_anim")) read = anim::read(bytes).ok();
    EXPECT_TRUE(read) << name;
  }
}

}  // namespace
}  // namespace bonebridge::volition
