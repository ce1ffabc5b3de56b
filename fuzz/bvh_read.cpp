// SPDX-License-Identifier: MIT
// libFuzzer target for the BVH reader and writer: any input either fails with an error carrying a line, or
// reads into a scene that writes (in its own channel layout and in ZXY) and reads back with the same
// hierarchy and the same number of frames.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/bvh/bvh.hpp"

namespace {

using namespace bonebridge;

std::size_t frames_of(const Clip& clip) {
  for (const auto& joint : clip.joints) {
    if (joint.rotation) return joint.rotation->times.size();
    if (joint.translation) return joint.translation->times.size();
  }
  return 0;
}

void check_round_trip(const Scene& scene, bool keep_channels) {
  const auto written = bvh::write_bvh(scene, 0, {bvh::RotationOrder::ZXY, std::nullopt, keep_channels});
  if (!written.ok()) std::abort();
  const auto again = bvh::read_bvh(written->value);
  if (!again.ok() || again->skeleton.joints.size() != scene.skeleton.joints.size()) std::abort();
  for (std::size_t i = 0; i < scene.skeleton.joints.size(); ++i) {
    if (again->skeleton.joints[i].parent != scene.skeleton.joints[i].parent) std::abort();
  }
  // A clip without channels is written as one frame of the rest pose.
  const std::size_t frames = frames_of(scene.clips[0]);
  if (frames != 0 && frames_of(again->clips[0]) != frames) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto scene = bvh::read_bvh(std::span<const std::uint8_t>(data, size));
  if (!scene.ok()) {
    if (!scene.error().line) std::abort();
    return 0;
  }
  check_round_trip(*scene, true);
  check_round_trip(*scene, false);
  return 0;
}
