// SPDX-License-Identifier: MIT
#pragma once
// The writer's steps after the keyframes are written (bridge_from_core.cpp), each in its own file.
#include <optional>
#include <string>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/reduce.hpp"
#include "bonebridge/formats/lba/anm/bridge.hpp"

namespace bonebridge::lba {

// Keyframes the engine does not need (issue 28): merged where the engine's own playback of the merged
// keyframe stays within `tolerance` engine units of the glTF's motion (bridge_reduce.cpp).
struct KeyframeReduction {
  KeyReductionReport report;
  bool stopped = false;         // the work bound was reached: later keyframes stay as exported
  std::int64_t work_bound = 0;  // in group-ticks (bridge_reduce.cpp)
  std::int64_t tick_bound = 0;  // in ticks
};
KeyframeReduction reduce_keyframes(anm::Document& animation, Variant variant, double tolerance);

// The loop frame: a clip ending where it started, or repeating an earlier keyframe, loops there; otherwise
// the last pose is held (bridge_loop.cpp).
void choose_loop(anm::Document& animation, Variant variant);

// The source file the clip's extras describe, against the keyframes written from the glTF's motion before
// their reduction (bridge_source.cpp): `source` when the engine plays both alike, with the unchanged note;
// otherwise no source, and the edited note (empty when the extras describe no source).
struct SourceVerdict {
  std::optional<anm::Document> source;
  std::string note;
};
SourceVerdict compare_with_source(const Clip& clip, Variant variant, const anm::Document& written);

}  // namespace bonebridge::lba
