// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/key/limits.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>

#include "bonebridge/formats/sith/key/codec.hpp"

namespace bonebridge::sith {
namespace {

const FileLimit kMarkers{"markers", 16,
                         "IJIM's RDKEYFRAME_MAX_MARKERS, Libs/rdroid/types.h (research/sith-key.md §1.3)"};
const FileLimit kJkMarkers{
    "markers", 8, "JK and MotS: rdKeyframe.c:148 fails the load, rdMarkers holds 8 (OpenJKDF2 src/types.h)",
    true};
const FileLimit kJoints{"joints", 64,
                        "the puppet's per-node arrays, RDPUPPET_MAX_NODES in OpenJKDF2's engine_config.h "
                        "(research/sith-key.md §1.3)"};
const FileLimit kMeshName{
    "bytes in a mesh name", 63,
    "IJIM reads it into aMeshName[64], Libs/rdroid/types.h (research/sith-key.md §1.3)"};
const FileLimit kJkMeshName{"bytes in a mesh name", 31,
                            "JK and MotS read it into char mesh_name[32] (rdKeyframe.c)", true};

}  // namespace

const std::vector<FileLimit>& key_limits() {
  static const std::vector<FileLimit> table{kMarkers, kJkMarkers, kJoints, kMeshName, kJkMeshName};
  return table;
}

Status check_key_limits(const KeyContent& content, std::vector<std::string>& notes) {
  const std::string format(kKeyFormat);
  std::uint64_t joints = static_cast<std::uint64_t>(std::max(content.header.joints, 0));
  for (const KeyNode& node : content.nodes)
    joints = std::max<std::uint64_t>(joints, static_cast<std::uint64_t>(std::max(node.index, 0)) + 1);
  for (const auto& [limit, count, where] :
       {std::tuple{&kMarkers, content.markers.size(), std::string("MARKERS")},
        std::tuple{&kJkMarkers, content.markers.size(), std::string("MARKERS")},
        std::tuple{&kJoints, static_cast<std::size_t>(joints), std::string("JOINTS and NODE indices")}}) {
    if (auto status = check_limit(format, *limit, count, where, notes); !status) return status;
  }
  for (const KeyNode& node : content.nodes) {
    const std::string where = "NODE " + std::to_string(node.index) + " MESH NAME";
    if (auto status = check_limit(format, kMeshName, node.mesh_name.size(), where, notes); !status)
      return status;
    if (auto status = check_limit(format, kJkMeshName, node.mesh_name.size(), where, notes); !status)
      return status;
  }
  return Ok{};
}

}  // namespace bonebridge::sith
