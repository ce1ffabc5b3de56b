// SPDX-License-Identifier: MIT
#pragma once
// Values kept by the bytes they were made from, shared by every thread of a run: a decoded texture by its
// source bytes (image_cache.hpp), a PNG encoding by its pixels (gltf/png.hpp). A hit compares the whole key,
// not only its hash; past the capacity, the least recently used entries leave first.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace bonebridge {

// A 64-bit mix of the bytes, eight at a time: a key's hash.
std::uint64_t content_hash(std::span<const std::uint8_t> bytes);

struct ContentCacheStatistics {
  std::size_t made = 0;   // values offered to the cache (made because they were not in it)
  std::size_t hits = 0;   // values answered from the cache
  std::size_t bytes = 0;  // key and value bytes held now
  std::size_t entries = 0;
};

template <class Value>
class ContentCache {
 public:
  explicit ContentCache(std::size_t capacity_bytes) : capacity_(capacity_bytes) {}

  std::optional<Value> find(std::span<const std::uint8_t> key) {
    const std::uint64_t hash = content_hash(key);
    const std::lock_guard lock(mutex_);
    const auto [first, last] = by_hash_.equal_range(hash);
    for (auto it = first; it != last; ++it) {
      if (std::equal(it->second->key.begin(), it->second->key.end(), key.begin(), key.end())) {
        order_.splice(order_.begin(), order_, it->second);
        ++statistics_.hits;
        return it->second->value;
      }
    }
    return std::nullopt;
  }

  // Keeps `value` (`value_bytes` of memory) under `key`, unless key and value alone pass the capacity or
  // another thread kept the same key meanwhile.
  void insert(std::span<const std::uint8_t> key, const Value& value, std::size_t value_bytes) {
    const std::uint64_t hash = content_hash(key);
    const std::lock_guard lock(mutex_);
    ++statistics_.made;
    const std::size_t size = key.size() + value_bytes;
    if (size > capacity_) return;
    const auto [first, last] = by_hash_.equal_range(hash);
    for (auto it = first; it != last; ++it)
      if (std::equal(it->second->key.begin(), it->second->key.end(), key.begin(), key.end())) return;
    order_.push_front({hash, {key.begin(), key.end()}, value, size});
    by_hash_.emplace(hash, order_.begin());
    statistics_.bytes += size;
    while (statistics_.bytes > capacity_) evict_oldest();
    statistics_.entries = order_.size();
  }

  ContentCacheStatistics statistics() {
    const std::lock_guard lock(mutex_);
    return statistics_;
  }

  // Empties the cache, zeroes its statistics and bounds what it may hold; 0 turns caching off.
  void reset(std::size_t capacity_bytes) {
    const std::lock_guard lock(mutex_);
    order_.clear();
    by_hash_.clear();
    statistics_ = {};
    capacity_ = capacity_bytes;
  }

 private:
  struct Item {
    std::uint64_t hash;
    std::vector<std::uint8_t> key;
    Value value;
    std::size_t bytes;
  };

  void evict_oldest() {
    const Item& oldest = order_.back();
    const auto [first, last] = by_hash_.equal_range(oldest.hash);
    for (auto it = first; it != last; ++it) {
      if (&*it->second == &oldest) {
        by_hash_.erase(it);
        break;
      }
    }
    statistics_.bytes -= oldest.bytes;
    order_.pop_back();
  }

  std::mutex mutex_;
  std::list<Item> order_;  // most recently used first
  std::unordered_multimap<std::uint64_t, typename std::list<Item>::iterator> by_hash_;
  ContentCacheStatistics statistics_;
  std::size_t capacity_;
};

}  // namespace bonebridge
