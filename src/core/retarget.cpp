// SPDX-License-Identifier: MIT
// Humanoid retargeting in world space (VRM's "how to transform human pose"): see retarget.hpp.
#include "bonebridge/core/retarget.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "bonebridge/core/sampler.hpp"

namespace bonebridge {
namespace {

using R = HumanoidRole;

[[noreturn]] void fail(std::string message) {
  throw FormatError(Error{"retargeting", std::move(message), {}, {}, {}});
}

// The role that continues `role`'s chain away from the hips (spine -> chest, upperArm -> lowerArm), or none
// at the chain's end (head, hands, toes, the last finger bone). Eyes and jaw do not continue the head.
std::optional<R> next_in_chain(R role) {
  const auto next = static_cast<std::size_t>(role) + 1;
  if (next >= kHumanoidRoleCount) return std::nullopt;
  const R candidate = role_at(next);
  if (candidate == R::LeftEye || candidate == R::RightEye || candidate == R::Jaw) return std::nullopt;
  return role_parent(candidate) == role ? std::optional(candidate) : std::nullopt;
}

// One skeleton at rest in world space, and its floor (the lowest joint or mesh vertex).
struct RestPose {
  std::vector<Quat> rotation;
  std::vector<Vec3> position;
  std::vector<Mat4> model;
  double ground = 0;
};

RestPose rest_pose(const Scene& scene) {
  const Skeleton& skeleton = scene.skeleton;
  RestPose rest{{}, {}, rest_model(skeleton), std::numeric_limits<double>::infinity()};
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j) {
    const Joint& joint = skeleton.joints[j];
    const Quat parent = joint.parent < 0 ? Quat{} : rest.rotation[static_cast<std::size_t>(joint.parent)];
    rest.rotation.push_back(normalize(parent * joint.rest.rotation));
    rest.position.push_back(rest.model[j].translation());
    rest.ground = std::min(rest.ground, rest.position.back().y);
  }
  for (const RigidMesh& mesh : scene.meshes) {
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
      const auto joint = static_cast<std::size_t>(mesh.joint_of(v));
      if (joint < rest.model.size())
        rest.ground = std::min(rest.ground, transform_point(rest.model[joint], mesh.positions[v]).y);
    }
  }
  return rest;
}

// The shortest rotation taking unit vector `from` onto unit vector `to`.
Quat rotation_between(Vec3 from, Vec3 to) {
  const double d = dot(from, to);
  if (d < -1 + 1e-12) {  // opposite: half a turn about any axis perpendicular to `from`
    Vec3 axis = cross(from, Vec3{1, 0, 0});
    if (length(axis) < 1e-6) axis = cross(from, Vec3{0, 1, 0});
    return axis_angle(axis * (1 / length(axis)), kPi);
  }
  const Vec3 c = cross(from, to);
  return normalize(Quat{c.x, c.y, c.z, 1 + d});
}

std::optional<Vec3> unit(Vec3 v) {
  const double n = length(v);
  if (!(n > 1e-9)) return std::nullopt;
  return v * (1 / n);
}

// Both sides of the retargeting: skeletons, roles, rests.
struct Side {
  const Scene* scene;
  const RoleMap* roles;
  RestPose rest;
  double hip_height = 0;
  int hips = -1;
};

// Where a role's bone ends on one side: a point fixed in a joint's frame (a child joint's origin, or a point
// in the role's own joint).
struct Tip {
  int joint = -1;  // -1: the role has no bone direction on this side
  Vec3 offset;
};

Vec3 rest_point(const Side& side, const Tip& tip) {
  return transform_point(side.rest.model[static_cast<std::size_t>(tip.joint)], tip.offset);
}

bool apart(const Side& side, int joint, const Tip& tip) {
  return tip.joint >= 0 &&
         distance(side.rest.position[static_cast<std::size_t>(joint)], rest_point(side, tip)) > 1e-9;
}

// A point of `joint`'s own frame, given at rest in world space.
Tip own_point(const Side& side, int joint, Vec3 world) {
  return {joint, transform_point(inverse_affine(side.rest.model[static_cast<std::size_t>(joint)]), world)};
}

bool is_leg(R role) {
  return role == R::LeftUpperLeg || role == R::LeftLowerLeg || role == R::RightUpperLeg ||
         role == R::RightLowerLeg;
}

// Where a role's bone ends when no role below it does, on one side: its first child joint away from it; for a
// leg (LEGO's, a rigid part with no knee), the rest floor below it; else the middle of its meshes.
Tip own_tip(const Side& side, R role, int joint) {
  const auto& joints = side.scene->skeleton.joints;
  for (std::size_t j = 0; j < joints.size(); ++j) {
    if (joints[j].parent == joint && apart(side, joint, {static_cast<int>(j), {}}))
      return {static_cast<int>(j), {}};
  }
  const Vec3 at = side.rest.position[static_cast<std::size_t>(joint)];
  if (is_leg(role) && at.y > side.rest.ground) return own_point(side, joint, {at.x, side.rest.ground, at.z});
  Vec3 sum;
  std::size_t count = 0;
  for (const RigidMesh& mesh : side.scene->meshes) {
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
      if (mesh.joint_of(v) != joint) continue;
      sum = sum + mesh.positions[v];
      ++count;
    }
  }
  const Tip middle{joint, count > 0 ? sum * (1.0 / static_cast<double>(count)) : Vec3{}};
  return apart(side, joint, middle) ? middle : Tip{};
}

// The bone ends of a role on both sides: the next role down its chain that both sides place away from the
// role's own joint, else each side's own (own_tip).
std::pair<Tip, Tip> bone_tips(const Side& source, const Side& target, R role) {
  const int a = source.roles->joint_of(role), b = target.roles->joint_of(role);
  for (auto next = next_in_chain(role); next; next = next_in_chain(*next)) {
    const Tip ta{source.roles->joint_of(*next), {}}, tb{target.roles->joint_of(*next), {}};
    if (apart(source, a, ta) && apart(target, b, tb)) return {ta, tb};
  }
  return {own_tip(source, role, a), own_tip(target, role, b)};
}

std::optional<Vec3> rest_direction(const Side& side, int joint, const Tip& tip) {
  if (tip.joint < 0) return std::nullopt;
  return unit(rest_point(side, tip) - side.rest.position[static_cast<std::size_t>(joint)]);
}

// One role as both sides play it.
struct RolePair {
  R role;
  int source_joint, target_joint;
  Tip source_tip, target_tip;
};

// A target joint driven by a source joint: G = F⁻¹ · (G_src · W_src⁻¹) · constant, constant = C · F · W_dst.
struct Drive {
  int target_joint;
  int source_joint;
  Quat source_rest_inverse;  // W_src⁻¹
  Quat constant;
};

// A foot's point on one side: the foot role's joint, or the rest floor below the deepest leg joint.
struct FootPoint {
  int joint = -1;
  Vec3 offset;  // in the joint's frame
};

FootPoint foot_point(const Side& side, bool left) {
  const R chain[] = {left ? R::LeftFoot : R::RightFoot, left ? R::LeftLowerLeg : R::RightLowerLeg,
                     left ? R::LeftUpperLeg : R::RightUpperLeg};
  for (const R role : chain) {
    const int joint = side.roles->joint_of(role);
    if (joint < 0) continue;
    if (role == chain[0]) return {joint, {}};
    const Vec3 at = side.rest.position[static_cast<std::size_t>(joint)];
    const Mat4 inverse = inverse_affine(side.rest.model[static_cast<std::size_t>(joint)]);
    return {joint, transform_point(inverse, Vec3{at.x, side.rest.ground, at.z})};
  }
  return {};
}

Vec3 tip_position(const Tip& tip, const std::vector<Mat4>& model) {
  return transform_point(model[static_cast<std::size_t>(tip.joint)], tip.offset);
}

Vec3 foot_position(const FootPoint& foot, const std::vector<Mat4>& model) {
  return transform_point(model[static_cast<std::size_t>(foot.joint)], foot.offset);
}

// The turn about the vertical that makes the target face as the source does: from the first left-right
// pair of roles both sides place (upper legs, upper arms, shoulders, hands).
Quat facing_turn(const Side& source, const Side& target, std::vector<std::string>& notes) {
  const std::pair<R, R> pairs[] = {{R::LeftUpperLeg, R::RightUpperLeg},
                                   {R::LeftUpperArm, R::RightUpperArm},
                                   {R::LeftShoulder, R::RightShoulder},
                                   {R::LeftHand, R::RightHand}};
  const auto across = [](const Side& side, R left, R right) -> std::optional<Vec3> {
    const int l = side.roles->joint_of(left), r = side.roles->joint_of(right);
    if (l < 0 || r < 0) return std::nullopt;
    Vec3 line =
        side.rest.position[static_cast<std::size_t>(l)] - side.rest.position[static_cast<std::size_t>(r)];
    line.y = 0;
    return unit(line);
  };
  for (const auto& [left, right] : pairs) {
    const auto s = across(source, left, right), t = across(target, left, right);
    if (!s || !t) continue;
    const double angle = std::atan2(cross(*t, *s).y, dot(*t, *s));
    if (std::abs(angle) > 1e-6)
      notes.push_back(
          fmt::format("the target is turned {:.1f} degrees about the vertical to face as the source "
                      "does ({} to {})",
                      angle * 180 / kPi, role_name(right), role_name(left)));
    return axis_angle(Vec3{0, 1, 0}, angle);
  }
  notes.emplace_back(
      "neither side places a left-right pair (upper legs, upper arms, shoulders, hands): "
      "both are taken to face the same way");
  return {};
}

struct Plan {
  Side source, target;
  Quat facing;                // F
  std::vector<int> drive_of;  // per target joint: its Drive, or -1 (held at rest)
  std::vector<Drive> drives;
  std::vector<RolePair> pairs;  // roles both sides place, on driven target joints: what the report measures
  std::array<FootPoint, 2> source_feet, target_feet;
  double ratio = 1;          // target hip height / source hip height
  Mat4 hips_parent_inverse;  // the target hips' parent at rest, inverted
  std::vector<std::string> notes;
};

std::string joint_name(const Side& side, int joint) {
  return side.scene->skeleton.joints[static_cast<std::size_t>(joint)].name;
}

std::vector<std::string> role_names(const std::vector<R>& roles) {
  std::vector<std::string> names;
  for (const R role : roles) names.emplace_back(role_name(role));
  return names;
}

// The target joint `joint`, playing `roles`, driven by the deepest of them the source places.
void plan_drive(Plan& plan, std::size_t joint, const std::vector<R>& roles, std::vector<std::string>& held) {
  const Side &source = plan.source, &target = plan.target;
  const auto deepest =
      std::find_if(roles.rbegin(), roles.rend(), [&](R role) { return source.roles->joint_of(role) >= 0; });
  const auto name = joint_name(target, static_cast<int>(joint));
  if (deepest == roles.rend()) {
    held.push_back(fmt::format("'{}' ({})", name, fmt::join(role_names(roles), ", ")));
    return;
  }
  const int from = source.roles->joint_of(*deepest);
  if (roles.size() > 1)
    plan.notes.push_back(
        fmt::format("'{}' plays {}: it follows {} ('{}'), the rotations above it composed in", name,
                    fmt::join(role_names(roles), ", "), role_name(*deepest), joint_name(source, from)));
  const auto [source_tip, target_tip] = bone_tips(source, target, *deepest);
  const auto to_direction = rest_direction(source, from, source_tip);
  const auto from_direction = rest_direction(target, static_cast<int>(joint), target_tip);
  const Quat align = to_direction && from_direction
                         ? rotation_between(rotate(plan.facing, *from_direction), *to_direction)
                         : Quat{};
  plan.drives.push_back({static_cast<int>(joint), from,
                         conjugate(source.rest.rotation[static_cast<std::size_t>(from)]),
                         normalize(align * plan.facing * target.rest.rotation[joint])});
  plan.drive_of[joint] = static_cast<int>(plan.drives.size() - 1);
}

// Notes on roles the source plays and the target lacks: between two roles the target has (folded, in world
// space, into the roles below), or below its last one (dropped).
void note_missing_roles(Plan& plan) {
  std::vector<std::string> folded, dropped;
  for (std::size_t i = 0; i < kHumanoidRoleCount; ++i) {
    const R role = role_at(i);
    if (plan.source.roles->joint_of(role) < 0 || plan.target.roles->joint_of(role) >= 0) continue;
    bool below = false;
    for (std::size_t k = 0; k < kHumanoidRoleCount && !below; ++k)
      below = plan.target.roles->joints[k] >= 0 && is_role_ancestor(role, role_at(k));
    (below ? folded : dropped).emplace_back(role_name(role));
  }
  if (!folded.empty())
    plan.notes.push_back(
        fmt::format("the target has no joint for {}: their rotations are carried by the roles "
                    "below them",
                    fmt::join(folded, ", ")));
  if (!dropped.empty())
    plan.notes.push_back(
        fmt::format("the target has nothing for {} below its last role in their chains: "
                    "dropped",
                    fmt::join(dropped, ", ")));
}

void plan_drives(Plan& plan) {
  const std::size_t count = plan.target.scene->skeleton.joints.size();
  plan.drive_of.assign(count, -1);
  std::vector<std::string> held;
  for (std::size_t j = 0; j < count; ++j) {
    const auto roles = plan.target.roles->roles_of(static_cast<int>(j));
    if (!roles.empty()) plan_drive(plan, j, roles, held);
  }
  if (!held.empty())
    plan.notes.push_back(
        fmt::format("held at rest, the source having none of their roles: {}", fmt::join(held, ", ")));
  note_missing_roles(plan);
  for (std::size_t i = 0; i < kHumanoidRoleCount; ++i) {
    const int a = plan.source.roles->joints[i], b = plan.target.roles->joints[i];
    if (a < 0 || b < 0 || plan.drive_of[static_cast<std::size_t>(b)] < 0) continue;
    const auto [source_tip, target_tip] = bone_tips(plan.source, plan.target, role_at(i));
    plan.pairs.push_back({role_at(i), a, b, source_tip, target_tip});
  }
}

Side side_of(const Scene& scene, const RoleMap& roles, const char* which) {
  if (!is_topologically_ordered(scene.skeleton))
    fail(fmt::format("the {}'s skeleton does not list parents before children", which));
  Side side{&scene, &roles, rest_pose(scene), 0, roles.joint_of(R::Hips)};
  if (side.hips < 0 || static_cast<std::size_t>(side.hips) >= scene.skeleton.joints.size())
    fail(fmt::format("the {} has no hips (no joint plays the role 'hips'): give a role map", which));
  side.hip_height = side.rest.position[static_cast<std::size_t>(side.hips)].y - side.rest.ground;
  return side;
}

Plan make_plan(const Scene& source, const RoleMap& source_roles, const Scene& target,
               const RoleMap& target_roles) {
  Plan plan{side_of(source, source_roles, "source"),
            side_of(target, target_roles, "target"),
            {},
            {},
            {},
            {},
            {},
            {},
            1,
            {},
            {}};
  plan.facing = facing_turn(plan.source, plan.target, plan.notes);
  plan_drives(plan);
  for (const bool left : {true, false}) {
    plan.source_feet[left ? 0 : 1] = foot_point(plan.source, left);
    plan.target_feet[left ? 0 : 1] = foot_point(plan.target, left);
  }
  if (plan.source.hip_height > 1e-9 && plan.target.hip_height > 1e-9) {
    plan.ratio = plan.target.hip_height / plan.source.hip_height;
  } else {
    plan.notes.emplace_back("a hip height is zero (hips at the lowest joint at rest): hips moved unscaled");
  }
  const int parent = target.skeleton.joints[static_cast<std::size_t>(plan.target.hips)].parent;
  if (parent >= 0)
    plan.hips_parent_inverse = inverse_affine(plan.target.rest.model[static_cast<std::size_t>(parent)]);
  return plan;
}

// Every key time of the clip's joint channels, merged.
std::vector<double> clip_times(const Clip& clip) {
  std::vector<double> times;
  const auto add = [&times](const auto& channel) {
    if (channel) times.insert(times.end(), channel->times.begin(), channel->times.end());
  };
  for (const JointChannels& channels : clip.joints) {
    add(channels.translation);
    add(channels.rotation);
    add(channels.scale);
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end(), [](double a, double b) { return b - a < 1e-9; }),
              times.end());
  if (times.empty() || !std::isfinite(times.front()) || !std::isfinite(times.back()))
    fail(fmt::format("the source's clip '{}' has no keyframed joint", clip.name));
  return times;
}

// World rotations of `locals` (scale ignored).
void world_rotations(const Skeleton& skeleton, const std::vector<Transform>& locals,
                     std::vector<Quat>& world) {
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j) {
    const int parent = skeleton.joints[j].parent;
    world[j] = normalize(parent < 0 ? locals[j].rotation
                                    : world[static_cast<std::size_t>(parent)] * locals[j].rotation);
  }
}

// The source's motion that the whole clip must be seen for: its floor, the hips, the feet and their contacts.
struct SourceMotion {
  std::vector<Vec3> hips;
  std::array<std::vector<Vec3>, 2> feet;
  std::array<std::vector<char>, 2> contact;
  double ground = std::numeric_limits<double>::infinity();  // the lowest joint over the clip
};

SourceMotion source_motion(const Plan& plan, const Clip& clip, const std::vector<double>& times) {
  const Skeleton& skeleton = plan.source.scene->skeleton;
  ClipSampler sampler(skeleton, clip);
  std::vector<Transform> locals(skeleton.joints.size());
  std::vector<Mat4> model(skeleton.joints.size());
  SourceMotion motion;
  motion.hips.reserve(times.size());
  for (auto& foot : motion.feet) foot.reserve(times.size());
  for (const double t : times) {
    sampler.sample(t, locals);
    local_to_model(skeleton, locals, model);
    motion.hips.push_back(model[static_cast<std::size_t>(plan.source.hips)].translation());
    for (const Mat4& joint : model) motion.ground = std::min(motion.ground, joint.translation().y);
    for (std::size_t i = 0; i < 2; ++i) {
      if (plan.source_feet[i].joint >= 0) motion.feet[i].push_back(foot_position(plan.source_feet[i], model));
    }
  }
  return motion;
}

double horizontal_distance(Vec3 a, Vec3 b) {
  return std::hypot(a.x - b.x, a.z - b.z);
}

// A foot is in contact while near its lowest point and nearly still (retarget.hpp: FootLock).
void find_contacts(SourceMotion& motion, const std::vector<double>& times, double hip_height,
                   const FootLock& lock) {
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& foot = motion.feet[i];
    motion.contact[i].assign(times.size(), 0);
    if (foot.size() != times.size() || times.size() < 2) continue;
    double lowest = std::numeric_limits<double>::infinity();
    for (const Vec3& p : foot) lowest = std::min(lowest, p.y);
    for (std::size_t f = 0; f < foot.size(); ++f) {
      const std::size_t a = f == 0 ? 0 : f - 1, b = std::min(f + 1, foot.size() - 1);
      const double speed = horizontal_distance(foot[a], foot[b]) / std::max(times[b] - times[a], 1e-9);
      motion.contact[i][f] =
          foot[f].y - lowest <= lock.contact_height * hip_height && speed <= lock.contact_speed * hip_height;
    }
  }
}

// The result's clip, its channels sized for every frame: a rotation channel per driven joint, a translation
// channel on the hips.
Clip output_clip(const Plan& plan, const Clip& source_clip, std::size_t frames) {
  Clip clip;
  clip.name = source_clip.name;
  clip.duration = source_clip.duration;
  if (!plan.target.scene->clips.empty()) clip.metadata = plan.target.scene->clips.front().metadata;
  for (const Drive& drive : plan.drives) {
    JointChannels channels{drive.target_joint, {}, Channel<Quat>{}, {}};
    channels.rotation->times.reserve(frames);
    channels.rotation->values.reserve(frames);
    clip.joints.push_back(std::move(channels));
  }
  const auto hips = std::find_if(clip.joints.begin(), clip.joints.end(),
                                 [&](const JointChannels& c) { return c.joint == plan.target.hips; });
  JointChannels& at_hips = hips != clip.joints.end()
                               ? *hips
                               : clip.joints.emplace_back(JointChannels{plan.target.hips, {}, {}, {}});
  at_hips.translation = Channel<Vec3>{};
  at_hips.translation->times.reserve(frames);
  at_hips.translation->values.reserve(frames);
  return clip;
}

// The per-frame work, its buffers sized once.
class Retargeter {
 public:
  Retargeter(const Plan& plan, const SourceMotion& motion, const RetargetOptions& options)
      : plan_(plan),
        motion_(motion),
        options_(options),
        sampler_(plan.source.scene->skeleton, plan.source.scene->clips[options.clip]),
        source_locals_(plan.source.scene->skeleton.joints.size()),
        target_locals_(plan.target.scene->skeleton.joints.size()),
        source_rotation_(source_locals_.size()),
        target_rotation_(target_locals_.size()),
        source_model_(source_locals_.size()),
        target_model_(target_locals_.size()),
        target_feet_{std::vector<Vec3>(motion.hips.size()), std::vector<Vec3>(motion.hips.size())} {
    const Vec3 first = motion.hips.front();
    source_origin_ = {first.x, motion.ground, first.z};
    const Vec3 rest = plan.target.rest.position[static_cast<std::size_t>(plan.target.hips)];
    target_origin_ = {rest.x, plan.target.rest.ground, rest.z};
    for (const RolePair& pair : plan.pairs)
      deviations_.push_back({pair.role, 0, 0, pair.source_tip.joint >= 0 && pair.target_tip.joint >= 0});
  }

  void frame(std::size_t f, double t, Clip& clip) {
    sampler_.sample(t, source_locals_);
    world_rotations(plan_.source.scene->skeleton, source_locals_, source_rotation_);
    local_to_model(plan_.source.scene->skeleton, source_locals_, source_model_);
    pose_target();
    place_hips(motion_.hips[f]);
    if (options_.foot_lock.enabled) lock_feet(f);
    for (std::size_t i = 0; i < 2; ++i) {
      if (plan_.target_feet[i].joint >= 0)
        target_feet_[i][f] = foot_position(plan_.target_feet[i], target_model_);
    }
    for (std::size_t d = 0; d < plan_.drives.size(); ++d) {
      auto& rotation = *clip.joints[d].rotation;
      rotation.times.push_back(t);
      rotation.values.push_back(
          target_locals_[static_cast<std::size_t>(plan_.drives[d].target_joint)].rotation);
    }
    auto& translation = *hips_channels(clip).translation;
    translation.times.push_back(t);
    translation.values.push_back(target_locals_[static_cast<std::size_t>(plan_.target.hips)].translation);
    measure_roles(t);
  }

  std::vector<RoleDeviation> deviations() const { return deviations_; }
  const std::array<std::vector<Vec3>, 2>& target_feet() const { return target_feet_; }

 private:
  JointChannels& hips_channels(Clip& clip) const {
    for (auto& channels : clip.joints)
      if (channels.joint == plan_.target.hips) return channels;
    return clip.joints.back();
  }

  void pose_target() {
    const auto& joints = plan_.target.scene->skeleton.joints;
    const Quat back = conjugate(plan_.facing);
    for (std::size_t j = 0; j < joints.size(); ++j) {
      const Joint& joint = joints[j];
      target_locals_[j] = joint.rest;
      const Quat parent =
          joint.parent < 0 ? Quat{} : target_rotation_[static_cast<std::size_t>(joint.parent)];
      const int drive = plan_.drive_of[j];
      if (drive < 0) {
        target_rotation_[j] = normalize(parent * joint.rest.rotation);
        continue;
      }
      const Drive& d = plan_.drives[static_cast<std::size_t>(drive)];
      const Quat world = normalize(back * source_rotation_[static_cast<std::size_t>(d.source_joint)] *
                                   d.source_rest_inverse * d.constant);
      target_locals_[j].rotation = normalize(conjugate(parent) * world);
      target_rotation_[j] = world;
    }
  }

  void place_hips(Vec3 source_hips) {
    const Vec3 moved = rotate(conjugate(plan_.facing), (source_hips - source_origin_) * plan_.ratio);
    const Vec3 world = target_origin_ + moved + offset_;
    target_locals_[static_cast<std::size_t>(plan_.target.hips)].translation =
        transform_point(plan_.hips_parent_inverse, world);
    local_to_model(plan_.target.scene->skeleton, target_locals_, target_model_);
  }

  // Pins the feet the source has on the ground (retarget.hpp), moving the hips horizontally.
  void lock_feet(std::size_t f) {
    Vec3 correction;
    int pinned = 0;
    for (std::size_t i = 0; i < 2; ++i) {
      const FootPoint& foot = plan_.target_feet[i];
      const bool contact = foot.joint >= 0 && motion_.contact[i][f];
      if (contact) {
        const Vec3 at = foot_position(foot, target_model_);
        if (!in_contact_[i]) pins_[i] = at;
        correction = correction + Vec3{pins_[i].x - at.x, 0, pins_[i].z - at.z};
        ++pinned;
      }
      in_contact_[i] = contact;
    }
    if (pinned == 0) return;
    offset_ = offset_ + correction * (1.0 / pinned);
    place_hips(motion_.hips[f]);
  }

  void measure_roles(double t) {
    for (std::size_t k = 0; k < plan_.pairs.size(); ++k) {
      const RolePair& pair = plan_.pairs[k];
      const auto a = static_cast<std::size_t>(pair.source_joint),
                 b = static_cast<std::size_t>(pair.target_joint);
      double angle = 0;
      if (deviations_[k].direction) {
        const auto source =
            unit(tip_position(pair.source_tip, source_model_) - source_model_[a].translation());
        const auto result =
            unit(tip_position(pair.target_tip, target_model_) - target_model_[b].translation());
        if (source && result)
          angle = std::acos(std::clamp(dot(*source, rotate(plan_.facing, *result)), -1.0, 1.0));
      } else {
        const Drive& drive = plan_.drives[static_cast<std::size_t>(plan_.drive_of[b])];
        const Quat source = source_rotation_[a] * conjugate(plan_.source.rest.rotation[a]);
        const Quat result = plan_.facing * target_rotation_[b] * conjugate(drive.constant);
        angle = angle_between(source, result);
      }
      if (angle * 180 / kPi > deviations_[k].degrees) {
        deviations_[k].degrees = angle * 180 / kPi;
        deviations_[k].at_seconds = t;
      }
    }
  }

  const Plan& plan_;
  const SourceMotion& motion_;
  const RetargetOptions& options_;
  ClipSampler sampler_;
  std::vector<Transform> source_locals_, target_locals_;
  std::vector<Quat> source_rotation_, target_rotation_;
  std::vector<Mat4> source_model_, target_model_;
  std::array<std::vector<Vec3>, 2> target_feet_;
  Vec3 source_origin_, target_origin_, offset_;
  std::array<bool, 2> in_contact_{};
  std::array<Vec3, 2> pins_{};
  std::vector<RoleDeviation> deviations_;
};

// Mean horizontal speed of each foot point while the source's foot is in contact (retarget.hpp).
std::array<FootSliding, 2> foot_sliding(const Plan& plan, const SourceMotion& motion,
                                        const std::array<std::vector<Vec3>, 2>& result,
                                        const std::vector<double>& times) {
  std::array<FootSliding, 2> feet;
  for (std::size_t i = 0; i < 2; ++i) {
    if (plan.source_feet[i].joint < 0 || plan.target_feet[i].joint < 0) continue;
    double source = 0, target = 0, seconds = 0;
    for (std::size_t f = 1; f < times.size(); ++f) {
      if (!motion.contact[i][f] || !motion.contact[i][f - 1]) continue;
      seconds += times[f] - times[f - 1];
      source += horizontal_distance(motion.feet[i][f], motion.feet[i][f - 1]);
      target += horizontal_distance(result[i][f], result[i][f - 1]);
    }
    if (seconds <= 0) continue;
    feet[i] = {true, seconds, source * plan.ratio / seconds, target / seconds};
  }
  return feet;
}

Retargeted run(const Scene& source, const RoleMap& source_roles, const Scene& target,
               const RoleMap& target_roles, const RetargetOptions& options) {
  if (options.clip >= source.clips.size())
    fail(source.clips.empty() ? std::string("the source has no animation")
                              : fmt::format("the source has {} clips; there is no clip {}",
                                            source.clips.size(), options.clip));
  const Clip& source_clip = source.clips[options.clip];
  const Plan plan = make_plan(source, source_roles, target, target_roles);
  const std::vector<double> times = clip_times(source_clip);
  SourceMotion motion = source_motion(plan, source_clip, times);
  find_contacts(motion, times, plan.source.hip_height, options.foot_lock);
  Clip clip = output_clip(plan, source_clip, times.size());
  Retargeter retargeter(plan, motion, options);
  for (std::size_t f = 0; f < times.size(); ++f) retargeter.frame(f, times[f], clip);
  clip.duration = std::max(clip.duration, times.back());

  Retargeted result{target, {}};
  result.scene.clips = {std::move(clip)};
  RetargetReport& report = result.report;
  report.roles = retargeter.deviations();
  report.source_hip_height = plan.source.hip_height;
  report.target_hip_height = plan.target.hip_height;
  report.hip_ratio = plan.ratio;
  report.feet = foot_sliding(plan, motion, retargeter.target_feet(), times);
  report.foot_lock = options.foot_lock;
  report.notes = plan.notes;
  return result;
}

}  // namespace

Result<Retargeted> retarget(const Scene& source, const RoleMap& source_roles, const Scene& target,
                            const RoleMap& target_roles, const RetargetOptions& options) {
  return capture("retargeting", [&] { return run(source, source_roles, target, target_roles, options); });
}

}  // namespace bonebridge
