// SPDX-License-Identifier: MIT
#include "bonebridge/core/property_targets.hpp"

namespace bonebridge {

PropertyTarget property_target(const PropertyTrack& track) {
  const std::string& name = track.property;
  const std::string& type = track.value_type;
  if ((name == "Intensity" || name == "Light.Intensity") && (type == "float" || type == "double") &&
      track.components == 1)
    return PropertyTarget::LightIntensity;
  if ((name == "Color" || name == "Light.Color") && type == "color" && track.components == 4)
    return PropertyTarget::LightColor;
  if ((name == "ActiveSelf" || name == "Active") && type == "bool" && track.components == 1)
    return PropertyTarget::NodeVisible;
  return PropertyTarget::None;
}

}  // namespace bonebridge
