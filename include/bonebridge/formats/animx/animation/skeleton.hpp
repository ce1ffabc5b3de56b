// SPDX-License-Identifier: MIT
#pragma once
// The joints a clip drives. AnimX tracks name slots, not a hierarchy: Resonite keeps the hierarchy in the
// world. With --skeleton (a glTF file, BridgeOptions::skeleton) the clip drives that file's joints, matched
// by name, their rest poses brought into Resonite's frame; animated nodes the file lacks become roots.
// Without it the skeleton is flat.
#include <optional>
#include <string>
#include <vector>

#include "bonebridge/core/skeleton.hpp"
#include "bonebridge/formats/animx/animation/document.hpp"

namespace bonebridge::animx {

// Whether a track drives a joint transform (and which part: 'T', 'R', 'S'), or 0 for a property track.
char transform_part(const Track& track);
// The clip's joints: node names of Position/Rotation/Scale tracks, then those of slots only property tracks
// animate, each in order of first appearance.
std::vector<std::string> joint_names(const animation::Document& document);

// `gltf_skeleton`: the --skeleton file's joints in glTF's frame, or nullopt.
Skeleton clip_skeleton(const animation::Document& document, const std::optional<Skeleton>& gltf_skeleton);

// Index of the first joint called `name`, or -1.
int joint_index(const Skeleton& skeleton, const std::string& name);

}  // namespace bonebridge::animx
