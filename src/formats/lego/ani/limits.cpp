// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/ani/limits.hpp"

#include <algorithm>

#include "bonebridge/formats/lego/ani/codec.hpp"

namespace bonebridge::lego {
namespace {

const FileLimit kKeysPerChannel{
    "keys in one channel", 0xFFFF,
    "u16 counts LegoAnimNodeData::m_numTranslationKeys .. m_numMorphKeys, LEGO1/lego/sources/anim/legoanim.h "
    "(isledecomp/isle); research/lego-ani.md §2"};
const FileLimit kKeyTime{
    "ms in a key's time", kMaxKeyTime,
    "24 bits: LegoAnimKey::Write ORs the time with flags << 24, legoanim.cpp (isledecomp/isle)"};

template <class Key>
Status check_channel(const std::vector<Key>& keys, const std::string& where,
                     std::vector<std::string>& notes) {
  if (auto count = check_limit(kFormatName, kKeysPerChannel, keys.size(), where, notes); !count) return count;
  std::uint64_t latest = 0;
  for (const Key& key : keys) latest = std::max<std::uint64_t>(latest, key.time);
  return check_limit(kFormatName, kKeyTime, latest, where, notes);
}

Status check_node(const Node& node, std::vector<std::string>& notes) {
  const std::string where = "node \"" + name_to_utf8(node.name) + "\" ";
  for (const auto& status : {check_channel(node.translation, where + "translation", notes),
                             check_channel(node.rotation, where + "rotation", notes),
                             check_channel(node.scale, where + "scale", notes),
                             check_channel(node.morph, where + "morph", notes)}) {
    if (!status) return status;
  }
  for (const Node& child : node.children) {
    if (auto status = check_node(child, notes); !status) return status;
  }
  return Ok{};
}

}  // namespace

const std::vector<FileLimit>& limits() {
  static const std::vector<FileLimit> table{kKeysPerChannel, kKeyTime};
  return table;
}

const FileLimit& keys_per_channel_limit() {
  return kKeysPerChannel;
}

const FileLimit& key_time_limit() {
  return kKeyTime;
}

Status check_limits(const ani::Document& document, std::vector<std::string>& notes) {
  if (document.camera) {
    for (const auto& status : {check_channel(document.camera->position, "camera position", notes),
                               check_channel(document.camera->target, "camera target", notes),
                               check_channel(document.camera->roll, "camera roll", notes)}) {
      if (!status) return status;
    }
  }
  return check_node(document.root, notes);
}

}  // namespace bonebridge::lego
