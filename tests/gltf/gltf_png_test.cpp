// SPDX-License-Identifier: MIT
// The PNG encoder and its per-process cache: libpng's simplified writer is the reference for the default
// bytes, libpng's reader for the pixels, and the cache's statistics count the encodings.
#include <gtest/gtest.h>
#include <png.h>

#include "bonebridge/gltf/gltf.hpp"
#include "bonebridge/gltf/png.hpp"

namespace bonebridge {
namespace {

// A 37x23 gradient with a hole of transparency: rows long enough for every filter to matter.
Image gradient(std::uint8_t seed) {
  Image image{"gradient", 37, 23, {}};
  for (std::uint32_t y = 0; y < image.height; ++y) {
    for (std::uint32_t x = 0; x < image.width; ++x) {
      const auto v = static_cast<std::uint8_t>(x * 7 + y * 3 + seed);
      image.rgba.insert(image.rgba.end(),
                        {v, static_cast<std::uint8_t>(255 - v), static_cast<std::uint8_t>(x * y),
                         static_cast<std::uint8_t>(x > 10 && x < 20 ? 0 : 255)});
    }
  }
  return image;
}

std::vector<std::uint8_t> simplified_writer_png(const Image& image) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  png.width = image.width;
  png.height = image.height;
  png.format = PNG_FORMAT_RGBA;
  png_alloc_size_t size = 0;
  EXPECT_TRUE(png_image_write_to_memory(&png, nullptr, &size, 0, image.rgba.data(), 0, nullptr));
  std::vector<std::uint8_t> bytes(size);
  EXPECT_TRUE(png_image_write_to_memory(&png, bytes.data(), &size, 0, image.rgba.data(), 0, nullptr));
  bytes.resize(size);
  return bytes;
}

std::vector<std::uint8_t> decoded_rgba(const std::vector<std::uint8_t>& file) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  EXPECT_TRUE(png_image_begin_read_from_memory(&png, file.data(), file.size())) << png.message;
  png.format = PNG_FORMAT_RGBA;
  std::vector<std::uint8_t> pixels(PNG_IMAGE_SIZE(png));
  EXPECT_TRUE(png_image_finish_read(&png, nullptr, pixels.data(), 0, nullptr)) << png.message;
  return pixels;
}

Scene textured_quad(const Image& image) {
  Scene scene;
  scene.skeleton.joints = {{"root", -1, {{0, 0, 0}, {}, {1, 1, 1}}}};
  scene.images.push_back(image);
  scene.materials.push_back({"skin", {1, 1, 1, 1}, 0, false, Material::Alpha::Opaque, false});
  RigidMesh quad;
  quad.name = "quad";
  quad.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  quad.triangles = {0, 1, 2, 0, 2, 3};
  quad.uvs = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
  quad.material = 0;
  scene.meshes.push_back(quad);
  return scene;
}

TEST(GltfPng, LibpngsDefaultSettingsWriteWhatItsSimplifiedWriterWrites) {
  const Image image = gradient(0);
  const auto png = gltf::encode_png(image, {-1, PNG_ALL_FILTERS});
  ASSERT_TRUE(png.ok()) << png.error().to_string();
  EXPECT_EQ(*png, simplified_writer_png(image));
}

TEST(GltfPng, TheChosenSettingsWriteUnfilteredRows) {
  // Each row of the zlib stream starts with its filter byte; a stored (level 0) stream shows them: 0 = None.
  const Image image = gradient(7);
  const auto png = gltf::encode_png(image, {0, gltf::PngSettings{}.filters});
  ASSERT_TRUE(png.ok());
  const std::size_t idat = 8 + 25 + 13 + 8;  // signature, IHDR, sRGB, then IDAT's length and type
  const std::size_t row = 1 + image.width * 4;
  // zlib header (2 bytes), stored block header (5 bytes), then the rows.
  for (std::uint32_t y = 0; y < image.height; ++y)
    EXPECT_EQ((*png)[idat + 2 + 5 + y * row], 0) << "row " << y;
  EXPECT_EQ(gltf::PngSettings{}.filters, PNG_FILTER_NONE);
}

TEST(GltfPng, EveryLevelAndFilterDecodesToTheSamePixels) {
  const Image image = gradient(5);
  for (const int level : {0, 1, 6, 9}) {
    for (const int filters : {PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_PAETH, PNG_ALL_FILTERS}) {
      const auto png = gltf::encode_png(image, {level, filters});
      ASSERT_TRUE(png.ok()) << png.error().to_string();
      EXPECT_EQ(decoded_rgba(*png), image.rgba) << "level " << level << ", filters " << filters;
    }
  }
}

TEST(GltfPng, AnImageOfTheWrongSizeIsAnError) {
  Image image = gradient(0);
  image.rgba.pop_back();
  const auto png = gltf::encode_png(image);
  ASSERT_FALSE(png.ok());
  EXPECT_NE(png.error().to_string().find("3404 RGBA bytes, found 3403"), std::string::npos)
      << png.error().to_string();
}

TEST(GltfPngCache, TheSameImageWrittenTwiceIsEncodedOnce) {
  gltf::reset_png_cache(std::size_t{64} << 20);
  const auto first = gltf::write(textured_quad(gradient(1)), {});
  auto renamed = gradient(1);
  renamed.name = "same pixels, other name";
  const auto second = gltf::write(textured_quad(renamed), {});
  ASSERT_TRUE(first.ok() && second.ok());
  const auto statistics = gltf::png_cache_statistics();
  EXPECT_EQ(statistics.encodings, 1u);
  EXPECT_EQ(statistics.hits, 1u);
  EXPECT_EQ(statistics.entries, 1u);

  // The cached bytes are the encoder's: the export is the same with the cache off.
  gltf::reset_png_cache(0);
  const auto uncached = gltf::write(textured_quad(gradient(1)), {});
  ASSERT_TRUE(uncached.ok());
  EXPECT_EQ(*uncached, *first);
  EXPECT_EQ(gltf::png_cache_statistics().entries, 0u);
  gltf::reset_png_cache(std::size_t{64} << 20);
}

TEST(GltfPngCache, OtherPixelsAreEncodedAgainAndTheOldestLeaveFirst) {
  const Image a = gradient(1), b = gradient(2), c = gradient(3);
  const auto size_of = [](const Image& image) { return image.rgba.size() + gltf::encode_png(image)->size(); };
  // Room for two of the three images.
  gltf::reset_png_cache(size_of(a) + size_of(b) + size_of(c) - 1);
  for (const Image* image : {&a, &b, &c, &c, &a}) ASSERT_TRUE(gltf::cached_png(*image).ok());
  const auto statistics = gltf::png_cache_statistics();
  // a, b, c encoded; c hit; a evicted by c (the least recently used with b), so encoded again.
  EXPECT_EQ(statistics.encodings, 4u);
  EXPECT_EQ(statistics.hits, 1u);
  EXPECT_EQ(statistics.entries, 2u);
  gltf::reset_png_cache(std::size_t{64} << 20);
}

}  // namespace
}  // namespace bonebridge
