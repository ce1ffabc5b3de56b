// SPDX-License-Identifier: MIT
#pragma once
// The vocabulary of a conversion between a game's own document and the core model, in both directions: what
// the engine computes at a time (EnginePose), what a check found (Diagnostic), and a converted value with the
// notes on what was resampled, approximated or dropped on the way (Converted, CoreConversion). Formats and
// the registry both speak it; it knows no format.
#include <string>
#include <vector>

#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/scene.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge {

// One joint of the game engine's pose, in the game's own axes and units, but in column-vector form:
// `model` is column-major with the translation in elements 12..14.
struct EngineJoint {
  std::string name;
  int parent = -1;
  Transform local;
  Mat4 model;
};

struct EnginePose {
  double time = 0;  // seconds
  std::vector<EngineJoint> joints;
};

struct Diagnostic {
  bool is_error = true;  // false: a warning
  Error where;
};

// A conversion's result with what the user must be told about it: what was resampled, approximated or
// dropped, and the error that cost.
template <class Value>
struct Converted {
  Value value;
  std::vector<std::string> notes;
};

// The result of a bridge from a native document to the core model.
struct CoreConversion {
  Scene scene;                     // already in glTF's frame (conversion applied)
  AxisConversion conversion;       // game frame -> glTF frame
  std::vector<int> core_joint_of;  // engine joint i is core joint core_joint_of[i], or -1 when absent
  std::vector<std::string> notes;  // what was resampled, approximated or dropped
};

}  // namespace bonebridge
