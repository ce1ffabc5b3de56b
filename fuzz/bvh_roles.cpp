// SPDX-License-Identifier: MIT
// libFuzzer target for the humanoid role maps: any input is tried as a JSON role map (an error names the
// map's file) and as a BVH file whose skeleton gets its roles from the built-in sources and from the map;
// every placement is a joint of the skeleton, and no joint plays two roles.
#include <cstdint>
#include <cstdlib>
#include <set>
#include <span>
#include <string_view>

#include "bonebridge/bvh/bvh.hpp"
#include "bonebridge/core/roles.hpp"

namespace {

using namespace bonebridge;

Skeleton cmu_like() {
  Skeleton skeleton;
  for (const char* name : {"Hips", "LowerBack", "Spine", "Spine1", "Neck", "Head", "LeftArm", "LeftHand"}) {
    skeleton.joints.push_back({name, static_cast<int>(skeleton.joints.size()) - 1, {}});
  }
  return skeleton;
}

void check(const Skeleton& skeleton, const RoleSource* source) {
  const auto [roles, report] = roles_for(skeleton, source);
  std::set<int> seen;
  for (const int joint : roles.joints) {
    if (joint < -1 || joint >= static_cast<int>(skeleton.joints.size())) std::abort();
    if (joint >= 0 && !seen.insert(joint).second) std::abort();
  }
  if (seen.size() + report.unmapped_joints.size() != skeleton.joints.size()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto map = read_role_map(text, "fuzz.json");
  if (!map.ok() && map.error().file != "fuzz.json") std::abort();
  const RoleSource* source = map.ok() ? &*map : nullptr;
  check(cmu_like(), source);
  const auto scene = bvh::read_bvh(std::span<const std::uint8_t>(data, size));
  if (scene.ok()) {
    check(scene->skeleton, nullptr);
    check(scene->skeleton, source);
  }
  return 0;
}
