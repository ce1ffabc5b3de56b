// SPDX-License-Identifier: MIT
#include "bonebridge/formats/animx/animation/limits.hpp"

#include <cstdint>
#include <limits>

#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/engine.hpp"

namespace bonebridge::animx {
namespace {

constexpr std::uint64_t kInt32Max = std::numeric_limits<std::int32_t>::max();
const FileLimit kTracks{"tracks", kInt32Max,
                        "7-bit counts are read as ulong and truncated to int32 (research/animx.md §1, "
                        "Elements.Core BinaryReaderExtensions)"};
const FileLimit kKeys{"keys in one track", kInt32Max,
                      "7-bit counts are read as ulong and truncated to int32 (research/animx.md §1)"};

}  // namespace

const std::vector<FileLimit>& limits() {
  static const std::vector<FileLimit> table{kTracks, kKeys};
  return table;
}

Status check_limits(const animation::Document& document, std::vector<std::string>& notes) {
  if (auto status = check_limit(kFormatName, kTracks, document.tracks.size(), "the clip", notes); !status)
    return status;
  for (const Track& track : document.tracks) {
    const std::string where = "track " + track.node + "." + track.property;
    if (auto status = check_limit(kFormatName, kKeys, value_count(track), where, notes); !status)
      return status;
  }
  return Ok{};
}

}  // namespace bonebridge::animx
