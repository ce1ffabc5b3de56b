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

// libpng's knobs that trade size for time. The defaults were chosen by bench/sith_png.cpp on the probe
// droid's 11 textures (palette art): no row filter at zlib level 6 writes 10% fewer bytes than libpng's own
// choice (every filter tried per row) in 63% of its time; level 9 saves another 0.5% for twice the time,
// level 1 costs 24% more bytes. Each image is encoded once per run (see cached_png), so bytes weigh more than
// time.
struct PngSettings {
  int level = 6;       // zlib compression level 0..9; -1: zlib's default (6)
  int filters = 0x08;  // PNG_FILTER_NONE; PNG_ALL_FILTERS (0xf8) is libpng's default
};

// The image as a PNG file (8-bit RGBA, sRGB), encoded now.
Result<std::vector<std::uint8_t>> encode_png(const Image& image, const PngSettings& settings = {});

// The image as a PNG file, from the process's cache when the same pixels were encoded before (any thread).
Result<std::vector<std::uint8_t>> cached_png(const Image& image);

struct PngCacheStatistics {
  std::uint64_t encodings = 0;  // images encoded because they were not in the cache
  std::uint64_t hits = 0;       // images answered from the cache
  std::size_t bytes = 0;        // PNG, pixel and dimension bytes held now
  std::size_t entries = 0;
};

PngCacheStatistics png_cache_statistics();

// Empties the cache, zeroes its statistics and bounds what it may hold (least recently used entries leave
// first); 0 turns caching off. The default is 64 MiB.
void reset_png_cache(std::size_t capacity_bytes);

}  // namespace bonebridge::gltf
