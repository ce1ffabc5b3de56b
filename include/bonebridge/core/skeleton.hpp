// SPDX-License-Identifier: MIT
#pragma once
#include <string>
#include <vector>

#include "bonebridge/core/math.hpp"

namespace bonebridge {

struct Joint {
  std::string name;
  int parent = -1;  // index of an earlier joint, or -1 for a root
  Transform rest;   // local transform when no channel drives the joint
};

struct Skeleton {
  std::vector<Joint> joints;  // parents before children
};

// Model-space matrices of `locals` (one per joint) under the skeleton's hierarchy.
void local_to_model(const Skeleton& skeleton, const std::vector<Transform>& locals, std::vector<Mat4>& model);

// Model-space matrices of the rest pose.
std::vector<Mat4> rest_model(const Skeleton& skeleton);

// Whether every parent index points to an earlier joint.
bool is_topologically_ordered(const Skeleton& skeleton);

}  // namespace bonebridge
