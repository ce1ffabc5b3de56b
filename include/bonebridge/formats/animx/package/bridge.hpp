// SPDX-License-Identifier: MIT
#pragma once
// A package -> core model: the slot hierarchy is the skeleton (each slot's Position, Rotation and Scale its
// rest pose, in Resonite's frame, converted to glTF's by the AnimX bridge's X mirror), and every AnimX asset
// the package holds is one named clip on it.
//
// Binding (research/characters.md part A §3, research/animx.md §5): an Animator plays the AnimX of its Clip
// (a StaticAnimationProvider whose URL is "@packdb:///<hash>") and drives its Fields list by track index.
// A track whose field is a slot's Position, Rotation or Scale (matched by field ID) drives that slot's
// joint; a track with no field (or an AnimX no Animator plays) falls back to the AnimX bridge's matching by
// node name (the first slot of that name); a node no slot has becomes a root joint. The shape of the
// Animator's Fields list in a data tree ({ID, Data: [{ID, Data: field ID}]}, like every reference list of
// the sample packages) is assumed: no public package holds an Animator.
//
// Joint names are slot names; a name several slots share is suffixed " #2", " #3" ... after its first
// slot, so that each joint has its own name (the AnimX bridge matches tracks to joints by name).
#include <span>
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/skeleton.hpp"
#include "bonebridge/formats/animx/animation/document.hpp"
#include "bonebridge/formats/animx/package/document.hpp"
#include "bonebridge/formats/animx/package/slots.hpp"

namespace bonebridge::animx::package {

// One AnimX asset, its tracks' nodes rewritten to the joints they drive.
struct BoundAnimation {
  std::string name;   // the clip's own name, else its provider's slot's, else "animation <n>"; unique
  std::string asset;  // its hash
  animation::Document clip;
  std::vector<std::string> notes;  // how its tracks were bound
};

struct BoundPackage {
  Skeleton skeleton;  // Resonite's frame: the slots, then the roots for nodes no slot has
  std::size_t slot_joints = 0;
  std::vector<BoundAnimation> animations;  // in the order of the package's entries
};

// Fails when an AnimX asset cannot be read or a StaticAnimationProvider names a missing asset (the message
// names the entry).
Result<BoundPackage> bind(const package::Document& package, const SlotTree& slots);

// The bound package in glTF's frame, one clip per animation; the notes say how tracks were bound and what
// the AnimX bridge resampled.
Result<CoreConversion> to_core(const BoundPackage& bound);

}  // namespace bonebridge::animx::package
