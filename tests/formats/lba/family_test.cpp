// SPDX-License-Identifier: MIT
// The registry row end to end: sniffing, opening with a body from an archive entry, info/check, glTF export
// checked by the Khronos validator, and glTF back to .anm.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>

#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/body/codec.hpp"
#include "bonebridge/formats/lba/family.hpp"
#include "bonebridge/formats/lba/hqr/archive.hpp"
#include "bonebridge/formats/lba/hqr/codec.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "bonebridge/io/file.hpp"
#include "lba_test_data.hpp"
#include "support/samples.hpp"

namespace bonebridge::lba {
namespace {

const char* const kAnimations[] = {"Twinsen_Walk.anm",      "Twinsen_Walk_Back.anm", "Twinsen_Run.anm",
                                   "Twinsen_Turn_Left.anm", "Twinsen_Fall.anm",      "Twinsen_Run_Alt.anm",
                                   "ANIM_Test.anm",         "ANIM_CUSTOM.anm",       "Human_Hand_P1.anm"};

std::filesystem::path temp_dir() {
  const auto dir = std::filesystem::temp_directory_path() / ("bonebridge_lba_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

void write(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// BODY.HQR with the generated body as entry 1 (entry 0 an animation, entry 2 blank), compressed.
std::filesystem::path body_archive(std::size_t groups) {
  const auto path = temp_dir() / ("BODY" + std::to_string(groups) + ".HQR");
  write(path, hqr::write(build_hqr(
                  {anm::write(test::walk_like(3)), body::write(test::tree_body(groups)), std::nullopt}, 1)));
  return path;
}

// What the registry's finder does for these tests, which open the family without the registry (formats open
// no file themselves): "X.HQR:N" is entry N of the archive X.HQR.
class HqrEntries final : public NearbyFiles {
 public:
  Result<std::vector<std::uint8_t>> read(const std::string& address) const override {
    const auto colon = address.rfind(':');
    auto bytes = read_file(address.substr(0, colon));
    if (!bytes) return bytes.error();
    auto archive = hqr::read(*bytes);
    if (!archive) return archive.error();
    return hqr_entry(*archive, std::stoul(address.substr(colon + 1)));
  }
};

Options with_archive_entries() {
  Options options;
  options.nearby = std::make_shared<HqrEntries>();
  return options;
}

TEST(LbaFamily, SniffsAnimationsAndArchivesOnly) {
  const FormatFamily row = family();
  EXPECT_EQ(row.id, "lba");
  for (const char* name : kAnimations) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("lba/") + name);
    EXPECT_TRUE(row.sniff(::bonebridge::testing::read_bytes(path))) << name;
  }
  BONEBRIDGE_REQUIRE_SAMPLE(archive, "lba/COMPRESSED.HQR");
  EXPECT_TRUE(row.sniff(::bonebridge::testing::read_bytes(archive)));
  EXPECT_FALSE(row.sniff(std::vector<std::uint8_t>{'g', 'l', 'T', 'F', 2, 0, 0, 0}));
  EXPECT_FALSE(row.sniff(std::vector<std::uint8_t>(17, 0)));
}

TEST(LbaFamily, ArchiveInfoListsEntriesAndWhatTheyDecodeTo) {
  const auto path = temp_dir() / "ANIM.HQR";
  write(path, hqr::write(build_hqr({anm::write(test::walk_like(7)), std::nullopt,
                                    body::write(test::with_geometry(test::tree_body(7)))},
                                   2)));
  const auto bytes = ::bonebridge::testing::read_bytes(path);
  const auto document = family().open(bytes, {});
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  const auto info = (*document)->info();
  ASSERT_EQ(info["entries"].size(), 3u);
  EXPECT_EQ(info["entries"][0]["decodes_to"], "LBA .anm animation (4 keyframes, 7 groups)");
  EXPECT_EQ(info["entries"][1]["blank"], true);
  EXPECT_EQ(info["entries"][2]["decodes_to"], "LBA1 body (14 points, 7 groups)");
  EXPECT_EQ(*(*document)->encode(), bytes);
  EXPECT_FALSE((*document)->to_core({}).ok());
  const auto entries = container_entries(bytes);
  ASSERT_TRUE(entries.ok());
  EXPECT_EQ((*entries)[0].size, anm::write(test::walk_like(7)).size());
  EXPECT_EQ(*container_entry(bytes, 0), anm::write(test::walk_like(7)));
  // The same archive through the archive interface every container implements.
  const auto archive = hqr_kind().open(bytes);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  EXPECT_EQ((*archive)->entries().size(), 3u);
  EXPECT_EQ(*(*archive)->read(2), body::write(test::with_geometry(test::tree_body(7))));
  EXPECT_EQ((*archive)->entries()[1].compression, "blank");
  EXPECT_FALSE((*archive)->read(1).ok());
}

TEST(LbaFamily, OpensWithABodyFromAnArchiveEntry) {
  const auto body = body_archive(7);
  Options options = with_archive_entries();
  options.values["body"] = body.string() + ":1";
  const auto document = family().open(anm::write(test::walk_like(7)), options);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  EXPECT_EQ((*document)->info()["joints"].size(), 7u);
  EXPECT_NEAR((*document)->duration(), 0.62, 1e-12);  // 31 ticks (engine_test)
  EXPECT_DOUBLE_EQ((*document)->engine_tick(), 0.02);
  // At 0.12 s = tick 6, keyframe 1 is still 4 of 7 ticks away: the engine pose has 7 joints, root at the
  // actor.
  const auto pose = *(*document)->sample(0.12);
  ASSERT_EQ(pose.joints.size(), 7u);
  EXPECT_EQ(pose.joints[1].parent, 0);
  options.values["body"] = body.string() + ":2";  // blank entry
  EXPECT_FALSE(family().open(anm::write(test::walk_like(7)), options).ok());
}

// p0 (0, 0, 0) on the root; group 1 turns on p0 and owns p1 (0, 100, 0); group 2, a translation group, hangs
// from group 1 on p1 and owns p2. Group 1 owns the pivot p1, so group 2's offset is p1 as stored (§2.5).
body::Document turn_and_shift_body() {
  body::Document body;
  body.flags = 2;
  body.info.assign(10, 0);
  body.points = {{0, 0, 0}, {0, 100, 0}, {0, 40, 0}};
  BodyGroup root;
  root.point_count = 1;
  BodyGroup turn;
  turn.first_point = 6;
  turn.point_count = 1;
  turn.parent = 0;
  BodyGroup shift;
  shift.first_point = 12;
  shift.point_count = 1;
  shift.pivot_point = 6;
  shift.parent = 38;
  shift.type = 1;
  body.groups = {root, turn, shift};
  return body;
}

// Issue 12, item 4: `sample` reports each group's local values as the engine holds them, and the model
// positions as the engine's integers. Keyframes as in engine_test's YawRotatesTheStepWithTheNewBeta (k0: 1
// tick; k1: 2 ticks, step z 100, yaw 256), both with group 1 at alpha 128 (45°) and group 2 moved by
// t = (1, 1, 1). At tick 3 (0.06 s) k1 is reached: actor at (100, 0, 0), beta 256 (90°).
TEST(LbaFamily, SampleReportsTheEnginesLocalValues) {
  anm::Document animation;
  animation.group_count = 3;
  const std::vector<GroupEntry> groups{{0, 0, 0, 0}, {0, 128, 0, 0}, {1, 1, 1, 1}};
  animation.keyframes = {{1, {0, 0, 0}, groups}, {2, {0, 0, 100}, groups}};
  animation.keyframes[1].groups[0].b = 256;
  const auto body_path = temp_dir() / "turn_and_shift.bdy";
  write(body_path, body::write(turn_and_shift_body()));
  Options options;
  options.values["body"] = body_path.string();
  const auto document = family().open(anm::write(animation), options);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  const auto pose = *(*document)->sample(0.06);
  ASSERT_EQ(pose.joints.size(), 3u);
  const auto expect_vec = [](const Vec3& v, double x, double y, double z, const char* what) {
    EXPECT_NEAR(v.x, x, 1e-12) << what;
    EXPECT_NEAR(v.y, y, 1e-12) << what;
    EXPECT_NEAR(v.z, z, 1e-12) << what;
  };
  // Model, by hand in Q14 (cos = sin = 11585 at 128; Ry(256) has cos 0, sin 16384):
  //   root M0 = Ry(90°) = [[0, 0, 16384], [0, 16384, 0], [-16384, 0, 0]], origin 0;
  //   group 1: M1 = M0·Rx(45°) = [[0, 11585, 11585], [0, 11585, -11585], [-16384, 0, 0]], origin p0 = 0;
  //     p1 = M1·(0, 100, 0) >> 14 = (1158500 >> 14, 1158500 >> 14, 0) = (70, 70, 0);
  //   group 2: origin p1 + M1·(1, 1, 1) >> 14 = (70, 70, 0) + (23170 >> 14, 0, -16384 >> 14) = (71, 70, -1);
  // each plus the actor's (100, 0, 0).
  expect_vec(pose.joints[0].model.translation(), 100, 0, 0, "root model");
  expect_vec(pose.joints[1].model.translation(), 100, 0, 0, "group 1 model");
  expect_vec(pose.joints[2].model.translation(), 171, 70, -1, "group 2 model");
  // Local: the root at the actor, turned by its yaw (90° about Y).
  expect_vec(pose.joints[0].local.translation, 100, 0, 0, "root local");
  const double half = std::sqrt(0.5);
  EXPECT_NEAR(std::abs(dot(pose.joints[0].local.rotation, Quat{0, half, 0, half})), 1, 1e-12);
  // Group 1: offset p0 = 0, turned 45° about X: (sin 22.5°, 0, 0, cos 22.5°).
  expect_vec(pose.joints[1].local.translation, 0, 0, 0, "group 1 local");
  const Quat alpha{0.38268343236508978, 0, 0, 0.92387953251128674};
  EXPECT_NEAR(std::abs(dot(pose.joints[1].local.rotation, alpha)), 1, 1e-12);
  // Group 2: offset p1 + t = (0, 100, 0) + (1, 1, 1), unturned. inverse(parent)·model would give
  // M1ᵀ·(71, 70, -1) / 16384 = (1, 141·0.70709, 0.70709) = (1, 99.70, 0.71): 1.3 short in y.
  expect_vec(pose.joints[2].local.translation, 1, 101, 1, "group 2 local");
  EXPECT_NEAR(std::abs(dot(pose.joints[2].local.rotation, Quat{})), 1, 1e-12);
}

TEST(LbaFamily, CheckReportsLoopFrameAndUnsafeTypes) {
  anm::Document animation = test::walk_like(3);
  animation.loop_frame = 9;
  animation.keyframes[2].groups[1].type = 5;
  const auto document = family().open(anm::write(animation), {});
  ASSERT_TRUE(document.ok());
  const auto diagnostics = (*document)->check(false);
  ASSERT_EQ(diagnostics.size(), 2u);
  EXPECT_EQ(diagnostics[0].where.offset, 4u);
  EXPECT_EQ(diagnostics[1].where.offset, 8u + 2 * (8 + 8 * 3) + 8 + 8);  // keyframe 2, group 1
}

// Offsets laid out by hand: header 16 + info 10, 6 points (2 + 36) → group count at 64, records of 38 bytes;
// drawing data at 64 + 2 + 3·38 = 180: normal count, normals of 8 bytes, polygon count at 206.
TEST(LbaFamily, CheckNamesTheBytesOfBadBodyFields) {
  body::Document body = test::with_geometry(test::tree_body(3));
  body.groups[1].pivot_point = 600;                  // group 1's record at 104, pivot at +4
  body.geometry->normals[0].range = 0;               // normal 0 at 182, range at +6
  body.geometry->polygons[0].vertices[0].point = 7;  // flat polygon at 208: 4 + face normal 2 → vertex at 214
  body.geometry->polygons[1].normal = 900;           // polygon 1 at 208 + 12, face normal at +4
  Options options;
  options.values["kind"] = "body";
  const auto document = family().open(body::write(body), options);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  std::vector<std::uint64_t> offsets;
  for (const auto& diagnostic : (*document)->check(false))
    offsets.push_back(diagnostic.where.offset.value_or(0));
  EXPECT_EQ(offsets, (std::vector<std::uint64_t>{108, 188, 214, 224}));
}

TEST(LbaFamily, GameClockIsSlowerThanTheIdealClock) {
  Options options;
  options.values["clock"] = "game";
  options.values["update-ticks"] = "3";
  const auto game = family().open(anm::write(test::walk_like(3)), options);
  const auto ideal = family().open(anm::write(test::walk_like(3)), {});
  ASSERT_TRUE(game.ok() && ideal.ok());
  EXPECT_GT((*game)->duration(), (*ideal)->duration());
}

bool validator_available() {
  return std::system("node --version > /dev/null 2>&1") == 0 &&
         std::filesystem::exists(::bonebridge::testing::source_dir() /
                                 "tests/runtime/node_modules/gltf-validator");
}

TEST(LbaFamily, EveryAnimationConvertsToValidGltfAndBack) {
  if (!validator_available())
    GTEST_SKIP() << "SKIPPED LOUDLY: node or tests/runtime/node_modules/gltf-validator missing";
  const auto dir = temp_dir();
  const auto body = body_archive(24);
  std::string files;
  const auto convert = [&](const std::vector<std::uint8_t>& bytes, Options options,
                           const std::string& out_name) {
    const auto document = family().open(bytes, options);
    ASSERT_TRUE(document.ok()) << document.error().to_string();
    const auto core = (*document)->to_core(options);
    ASSERT_TRUE(core.ok()) << core.error().to_string();
    const auto glb = gltf::write(core->scene, {});
    ASSERT_TRUE(glb.ok()) << glb.error().to_string();
    write(dir / out_name, *glb);
    files += " " + (dir / out_name).string();
    // Back: glTF -> core -> .anm, readable and with one group per joint.
    const auto scene = gltf::read(*glb);
    ASSERT_TRUE(scene.ok()) << scene.error().to_string();
    const auto anm = family().from_core(*scene, options);
    ASSERT_TRUE(anm.ok()) << anm.error().to_string();
    const auto animation = anm::read(anm->value);
    ASSERT_TRUE(animation.ok());
    EXPECT_EQ(animation->group_count, scene->skeleton.joints.size())
        << out_name << ": " << animation->group_count;
  };
  for (const char* name : kAnimations) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("lba/") + name);
    Options options = with_archive_entries();
    options.values["variant"] = "lba2";
    convert(::bonebridge::testing::read_bytes(path), options, std::string(name) + ".glb");
    options.values["body"] = body.string() + ":1";
    convert(::bonebridge::testing::read_bytes(path), options, std::string(name) + ".body.glb");
  }
  Options lba1 = with_archive_entries();
  lba1.values["body"] = body_archive(7).string() + ":1";
  lba1.values["root-motion"] = "separate";
  convert(anm::write(test::walk_like(7)), lba1, "lba1_generated.glb");
  const std::string command = "cd " + (::bonebridge::testing::source_dir() / "tests/runtime").string() +
                              " && node validate.mjs" + files;
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
}

}  // namespace
}  // namespace bonebridge::lba
