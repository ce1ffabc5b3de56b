// SPDX-License-Identifier: MIT
#pragma once
// Decoded textures shared by every model of a run. Models of an install share their textures (the probe
// droid's 11 .mat files serve every droid), and decoding a texture costs more than the rest of its model, so
// a decoded image is kept by the bytes it was decoded from and handed to the next model that names the same
// bytes (PNG encodings are cached the same way: gltf/png.hpp).
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/core/scene.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge {

// The image `decode` makes from `source` (every byte the decoding reads: texels, their layout, a palette),
// decoded now or, when the same source was decoded before in this process (any thread), from the cache.
// The cached image is returned under `name`. Failed decodings are not cached.
Result<Image> cached_image(std::span<const std::uint8_t> source, const std::string& name,
                           const std::function<Result<Image>()>& decode);

struct ImageCacheStatistics {
  std::size_t decodings = 0;  // sources decoded because they were not in the cache
  std::size_t hits = 0;       // sources answered from the cache
  std::size_t bytes = 0;      // source and pixel bytes held now
};

ImageCacheStatistics image_cache_statistics();

// Empties the cache, zeroes its statistics and bounds what it may hold; 0 turns caching off. The default is
// 32 MiB. Past the bound, the least recently used textures leave first (content_cache.hpp).
void reset_image_cache(std::size_t capacity_bytes);

}  // namespace bonebridge
