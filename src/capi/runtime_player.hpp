// SPDX-License-Identifier: MIT
#pragma once
// The runtime path of bb_document_sample_fast (issue 35, `sample(times, fast=True)`): a document's first clip
// compiled to a runtime clip (floats, quantised within 1e-5 of the skeleton's extent) and played by the
// sampling and local-to-model jobs, then taken back to the game's frame. Compiled once, by the first call
// that asks, and kept with the document (one thread uses a document at a time): a caller sampling frame by
// frame pays for the compilation once, as a game engine does.
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/runtime/clip.hpp"
#include "bonebridge/runtime/jobs.hpp"

namespace bonebridge::capi {

class RuntimePlayer {
 public:
  // Throws Failed (naming `address`) when the clip cannot be compiled; `core` outlives the player.
  RuntimePlayer(const CoreConversion& core, const std::string& address);

  // `pose` (the engine's at 0: its joints' names and parents) with the runtime's joints at `time`, clamped to
  // the clip; a joint the conversion leaves out keeps its pose.
  void pose_at(double time, EnginePose& pose);

 private:
  const CoreConversion& core_;
  runtime::RuntimeClip clip_;
  runtime::RuntimeSkeleton skeleton_;
  runtime::SamplingContext context_;
  std::vector<runtime::SoaTransform> locals_;
  std::vector<runtime::Float4x4> model_;
  AxisConversion to_game_;
};

}  // namespace bonebridge::capi
