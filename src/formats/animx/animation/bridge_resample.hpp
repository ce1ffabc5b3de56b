// SPDX-License-Identifier: MIT
#pragma once
// What the two directions of the AnimX bridge (bridge.hpp) share: reading a track's stored values as numbers,
// and resampling a track from the engine where the core model cannot express its motion exactly
// (bridge_resample.cpp).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "bonebridge/core/bake.hpp"
#include "bonebridge/core/clip.hpp"
#include "bonebridge/core/math.hpp"
#include "bonebridge/formats/animx/animation/document.hpp"
#include "bonebridge/formats/animx/animation/engine.hpp"

namespace bonebridge::animx {

using CoreMode = bonebridge::Interpolation;

constexpr double kMaxTravelDegrees = 15;  // rotation keys at most this far apart (gltf-runtimes.md)

inline std::uint8_t mode_byte(const Track& track, std::size_t key) {
  return (track.flags & kCurvePerKeyInterpolation) ? track.interpolations[key] : track.shared_interpolation;
}

inline std::vector<double> numbers_at(const Track& track, const Values& values, std::size_t i) {
  return components(track.element, value_bytes(track.element, values, i));
}

inline Vec3 vec3_of(const std::vector<double>& c) {
  return {c[0], c[1], c[2]};
}
inline Quat quat_of(const std::vector<double>& c) {
  return {c[0], c[1], c[2], c[3]};
}

// Key times the core model can take as they are: not empty, non-negative and strictly increasing.
bool increasing_from_zero(const std::vector<float>& times);

using Keyed = Knot<std::vector<double>>;

// The engine's values at every key, at each Hold jump, through Tangent / CubicBezier segments, then bisected
// until LINEAR keys (slerp for rotations) follow the engine within tolerance; nullopt when Resonite throws.
std::optional<std::vector<Keyed>> resample(const Track& track, double clip_end, bool rotation);

// Whether resample() took fewer engine samples than 60 Hz over the track, because its keys allow no more
// (a long segment's duration does not set the work).
bool thinned(const Track& track);

// Largest distance (translation, scale) or angle in degrees (rotation) between a channel and the engine.
double channel_error(const Track& track, const Channel<Vec3>& channel);
double channel_error(const Track& track, const Channel<Quat>& channel);

}  // namespace bonebridge::animx
