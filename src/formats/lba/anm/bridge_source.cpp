// SPDX-License-Identifier: MIT
// An unedited clip written back as the file it came from (issue 28), when the engine plays both alike.
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

// What the round trip through glTF and this writer's re-quantisation (Euler angles, aimed steps) moves a
// group by, with a margin: measured on the 8 LBA2 samples up to 2.83 units (a body is ~1,000 units tall) and
// 0.008 rad (5 LBA2 angle units); a 10-degree edit is 0.17 rad.
constexpr MotionTolerance kUnchangedTolerance{4.0, 0.02};

// What a group's entry does to the placeholder body's matrices (body/engine.cpp, pose_body): angles turn it
// as the engine takes them (masked to a turn at the table lookup; a zero angle is skipped), a translation
// moves it, and zoom and unknown types leave the parent's frame. So a rotation by (0, 0, 0), a move by
// (0, 0, 0) and a zoom all leave it still (the writer keeps a group that never moves as a rotation).
GroupEntry placed(const GroupEntry& entry, int mask) {
  if (entry.type == 0) {
    const GroupEntry turn{0, static_cast<std::int16_t>(entry.a & mask),
                          static_cast<std::int16_t>(entry.b & mask),
                          static_cast<std::int16_t>(entry.c & mask)};
    return turn == GroupEntry{0, 0, 0, 0} ? GroupEntry{2, 0, 0, 0} : turn;
  }
  if (entry.type == 1 && (entry.a != 0 || entry.b != 0 || entry.c != 0)) return entry;
  return {2, 0, 0, 0};
}

bool same_actor(const Actor& a, const Actor& b, int mask) {
  const auto same_angle = [mask](int x, int y) { return ((x - y) & mask) == 0; };
  return a.position == b.position && same_angle(a.alpha, b.alpha) && same_angle(a.beta, b.beta) &&
         same_angle(a.gamma, b.gamma);
}

// Keeps, in both states, the root's entry and the groups they place apart, and says whether any group is
// apart. The placeholder body hangs every group from the root, which the actor places (entry 0 does not
// count): with the actors alike, a group placed alike has the same matrix in both, and each group's matrix is
// the root's turned or moved by its own entry alone. So the groups apart, posed on a placeholder body of as
// many groups, have the matrices they have in the whole body, and the others need none.
bool keep_groups_apart(EngineState& a, EngineState& b, int mask) {
  std::size_t kept = 1;
  for (std::size_t g = 1; g < a.pose.size(); ++g) {
    if (placed(a.pose[g], mask) == placed(b.pose[g], mask)) continue;
    a.pose[kept] = a.pose[g];
    b.pose[kept] = b.pose[g];
    ++kept;
  }
  a.pose.resize(kept);
  b.pose.resize(kept);
  return kept > 1;
}

// The placeholder bodies of each group count, made once.
class PlaceholderBodies {
 public:
  const body::Document& of(std::size_t group_count) {
    if (bodies_.size() <= group_count) bodies_.resize(group_count + 1);
    if (!bodies_[group_count]) bodies_[group_count] = placeholder_body(group_count);
    return *bodies_[group_count];
  }

 private:
  std::vector<std::optional<body::Document>> bodies_;
};

// Both clocks' every group matrix (on the placeholder body: the groups' own turns and moves, the actor's
// place) compared at `instants`. Most ticks of an unedited clip have the same engine state, or differ in a
// group or two written with the other Euler angles of the same rotation, held for many ticks: only those
// groups are worked out, once while they hold (issue 38: ANIM_CUSTOM.anm compared at 10,899 ticks).
MotionDifference compare_clocks(std::span<const double> instants, IdealClock& a, IdealClock& b,
                                Variant variant) {
  const double tick = traits(variant).tick_seconds;
  const int mask = traits(variant).angle_units - 1;
  PlaceholderBodies bodies;
  MotionComparison comparison;
  EngineState state_a, state_b;        // at each instant, in storage kept from one to the next
  EngineState compared_a, compared_b;  // the last states whose matrices were compared
  bool compared = false;
  for (const double seconds : instants) {
    const std::int64_t at = std::llround(seconds / tick);
    a.at(at, state_a);
    b.at(at, state_b);
    if (state_a.pose.size() == state_b.pose.size() && same_actor(state_a.actor, state_b.actor, mask) &&
        !keep_groups_apart(state_a, state_b, mask)) {
      comparison.add_same(seconds);
      continue;
    }
    if (compared && state_a == compared_a && state_b == compared_b) {
      comparison.add_same(seconds);  // no further apart than at the instant those states were compared
      continue;
    }
    const body::Document& body = bodies.of(state_a.pose.size());
    if (!comparison.add(seconds, anm::engine_models(body, state_a, variant, true),
                        anm::engine_models(body, state_b, variant, true)))
      break;
    compared_a = state_a;
    compared_b = state_b;
    compared = true;
  }
  return comparison.difference();
}

}  // namespace

// The ideal clock plays the written keyframes (their loop chosen as the writer chooses it) and the source
// alike at every tick of the source's first pass (what the clip holds: the loop frame is not in the glTF's
// motion, and the written file's own loop guess does not decide), same group count, poses within the
// engine's rounding. Compared before the keyframe reduction, which an unchanged clip does not need: the
// reduction stays within its own tolerance of these keyframes, and costs more than this comparison.
SourceVerdict compare_with_source(const Clip& clip, Variant variant, const anm::Document& written) {
  const auto bytes = described_source(clip);
  if (!bytes) return {};
  auto source = anm::read(*bytes);
  if (!source || source->keyframes.empty()) return {};
  anm::Document looped = written;
  choose_loop(looped, variant);
  if (source->group_count != looped.group_count || !evaluation_refusal(*source, variant).empty() ||
      !evaluation_refusal(looped, variant).empty()) {
    return {std::nullopt, edited_note(MotionDifference{false}, kUnchangedTolerance)};
  }
  const Timeline original_line = timeline(*source, variant);
  const double tick = traits(variant).tick_seconds;
  IdealClock written_clock(looped, variant), original_clock(*source, variant);
  const auto instants =
      engine_instants(static_cast<double>(original_line.end_ticks) * tick, tick, kMaxComparedInstants);
  const MotionDifference difference = compare_clocks(instants, written_clock, original_clock, variant);
  if (!within(difference, kUnchangedTolerance))
    return {std::nullopt, edited_note(difference, kUnchangedTolerance)};
  return {std::move(*source), unchanged_note(difference, kUnchangedTolerance)};
}

}  // namespace bonebridge::lba
