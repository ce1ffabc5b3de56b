// SPDX-License-Identifier: MIT
#pragma once
#include "bonebridge/core/conversion.hpp"
#include "formats/template/pend/document.hpp"

namespace bonebridge::pendulum::pend {

// The pendulum's rule: a joint's angle is its keys' angles interpolated linearly in degrees (held before the
// first key and after the last; 0 without keys), a turn about Z; the joint hangs `length` below its parent.
double angle_at(const Joint& joint, double ms);  // degrees
double duration_seconds(const Document& document);
// The kind's one EnginePose fill: every joint at `seconds`.
EnginePose engine_pose(const Document& document, double seconds);

}  // namespace bonebridge::pendulum::pend
