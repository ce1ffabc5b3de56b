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

bool same_move(const Keyframe& a, const Keyframe& b) {
  return a.duration == b.duration && a.step == b.step && a.groups[0] == b.groups[0];
}

// The engine closes a clip by going from its last keyframe back to the loop frame, over the loop frame's
// duration with its step and turn. A clip whose last keyframe repeats an earlier keyframe j that way (same
// pose, duration, step and turn: how the export bakes the closing segment of a file looping to j) is the
// file looping to j: the repeat is dropped (issue 28: two keyframes fewer, the repeat and the still copy a
// held end needs). The writer's keyframe 0 lasts no tick; it takes the repeat's duration, step and turn,
// which LBA2 plays only on the loop. LBA1 plays them at the start too, holding frame 0 for that long while
// applying its step (lba1-anm.md 2.2, SetAnimObjet; engine.cpp, timeline): there keyframe 0 takes them only
// together with that hold as the export baked it, keyframe 1 (frame 0's pose reached the same way), which
// is dropped too. (Taking them without it played every LBA1 clip looping to frame 0 late by that duration.)
bool loop_to_repeated_keyframe(anm::Document& animation, Variant variant) {
  const int units = traits(variant).angle_units;
  auto& keyframes = animation.keyframes;
  if (keyframes.size() < 3) return false;
  const Keyframe& last = keyframes.back();
  for (std::size_t j = 0; j + 2 < keyframes.size(); ++j) {
    Keyframe& loop = keyframes[j];
    if (!same_pose(loop, last, units)) continue;
    if (j > 0 && !same_move(loop, last)) continue;
    const bool held = j == 0 && variant == Variant::Lba1;
    if (held && (loop.duration != 0 || keyframes.size() < 4 || !same_pose(loop, keyframes[1], units) ||
                 !same_move(keyframes[1], last)))
      continue;
    if (j == 0) {
      loop.duration = last.duration;
      loop.step = last.step;
      loop.groups[0] = last.groups[0];
    }
    keyframes.pop_back();
    if (held) keyframes.erase(keyframes.begin() + 1);
    animation.loop_frame = static_cast<std::uint16_t>(j);
    animation.unused = animation.loop_frame;
    return true;
  }
  return false;
}

}  // namespace

// A clip ending where it started loops to frame 0; otherwise the last pose is held.
void choose_loop(anm::Document& animation, Variant variant) {
  if (loop_to_repeated_keyframe(animation, variant)) return;
  const int units = traits(variant).angle_units;
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
