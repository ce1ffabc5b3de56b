// SPDX-License-Identifier: MIT
// Retargeting (core/retarget.hpp) on skeletons small enough to work out by hand: a T-pose source and an
// arms-down target twice its size. Every expected rotation, direction and position below is derived in the
// comments from the method (VRM's "how to transform human pose" with rest alignment), not read off the code.
#include "bonebridge/core/retarget.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

namespace bonebridge {
namespace {

using R = HumanoidRole;

constexpr double kDegree = kPi / 180;

struct Built {
  Scene scene;
  RoleMap roles;
};

// Adds a joint playing `roles`, at `offset` from its parent, with rest rotation `rotation`.
int add(Built& built, const std::string& name, int parent, Vec3 offset, std::vector<R> roles = {},
        Quat rotation = {}) {
  built.scene.skeleton.joints.push_back({name, parent, {offset, rotation, {1, 1, 1}}});
  const int joint = static_cast<int>(built.scene.skeleton.joints.size() - 1);
  for (const R role : roles) built.roles.joints[static_cast<std::size_t>(role)] = joint;
  return joint;
}

// Legs: a hip joint `hip_drop` below the hips, two bones of `bone` each, a toe `toe` below and forward. Left
// is +X (glTF, facing +Z).
void add_legs(Built& built, int hips, double scale, double hip_drop, double bone) {
  for (const bool left : {true, false}) {
    const double x = (left ? 0.1 : -0.1) * scale;
    const int upper = add(built, left ? "L_thigh" : "R_thigh", hips, {x, -hip_drop, 0},
                          {left ? R::LeftUpperLeg : R::RightUpperLeg});
    const int lower = add(built, left ? "L_shin" : "R_shin", upper, {0, -bone, 0},
                          {left ? R::LeftLowerLeg : R::RightLowerLeg});
    const int foot =
        add(built, left ? "L_foot" : "R_foot", lower, {0, -bone, 0}, {left ? R::LeftFoot : R::RightFoot});
    add(built, left ? "L_toe" : "R_toe", foot, {0, -0.05 * scale, 0.1 * scale},
        {left ? R::LeftToes : R::RightToes});
  }
}

// The source: hips 1 above the floor (0.05 + 0.45 + 0.45 + 0.05), arms along ±X (a T-pose).
Built t_pose_source() {
  Built built;
  const int hips = add(built, "hips", -1, {0, 1, 0}, {R::Hips});
  const int spine = add(built, "spine", hips, {0, 0.3, 0}, {R::Spine});
  add(built, "head", spine, {0, 0.4, 0}, {R::Head});
  for (const bool left : {true, false}) {
    const double side = left ? 1 : -1;
    const int upper = add(built, left ? "L_arm" : "R_arm", spine, {0.2 * side, 0.3, 0},
                          {left ? R::LeftUpperArm : R::RightUpperArm});
    const int lower = add(built, left ? "L_elbow" : "R_elbow", upper, {0.3 * side, 0, 0},
                          {left ? R::LeftLowerArm : R::RightLowerArm});
    add(built, left ? "L_hand" : "R_hand", lower, {0.3 * side, 0, 0}, {left ? R::LeftHand : R::RightHand});
  }
  add_legs(built, hips, 1, 0.05, 0.45);
  return built;
}

// The target: the same body at twice the size with its arms hanging down (rest rotations identity), so
// that its hips stand 2 above its floor; `shared_arm` makes the left arm one part playing the upper and the
// lower arm (as LEGO's ARM-LFT), its hand 1.2 below it.
Built arms_down_target(bool shared_arm = false) {
  Built built;
  const int hips = add(built, "Hips", -1, {0, 2, 0}, {R::Hips});
  const int spine = add(built, "Spine", hips, {0, 0.6, 0}, {R::Spine});
  add(built, "Head", spine, {0, 0.8, 0}, {R::Head});
  for (const bool left : {true, false}) {
    const double side = left ? 1 : -1;
    if (left && shared_arm) {
      const int arm = add(built, "ARM", spine, {0.4, 0.6, 0}, {R::LeftUpperArm, R::LeftLowerArm});
      add(built, "CLAW", arm, {0, -1.2, 0}, {R::LeftHand});
      continue;
    }
    const int upper = add(built, left ? "LArm" : "RArm", spine, {0.4 * side, 0.6, 0},
                          {left ? R::LeftUpperArm : R::RightUpperArm});
    const int lower = add(built, left ? "LElbow" : "RElbow", upper, {0, -0.6, 0},
                          {left ? R::LeftLowerArm : R::RightLowerArm});
    add(built, left ? "LHand" : "RHand", lower, {0, -0.6, 0}, {left ? R::LeftHand : R::RightHand});
  }
  add_legs(built, hips, 2, 0.1, 0.9);
  return built;
}

int joint_named(const Scene& scene, const std::string& name) {
  for (std::size_t j = 0; j < scene.skeleton.joints.size(); ++j)
    if (scene.skeleton.joints[j].name == name) return static_cast<int>(j);
  return -1;
}

// A clip keying `joint`'s rotation and the hips' translation at the given times.
void key_rotation(Clip& clip, int joint, std::vector<double> times, std::vector<Quat> values) {
  JointChannels channels{
      joint, {}, Channel<Quat>{Interpolation::Linear, std::move(times), std::move(values)}, {}};
  clip.joints.push_back(std::move(channels));
}

const JointChannels* channels_of(const Clip& clip, int joint) {
  for (const auto& channels : clip.joints)
    if (channels.joint == joint) return &channels;
  return nullptr;
}

double rotation_error_degrees(Quat a, Quat b) {
  return angle_between(a, b) / kDegree;
}

const RoleDeviation* deviation(const RetargetReport& report, R role) {
  for (const auto& d : report.roles)
    if (d.role == role) return &d;
  return nullptr;
}

TEST(Retarget, ATPoseArmComesDownToTheTargetsRest) {
  Built source = t_pose_source(), target = arms_down_target();
  Clip clip{"lower the arm", 1, {}, {}, {}, {}, {}, {}};
  // The left arm from +X to -Y: -90 degrees about Z; the hips move 0.5 along +X.
  key_rotation(clip, joint_named(source.scene, "L_arm"), {0, 1},
               {Quat{}, axis_angle({0, 0, 1}, -90 * kDegree)});
  JointChannels hips{0, Channel<Vec3>{Interpolation::Linear, {0, 1}, {{0, 1, 0}, {0.5, 1, 0}}}, {}, {}};
  clip.joints.push_back(hips);
  source.scene.clips.push_back(clip);
  const auto result = retarget(source.scene, source.roles, target.scene, target.roles);
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const Clip& out = result->scene.clips.at(0);
  const auto* arm = channels_of(out, joint_named(target.scene, "LArm"));
  ASSERT_TRUE(arm && arm->rotation);
  // At 0 the source is at its rest, a T-pose: the target's arm, hanging down at its rest, is raised to +X:
  // +90 degrees about Z takes -Y to +X. At 1 the source's arm hangs down like the target's rest: identity.
  EXPECT_LT(rotation_error_degrees(arm->rotation->values.front(), axis_angle({0, 0, 1}, 90 * kDegree)), 1e-9);
  EXPECT_LT(rotation_error_degrees(arm->rotation->values.back(), Quat{}), 1e-9);
  // Hips: 1 and 2 above the floors (the toes), so a ratio of 2; the source's 0.5 along X becomes 1.
  EXPECT_NEAR(result->report.hip_ratio, 2.0, 1e-12);
  const auto* moved = channels_of(out, 0);
  ASSERT_TRUE(moved && moved->translation);
  EXPECT_NEAR(moved->translation->values.back().x, 1.0, 1e-12);
  EXPECT_NEAR(moved->translation->values.back().y, 2.0, 1e-12);
  // Every role the result drives points where the source's does (acos near 1 resolves ~1e-6 degrees).
  for (const auto& role : result->report.roles) EXPECT_LT(role.degrees, 1e-5) << role_name(role.role);
}

TEST(Retarget, ATargetFacingTheOtherWayIsTurnedFirst) {
  Built source = t_pose_source(), target = arms_down_target();
  target.scene.skeleton.joints[0].rest.rotation = axis_angle({0, 1, 0}, kPi);  // faces -Z, its left at -X
  Clip clip{"rest", 1, {}, {}, {}, {}, {}, {}};
  key_rotation(clip, joint_named(source.scene, "L_arm"), {0, 1}, {Quat{}, Quat{}});
  source.scene.clips.push_back(clip);
  const auto result = retarget(source.scene, source.roles, target.scene, target.roles);
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  // The source's T-pose on the turned target: its left arm out along its own left, -X in the world.
  Scene posed = result->scene;
  std::vector<Transform> locals;
  for (const auto& joint : posed.skeleton.joints) locals.push_back(joint.rest);
  for (const auto& channels : posed.clips[0].joints) {
    if (channels.rotation)
      locals[static_cast<std::size_t>(channels.joint)].rotation = channels.rotation->values[0];
    if (channels.translation)
      locals[static_cast<std::size_t>(channels.joint)].translation = channels.translation->values[0];
  }
  std::vector<Mat4> model;
  local_to_model(posed.skeleton, locals, model);
  const Vec3 shoulder = model[static_cast<std::size_t>(joint_named(posed, "LArm"))].translation();
  const Vec3 elbow = model[static_cast<std::size_t>(joint_named(posed, "LElbow"))].translation();
  EXPECT_NEAR(elbow.x - shoulder.x, -0.6, 1e-9);
  EXPECT_NEAR(elbow.y - shoulder.y, 0, 1e-9);
  EXPECT_NE(result->report.notes.front().find("180.0 degrees about the vertical"), std::string::npos)
      << result->report.notes.front();
}

TEST(Retarget, APartPlayingUpperAndLowerArmFollowsTheForearm) {
  Built source = t_pose_source(), target = arms_down_target(true);
  Clip clip{"bend the elbow", 1, {}, {}, {}, {}, {}, {}};
  // Upper arm along +X (rest), forearm turned -90 degrees about Y: +X to +Z, pointing forward.
  key_rotation(clip, joint_named(source.scene, "L_elbow"), {0, 1},
               {Quat{}, axis_angle({0, 1, 0}, -90 * kDegree)});
  source.scene.clips.push_back(clip);
  const auto result = retarget(source.scene, source.roles, target.scene, target.roles);
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const auto* arm = channels_of(result->scene.clips[0], joint_named(target.scene, "ARM"));
  ASSERT_TRUE(arm && arm->rotation);
  // ARM -> CLAW hangs along -Y at rest; following the forearm it must point +Z.
  const Vec3 pointing = rotate(arm->rotation->values.back(), {0, -1, 0});
  EXPECT_NEAR(pointing.z, 1, 1e-9);
  // The forearm's direction is kept. The upper arm's bone, as both sides have it, runs to the next role both
  // place apart from it: the hand. The source's shoulder -> wrist is (0.3, 0, 0.3), 45 degrees from the
  // part's +Z.
  EXPECT_NEAR(deviation(result->report, R::LeftLowerArm)->degrees, 0, 1e-6);
  EXPECT_NEAR(deviation(result->report, R::LeftUpperArm)->degrees, 45, 1e-6);
}

// A stride on a planted foot: the thigh swings back by up to 10 degrees while the hips move forward by
// 0.9 sin(angle), so that the source's ankles (0.9 below the hip joints) stay put. The target's hips stand
// 1.95 above its floor (ratio 1.95) but its ankles are 1.6 below its hip joints, so that its ankles move
// (1.95 · 0.9 - 1.6) sin(angle) = 0.155 sin(angle): 0.027 over the second, unless locked.
Clip stride(const Built& source) {
  Clip clip{"stride", 1, {}, {}, {}, {}, {}, {}};
  std::vector<double> times;
  std::vector<Quat> thigh;
  std::vector<Vec3> hips;
  for (int f = 0; f <= 30; ++f) {
    const double angle = 10 * kDegree * f / 30;
    times.push_back(f / 30.0);
    thigh.push_back(axis_angle({1, 0, 0}, angle));  // +X turns the leg's -Y towards -Z: backwards
    hips.push_back({0, 1, 0.9 * std::sin(angle)});
  }
  for (const char* name : {"L_thigh", "R_thigh"})
    key_rotation(clip, joint_named(source.scene, name), times, thigh);
  clip.joints.push_back({0, Channel<Vec3>{Interpolation::Linear, times, hips}, {}, {}});
  return clip;
}

TEST(Retarget, FootLockStopsASlidingFoot) {
  Built source = t_pose_source();
  Built target;
  const int hips = add(target, "Hips", -1, {0, 2, 0}, {R::Hips});
  add(target, "Spine", hips, {0, 0.6, 0}, {R::Spine});
  add_legs(target, hips, 1, 0.3, 0.8);  // toes 0.05 below the ankle: the floor at 2 - 0.3 - 1.6 - 0.05 = 0.05
  source.scene.clips.push_back(stride(source));
  RetargetOptions loose, locked;
  locked.foot_lock.enabled = true;
  const auto sliding = retarget(source.scene, source.roles, target.scene, target.roles, loose);
  const auto pinned = retarget(source.scene, source.roles, target.scene, target.roles, locked);
  ASSERT_TRUE(sliding.ok() && pinned.ok());
  const FootSliding& free_foot = sliding->report.feet[0];
  ASSERT_TRUE(free_foot.measured);
  // The source's foot is still (up to the LINEAR keys' chords); the free target's slides 0.027 in the second.
  EXPECT_LT(free_foot.source, 1e-3);
  EXPECT_NEAR(free_foot.result, 0.155 * std::sin(10 * kDegree), 1e-3);
  EXPECT_LT(pinned->report.feet[0].result, 1e-9);
  EXPECT_LT(pinned->report.feet[1].result, 1e-9);
}

TEST(Retarget, NoHipsIsAnErrorNamingTheSide) {
  Built source = t_pose_source(), target = arms_down_target();
  source.scene.clips.push_back({"c", 1, {}, {}, {}, {}, {}, {}});
  key_rotation(source.scene.clips[0], 1, {0}, {Quat{}});
  target.roles.joints[static_cast<std::size_t>(R::Hips)] = -1;
  const auto result = retarget(source.scene, source.roles, target.scene, target.roles);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().to_string().find("the target has no hips"), std::string::npos)
      << result.error().to_string();
  const auto no_clip = retarget(target.scene, target.roles, source.scene, source.roles);
  EXPECT_FALSE(no_clip.ok());
}

}  // namespace
}  // namespace bonebridge
