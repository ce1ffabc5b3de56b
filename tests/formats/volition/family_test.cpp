// SPDX-License-Identifier: MIT
// The registry row, the Document objects, the bridge to the core model and the encoder.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <filesystem>

#include "bonebridge/core/fidelity.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/volition/anim/bridge.hpp"
#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/anim/engine.hpp"
#include "bonebridge/formats/volition/family.hpp"
#include "bonebridge/formats/volition/rig/bridge.hpp"
#include "bonebridge/formats/volition/rig/codec.hpp"
#include "bonebridge/io/file.hpp"
#include "support/samples.hpp"

namespace bonebridge::volition {
namespace {

rig::Document three_bone_rig() {
  return make_rig(PointerWidth::Eight,
                  {{"root", -1, {0, 0, 0}}, {"pelvis", 0, {0, 1, 0}}, {"spine2", 1, {0, 1.5f, 0.1f}}},
                  {{"hsattach", 2, {0, 0, -1, 0, 1, 0, 1, 0, 0}, {0, 0.2f, 0}}});
}

// A core clip on the three-bone rig: the pelvis turns 90 degrees about Y over one second, the root slides
// 0.5 along X; the spine is untouched.
Scene source_scene() {
  Scene scene;
  scene.skeleton.joints = {{"root", -1, {}},
                           {"pelvis", 0, {{0, 1, 0}, {}, {1, 1, 1}}},
                           {"spine2", 1, {{0, 0.5, 0.1}, {}, {1, 1, 1}}}};
  Clip clip;
  clip.name = "turn";
  clip.duration = 1.0;
  JointChannels pelvis;
  pelvis.joint = 1;
  pelvis.rotation = Channel<Quat>{Interpolation::Linear, {0, 1}, {Quat{}, axis_angle({0, 1, 0}, kPi / 2)}};
  JointChannels root;
  root.joint = 0;
  root.translation = Channel<Vec3>{Interpolation::Linear, {0, 1}, {{0, 0, 0}, {0.5, 0, 0}}};
  clip.joints = {root, pelvis};
  scene.clips.push_back(clip);
  return scene;
}

std::filesystem::path temp_file(const std::string& name, const std::vector<std::uint8_t>& bytes) {
  const auto path = std::filesystem::temp_directory_path() / ("bonebridge_volition_" + name);
  EXPECT_TRUE(write_file_atomic(path, bytes));
  return path;
}

TEST(VolitionFamily, RowNamesItsExtensionsAndStatesAssumptions) {
  const auto row = family();
  EXPECT_EQ(row.id, "volition");
  EXPECT_EQ(row.extensions, (std::vector<std::string>{".rig_pc", ".anim_pc", ".sim_pc", ".xtbl", ".asm_pc"}));
  bool fps_assumed = false;
  for (const auto& c : row.capabilities) {
    fps_assumed |= c.confidence == "assumed" && c.note.find("30 fps") != std::string::npos;
  }
  EXPECT_TRUE(fps_assumed);
}

TEST(VolitionFamily, SniffsByContent) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "volition/chain_a.sim_pc");
  EXPECT_EQ(sniff_kind(::bonebridge::testing::read_bytes(path)), FileKind::Cloth);
  EXPECT_EQ(sniff_kind(rig::write(three_bone_rig())), FileKind::Rig);
  auto encoded = anim::from_core(source_scene().clips[0], source_scene().skeleton, three_bone_rig(), {});
  ASSERT_TRUE(encoded);
  EXPECT_EQ(sniff_kind(anim::write(encoded->document)), FileKind::Anim);
  EXPECT_EQ(sniff_kind(std::vector<std::uint8_t>(100, 0x5A)), FileKind::Unknown);
  EXPECT_FALSE(family().sniff(std::vector<std::uint8_t>{}));
}

TEST(VolitionFamily, ClothSamplesOpenCheckCleanAndEncodeBack) {
  for (const char* name : {"banner_bm", "blair", "chain_a", "jean", "mila"}) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("volition/") + name + ".sim_pc");
    const auto bytes = ::bonebridge::testing::read_bytes(path);
    auto doc = family().open(bytes, {});
    ASSERT_TRUE(doc) << doc.error().to_string();
    std::string stored = (*doc)->info()["name"];  // "Blair", "Banner_BM": the file names are lowercased
    for (auto& c : stored) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(stored, name);
    EXPECT_TRUE((*doc)->check(true).empty()) << name;
    EXPECT_EQ(*(*doc)->encode(), bytes);
    EXPECT_EQ((*doc)->dump()["nodes"].size(), (*doc)->info()["anchor_nodes"].get<std::size_t>() +
                                                  (*doc)->info()["simulated_nodes"].get<std::size_t>());
    EXPECT_FALSE((*doc)->to_core({}));
  }
}

TEST(VolitionFamily, RigInfoShowsTheTreeAndChecksumsPass) {
  auto doc = family().open(rig::write(three_bone_rig()), {});
  ASSERT_TRUE(doc) << doc.error().to_string();
  const auto info = (*doc)->info();
  EXPECT_EQ(info["bones"], 3);
  EXPECT_EQ(info["checksum_mismatches"], 0);
  EXPECT_EQ(info["tree"][0]["name"], "root");
  EXPECT_EQ(info["tree"][0]["children"][0]["children"][0]["name"], "spine2");
  EXPECT_EQ(info["tree"][0]["children"][0]["children"][0]["tags"][0], "hsattach");
  EXPECT_TRUE((*doc)->check(true).empty());
}

TEST(VolitionFamily, RigCheckNamesAWrongChecksum) {
  auto rig = three_bone_rig();
  rig.bone_name_checksums[1] ^= 1;
  auto doc = family().open(rig::write(rig), {{{"pointer-width", "8"}}});
  ASSERT_TRUE(doc);
  const auto diagnostics = (*doc)->check(false);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_TRUE(diagnostics[0].is_error);
  EXPECT_EQ(diagnostics[0].where.offset, 0x50u + 4);
  EXPECT_NE(diagnostics[0].where.message.find("0x64B77A2F"), std::string::npos);  // hash of "pelvis"
}

TEST(VolitionBridge, RigSkeletonHasBindPositionsAndTagsAsChildren) {
  const auto core = *rig::to_core(three_bone_rig(), AxisConversion::identity());
  ASSERT_EQ(core.scene.skeleton.joints.size(), 4u);
  const std::vector<Mat4> model = rest_model(core.scene.skeleton);
  EXPECT_NEAR(model[2].m[13], 1.5, 1e-6);  // spine2 bind position (0, 1.5, 0.1)
  EXPECT_NEAR(model[2].m[14], 0.1, 1e-6);
  EXPECT_EQ(core.scene.skeleton.joints[3].name, "hsattach");
  EXPECT_EQ(core.scene.skeleton.joints[3].parent, 2);
  // Rows (0,0,-1), (0,1,0), (1,0,0): x maps to -z: a -90 degree turn about Y... as images of the axes.
  const Vec3 x_image = rotate(core.scene.skeleton.joints[3].rest.rotation, {1, 0, 0});
  EXPECT_NEAR(x_image.z, -1.0, 1e-9);
}

class BridgeInterpolation : public ::testing::TestWithParam<KeyInterpolation> {};

TEST_P(BridgeInterpolation, AnimToCoreMatchesTheEngine) {
  AnimSettings settings;
  settings.interpolation = GetParam();
  const auto rig = three_bone_rig();
  auto encoded = anim::from_core(source_scene().clips[0], source_scene().skeleton, rig, {});
  ASSERT_TRUE(encoded) << encoded.error().to_string();
  const auto& anim = encoded->document;
  const auto core = *anim::to_core(anim, &rig, settings, AxisConversion::identity(), "turn");
  ASSERT_EQ(core.scene.clips.size(), 1u);
  const anim::Engine engine(anim, &rig, settings);
  ClipPoser poser(core.scene.skeleton, core.scene.clips[0]);
  const auto times = time_grid(engine.duration(), 1.0 / 120);
  const auto report = measure_fidelity(
      times,
      [&](double t, std::vector<Vec3>& out) {
        out.clear();
        for (const auto& j : engine_pose(engine, t).joints) out.push_back(j.model.translation());
      },
      [&](double t, std::vector<Vec3>& out) {
        const auto& model = poser.model_at(t);
        out.clear();
        for (std::size_t i = 0; i < rig.bones.size(); ++i) out.push_back(model[i].translation());
      });
  EXPECT_LT(report.max, GetParam() == KeyInterpolation::Nlerp ? 5e-5 : 1e-6);
}

INSTANTIATE_TEST_SUITE_P(Volition, BridgeInterpolation,
                         ::testing::Values(KeyInterpolation::Slerp, KeyInterpolation::Nlerp,
                                           KeyInterpolation::Step));

TEST(VolitionBridge, RotationKeysStayInOneHemisphereAndSegmentsAreSplit) {
  anim::Document doc;
  doc.end_frame = 10;
  doc.flags = kPackedKeys | kHasMotion;  // absolute times
  AnimTrack track;
  // Two keys: identity, and nearly (0, 0, 0.98, -0.2) (170-odd degrees away, stored with w >= 0 flipped).
  track.rotation_records.push_back(pack_rotation_record({{0, 0, 0}, {0, 0, 0}, 0, 3}));
  track.rotation_records.push_back(pack_rotation_record({{0, 0, -9}, {0, 0, 0}, 0, 2}));
  track.rotation_keys.push_back(pack_rotation_key({{0, 0, 0}, 0}));
  track.rotation_keys.push_back(pack_rotation_key({{0, 0, 0}, 10}));
  doc.tracks.push_back(track);
  lay_out_anim(doc);
  const auto core = *anim::to_core(doc, nullptr, {}, AxisConversion::identity(), "spin");
  const auto& rotation = *core.scene.clips[0].joints[0].rotation;
  ASSERT_GE(rotation.values.size(), 3u);
  for (std::size_t k = 1; k < rotation.values.size(); ++k) {
    EXPECT_GE(dot(rotation.values[k - 1], rotation.values[k]), 0.0);
    EXPECT_LE(angle_between(rotation.values[k - 1], rotation.values[k]), kMaxRotationSegment + 1e-9);
    EXPECT_GT(rotation.times[k], rotation.times[k - 1]);
  }
}

TEST(VolitionEncoder, OutputDecodesBackWithinTheReportedError) {
  const Scene scene = source_scene();
  const auto rig = three_bone_rig();
  auto encoded = anim::from_core(scene.clips[0], scene.skeleton, rig, {});
  ASSERT_TRUE(encoded) << encoded.error().to_string();
  const auto& report = encoded->report;
  EXPECT_EQ(report.frames, 30u);
  EXPECT_LT(report.max_rotation_error, 1e-3);     // radians
  EXPECT_LT(report.max_translation_error, 2e-4);  // 1/4000 / 2 per axis, plus thinning
  EXPECT_EQ(encoded->document.version, 14);
  EXPECT_EQ(encoded->document.flags, 0x0D);
  // The bytes read back to the same document, the walk ends at root_controller_bone.
  const auto bytes = anim::write(encoded->document);
  auto back = anim::read(bytes);
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(*back, encoded->document);
  EXPECT_EQ(anim_walk_end(*back), back->root_controller_bone.value);
  // Independent check of the error at every frame, against the source clip sampled by the core sampler.
  const anim::Engine engine(*back, &rig, {});
  ClipSampler sampler(scene.skeleton, scene.clips[0]);
  std::vector<Transform> locals(3);
  for (int f = 0; f <= 30; ++f) {
    sampler.sample(f / 30.0, locals);
    const auto pose = engine_pose(engine, f / 30.0);
    for (std::size_t b = 0; b < 3; ++b) {
      EXPECT_LE(angle_between(pose.joints[b].local.rotation, locals[b].rotation),
                report.max_rotation_error + 1e-12);
      EXPECT_LE(distance(pose.joints[b].local.translation, locals[b].translation),
                report.max_translation_error + 1e-12);
    }
  }
  // Pelvis at the end: 90 degrees about Y.
  EXPECT_NEAR(
      angle_between(engine_pose(engine, 1.0).joints[1].local.rotation, axis_angle({0, 1, 0}, kPi / 2)), 0,
      1e-3);
}

TEST(VolitionEncoder, FromCoreWritesAnAnimAgainstAGivenRigFile) {
  const auto rig_path = temp_file("rig.rig_pc", rig::write(three_bone_rig()));
  Options options{{{"rig", rig_path.string()}}};
  auto bytes = family().from_core(source_scene(), options);
  ASSERT_TRUE(bytes) << bytes.error().to_string();
  auto doc = family().open(bytes->value, options);
  ASSERT_TRUE(doc) << doc.error().to_string();
  const auto info = (*doc)->info();
  EXPECT_EQ(info["version"], 14);
  EXPECT_EQ(info["tracks"], 3);
  EXPECT_TRUE(info["walk_ends_at_root_controller"].get<bool>());
  EXPECT_DOUBLE_EQ((*doc)->duration(), 1.0);
  EXPECT_TRUE((*doc)->check(true).empty());
  const auto pose = *(*doc)->sample(1.0);
  ASSERT_EQ(pose.joints.size(), 3u);
  EXPECT_NEAR(pose.joints[0].model.m[12], 0.5, 2e-4);  // the root slid 0.5 along X
  auto core = (*doc)->to_core(options);
  ASSERT_TRUE(core) << core.error().to_string();
  EXPECT_EQ(core->scene.skeleton.joints.size(), 4u);  // three bones and the tag
  std::filesystem::remove(rig_path);
}

TEST(VolitionEncoder, FromCoreAsksWhichFileWithoutWriteAsRigOrExtension) {
  auto bytes = family().from_core(source_scene(), {});
  ASSERT_FALSE(bytes);
  EXPECT_NE(bytes.error().message.find("--write-as rig"), std::string::npos);
  auto anim = family().from_core(source_scene(), {{{"write-as", "anim"}}});  // rig built from the skeleton
  ASSERT_TRUE(anim) << anim.error().to_string();
  EXPECT_TRUE(anim::read(anim->value));
  auto old_spelling = family().from_core(source_scene(), {{{"variant", "anim"}}});  // --variant, kept
  ASSERT_TRUE(old_spelling) << old_spelling.error().to_string();
  EXPECT_EQ(old_spelling->value, anim->value);
}

// The output's name says which kind of file to write (a .rig_pc output is a rig), unless --write-as says.
TEST(VolitionEncoder, FromCoreWritesTheKindTheOutputsExtensionNames) {
  Options rig_output;
  rig_output.placement.output_extension = ".rig_pc";
  auto rig = family().from_core(source_scene(), rig_output);
  ASSERT_TRUE(rig) << rig.error().to_string();
  EXPECT_TRUE(rig::read(rig->value, PointerWidth::Eight));
  Options anim_output;
  anim_output.placement.output_extension = ".anim_pc";
  auto anim = family().from_core(source_scene(), anim_output);
  ASSERT_TRUE(anim) << anim.error().to_string();
  EXPECT_TRUE(anim::read(anim->value));
  rig_output.values["write-as"] = "anim";
  auto told = family().from_core(source_scene(), rig_output);
  ASSERT_TRUE(told) << told.error().to_string();
  EXPECT_EQ(told->value, anim->value);
}

TEST(VolitionEncoder, FromCoreWritesARigFromTheSkeleton) {
  auto bytes = family().from_core(source_scene(), {{{"write-as", "rig"}, {"pointer-width", "4"}}});
  ASSERT_TRUE(bytes);
  auto rig = rig::read(bytes->value, PointerWidth::Four);
  ASSERT_TRUE(rig);
  EXPECT_EQ(rig_bone_name(*rig, 2), "spine2");
  EXPECT_EQ(rig->bone_name_checksums[2], 0xB1A2F96Eu);
  EXPECT_FLOAT_EQ(rig->bones[2].inv_translation.y, -1.5f);  // bind position (0, 1.5, 0.1) negated
}

TEST(VolitionFamily, AnimCheckSaysWhereTheWalkStopped) {
  auto encoded = anim::from_core(source_scene().clips[0], source_scene().skeleton, three_bone_rig(), {});
  ASSERT_TRUE(encoded);
  auto bytes = anim::write(encoded->document);
  const std::uint32_t walk_end = encoded->document.root_controller_bone.value;
  bytes[0x30] = static_cast<std::uint8_t>(walk_end + 2);
  auto doc = family().open(bytes, {});
  ASSERT_TRUE(doc);
  const auto diagnostics = (*doc)->check(false);
  ASSERT_FALSE(diagnostics.empty());
  EXPECT_TRUE(diagnostics[0].is_error);
  EXPECT_EQ(diagnostics[0].where.offset, walk_end);
  EXPECT_NE(diagnostics[0].where.message.find(std::to_string(walk_end)), std::string::npos);
}

TEST(VolitionFamily, BadOptionsAreErrors) {
  auto encoded = anim::from_core(source_scene().clips[0], source_scene().skeleton, three_bone_rig(), {});
  ASSERT_TRUE(encoded);
  const auto bytes = anim::write(encoded->document);
  EXPECT_FALSE(family().open(bytes, {{{"fps", "fast"}}}));
  EXPECT_FALSE(family().open(bytes, {{{"pointer-width", "6"}}}));
  EXPECT_FALSE(family().open(bytes, {{{"rig", "/nonexistent/rig.rig_pc"}}}));
  auto slow = family().open(bytes, {{{"fps", "15"}}});
  ASSERT_TRUE(slow);
  EXPECT_DOUBLE_EQ((*slow)->duration(), 2.0);
  EXPECT_NE((*slow)->info()["assumptions"][0].get<std::string>().find("15 fps"), std::string::npos);
}

}  // namespace
}  // namespace bonebridge::volition
