#pragma once
// LBA1 data built in code (no LBA1 game file is public): a small tree-shaped body and an animation that
// exercises wrap, truncation, a translation group, root step and yaw.
#include "bonebridge/formats/lba/document.hpp"

namespace bonebridge::lba::testing {

// Group g > 0 hangs from group (g − 1) / 2 and pivots on that parent's joint point; each group owns a
// joint point and a tip point.
inline Body tree_body(std::size_t group_count) {
  Body body;
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

inline Animation walk_like(std::uint16_t group_count) {
  Animation animation;
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

}  // namespace bonebridge::lba::testing
