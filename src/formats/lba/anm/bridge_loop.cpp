// SPDX-License-Identifier: MIT
// The loop frame a written clip plays back to, found from its keyframes.
#include "bridge_steps.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <span>

#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"

namespace bonebridge::lba {
namespace {

// Whether two keyframes hold the same pose of every group (entry 0, the actor's turn, aside) within a unit.
bool same_pose(const Keyframe& a, const Keyframe& b, int units) {
  if (a.groups.size() != b.groups.size()) return false;
  for (std::size_t g = 1; g < a.groups.size(); ++g) {
    const GroupEntry &x = a.groups[g], &y = b.groups[g];
    if (x.type != y.type || std::abs(wrap_half(x.a - y.a, units)) > 1 ||
        std::abs(wrap_half(x.b - y.b, units)) > 1 || std::abs(wrap_half(x.c - y.c, units)) > 1)
      return false;
  }
  return true;
}

// The engine closes a clip by going from its last keyframe back to the loop frame, over the loop frame's
// duration with its step and turn. A clip whose last keyframe repeats an earlier keyframe j that way (same
// pose, duration, step and turn: how the export bakes the closing segment of a file looping to j) is the
// file looping to j: the repeat is dropped (issue 28: two keyframes fewer, the repeat and the still copy a
// held end needs). Keyframe 0's duration, step and turn play only on the loop, so j = 0 takes the repeat's.
bool loop_to_repeated_keyframe(anm::Document& animation, int units) {
  auto& keyframes = animation.keyframes;
  if (keyframes.size() < 3) return false;
  const Keyframe& last = keyframes.back();
  for (std::size_t j = 0; j + 2 < keyframes.size(); ++j) {
    Keyframe& loop = keyframes[j];
    if (!same_pose(loop, last, units)) continue;
    if (j > 0 && (loop.duration != last.duration || loop.step != last.step ||
                  loop.groups[0].a != last.groups[0].a || loop.groups[0].b != last.groups[0].b ||
                  loop.groups[0].c != last.groups[0].c || loop.groups[0].type != last.groups[0].type))
      continue;
    if (j == 0) {
      loop.duration = last.duration;
      loop.step = last.step;
      loop.groups[0] = last.groups[0];
    }
    keyframes.pop_back();
    animation.loop_frame = static_cast<std::uint16_t>(j);
    animation.unused = animation.loop_frame;
    return true;
  }
  return false;
}

}  // namespace

// A clip ending where it started loops to frame 0; otherwise the last pose is held.
void choose_loop(anm::Document& animation, int units) {
  if (loop_to_repeated_keyframe(animation, units)) return;
  const auto& first = animation.keyframes.front().groups;
  const auto& last = animation.keyframes.back().groups;
  bool cyclic = animation.keyframes.size() > 1;
  for (std::size_t g = 1; g < first.size() && cyclic; ++g) {
    cyclic = first[g].type == last[g].type && std::abs(wrap_half(first[g].a - last[g].a, units)) <= 1 &&
             std::abs(wrap_half(first[g].b - last[g].b, units)) <= 1 &&
             std::abs(wrap_half(first[g].c - last[g].c, units)) <= 1;
  }
  // Holding replays the loop frame's step and yaw on every wrap, so a held last keyframe that moves the actor
  // gets a still copy (one tick, no step, no yaw) to hold instead.
  const Keyframe& final_keyframe = animation.keyframes.back();
  if (!cyclic && (final_keyframe.step != std::array<std::int16_t, 3>{} || final_keyframe.groups[0].b != 0)) {
    Keyframe still = final_keyframe;
    still.duration = 1;
    still.step = {};
    still.groups[0].b = 0;
    animation.keyframes.push_back(std::move(still));
  }
  animation.loop_frame = cyclic ? 0 : static_cast<std::uint16_t>(animation.keyframes.size() - 1);
  animation.unused =
      animation.loop_frame;  // the seed says +6 repeats +4; copy it until retail data says otherwise
}

}  // namespace bonebridge::lba
