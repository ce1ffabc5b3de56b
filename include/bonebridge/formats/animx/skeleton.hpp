#pragma once
// AnimX tracks name slots, not a hierarchy: Resonite keeps the hierarchy in the world. With --skeleton (the
// Options key "skeleton", a glTF file) the clip drives that file's joints, matched by name, their rest poses
// brought into Resonite's frame; animated nodes the file lacks become roots. Without it the skeleton is flat.
#include "bonebridge/core/skeleton.hpp"
#include "bonebridge/formats/animx/document.hpp"
#include "bonebridge/registry/family.hpp"

namespace bonebridge::animx {

Result<Skeleton> clip_skeleton(const Document& document, const Options& options);

// Index of the first joint called `name`, or -1.
int joint_index(const Skeleton& skeleton, const std::string& name);

}  // namespace bonebridge::animx
