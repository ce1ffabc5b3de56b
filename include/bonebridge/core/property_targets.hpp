// SPDX-License-Identifier: MIT
#pragma once
// What a property track animates, when glTF can animate it too: one vocabulary (a light's intensity and
// colour, a node's visibility) and the names that mean it. Property tracks come from Resonite clips today
// (research/animx.md §5: a property names a slot field, or a component's field as `Component.Field`, and
// its value type is Resonite's type name), so the built-in names are Resonite's: the Light component's
// `Intensity` (float or double) and `Color` (color), also written bare as no slot field bears those names,
// and the slot's `ActiveSelf` (bool; `Active` as people write it). Everything else (a material's factors,
// blend shapes, other components' fields) animates nothing a glTF made from a clip holds.
#include "bonebridge/core/clip.hpp"

namespace bonebridge {

enum class PropertyTarget {
  None,
  LightIntensity,  // one number a key: the intensity of a light at the track's node
  LightColor,      // red, green, blue (a fourth number, alpha, is ignored): the light's linear colour
  NodeVisible,     // one number a key, 0 hidden, else visible, stepped: the node and everything below it
};

PropertyTarget property_target(const PropertyTrack& track);

}  // namespace bonebridge
