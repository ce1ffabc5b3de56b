// SPDX-License-Identifier: MIT
#include "bonebridge/core/image_cache.hpp"

#include "bonebridge/core/content_cache.hpp"

namespace bonebridge {
namespace {

ContentCache<Image>& image_cache() {
  static ContentCache<Image> cache(std::size_t{32} << 20);
  return cache;
}

}  // namespace

Result<Image> cached_image(std::span<const std::uint8_t> source, const std::string& name,
                           const std::function<Result<Image>()>& decode) {
  if (auto found = image_cache().find(source)) {
    found->name = name;
    return std::move(*found);
  }
  auto image = decode();
  if (image) image_cache().insert(source, *image, image->rgba.size());
  return image;
}

ImageCacheStatistics image_cache_statistics() {
  const auto statistics = image_cache().statistics();
  return {statistics.made, statistics.hits, statistics.bytes};
}

void reset_image_cache(std::size_t capacity_bytes) {
  image_cache().reset(capacity_bytes);
}

}  // namespace bonebridge
