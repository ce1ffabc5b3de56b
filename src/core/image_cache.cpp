// SPDX-License-Identifier: MIT
#include "bonebridge/core/image_cache.hpp"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <optional>
#include <unordered_map>

namespace bonebridge {
namespace {

// 64-bit FNV-1a over eight bytes at a time: the key's hash, checked against the whole source on a hit.
std::uint64_t source_hash(std::span<const std::uint8_t> source) {
  std::uint64_t hash = 0xcbf29ce484222325ULL ^ source.size();
  std::size_t at = 0;
  for (; at + 8 <= source.size(); at += 8) {
    std::uint64_t word;
    std::memcpy(&word, source.data() + at, 8);
    hash = (hash ^ word) * 0x100000001b3ULL;
    hash ^= hash >> 29;
  }
  for (; at < source.size(); ++at) hash = (hash ^ source[at]) * 0x100000001b3ULL;
  return hash;
}

class ImageCache {
 public:
  std::optional<Image> find(std::span<const std::uint8_t> source, std::uint64_t hash) {
    const std::lock_guard lock(mutex_);
    const auto [first, last] = items_.equal_range(hash);
    for (auto it = first; it != last; ++it) {
      if (std::equal(source.begin(), source.end(), it->second.source.begin(), it->second.source.end())) {
        ++statistics_.hits;
        return it->second.image;
      }
    }
    return std::nullopt;
  }

  void insert(std::span<const std::uint8_t> source, std::uint64_t hash, const Image& image) {
    const std::lock_guard lock(mutex_);
    ++statistics_.decodings;
    const std::size_t size = source.size() + image.rgba.size();
    if (size > capacity_) return;
    if (statistics_.bytes + size > capacity_) {
      items_.clear();
      statistics_.bytes = 0;
    }
    items_.emplace(hash, Item{{source.begin(), source.end()}, image});
    statistics_.bytes += size;
  }

  ImageCacheStatistics statistics() {
    const std::lock_guard lock(mutex_);
    return statistics_;
  }

  void reset(std::size_t capacity) {
    const std::lock_guard lock(mutex_);
    items_.clear();
    statistics_ = {};
    capacity_ = capacity;
  }

 private:
  struct Item {
    std::vector<std::uint8_t> source;
    Image image;
  };
  std::mutex mutex_;
  std::unordered_multimap<std::uint64_t, Item> items_;
  ImageCacheStatistics statistics_;
  std::size_t capacity_ = std::size_t{32} << 20;
};

ImageCache& image_cache() {
  static ImageCache cache;
  return cache;
}

}  // namespace

Result<Image> cached_image(std::span<const std::uint8_t> source, const std::string& name,
                           const std::function<Result<Image>()>& decode) {
  const std::uint64_t hash = source_hash(source);
  if (auto found = image_cache().find(source, hash)) {
    found->name = name;
    return std::move(*found);
  }
  auto image = decode();
  if (image) image_cache().insert(source, hash, *image);
  return image;
}

ImageCacheStatistics image_cache_statistics() {
  return image_cache().statistics();
}

void reset_image_cache(std::size_t capacity_bytes) {
  image_cache().reset(capacity_bytes);
}

}  // namespace bonebridge
