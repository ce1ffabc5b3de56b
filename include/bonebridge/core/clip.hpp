// SPDX-License-Identifier: MIT
#pragma once
// The format-neutral animation clip, shaped after glTF's sampler model: each channel holds key times in
// seconds and values with one interpolation mode. CUBICSPLINE channels store three values per key, in
// glTF's order (in-tangent, value, out-tangent), tangents already scaled by the segment duration as glTF
// does.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bonebridge/core/math.hpp"

namespace bonebridge {

enum class Interpolation { Step, Linear, CubicSpline };

const char* to_string(Interpolation interpolation);  // "STEP", "LINEAR", "CUBICSPLINE"

template <class Value>
struct Channel {
  Interpolation interpolation = Interpolation::Linear;
  std::vector<double> times;
  std::vector<Value> values;  // times.size() values, or 3 × times.size() for CubicSpline

  bool empty() const { return times.empty(); }
  std::size_t values_per_key() const { return interpolation == Interpolation::CubicSpline ? 3 : 1; }
};

struct JointChannels {
  int joint = 0;
  std::optional<Channel<Vec3>> translation;
  std::optional<Channel<Quat>> rotation;
  std::optional<Channel<Vec3>> scale;
};

// Stepped visibility of a joint (and of everything bound to it).
struct VisibilityTrack {
  int joint = 0;
  std::vector<double> times;
  std::vector<bool> visible;
};

// A marker or event at a time (Sith markers, AnimX events...). `type` is the game's own name for its kind.
struct Event {
  double time = 0;
  std::string name;
  std::string type;
};

// Any animated value beyond joint transforms (AnimX property tracks, camera roll...), kept so that a round
// trip does not lose it. `values` holds `components` numbers per key (×3 for CubicSpline); string-valued
// tracks use `strings` instead.
struct PropertyTrack {
  std::string node;
  std::string property;
  std::string value_type;  // the source format's type name, e.g. "float3", "bool", "string"
  int components = 1;
  Interpolation interpolation = Interpolation::Linear;
  std::vector<double> times;
  std::vector<double> values;
  std::vector<std::string> strings;
};

// Motion of the character as a whole, when the game keeps it apart from the root joint (LBA's step).
struct RootMotion {
  std::optional<Channel<Vec3>> translation;
  std::optional<Channel<Quat>> rotation;
};

struct Clip {
  std::string name;
  double duration = 0;  // seconds
  std::vector<JointChannels> joints;
  std::vector<VisibilityTrack> visibility;
  std::vector<Event> events;
  std::vector<PropertyTrack> properties;
  std::optional<RootMotion> root_motion;
  std::map<std::string, std::string> metadata;
};

}  // namespace bonebridge
