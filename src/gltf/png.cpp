// SPDX-License-Identifier: MIT
#include "png.hpp"

#include <fmt/format.h>
#include <png.h>

namespace bonebridge::gltf {

Result<std::vector<std::uint8_t>> encode_png(const Image& image) {
  const auto error = [&](const std::string& why) {
    return Error{"glTF 2.0 export", fmt::format("image '{}': {}", image.name, why), {}, {}, {}};
  };
  const std::uint64_t expected = std::uint64_t{image.width} * image.height * 4;
  if (image.width == 0 || image.height == 0 || image.rgba.size() != expected)
    return error(fmt::format("{}x{} pixels need {} RGBA bytes, found {}", image.width, image.height, expected,
                             image.rgba.size()));
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  png.width = image.width;
  png.height = image.height;
  png.format = PNG_FORMAT_RGBA;
  png_alloc_size_t size = 0;
  // The first call measures, the second writes.
  if (!png_image_write_to_memory(&png, nullptr, &size, 0, image.rgba.data(), 0, nullptr))
    return error(std::string("libpng: ") + png.message);
  std::vector<std::uint8_t> bytes(size);
  if (!png_image_write_to_memory(&png, bytes.data(), &size, 0, image.rgba.data(), 0, nullptr))
    return error(std::string("libpng: ") + png.message);
  bytes.resize(size);
  return bytes;
}

}  // namespace bonebridge::gltf
