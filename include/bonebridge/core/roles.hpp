// SPDX-License-Identifier: MIT
#pragma once
// Humanoid roles: one vocabulary for every source and every game, VRM 1.0's humanoid bone names
// (VRMC_vrm-1.0/humanoid.md; research/retargeting.md §1.1), and a role map per source: which joint of a
// skeleton plays which role. Built in: VRM's own names, Mixamo ("mixamorig:Hips"), CMU/cgspeed BVH
// ("LowerBack", "LeftUpLeg"), Unity's HumanBodyBones names (which Resonite avatars use), LEGO Island's actor
// parts and Volition's rig bone names; any other rig through a small JSON file, {"hips": "pelvis",
// "leftUpperArm": "L_arm", ...}. Where a game says which joint is which apart from the names (a Sith
// puppet's joint table), its family gives a RoleSource of its own (FormatFamily::retarget_target).
//
// One joint may play several roles of one chain: a game part standing for more than one bone (LEGO's ARM-LFT
// is the upper and the lower arm, BODY the spine and the chest). Retargeting then composes those roles'
// rotations into that joint (core/retarget.hpp).
#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bonebridge/core/skeleton.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge {

// VRM 1.0's 55 humanoid bones, grouped as humanoid.md's table groups them (torso and head, legs, arms,
// fingers).
enum class HumanoidRole : std::uint8_t {
  // torso and head
  Hips,
  Spine,
  Chest,
  UpperChest,
  Neck,
  Head,
  LeftEye,
  RightEye,
  Jaw,
  // legs
  LeftUpperLeg,
  LeftLowerLeg,
  LeftFoot,
  LeftToes,
  RightUpperLeg,
  RightLowerLeg,
  RightFoot,
  RightToes,
  // arms
  LeftShoulder,
  LeftUpperArm,
  LeftLowerArm,
  LeftHand,
  RightShoulder,
  RightUpperArm,
  RightLowerArm,
  RightHand,
  // fingers
  LeftThumbMetacarpal,
  LeftThumbProximal,
  LeftThumbDistal,
  LeftIndexProximal,
  LeftIndexIntermediate,
  LeftIndexDistal,
  LeftMiddleProximal,
  LeftMiddleIntermediate,
  LeftMiddleDistal,
  LeftRingProximal,
  LeftRingIntermediate,
  LeftRingDistal,
  LeftLittleProximal,
  LeftLittleIntermediate,
  LeftLittleDistal,
  RightThumbMetacarpal,
  RightThumbProximal,
  RightThumbDistal,
  RightIndexProximal,
  RightIndexIntermediate,
  RightIndexDistal,
  RightMiddleProximal,
  RightMiddleIntermediate,
  RightMiddleDistal,
  RightRingProximal,
  RightRingIntermediate,
  RightRingDistal,
  RightLittleProximal,
  RightLittleIntermediate,
  RightLittleDistal,
};
inline constexpr std::size_t kHumanoidRoleCount = 55;
// The role of index `index` (< kHumanoidRoleCount), in the enumeration's order.
inline constexpr HumanoidRole role_at(std::size_t index) {
  return static_cast<HumanoidRole>(index);
}

std::string_view role_name(HumanoidRole role);                      // VRM's spelling: "leftUpperArm"
std::optional<HumanoidRole> role_from_name(std::string_view name);  // exactly VRM's spelling
// One of the 15 bones VRM 1.0 requires (hips, spine, head, upper/lower legs, feet, upper/lower arms, hands).
bool is_required(HumanoidRole role);
// VRM's fixed parent of a role (leftHand -> leftLowerArm); nullopt for hips. When the parent is an optional
// role a skeleton lacks, the next role up stands in (humanoid.md).
std::optional<HumanoidRole> role_parent(HumanoidRole role);

// Whether `ancestor` is `role`'s VRM parent, or its parent's, and so on (hips is every role's).
bool is_role_ancestor(HumanoidRole ancestor, HumanoidRole role);

// Which joint plays each role; -1 where none does. Several roles of one chain may name the same joint.
struct RoleMap {
  std::array<int, kHumanoidRoleCount> joints;
  RoleMap() { joints.fill(-1); }
  int joint_of(HumanoidRole role) const { return joints[static_cast<std::size_t>(role)]; }
  // The first role (in VRM's order, so the one nearest the hips) the joint plays.
  std::optional<HumanoidRole> role_of(int joint) const;
  // Every role the joint plays, in VRM's order.
  std::vector<HumanoidRole> roles_of(int joint) const;
};

// A source's names for the roles: a rig convention, or a map file.
struct RoleSource {
  std::string name;  // "Mixamo", or the map file's path
  std::vector<std::pair<HumanoidRole, std::string>> joints;
};

// The built-in sources: "VRM", "Unity humanoid", "Mixamo", "CMU BVH", "LEGO Island actor", "Volition rig",
// "Sith model".
const std::vector<RoleSource>& builtin_role_sources();

// A JSON role map, {"hips": "Hips", "leftUpperArm": "LeftArm", ...}: every key one of VRM's bone names, every
// value a joint name; a joint given two roles only when one role is the other's VRM ancestor (a part playing
// a chain: {"leftUpperArm": "ARM-LFT", "leftLowerArm": "ARM-LFT"}). Errors name `file` and the role or joint
// at fault.
Result<RoleSource> read_role_map(std::string_view json, const std::string& file);
Result<RoleSource> read_role_map_file(const std::filesystem::path& path);

struct RoleReport {
  std::string source;                          // the source used
  std::vector<HumanoidRole> missing_required;  // required roles no joint plays
  std::vector<HumanoidRole> missing_optional;  // optional roles no joint plays
  std::vector<int> unmapped_joints;            // joints that play no role
  std::vector<std::string> absent_joints;      // names the source gives that the skeleton lacks
  // Roles whose joint does not descend from the joint of their nearest placed VRM ancestor ("leftHand is
  // 'RightHand', not under leftLowerArm 'LeftForeArm'"): a map that is wrong, not merely incomplete.
  std::vector<std::string> misplaced;
  // Joints that play several roles (LEGO's ARM-LFT: leftUpperArm, leftLowerArm), in skeleton order.
  std::vector<std::pair<int, std::vector<HumanoidRole>>> shared;
};

struct RoleAssignment {
  RoleMap roles;
  RoleReport report;
};

// Places the roles on `skeleton`'s joints: through `source` when given, else through the built-in source
// that places the most roles (then the most names matched with their case, so that Unity's "LeftUpperArm"
// chooses Unity's thumbs over VRM's). Names match with their case first, then without; a namespace prefix
// ("mixamorig:", "Armature|") is ignored on either side.
RoleAssignment roles_for(const Skeleton& skeleton, const RoleSource* source = nullptr);

}  // namespace bonebridge
