// SPDX-License-Identifier: MIT
// Humanoid roles: the VRM vocabulary, the built-in rig conventions, JSON map files and their errors. The
// names of the rigs come from research/retargeting.md (§1.1 VRM, §1.3 Mixamo, §2.2 CMU 01_01), not from the
// code under test.
#include "bonebridge/core/roles.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "bonebridge/bvh/bvh.hpp"
#include "bvh/bvh_files.hpp"

namespace bonebridge {
namespace {

using R = HumanoidRole;

// A skeleton from (name, parent name) pairs, parents first.
Skeleton skeleton_of(const std::vector<std::pair<std::string, std::string>>& joints) {
  Skeleton skeleton;
  for (const auto& [name, parent] : joints) {
    int parent_index = -1;
    for (std::size_t i = 0; i < skeleton.joints.size(); ++i) {
      if (skeleton.joints[i].name == parent) parent_index = static_cast<int>(i);
    }
    skeleton.joints.push_back({name, parent_index, {}});
  }
  return skeleton;
}

// CMU 01_01's hierarchy (research/retargeting.md §2.2, and the file itself).
Skeleton cmu_skeleton() {
  std::vector<std::pair<std::string, std::string>> joints = {
      {"Hips", ""},       {"LowerBack", "Hips"}, {"Spine", "LowerBack"}, {"Spine1", "Spine"},
      {"Neck", "Spine1"}, {"Neck1", "Neck"},     {"Head", "Neck1"}};
  for (const std::string side : {"Left", "Right"}) {
    const std::string s(1, side[0]);
    joints.insert(joints.end(), {{s + "HipJoint", "Hips"},
                                 {side + "UpLeg", s + "HipJoint"},
                                 {side + "Leg", side + "UpLeg"},
                                 {side + "Foot", side + "Leg"},
                                 {side + "ToeBase", side + "Foot"},
                                 {side + "Shoulder", "Spine1"},
                                 {side + "Arm", side + "Shoulder"},
                                 {side + "ForeArm", side + "Arm"},
                                 {side + "Hand", side + "ForeArm"},
                                 {side + "FingerBase", side + "Hand"},
                                 {s + "Fingers", side + "FingerBase"},
                                 {s + "Thumb", side + "Hand"}});
  }
  return skeleton_of(joints);
}

std::string name_of(const Skeleton& skeleton, const RoleMap& roles, R role) {
  const int joint = roles.joint_of(role);
  return joint < 0 ? "" : skeleton.joints[static_cast<std::size_t>(joint)].name;
}

TEST(Roles, Vocabulary) {
  EXPECT_EQ(role_name(R::LeftUpperArm), "leftUpperArm");
  EXPECT_EQ(role_name(R::RightLittleDistal), "rightLittleDistal");
  EXPECT_EQ(role_from_name("upperChest"), R::UpperChest);
  EXPECT_FALSE(role_from_name("UpperChest"));
  int required = 0;
  for (std::size_t i = 0; i < kHumanoidRoleCount; ++i) required += is_required(static_cast<R>(i)) ? 1 : 0;
  EXPECT_EQ(required, 15);
  EXPECT_EQ(role_parent(R::LeftHand), R::LeftLowerArm);
  EXPECT_EQ(role_parent(R::LeftShoulder), R::UpperChest);
  EXPECT_EQ(role_parent(R::RightThumbMetacarpal), R::RightHand);
  EXPECT_EQ(role_parent(R::LeftIndexDistal), R::LeftIndexIntermediate);
  EXPECT_EQ(role_parent(R::RightToes), R::RightFoot);
  EXPECT_EQ(role_parent(R::RightUpperLeg), R::Hips);
  EXPECT_FALSE(role_parent(R::Hips));
}

TEST(Roles, CmuNamesAreRecognised) {
  const Skeleton skeleton = cmu_skeleton();
  const auto [roles, report] = roles_for(skeleton);
  EXPECT_EQ(report.source, "CMU BVH");
  EXPECT_TRUE(report.missing_required.empty());
  EXPECT_TRUE(report.misplaced.empty()) << report.misplaced.front();
  EXPECT_EQ(name_of(skeleton, roles, R::Spine), "LowerBack");
  EXPECT_EQ(name_of(skeleton, roles, R::UpperChest), "Spine1");
  EXPECT_EQ(name_of(skeleton, roles, R::LeftUpperArm), "LeftArm");
  EXPECT_EQ(name_of(skeleton, roles, R::RightToes), "RightToeBase");
  std::vector<std::string> unmapped;
  for (const int joint : report.unmapped_joints)
    unmapped.push_back(skeleton.joints[static_cast<std::size_t>(joint)].name);
  EXPECT_EQ(unmapped, (std::vector<std::string>{"Neck1", "LHipJoint", "LeftFingerBase", "LFingers", "LThumb",
                                                "RHipJoint", "RightFingerBase", "RFingers", "RThumb"}));
}

TEST(Roles, CmuClipFromTheFile) {
  BONEBRIDGE_REQUIRE_CMU_CLIP(path);
  const auto scene = bvh::read_bvh_file(path);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  const auto [roles, report] = roles_for(scene->skeleton);
  EXPECT_EQ(report.source, "CMU BVH");
  EXPECT_TRUE(report.missing_required.empty());
  EXPECT_TRUE(report.misplaced.empty());
  EXPECT_EQ(name_of(scene->skeleton, roles, R::Head), "Head");
}

TEST(Roles, MixamoNamesWithFingers) {
  std::vector<std::pair<std::string, std::string>> joints = {
      {"mixamorig:Hips", ""},
      {"mixamorig:Spine", "mixamorig:Hips"},
      {"mixamorig:Spine1", "mixamorig:Spine"},
      {"mixamorig:Spine2", "mixamorig:Spine1"},
      {"mixamorig:Neck", "mixamorig:Spine2"},
      {"mixamorig:Head", "mixamorig:Neck"},
      {"mixamorig:LeftShoulder", "mixamorig:Spine2"},
      {"mixamorig:LeftArm", "mixamorig:LeftShoulder"},
      {"mixamorig:LeftForeArm", "mixamorig:LeftArm"},
      {"mixamorig:LeftHand", "mixamorig:LeftForeArm"},
      {"mixamorig:LeftHandThumb1", "mixamorig:LeftHand"},
      {"mixamorig:LeftHandPinky3", "mixamorig:LeftHand"},
      {"mixamorig:LeftUpLeg", "mixamorig:Hips"}};
  const Skeleton skeleton = skeleton_of(joints);
  const auto [roles, report] = roles_for(skeleton);
  EXPECT_EQ(report.source, "Mixamo");
  EXPECT_EQ(name_of(skeleton, roles, R::Chest), "mixamorig:Spine1");
  EXPECT_EQ(name_of(skeleton, roles, R::LeftThumbMetacarpal), "mixamorig:LeftHandThumb1");
  EXPECT_EQ(name_of(skeleton, roles, R::LeftLittleDistal), "mixamorig:LeftHandPinky3");
  // Pinky3 sits on the hand here, not under Pinky2: no ancestor role is placed between, so that is allowed.
  EXPECT_TRUE(report.misplaced.empty());
  EXPECT_EQ(report.missing_required.size(), 8u);  // the right arm, the leg chains below the upper leg, ...
  EXPECT_TRUE(std::find(report.missing_required.begin(), report.missing_required.end(), R::RightHand) !=
              report.missing_required.end());
}

TEST(Roles, UnityNamesChooseUnityThumbs) {
  const Skeleton skeleton = skeleton_of({{"Hips", ""},
                                         {"Spine", "Hips"},
                                         {"LeftUpperArm", "Spine"},
                                         {"LeftLowerArm", "LeftUpperArm"},
                                         {"LeftHand", "LeftLowerArm"},
                                         {"LeftThumbProximal", "LeftHand"},
                                         {"LeftThumbIntermediate", "LeftThumbProximal"}});
  const auto [roles, report] = roles_for(skeleton);
  EXPECT_EQ(report.source, "Unity humanoid");
  EXPECT_EQ(name_of(skeleton, roles, R::LeftThumbMetacarpal), "LeftThumbProximal");
  EXPECT_EQ(name_of(skeleton, roles, R::LeftThumbProximal), "LeftThumbIntermediate");
}

TEST(Roles, VrmNames) {
  const Skeleton skeleton = skeleton_of({{"hips", ""}, {"spine", "hips"}, {"leftThumbProximal", "spine"}});
  const auto [roles, report] = roles_for(skeleton);
  EXPECT_EQ(report.source, "VRM");
  EXPECT_EQ(name_of(skeleton, roles, R::LeftThumbProximal), "leftThumbProximal");
}

TEST(Roles, MapFileAndItsReport) {
  const auto map = read_role_map(R"({"hips": "Hips", "spine": "LowerBack", "leftHand": "RightHand",
                                    "leftLowerArm": "LeftForeArm", "head": "Skull"})",
                                 "my.json");
  ASSERT_TRUE(map.ok()) << map.error().to_string();
  const Skeleton skeleton = cmu_skeleton();
  const auto [roles, report] = roles_for(skeleton, &*map);
  EXPECT_EQ(report.source, "my.json");
  EXPECT_EQ(name_of(skeleton, roles, R::Spine), "LowerBack");
  EXPECT_EQ(report.absent_joints, (std::vector<std::string>{"Skull"}));
  EXPECT_TRUE(std::find(report.missing_required.begin(), report.missing_required.end(), R::Head) !=
              report.missing_required.end());
  ASSERT_EQ(report.misplaced.size(), 1u);
  EXPECT_EQ(report.misplaced[0], "leftHand is 'RightHand', not under leftLowerArm 'LeftForeArm'");
}

TEST(Roles, MapFileFromDisk) {
  const auto path = std::filesystem::temp_directory_path() / "bonebridge_roles_test.json";
  std::ofstream(path) << R"({"hips": "Hips", "head": "Head"})";
  const auto map = read_role_map_file(path);
  std::filesystem::remove(path);
  ASSERT_TRUE(map.ok()) << map.error().to_string();
  EXPECT_EQ(map->name, path.string());
  EXPECT_EQ(map->joints.size(), 2u);
  const auto missing = read_role_map_file("/nonexistent/rig.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().to_string().find("/nonexistent/rig.json"), std::string::npos);
}

TEST(Roles, MapFileErrorsNameTheFileAndTheBone) {
  const auto error_of = [](std::string_view json) {
    const auto map = read_role_map(json, "rig.json");
    EXPECT_FALSE(map.ok());
    return map.ok() ? std::string() : map.error().to_string();
  };
  EXPECT_EQ(
      error_of(R"({"leftUperArm": "L"})").rfind("rig.json: JSON role map: unknown role 'leftUperArm'", 0),
      0u);
  EXPECT_NE(error_of(R"({"hips": 3})").find("role 'hips': expected a joint name, found 3"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"hips": ""})").find("role 'hips'"), std::string::npos);
  EXPECT_NE(error_of(R"({"leftHand": "A", "rightHand": "A"})")
                .find("joint 'A' is given two roles, 'leftHand' and 'rightHand', which are not one chain"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"hips": "A", "hips": "B"})").find("role 'hips' is given twice"), std::string::npos);
  EXPECT_NE(error_of("[1, 2]").find("expected an object"), std::string::npos);
  // Found by fuzz/bvh_roles: a number beyond double's range is nlohmann's out_of_range, not a parse_error.
  EXPECT_EQ(error_of(R"({"hips": 1e999})").rfind("rig.json: JSON role map: not JSON that can be read", 0),
            0u);
  EXPECT_NE(
      error_of("{\n\"hips\": \"A\",\n\"spine\" \"B\"}").find("rig.json: JSON role map: line 3: not JSON"),
      std::string::npos);
}

// LEGO Island's walk-cycle tree (research/retargeting.md §3.1; the game's own CNs001Pe.ani): the parts are
// the roles, ARM playing the upper and the lower arm, BODY the spine and the chest; names without case.
TEST(Roles, LegoActorPartsShareJoints) {
  const Skeleton skeleton = skeleton_of({{"pepper", ""},
                                         {"INFOGRON", "pepper"},
                                         {"LEG-RT", "INFOGRON"},
                                         {"leg-lft", "INFOGRON"},
                                         {"BODY", "INFOGRON"},
                                         {"ARM-RT", "BODY"},
                                         {"CLAW-RT", "ARM-RT"},
                                         {"ARM-LFT", "BODY"},
                                         {"CLAW-LFT", "ARM-LFT"},
                                         {"HEAD", "BODY"},
                                         {"INFOHAT", "HEAD"}});
  const auto [roles, report] = roles_for(skeleton);
  EXPECT_EQ(report.source, "LEGO Island actor");
  EXPECT_EQ(name_of(skeleton, roles, R::Hips), "INFOGRON");
  EXPECT_EQ(name_of(skeleton, roles, R::LeftUpperLeg), "leg-lft");
  EXPECT_EQ(name_of(skeleton, roles, R::LeftUpperArm), "ARM-LFT");
  EXPECT_EQ(name_of(skeleton, roles, R::LeftLowerArm), "ARM-LFT");
  EXPECT_EQ(name_of(skeleton, roles, R::RightHand), "CLAW-RT");
  EXPECT_TRUE(report.misplaced.empty()) << report.misplaced.front();
  // BODY (spine, chest), ARM-RT and ARM-LFT (upper, lower arm): three joints playing two roles each.
  ASSERT_EQ(report.shared.size(), 3u);
  EXPECT_EQ(skeleton.joints[static_cast<std::size_t>(report.shared[0].first)].name, "BODY");
  EXPECT_EQ(report.shared[0].second, (std::vector<R>{R::Spine, R::Chest}));
  EXPECT_EQ(roles.roles_of(roles.joint_of(R::RightUpperArm)),
            (std::vector<R>{R::RightUpperArm, R::RightLowerArm}));
  // No knees, feet or elbows: the lower legs and feet are required and missing.
  EXPECT_EQ(report.missing_required.size(), 4u);
}

TEST(Roles, AMapMayGiveAChainToOnePart) {
  const auto map =
      read_role_map(R"({"hips": "ROOT", "leftUpperArm": "ARM", "leftLowerArm": "ARM"})", "a.json");
  ASSERT_TRUE(map.ok()) << map.error().to_string();
  const Skeleton skeleton = skeleton_of({{"ROOT", ""}, {"ARM", "ROOT"}});
  const auto [roles, report] = roles_for(skeleton, &*map);
  EXPECT_EQ(roles.joint_of(R::LeftUpperArm), 1);
  EXPECT_EQ(roles.joint_of(R::LeftLowerArm), 1);
  EXPECT_TRUE(report.misplaced.empty());
}

// The Volition example rig's bones (examples/volition/wave_character.rig_pc: root, pelvis, spine2, head,
// l-/r-upperarm, l-/r-forearm).
TEST(Roles, VolitionRigNames) {
  const Skeleton skeleton = skeleton_of({{"root", ""},
                                         {"pelvis", "root"},
                                         {"spine2", "pelvis"},
                                         {"head", "spine2"},
                                         {"l-upperarm", "spine2"},
                                         {"l-forearm", "l-upperarm"},
                                         {"r-upperarm", "spine2"},
                                         {"r-forearm", "r-upperarm"}});
  const auto [roles, report] = roles_for(skeleton);
  EXPECT_EQ(report.source, "Volition rig");
  EXPECT_EQ(name_of(skeleton, roles, R::Hips), "pelvis");
  EXPECT_EQ(name_of(skeleton, roles, R::UpperChest), "spine2");
  EXPECT_EQ(name_of(skeleton, roles, R::RightLowerArm), "r-forearm");
}

}  // namespace
}  // namespace bonebridge
