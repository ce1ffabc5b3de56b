// SPDX-License-Identifier: MIT
#pragma once
// Resonite's AnimationTrack.Sample(t), reproduced literally (research/animx.md §4): strictly-less-than key
// search, Hold, nlerp without a hemisphere flip, the Tangent Hermite form, CubicBezier with absolute control
// points, Raw's linear extrapolation, and the cases where Resonite throws (returned here as errors).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/skeleton.hpp"
#include "bonebridge/formats/animx/animation/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::animx {

// One sampled value, stored the way the track stores its values: element bytes or a (nullable) string.
struct SampledValue {
  ElementType element = ElementType::Float;
  std::vector<std::uint8_t> bytes;
  std::optional<std::string> text;
};

Result<SampledValue> sample(const Track& track, float seconds);

namespace animation {
// The kind's one EnginePose fill (a package's too): the pose of `skeleton` (clip_skeleton, skeleton.hpp) at
// `seconds`: the local TRS of each joint from the first Position / Rotation / Scale track of its node, model
// matrices down the hierarchy. A track Resonite cannot sample at `seconds` (where `sample` fails: Resonite
// throws) makes the pose an error naming it. Rotations are normalized for the matrix (whether Resonite
// normalizes a Tangent result when driving a slot is not public).
Status engine_pose(const Document& document, const Skeleton& skeleton, double seconds, EnginePose& pose);
}  // namespace animation

// Curve and Discrete: the last key's time; Raw: frame count × interval (one interval past the last frame).
float track_duration(const Track& track);
// AnimX.GetMaxTrackDuration.
float max_track_duration(const animation::Document& document);

std::size_t value_count(const Track& track);
// The bytes of value `index` of a fixed-size list.
std::span<const std::uint8_t> value_bytes(ElementType element, const Values& values, std::size_t index);
// Components as numbers (bool vectors: 0 or 1 per component; matrices row-major). Empty for strings.
std::vector<double> components(ElementType element, std::span<const std::uint8_t> bytes);
// The inverse, for builders: numbers to stored bytes (integers rounded to nearest, bool vectors packed).
std::vector<std::uint8_t> to_bytes(ElementType element, std::span<const double> numbers);

}  // namespace bonebridge::animx
