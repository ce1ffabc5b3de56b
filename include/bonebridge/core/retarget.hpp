// SPDX-License-Identifier: MIT
#pragma once
// Humanoid retargeting: a source clip (motion capture, another game's character) replayed on a target
// skeleton through the humanoid roles both play (core/roles.hpp), by the method of the VRM specification's
// "how to transform human pose" (research/retargeting.md §1.1), written in world space:
//
//   - Each role's world rotation is taken to a rest-free space with the source's rest: D = G_src(t) · W_src⁻¹
//     (G the joint's world rotation at t, W its world rotation at rest). For a chain whose every joint plays
//     a role this is VRM's N = W · L⁻¹ · q · W⁻¹ composed down the chain; in world space, rotations of joints
//     that play no role (CMU's Neck1, LHipJoint) and of roles the target lacks between two it has (an
//     upperChest) are folded into the roles below them without bookkeeping.
//   - It comes back with the target's rest: G_dst(t) = F⁻¹ · D · C · F · W_dst, and the local rotation is
//     G_parent(t)⁻¹ · G_dst(t). F turns the target about the vertical so that it faces as the source does
//     (from the upper legs' or arms' left-right line); C is the rest alignment: the shortest rotation taking
//     the target's rest bone direction onto the source's, so that both rests are the same body pose (a LEGO
//     arm hanging 10° out against a T-pose arm, CMU's legs splayed 20° against a straight leg). The bone
//     direction of a role runs from its joint to the next role down its chain that both skeletons place at
//     another point (LEGO's hips run INFOGRON -> HEAD, BODY sitting on INFOGRON's origin; LEGO's ARM, the
//     upper arm, runs to the CLAW, as the source's shoulder -> wrist), else on each side to the joint's first
//     child away from it, for a leg with none (LEGO's) to the rest floor below it, else to the middle of the
//     joint's meshes; a role with none of these has no direction and C is the identity.
//   - A joint playing several roles of one chain (LEGO's ARM: upper and lower arm) follows the deepest of
//     them the source has: the elbow's rotation composed into ARM. A role below the target's last one
//     (LEGO's legs have no knee or foot) is dropped with a note. A target joint the source gives no role
//     (or a role the source lacks) keeps its rest transform.
//   - The hips' translation: the source's displacement from its first frame (horizontally) and from its
//     floor (vertically), scaled by the ratio of the hip heights (hips above the lowest joint or vertex at
//     rest), from the target's rest place. Every other joint keeps the target's rest translation (its own
//     bone lengths).
//
// Rests: the skeletons' own rest poses (Joint::rest). For BVH that is the OFFSETs with every rotation
// identity (BVH has no rest rotation): CMU 01_01's is a T-pose with arms along ±X and legs splayed ~20°
// (research/retargeting.md §2.2), not its frame 0 (a near-T calibration pose); the per-bone alignment C
// absorbs the splay and the T-pose, so that a source frame equal to its rest gives the target's rest body
// pose bent to the same directions.
//
// Foot locking (optional): a source foot is in contact while its height above its own lowest point over the
// clip is within `contact_height` hip heights and its horizontal speed below `contact_speed` hip heights per
// second; the target's hips are then moved horizontally so that the target's foot stays where it was when
// the contact began (both feet in contact: the mean of the two corrections). No IK: the legs keep their
// retargeted rotations, so that a rigid LEGO leg can be pinned too. A foot point is the foot role's joint, or
// (LEGO's legs) the point on the rest floor below the deepest leg joint, carried with that joint.
//
// The result's times are the source's key times (every channel's, merged); the per-frame loop allocates
// nothing.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "bonebridge/core/roles.hpp"
#include "bonebridge/core/scene.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge {

struct FootLock {
  bool enabled = false;
  double contact_height = 0.04;  // hip heights above the foot point's lowest height over the clip
  double contact_speed = 0.3;    // hip heights per second, horizontal
};

struct RetargetOptions {
  std::size_t clip = 0;  // the source's clip
  FootLock foot_lock;
};

// How far one role of the result is from the source's.
struct RoleDeviation {
  HumanoidRole role = HumanoidRole::Hips;
  // The largest angle over the clip between the source's and the result's bone directions in world space,
  // after rest alignment (the target turned by F); for a role with no bone direction on one side, the angle
  // between the two rest-free rotations (D_src against the result's).
  double degrees = 0;
  double at_seconds = 0;  // where it is largest
  bool direction = true;  // false: measured as a rotation, not a direction
};

struct FootSliding {
  bool measured = false;       // both skeletons have this foot (or leg) and the source touches the ground
  double contact_seconds = 0;  // how long the source foot is in contact
  // Mean horizontal speed of the foot point while the source foot is in contact, in the target's units per
  // second (the target scene's metres): the source's scaled by the hip ratio, so that both are on one body.
  double source = 0;
  double result = 0;
};

struct RetargetReport {
  std::vector<RoleDeviation> roles;  // every role the result drives from the source, in VRM's order
  double source_hip_height = 0;      // source units
  double target_hip_height = 0;      // target units
  double hip_ratio = 0;              // target / source
  std::array<FootSliding, 2> feet;   // left, right
  FootLock foot_lock;
  std::vector<std::string> notes;  // roles folded, dropped or held at rest; the facing turn
};

// A target a game family builds for retargeting (FormatFamily::retarget_target): its character at rest, and
// the roles where the game itself says which joint plays which (a Sith puppet's joint table) rather than
// its joints' names.
struct RetargetTarget {
  Scene scene;
  std::optional<RoleSource> roles;
};

struct Retargeted {
  Scene scene;  // the target scene (skeleton, meshes) with one clip: the source's motion
  RetargetReport report;
};

// The source's clip on the target. Fails (naming the side and the role) when either side has no hips, the
// source has no such clip or no joint keyframed, or a skeleton is not parents-first.
Result<Retargeted> retarget(const Scene& source, const RoleMap& source_roles, const Scene& target,
                            const RoleMap& target_roles, const RetargetOptions& options = {});

}  // namespace bonebridge
