// SPDX-License-Identifier: MIT
#include "bonebridge/gltf/png.hpp"

#include <fmt/format.h>
#include <png.h>

#include <csetjmp>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "bonebridge/core/content_cache.hpp"

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

// The cache's key: width and height (little-endian), then the pixels.
std::vector<std::uint8_t> pixels_key(const Image& image) {
  std::vector<std::uint8_t> key(8 + image.rgba.size());
  for (int byte = 0; byte < 4; ++byte) {
    key[static_cast<std::size_t>(byte)] = static_cast<std::uint8_t>(image.width >> (8 * byte));
    key[static_cast<std::size_t>(4 + byte)] = static_cast<std::uint8_t>(image.height >> (8 * byte));
  }
  std::copy(image.rgba.begin(), image.rgba.end(), key.begin() + 8);
  return key;
}

ContentCache<std::vector<std::uint8_t>>& png_cache() {
  static ContentCache<std::vector<std::uint8_t>> cache(std::size_t{64} << 20);
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
  const auto key = pixels_key(image);
  if (auto found = png_cache().find(key)) return std::move(*found);
  auto encoded = encode_png(image);
  if (encoded) png_cache().insert(key, *encoded, encoded->size());
  return encoded;
}

PngCacheStatistics png_cache_statistics() {
  const auto statistics = png_cache().statistics();
  return {statistics.made, statistics.hits, statistics.bytes, statistics.entries};
}

void reset_png_cache(std::size_t capacity_bytes) {
  png_cache().reset(capacity_bytes);
}

}  // namespace bonebridge::gltf
