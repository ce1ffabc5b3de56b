// SPDX-License-Identifier: MIT
// The run's decoded-image cache: one decoding per distinct source, the source compared whole (not only its
// hash), the caller's name on every copy, failures not kept, and a capacity of 0 turning it off.
#include <gtest/gtest.h>

#include "bonebridge/core/image_cache.hpp"

namespace bonebridge {
namespace {

// A decoder that counts its calls and makes a 2x1 image whose red bytes are the source's first two bytes.
struct CountingDecoder {
  int calls = 0;
  Result<Image> operator()(std::span<const std::uint8_t> source) {
    ++calls;
    return Image{"decoded", 2, 1, {source[0], 0, 0, 255, source[1], 0, 0, 255}};
  }
};

TEST(ImageCache, DecodesEachSourceOnceAndNamesEveryCopy) {
  reset_image_cache(std::size_t{1} << 20);
  CountingDecoder decoder;
  const std::vector<std::uint8_t> droid{7, 9, 1}, other{7, 9, 2};  // equal but for the last byte
  auto first = cached_image(droid, "sed_pbtop", [&] { return decoder(droid); });
  auto again = cached_image(droid, "sed_pbtop_copy", [&] { return decoder(droid); });
  auto third = cached_image(other, "other", [&] { return decoder(other); });
  ASSERT_TRUE(first && again && third);
  EXPECT_EQ(decoder.calls, 2);
  EXPECT_EQ(again->name, "sed_pbtop_copy");
  EXPECT_EQ(again->rgba, (std::vector<std::uint8_t>{7, 0, 0, 255, 9, 0, 0, 255}));
  const auto statistics = image_cache_statistics();
  EXPECT_EQ(statistics.decodings, 2u);
  EXPECT_EQ(statistics.hits, 1u);
  EXPECT_EQ(statistics.bytes, 2 * (3u + 8u));  // each source and its 8 RGBA bytes
}

TEST(ImageCache, KeepsNoFailureAndCapacityZeroTurnsItOff) {
  reset_image_cache(std::size_t{1} << 20);
  int calls = 0;
  const std::vector<std::uint8_t> source{1, 2};
  const auto failing = [&]() -> Result<Image> {
    ++calls;
    return Error{"test", "bad texels", 4, {}, {}};
  };
  EXPECT_FALSE(cached_image(source, "a", failing));
  EXPECT_FALSE(cached_image(source, "a", failing));
  EXPECT_EQ(calls, 2);

  reset_image_cache(0);
  CountingDecoder decoder;
  ASSERT_TRUE(cached_image(source, "a", [&] { return decoder(source); }));
  ASSERT_TRUE(cached_image(source, "a", [&] { return decoder(source); }));
  EXPECT_EQ(decoder.calls, 2);
  reset_image_cache(std::size_t{32} << 20);
}

}  // namespace
}  // namespace bonebridge
