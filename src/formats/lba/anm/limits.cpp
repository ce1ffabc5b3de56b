// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/anm/limits.hpp"

#include "bonebridge/formats/lba/anm/codec.hpp"

namespace bonebridge::lba {
namespace {

const FileLimit kKeyframeLimit{"keyframes", 0xFFFF, "the u16 keyframe count at +0, research/lba1-anm.md §1"};
// The group count includes slot 0, the body's root group, so it is bounded by the body's groups.
const FileLimit kGroupLimit{
    "groups (slot 0 included)", 30,
    "a body's matrices: TabMat in LBA1's P_TRIGO.ASM (research/lba1-anm.md §2.3); LBA2 "
    "bodies hold at most 30 groups too (2point21/lba2-classic AFF_OBJ.H, "
    "research/containers.md)"};

}  // namespace

const std::vector<FileLimit>& animation_limits() {
  static const std::vector<FileLimit> table{kKeyframeLimit, kGroupLimit};
  return table;
}

Status check_animation_limits(const anm::Document& animation, std::vector<std::string>& notes) {
  if (auto status =
          check_limit(kAnmFormat, kKeyframeLimit, animation.keyframes.size(), "the animation", notes);
      !status)
    return status;
  return check_limit(kAnmFormat, kGroupLimit, animation.group_count, "the animation", notes);
}

}  // namespace bonebridge::lba
