// SPDX-License-Identifier: MIT
// .cmp written from a document and checked against the documented layout by hand (colormap/document.hpp:
// 64-byte header, 768 palette bytes, 64 x 256 light bytes, 256 x 256 transparency bytes), then read back.
#include "bonebridge/formats/sith/colormap/codec.hpp"

#include <gtest/gtest.h>

namespace bonebridge::sith {
namespace {

colormap::Document sample_cmp(bool transparency) {
  colormap::Document cmp;
  cmp.has_transparency = transparency ? 1 : 0;
  for (std::size_t i = 0; i < cmp.unknown.size(); ++i) cmp.unknown[i] = static_cast<std::uint8_t>(0xA0 + i);
  for (std::size_t i = 0; i < 256; ++i)
    cmp.palette[i] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(255 - i),
                      static_cast<std::uint8_t>(i / 2)};
  cmp.light_levels.resize(kCmpLightLevelBytes);
  for (std::size_t i = 0; i < cmp.light_levels.size(); ++i)
    cmp.light_levels[i] = static_cast<std::uint8_t>(i * 7);
  if (transparency) cmp.transparency.assign(kCmpTransparencyBytes, 0x5A);
  return cmp;
}

TEST(SithCmp, WrittenBytesFollowTheDocumentedLayout) {
  auto bytes = colormap::write(sample_cmp(true));
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  ASSERT_EQ(bytes->size(), 64u + 768u + 16384u + 65536u);  // 82752
  EXPECT_EQ(std::string(bytes->begin(), bytes->begin() + 4), "CMP ");
  EXPECT_EQ((*bytes)[4], 0x1E);
  EXPECT_EQ((*bytes)[8], 1);                   // transparency flag
  EXPECT_EQ((*bytes)[12], 0xA0);               // first unknown header byte
  EXPECT_EQ((*bytes)[63], 0xA0 + 51);          // last header byte
  EXPECT_EQ((*bytes)[64 + 3 * 200 + 0], 200);  // palette entry 200: red
  EXPECT_EQ((*bytes)[64 + 3 * 200 + 1], 55);   // green
  EXPECT_EQ((*bytes)[64 + 3 * 200 + 2], 100);  // blue
  EXPECT_EQ((*bytes)[832 + 256 * 3 + 9],
            static_cast<std::uint8_t>((256 * 3 + 9) * 7));  // light level 3, colour 9
  EXPECT_EQ((*bytes)[832 + 16384], 0x5A);                   // transparency tables after the light levels
}

TEST(SithCmp, RoundTripsByteForByteWithAndWithoutTransparency) {
  for (const bool transparency : {true, false}) {
    auto bytes = colormap::write(sample_cmp(transparency));
    ASSERT_TRUE(bytes.ok());
    bytes->insert(bytes->end(), {1, 2, 3});  // trailing bytes are kept
    auto cmp = colormap::read(*bytes);
    ASSERT_TRUE(cmp.ok()) << cmp.error().to_string();
    EXPECT_EQ(cmp->palette[17], (std::array<std::uint8_t, 3>{17, 238, 8}));
    EXPECT_EQ(cmp->transparency.size(), transparency ? 65536u : 0u);
    EXPECT_EQ(cmp->trailing.size(), 3u);
    EXPECT_EQ(*colormap::write(*cmp), *bytes);
  }
}

TEST(SithCmp, ErrorsNameTheFormatAndTheByteOffset) {
  auto bytes = *colormap::write(sample_cmp(true));
  bytes.resize(bytes.size() - 10);
  auto truncated = colormap::read(bytes);
  ASSERT_FALSE(truncated.ok());
  EXPECT_EQ(truncated.error().format, "Sith .cmp");
  EXPECT_EQ(truncated.error().offset, 832u + 16384u);
  bytes[4] = 0x14;  // Grim Fandango's version
  auto version = colormap::read(bytes);
  ASSERT_FALSE(version.ok());
  EXPECT_EQ(version.error().offset, 4u);
}

}  // namespace
}  // namespace bonebridge::sith
