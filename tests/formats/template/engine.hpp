// SPDX-License-Identifier: MIT
#pragma once
#include "bonebridge/core/conversion.hpp"
#include "formats/template/document.hpp"

namespace bonebridge::pendulum {

// The pendulum's rule: a joint's angle is its keys' angles interpolated linearly in degrees (held before the
// first key and after the last; 0 without keys), a turn about Z; the joint hangs `length` below its parent.
double angle_at(const Joint& joint, double ms);  // degrees
double duration_seconds(const Document& document);
// The pose at `seconds` into `pose` (its storage reused).
void pose_at(const Document& document, double seconds, EnginePose& pose);

}  // namespace bonebridge::pendulum
