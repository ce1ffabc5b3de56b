// SPDX-License-Identifier: MIT
// .mat read and written byte for byte: the 11 IJIM materials of sed_pd.3do, and 8-bit and colour materials
// built here byte by byte from the documented layout (material/document.hpp).
#include "bonebridge/formats/sith/material/codec.hpp"

#include <gtest/gtest.h>

#include <string>

#include "bonebridge/formats/sith/material/bridge.hpp"
#include "support/samples.hpp"

namespace bonebridge::sith {
namespace {

inline constexpr const char* kSedMaterials[] = {"sed_pbbody.mat", "sed_pbeye.mat",  "sed_pblglw.mat",
                                                "sed_pblgu2.mat", "sed_pblgup.mat", "sed_pbsde1.mat",
                                                "sed_pbsde2.mat", "sed_pbsde4.mat", "sed_pbsde5.mat",
                                                "sed_pbsde6.mat", "sed_pbtop.mat"};

// Little-endian words appended one by one, independently of ByteWriter.
struct HandBytes {
  std::vector<std::uint8_t> bytes;
  HandBytes& text(const char* s) {
    for (const char* c = s; *c != 0; ++c) bytes.push_back(static_cast<std::uint8_t>(*c));
    return *this;
  }
  HandBytes& word(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    return *this;
  }
  HandBytes& raw(std::initializer_list<std::uint8_t> values) {
    bytes.insert(bytes.end(), values);
    return *this;
  }
};

// "MAT " 0x32, type, records, cels, then the 14 colour-format words.
HandBytes mat_header(std::uint32_t type, std::uint32_t records, std::uint32_t cels, std::uint32_t mode,
                     std::uint32_t bpp) {
  HandBytes h;
  h.text("MAT ").word(0x32).word(type).word(records).word(cels).word(mode).word(bpp);
  for (int i = 0; i < 12; ++i) h.word(0);
  return h;
}

// An 8-bit texture: one 4 x 2 cel with two mip levels (4 x 2, then 2 x 1), colour 0 transparent.
std::vector<std::uint8_t> eight_bit_mat() {
  HandBytes m = mat_header(2, 1, 1, 0, 8);
  m.word(8).word(0);                                  // texture record: type 8, colour 0
  for (int i = 0; i < 4; ++i) m.word(0x3F800000);     // four 1.0f
  m.word(0).word(0).word(0).word(0);                  // three unknowns, cel index 0
  m.word(4).word(2).word(1).word(0).word(0).word(2);  // 4 x 2, transparent, -, colour 0, 2 levels
  m.raw({0, 1, 2, 3, 250, 251, 252, 253});            // level 0
  m.raw({7, 9});                                      // level 1
  return m.bytes;
}

TEST(SithMat, SampleMaterialsRoundTripByteForByte) {
  for (const char* name : kSedMaterials) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("sith/ijim-sed-mod/mat/") + name);
    const auto bytes = testing::read_bytes(path);
    auto mat = material::read(bytes);
    ASSERT_TRUE(mat.ok()) << name << ": " << mat.error().to_string();
    auto written = material::write(*mat);
    ASSERT_TRUE(written.ok()) << name << ": " << written.error().to_string();
    EXPECT_EQ(*written, bytes) << name;
    // Every sample: one RGB565 texture cel of one mip level (xxd of the headers).
    EXPECT_EQ(mat->header.type, 2u) << name;
    EXPECT_EQ(mat->header.format.color_mode, 1u) << name;
    EXPECT_EQ(mat_layout_name(mat->header.format), "RGB565") << name;
    ASSERT_EQ(mat->cels.size(), 1u) << name;
    EXPECT_EQ(mat->cels[0].levels, 1) << name;
    EXPECT_EQ(bytes.size(), 140u + 2u * mat->cels[0].width * mat->cels[0].height) << name;
  }
}

TEST(SithMat, TopMaterialHeaderFieldsAreTheStoredOnes) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/ijim-sed-mod/mat/sed_pbtop.mat");
  auto mat = material::read(testing::read_bytes(path));
  ASSERT_TRUE(mat.ok()) << mat.error().to_string();
  const MatColorFormat& f = mat->header.format;
  EXPECT_EQ(f.bits_per_pixel, 16u);
  EXPECT_EQ(f.red.bits, 5u);
  EXPECT_EQ(f.green.bits, 6u);
  EXPECT_EQ(f.blue.bits, 5u);
  EXPECT_EQ(f.red.shift, 11u);
  EXPECT_EQ(f.green.shift, 5u);
  EXPECT_EQ(f.blue.shift, 0u);
  EXPECT_EQ(f.red.expand, 3u);
  EXPECT_EQ(f.green.expand, 2u);
  EXPECT_EQ(f.alpha.bits, 0u);
  ASSERT_EQ(mat->records.size(), 1u);
  EXPECT_EQ(mat->records[0].type, 8);
  EXPECT_EQ(mat->cels[0].width, 256);
  EXPECT_EQ(mat->cels[0].height, 256);
  EXPECT_EQ(mat_alpha(*mat), Material::Alpha::Opaque);
}

TEST(SithMat, EightBitMaterialRoundTripsAndDecodesThroughThePalette) {
  const auto bytes = eight_bit_mat();
  auto mat = material::read(bytes);
  ASSERT_TRUE(mat.ok()) << mat.error().to_string();
  ASSERT_EQ(mat->cels.size(), 1u);
  ASSERT_EQ(mat->cels[0].mip_levels.size(), 2u);
  EXPECT_EQ(mat->cels[0].mip_levels[1], (std::vector<std::uint8_t>{7, 9}));
  EXPECT_EQ(mat->records[0].unknown[0], 0x3F800000u);
  EXPECT_EQ(*material::write(*mat), bytes);
  EXPECT_EQ(mat_layout_name(mat->header.format), "8-bit indexed");
  EXPECT_EQ(mat_alpha(*mat), Material::Alpha::Mask);  // transparent colour 0

  colormap::Document palette;
  for (std::size_t i = 0; i < 256; ++i)
    palette.palette[i] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(255 - i), 17};
  auto image = decode_cel(*mat, 0, &palette, "eight");
  ASSERT_TRUE(image.ok()) << image.error().to_string();
  EXPECT_EQ(image->width, 4u);
  EXPECT_EQ(image->height, 2u);
  EXPECT_EQ(image->rgba[3], 0);  // texel 0 is colour 0: a hole
  const std::vector<std::uint8_t> texel5(image->rgba.begin() + 20, image->rgba.begin() + 24);
  EXPECT_EQ(texel5, (std::vector<std::uint8_t>{251, 4, 17, 255}));  // row 1, column 1: index 251
  auto grey = decode_cel(*mat, 0, nullptr, "eight");
  ASSERT_TRUE(grey.ok());
  EXPECT_EQ(grey->rgba[8], 2);  // texel 2 without palette: grey 2
}

TEST(SithMat, ColourMaterialRoundTrips) {
  HandBytes m = mat_header(0, 2, 0, 0, 8);
  m.word(0).word(37).word(0x3F800000).word(0x3F800000).word(0x3F800000).word(0x3F800000);
  m.word(0).word(99).word(1).word(2).word(3).word(4);
  auto mat = material::read(m.bytes);
  ASSERT_TRUE(mat.ok()) << mat.error().to_string();
  ASSERT_EQ(mat->records.size(), 2u);
  EXPECT_EQ(mat->records[1].color_index, 99);
  EXPECT_TRUE(mat->cels.empty());
  EXPECT_EQ(*material::write(*mat), m.bytes);
  colormap::Document palette;
  palette.palette[37] = {255, 0, 0};
  const auto colour = mat_flat_color(*mat, &palette);
  EXPECT_DOUBLE_EQ(colour[0], 1.0);
  EXPECT_DOUBLE_EQ(colour[1], 0.0);
}

TEST(SithMat, ChannelsWidenByRepeatingTheirBits) {
  EXPECT_EQ(widen_channel(31, 5), 255);
  EXPECT_EQ(widen_channel(16, 5), 132);  // 10000 -> 10000 100
  EXPECT_EQ(widen_channel(1, 6), 4);     // 000001 -> 000001 00
  EXPECT_EQ(widen_channel(1, 1), 255);
  EXPECT_EQ(widen_channel(9, 4), 0x99);
}

TEST(SithMat, SixteenBitAlphaLayoutsChooseMaskOrBlend) {
  HandBytes m;
  m.text("MAT ").word(0x32).word(2).word(1).word(1).word(2).word(16);
  m.word(5).word(5).word(5).word(10).word(5).word(0).word(3).word(3).word(3).word(1).word(15).word(7);
  for (int i = 0; i < 10; ++i) m.word(i == 0 ? 8 : 0);
  m.word(1).word(1).word(1).word(0).word(0).word(1);
  m.raw({0x1F, 0x80});  // A=1, R=0, G=0, B=31
  auto mat = material::read(m.bytes);
  ASSERT_TRUE(mat.ok()) << mat.error().to_string();
  EXPECT_EQ(mat_layout_name(mat->header.format), "ARGB1555");
  EXPECT_EQ(mat_alpha(*mat), Material::Alpha::Mask);
  auto image = decode_cel(*mat, 0, nullptr, "a");
  ASSERT_TRUE(image.ok());
  EXPECT_EQ(image->rgba, (std::vector<std::uint8_t>{0, 0, 255, 255}));
  EXPECT_EQ(*material::write(*mat), m.bytes);
  mat->header.format.alpha.bits = 4;
  EXPECT_EQ(mat_alpha(*mat), Material::Alpha::Blend);
}

TEST(SithMat, ErrorsNameTheFormatAndTheByteOffset) {
  auto bad_magic = material::read(std::vector<std::uint8_t>{'M', 'A', 'X', ' ', 0, 0, 0, 0});
  ASSERT_FALSE(bad_magic.ok());
  EXPECT_EQ(bad_magic.error().format, "Sith .mat");
  EXPECT_EQ(bad_magic.error().offset, 0u);

  auto huge = mat_header(2, 0x7FFFFFFF, 1, 1, 16);
  auto counted =
      material::read(huge.bytes);  // two billion records of 40 bytes: refused before any allocation
  ASSERT_FALSE(counted.ok());
  EXPECT_EQ(counted.error().offset, 76u);
  EXPECT_NE(counted.error().message.find("record count"), std::string::npos);

  auto bytes = eight_bit_mat();
  bytes.resize(bytes.size() - 1);  // level 1 loses a texel
  auto truncated = material::read(bytes);
  ASSERT_FALSE(truncated.ok());
  EXPECT_EQ(truncated.error().offset, 148u);  // 76 + 40 + 24 + 8: where level 1 starts

  auto version = eight_bit_mat();
  version[4] = 0x31;
  auto old = material::read(version);
  ASSERT_FALSE(old.ok());
  EXPECT_EQ(old.error().offset, 4u);
}

}  // namespace
}  // namespace bonebridge::sith
