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

// Every group's matrix (on a placeholder body: the groups' own turns and moves, the actor's place) at every
// tick of the ideal clock.
ModelPoseAt group_matrices(IdealClock& clock, const body::Document& body, Variant variant) {
  const double tick = traits(variant).tick_seconds;
  return [&clock, &body, variant, tick](double seconds) -> std::optional<std::vector<Mat4>> {
    return anm::engine_models(body, clock.at(std::llround(seconds / tick)), variant, true);
  };
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
  choose_loop(looped, traits(variant).angle_units);
  if (source->group_count != looped.group_count || !evaluation_refusal(*source, variant).empty() ||
      !evaluation_refusal(looped, variant).empty()) {
    return {std::nullopt, edited_note(MotionDifference{false}, kUnchangedTolerance)};
  }
  const Timeline original_line = timeline(*source, variant);
  const double tick = traits(variant).tick_seconds;
  const body::Document body = placeholder_body(source->group_count);
  IdealClock written_clock(looped, variant), original_clock(*source, variant);
  const auto instants =
      engine_instants(static_cast<double>(original_line.end_ticks) * tick, tick, kMaxComparedInstants);
  const MotionDifference difference = compare_motion(instants, group_matrices(written_clock, body, variant),
                                                     group_matrices(original_clock, body, variant));
  if (!within(difference, kUnchangedTolerance))
    return {std::nullopt, edited_note(difference, kUnchangedTolerance)};
  return {std::move(*source), unchanged_note(difference, kUnchangedTolerance)};
}

}  // namespace bonebridge::lba
