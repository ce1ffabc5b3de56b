// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/anm/engine.hpp"

#include <utility>

#include "bonebridge/formats/lba/body/bridge.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"
#include "bonebridge/formats/lba/frame.hpp"

// The .anm kind's one EnginePose fill: a body posed by an engine state, as the game draws it.
namespace bonebridge::lba::anm {
namespace {

Mat4 q14_to_mat4(const PosedGroup& group, const Vec3& offset) {
  Mat4 m;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) m.at(r, c) = group.matrix[static_cast<std::size_t>(r * 3 + c)] / 16384.0;
  }
  m.m[12] = group.origin[0] + offset.x;
  m.m[13] = group.origin[1] + offset.y;
  m.m[14] = group.origin[2] + offset.z;
  return m;
}

// A group's local transform as the engine holds it (§2.3, §2.5): the root (or a group with no earlier parent)
// at the actor's position and yaw; any other group at its pivot offset in the parent's frame, turned by its
// Euler angles (type 0), moved by its value (type 1, no turn) or left in the parent's frame (zoom and unknown
// types, as LBA1 draws them). The glTF node of the group holds the same values.
Transform engine_local(const GroupEntry& value, int parent, const Vec3& offset, const Actor& actor,
                       Variant variant) {
  Transform local;
  if (parent < 0) {
    local.translation = {double(actor.position[0]), double(actor.position[1]), double(actor.position[2])};
    local.rotation = euler_to_quat(actor.alpha, actor.beta, actor.gamma, variant);
  } else if (value.type == 0) {
    local.translation = offset;
    local.rotation = euler_to_quat(value.a, value.b, value.c, variant);
  } else {
    local.translation =
        offset + (value.type == 1 ? Vec3{double(value.a), double(value.b), double(value.c)} : Vec3{});
  }
  return local;
}

}  // namespace

std::vector<Mat4> engine_models(const body::Document& body, const EngineState& state, Variant variant,
                                bool include_actor) {
  const Actor actor = include_actor ? state.actor : Actor{};
  const PosedBody posed = pose_body(body, state.pose, actor, variant);
  const Vec3 actor_position{double(actor.position[0]), double(actor.position[1]), double(actor.position[2])};
  std::vector<Mat4> models;
  models.reserve(body.groups.size());
  for (std::size_t g = 0; g < body.groups.size(); ++g)
    models.push_back(q14_to_mat4(posed.groups[g], actor_position));
  return models;
}

EnginePose engine_pose(const body::Document& body, const EngineState& state, double seconds, Variant variant,
                       bool include_actor) {
  const Actor actor = include_actor ? state.actor : Actor{};
  const auto models = engine_models(body, state, variant, include_actor);
  const auto offsets = pivot_offsets(body);
  EnginePose pose;
  pose.time = seconds;
  pose.joints.reserve(body.groups.size());
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    EngineJoint joint;
    joint.name = joint_name(g);
    joint.parent = parent_index(body.groups[g], g);
    joint.model = models[g];
    joint.local = engine_local(posed_value(body, state.pose, g), joint.parent, offsets[g], actor, variant);
    pose.joints.push_back(std::move(joint));
  }
  return pose;
}

}  // namespace bonebridge::lba::anm
