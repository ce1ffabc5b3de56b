// SPDX-License-Identifier: MIT
#include "bonebridge/gltf/png.hpp"

#include <fmt/format.h>
#include <png.h>

#include <csetjmp>
#include <cstring>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace bonebridge::gltf {
namespace {

Error png_error(const Image& image, const std::string& why) {
  return Error{"glTF 2.0 export", fmt::format("image '{}': {}", image.name, why), {}, {}, {}};
}

void append_bytes(png_structp png, png_bytep data, png_size_t size) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(png_get_io_ptr(png));
  out->insert(out->end(), data, data + size);
}

void keep_message(png_structp png, png_const_charp message) {
  *static_cast<std::string*>(png_get_error_ptr(png)) = message;
  png_longjmp(png, 1);
}

void ignore_warning(png_structp, png_const_charp) {}

// Writes the chunks png_image_write_to_memory writes for 8-bit sRGB RGBA (IHDR, sRGB, IDAT, IEND), with the
// given zlib level and filters. Only C state lives between setjmp and a longjmp from libpng.
bool write_chunks(png_structp png, png_infop info, const Image& image, const PngSettings& settings,
                  const png_const_bytep* rows) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_IHDR(png, info, image.width, image.height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
  png_write_info(png, info);
  png_set_compression_level(png, settings.level);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, settings.filters);
  for (std::uint32_t y = 0; y < image.height; ++y) png_write_row(png, rows[y]);
  png_write_end(png, nullptr);
  return true;
}

// A 64-bit mix of the pixels, a word at a time; equal images are still compared byte for byte.
std::uint64_t content_hash(const Image& image) {
  std::uint64_t hash = 0x9e3779b97f4a7c15ULL ^ (std::uint64_t{image.width} << 32 | image.height);
  const auto mix = [&](std::uint64_t word) {
    hash ^= word;
    hash *= 0xff51afd7ed558ccdULL;
    hash ^= hash >> 33;
  };
  std::size_t at = 0;
  for (; at + 8 <= image.rgba.size(); at += 8) {
    std::uint64_t word;
    std::memcpy(&word, image.rgba.data() + at, 8);
    mix(word);
  }
  std::uint64_t tail = 0;
  if (at < image.rgba.size()) std::memcpy(&tail, image.rgba.data() + at, image.rgba.size() - at);
  mix(tail ^ image.rgba.size());
  return hash;
}

// Encoded images by content, least recently used first out when over capacity.
class PngCache {
 public:
  std::optional<std::vector<std::uint8_t>> find(const Image& image, std::uint64_t hash) {
    std::lock_guard lock(mutex_);
    const auto [first, last] = by_hash_.equal_range(hash);
    for (auto it = first; it != last; ++it) {
      const Item& item = *it->second;
      if (item.width == image.width && item.height == image.height && item.rgba == image.rgba) {
        order_.splice(order_.begin(), order_, it->second);
        ++statistics_.hits;
        return item.png;
      }
    }
    return std::nullopt;
  }

  void insert(const Image& image, std::uint64_t hash, const std::vector<std::uint8_t>& png) {
    std::lock_guard lock(mutex_);
    ++statistics_.encodings;
    const std::size_t size = image.rgba.size() + png.size();
    if (size > capacity_) return;
    const auto [first, last] = by_hash_.equal_range(hash);
    for (auto it = first; it != last; ++it)
      if (it->second->rgba == image.rgba) return;  // another thread encoded it meanwhile
    order_.push_front({hash, image.width, image.height, image.rgba, png});
    by_hash_.emplace(hash, order_.begin());
    statistics_.bytes += size;
    while (statistics_.bytes > capacity_) evict_oldest();
    statistics_.entries = order_.size();
  }

  PngCacheStatistics statistics() {
    std::lock_guard lock(mutex_);
    return statistics_;
  }

  void reset(std::size_t capacity) {
    std::lock_guard lock(mutex_);
    order_.clear();
    by_hash_.clear();
    statistics_ = {};
    capacity_ = capacity;
  }

 private:
  struct Item {
    std::uint64_t hash;
    std::uint32_t width, height;
    std::vector<std::uint8_t> rgba;
    std::vector<std::uint8_t> png;
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
    statistics_.bytes -= oldest.rgba.size() + oldest.png.size();
    order_.pop_back();
  }

  std::mutex mutex_;
  std::list<Item> order_;  // most recently used first
  std::unordered_multimap<std::uint64_t, std::list<Item>::iterator> by_hash_;
  PngCacheStatistics statistics_;
  std::size_t capacity_ = std::size_t{64} << 20;
};

PngCache& png_cache() {
  static PngCache cache;
  return cache;
}

}  // namespace

Result<std::vector<std::uint8_t>> encode_png(const Image& image, const PngSettings& settings) {
  const std::uint64_t expected = std::uint64_t{image.width} * image.height * 4;
  if (image.width == 0 || image.height == 0 || image.rgba.size() != expected)
    return png_error(image, fmt::format("{}x{} pixels need {} RGBA bytes, found {}", image.width,
                                        image.height, expected, image.rgba.size()));
  std::vector<png_const_bytep> rows(image.height);
  for (std::size_t y = 0; y < rows.size(); ++y) rows[y] = image.rgba.data() + y * image.width * 4;
  std::string message;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &message, keep_message, ignore_warning);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!info) {
    png_destroy_write_struct(&png, nullptr);
    return png_error(image, "libpng: out of memory");
  }
  std::vector<std::uint8_t> bytes;
  png_set_write_fn(png, &bytes, append_bytes, nullptr);
  const bool written = write_chunks(png, info, image, settings, rows.data());
  png_destroy_write_struct(&png, &info);
  if (!written) return png_error(image, "libpng: " + message);
  return bytes;
}

Result<std::vector<std::uint8_t>> cached_png(const Image& image) {
  const std::uint64_t hash = content_hash(image);
  if (auto found = png_cache().find(image, hash)) return std::move(*found);
  auto encoded = encode_png(image);
  if (encoded) png_cache().insert(image, hash, *encoded);
  return encoded;
}

PngCacheStatistics png_cache_statistics() {
  return png_cache().statistics();
}

void reset_png_cache(std::size_t capacity_bytes) {
  png_cache().reset(capacity_bytes);
}

}  // namespace bonebridge::gltf
