// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/wdb/actor_rest.hpp"

#include <nlohmann/json.hpp>

#include <cstring>
#include <string>

#include "../bridge_shared.hpp"

namespace bonebridge::lego::wdb {
namespace {

struct Placement {
  Mat3 rotation;  // glTF frame, column vectors
  Vec3 position;
};

Vec3 unit_vector(const std::array<float, 3>& v) {
  const Vec3 a{v[0], v[1], v[2]};
  return a * (1 / length(a));
}

// CalcLocalTransform (isledecomp/isle realtime.cpp): rows x, y, z, position of a row-vector matrix, so the
// columns of the column-vector rotation; then the X mirror into glTF's frame: S · R · S, S = diag(-1, 1, 1).
Placement placement_of(const ActorPart& part) {
  const Vec3 z = unit_vector(part.direction);
  Vec3 x = cross(unit_vector(part.up), z);
  x = x * (1 / length(x));
  const Vec3 y = cross(z, x);
  const Vec3 axes[3] = {x, y, z};
  Placement placed;
  for (int c = 0; c < 3; ++c) {
    const double column[3] = {axes[c].x, axes[c].y, axes[c].z};
    for (int r = 0; r < 3; ++r) placed.rotation.at(r, c) = column[r] * (r == 0 ? -1 : 1) * (c == 0 ? -1 : 1);
  }
  placed.position = {-part.position[0], part.position[1], part.position[2]};
  return placed;
}

Mat3 transposed(const Mat3& m) {
  Mat3 t;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) t.at(r, c) = m.at(c, r);
  return t;
}

Mat3 product(const Mat3& a, const Mat3& b) {
  Mat3 p;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
      p.at(r, c) = a.at(r, 0) * b.at(0, c) + a.at(r, 1) * b.at(1, c) + a.at(r, 2) * b.at(2, c);
  return p;
}

Vec3 apply(const Mat3& m, Vec3 v) {
  return {m.at(0, 0) * v.x + m.at(0, 1) * v.y + m.at(0, 2) * v.z,
          m.at(1, 0) * v.x + m.at(1, 1) * v.y + m.at(1, 2) * v.z,
          m.at(2, 0) * v.x + m.at(2, 1) * v.y + m.at(2, 2) * v.z};
}

const ActorPart& part_named(const ActorDefinition& actor, const char* roi) {
  for (const ActorPart& part : actor.parts)
    if (part.roi == roi) return part;
  return actor.parts.front();  // every name of kActorTree is one of the ten parts
}

}  // namespace

CoreConversion actor_at_rest(const ActorDefinition& actor) {
  CoreConversion result;
  Scene& scene = result.scene;
  scene.skeleton.joints.push_back({std::string(actor.name), -1, {}});
  std::vector<Placement> placed{Placement{}};
  for (const ActorNode& node : kActorTree) {
    int parent = 0;
    for (std::size_t j = 1; j < scene.skeleton.joints.size(); ++j)
      if (scene.skeleton.joints[j].name == node.parent) parent = static_cast<int>(j);
    const Placement above = placed[static_cast<std::size_t>(parent)];  // a copy: push_back may move it
    placed.push_back(placement_of(part_named(actor, node.part)));
    const Mat3 back = transposed(above.rotation);
    Transform rest;
    rest.rotation = to_quat(product(back, placed.back().rotation));
    rest.translation = apply(back, placed.back().position - above.position);
    scene.skeleton.joints.push_back({node.name, parent, rest});
  }
  Clip clip;
  clip.name = "rest";
  clip.metadata[kActorsKey] =
      nlohmann::json::array({{{"name", std::string(actor.name)}, {"type", 2}}}).dump();
  scene.clips.push_back(std::move(clip));
  return result;
}

}  // namespace bonebridge::lego::wdb
