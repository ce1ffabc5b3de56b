// SPDX-License-Identifier: MIT
#pragma once
// The PNG files the glTF writer embeds. A run that converts many models (a batch over an install) sees the
// same textures again and again, so encodings are cached by content for the whole process: the same pixels
// always give the same bytes, encoded once.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "bonebridge/core/scene.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::gltf {

// libpng's knobs that trade size for time. The defaults are libpng's own (zlib's default level, every filter
// tried per row), which is what png_image_write_to_memory writes.
struct PngSettings {
  int level = -1;      // zlib compression level 0..9; -1: zlib's default (6)
  int filters = 0xf8;  // PNG_ALL_FILTERS; PNG_FILTER_NONE (0x08) alone, PNG_FILTER_PAETH (0x80), ...
};

// The image as a PNG file (8-bit RGBA, sRGB), encoded now.
Result<std::vector<std::uint8_t>> encode_png(const Image& image, const PngSettings& settings = {});

// The image as a PNG file, from the process's cache when the same pixels were encoded before (any thread).
Result<std::vector<std::uint8_t>> cached_png(const Image& image);

struct PngCacheStatistics {
  std::uint64_t encodings = 0;  // images encoded because they were not in the cache
  std::uint64_t hits = 0;       // images answered from the cache
  std::size_t bytes = 0;        // PNG and pixel bytes held now
  std::size_t entries = 0;
};

PngCacheStatistics png_cache_statistics();

// Empties the cache, zeroes its statistics and bounds what it may hold (least recently used entries leave
// first); 0 turns caching off. The default is 64 MiB.
void reset_png_cache(std::size_t capacity_bytes);

}  // namespace bonebridge::gltf
