// SPDX-License-Identifier: MIT
#pragma once
// LBA1 data built in code (no LBA1 game file is public): a small tree-shaped body and an animation that
// exercises wrap, truncation, a translation group, root step and yaw.
#include <array>
#include <utility>

#include "bonebridge/formats/lba/anm/document.hpp"
#include "bonebridge/formats/lba/body/document.hpp"
#include "bonebridge/formats/lba/hqr/document.hpp"

namespace bonebridge::lba::test {

// Group g > 0 hangs from group (g − 1) / 2 and pivots on that parent's joint point; each group owns a
// joint point and a tip point.
inline body::Document tree_body(std::size_t group_count) {
  body::Document body;
  body.flags = 2;
  body.bounds = {-100, 100, 0, 400, -100, 100};
  body.info.assign(10, 0);
  for (std::size_t g = 0; g < group_count; ++g) {
    const auto side = static_cast<std::int16_t>(30 * (static_cast<int>(g % 3) - 1));
    body.points.push_back({side, 60, static_cast<std::int16_t>(10 * (g % 2))});
    body.points.push_back({0, 40, 20});
    BodyGroup group;
    group.first_point = static_cast<std::uint16_t>(2 * g * 6);
    group.point_count = 2;
    if (g > 0) {
      const std::size_t parent = (g - 1) / 2;
      group.parent = static_cast<std::int16_t>(parent * 38);
      group.pivot_point = static_cast<std::uint16_t>(2 * parent * 6);
    }
    body.groups.push_back(group);
  }
  return body;
}

// Drawing data over tree_body's points: a normal per group; per group g > 0 a triangle joining the parent's
// joint point to g's joint point and tip, in both windings, cycling through unlit (0), flat-lit (7) and
// Gouraud (9) materials; a line from each joint point to its tip; a sphere on the root's tip; 2 pad bytes.
inline body::Document with_geometry(body::Document body) {
  BodyGeometry geometry;
  const std::array<std::int16_t, 3> directions[] = {{0, 0, 64}, {64, 0, 0}, {0, 64, 0}};
  for (std::size_t g = 0; g < body.groups.size(); ++g) {
    geometry.normals.push_back({directions[g % 3], 20});
    body.groups[g].normal_count = 1;
  }
  const auto point = [](std::size_t index) { return static_cast<std::uint16_t>(index * 6); };
  for (std::size_t g = 1; g < body.groups.size(); ++g) {
    const std::size_t parent = (g - 1) / 2;
    const std::uint16_t corners[] = {point(2 * parent), point(2 * g), point(2 * g + 1)};
    const std::uint16_t normals[] = {static_cast<std::uint16_t>(parent), static_cast<std::uint16_t>(g),
                                     static_cast<std::uint16_t>(g)};
    BodyPolygon polygon;
    polygon.material = static_cast<std::uint8_t>(g % 3 == 0 ? 0 : g % 3 == 1 ? 7 : 9);
    polygon.colour = static_cast<std::uint16_t>(0x10 * (g % 8) + 0x0100);
    polygon.normal = static_cast<std::uint16_t>(g);
    for (int i = 0; i < 3; ++i) polygon.vertices.push_back({corners[i], normals[i]});
    geometry.polygons.push_back(polygon);
    std::swap(polygon.vertices[1], polygon.vertices[2]);
    geometry.polygons.push_back(polygon);
  }
  for (std::size_t g = 0; g < body.groups.size(); ++g)
    geometry.lines.push_back({0, 0x50, 0, point(2 * g), point(2 * g + 1)});
  geometry.spheres.push_back({0, 0x70, 0, 8, point(1)});
  geometry.trailing = {0, 0};
  body.geometry = geometry;
  return body;
}

inline anm::Document walk_like(std::uint16_t group_count) {
  anm::Document animation;
  animation.group_count = group_count;
  animation.loop_frame = 1;
  const std::uint16_t durations[] = {3, 7, 5, 9};
  const std::int16_t yaw[] = {0, 40, -64, 0};
  for (int k = 0; k < 4; ++k) {
    Keyframe keyframe;
    keyframe.duration = durations[k];
    keyframe.step = {static_cast<std::int16_t>(k * 7), static_cast<std::int16_t>(k == 2 ? 12 : 0),
                     static_cast<std::int16_t>(k == 0 ? 0 : 150)};
    keyframe.groups.push_back({0, 0, yaw[k], 0});
    for (std::uint16_t g = 1; g < group_count; ++g) {
      if (g == 3) {
        keyframe.groups.push_back(
            {1, static_cast<std::int16_t>(k * 11 - 10), static_cast<std::int16_t>(k * 5), 0});
        continue;
      }
      // Angles cross 0/1023, include a raw value beyond 1023 and a negative one.
      keyframe.groups.push_back({0, static_cast<std::int16_t>((1000 + k * 97 * g) % 1400 - 200),
                                 static_cast<std::int16_t>(k * 61 + g * 13),
                                 static_cast<std::int16_t>(1020 - k * 150)});
    }
    animation.keyframes.push_back(keyframe);
  }
  return animation;
}

// Four keyframes of four groups (a root turn, three groups turning about two axes), looping to frame 0.
inline anm::Document looping_to_frame_zero() {
  anm::Document animation;
  animation.group_count = 4;
  const std::int16_t yaw[] = {0, 40, -64, 0};
  for (int k = 0; k < 4; ++k) {
    Keyframe keyframe;
    keyframe.duration = static_cast<std::uint16_t>(5 + k);
    keyframe.groups.push_back({0, 0, yaw[k], 0});
    for (int g = 1; g < 4; ++g)
      keyframe.groups.push_back(
          {0, static_cast<std::int16_t>(k * 37 * g), static_cast<std::int16_t>(g * 50), 0});
    animation.keyframes.push_back(keyframe);
  }
  return animation;
}

}  // namespace bonebridge::lba::test
