// SPDX-License-Identifier: MIT
#pragma once
// Sampling one track thousands of times (the bridge's engine comparisons): how sample() finds a time's key.
// Resonite scans from key 0 (AsStored); when the times never decrease and hold no NaN (InOrder, what
// key_order tells; every track Resonite and this writer make), a bisection finds the same key, so the
// sampled value is the same.
#include "bonebridge/formats/animx/animation/engine.hpp"

namespace bonebridge::animx {

enum class KeyOrder { AsStored, InOrder };

KeyOrder key_order(const Track& track);
Result<SampledValue> sample(const Track& track, float seconds, KeyOrder order);

}  // namespace bonebridge::animx
