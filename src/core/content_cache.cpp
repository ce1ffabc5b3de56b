// SPDX-License-Identifier: MIT
#include "bonebridge/core/content_cache.hpp"

#include <cstring>

namespace bonebridge {

// FNV-1a's constants over eight bytes at a time, each step folded: a hit is checked against the whole key.
std::uint64_t content_hash(std::span<const std::uint8_t> bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL ^ bytes.size();
  std::size_t at = 0;
  for (; at + 8 <= bytes.size(); at += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + at, 8);
    hash = (hash ^ word) * 0x100000001b3ULL;
    hash ^= hash >> 29;
  }
  for (; at < bytes.size(); ++at) hash = (hash ^ bytes[at]) * 0x100000001b3ULL;
  return hash;
}

}  // namespace bonebridge
