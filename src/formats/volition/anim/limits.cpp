// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/anim/limits.hpp"

#include <algorithm>

#include "bonebridge/formats/volition/anim/codec.hpp"

namespace bonebridge::volition {
namespace {

const FileLimit kTracks{"tracks", 0xFF, "the u8 num_bones at 0x0A, research/saintsrow-anim.md §3.1"};
const FileLimit kKeys{
    "keys in one track", 0xFF,
    "u8 rot_keys and trans_keys without SHORT_COUNTS (0x80), research/saintsrow-anim.md §3.3"};
const FileLimit kWideKeys{
    "keys in one track", 0xFFFF,
    "u16 rot_keys and trans_keys with SHORT_COUNTS (0x80), research/saintsrow-anim.md §3.3"};
const FileLimit kTime{"frames in a key time", 0xFF,
                      "one byte per translation key time without TIME_AS_SHORTS (0x02), "
                      "research/saintsrow-anim.md §3.3"};

}  // namespace

const std::vector<FileLimit>& anim_limits() {
  static const std::vector<FileLimit> table{kTracks, kKeys, kWideKeys, kTime};
  return table;
}

Status check_anim_limits(const anim::Document& document, std::vector<std::string>& notes) {
  if (auto status = check_limit(kAnimFormat, kTracks, document.tracks.size(), "the clip", notes); !status)
    return status;
  const FileLimit& keys = (document.flags & kShortCounts) ? kWideKeys : kKeys;
  for (std::size_t i = 0; i < document.tracks.size(); ++i) {
    const AnimTrack& track = document.tracks[i];
    const std::string where = "track " + std::to_string(i);
    const std::size_t count = std::max(track.rotation_keys.size(), track.translation_keys.size());
    if (auto status = check_limit(kAnimFormat, keys, count, where, notes); !status) return status;
    if (document.flags & kTimeAsShorts) continue;
    const auto latest = std::max_element(track.translation_times.begin(), track.translation_times.end());
    if (latest == track.translation_times.end()) continue;
    if (auto status = check_limit(kAnimFormat, kTime, *latest, where, notes); !status) return status;
  }
  return Ok{};
}

}  // namespace bonebridge::volition
