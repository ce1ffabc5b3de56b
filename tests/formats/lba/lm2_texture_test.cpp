// SPDX-License-Identifier: MIT
// Textured LBA2 polygons. Layout from 2point21/lba2-classic LIB386/H/AFF_OBJ.INC (STRUC_POLY3/4_TEXTURE,
// STRUC_OBJ_TEXTURE) and LIB386/OBJECT/AFF_OBJ.ASM (@@Triangle_Texture_Solid, @@Quad_Texture_Solid); texel
// addressing from LIB386/pol_work/POLYTEXT.ASM Filler_Texture: texel (u, v) = page[OrgMap + ((v·256 + u) &
// RepMask)], u and v the high bytes of the 8.8 MapU/MapV words. The page here is synthetic: the texel at
// column x, row y holds palette index x ^ y, and palette entry i is (i, 255 − i, 3·i mod 256), so every
// expected colour below is worked out by hand.
#include <gtest/gtest.h>

#include "bonebridge/core/image_cache.hpp"
#include "bonebridge/formats/lba/body/lm2_codec.hpp"
#include "bonebridge/formats/lba/body/mesh.hpp"
#include "bonebridge/formats/lba/family.hpp"
#include "support/samples.hpp"

namespace bonebridge::lba {
namespace {

std::vector<std::uint8_t> xor_page() {
  std::vector<std::uint8_t> page(kTexturePageBytes);
  for (std::size_t y = 0; y < 256; ++y) {
    for (std::size_t x = 0; x < 256; ++x) page[y * 256 + x] = static_cast<std::uint8_t>(x ^ y);
  }
  return page;
}

std::vector<std::uint8_t> ramp_palette_bytes() {
  std::vector<std::uint8_t> bytes;
  for (int i = 0; i < 256; ++i) {
    bytes.insert(bytes.end(), {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(255 - i),
                               static_cast<std::uint8_t>(3 * i)});
  }
  return bytes;
}

std::array<std::uint8_t, 4> pixel(const Image& image, unsigned x, unsigned y) {
  const std::size_t at = (std::size_t{y} * image.width + x) * 4;
  return {image.rgba[at], image.rgba[at + 1], image.rgba[at + 2], image.rgba[at + 3]};
}

// One group, four points; a keyed textured triangle on the whole page (record 0), a textured quad on a 16×16
// tile at column 0x20, row 0x40 (record 1), a flat triangle and an environment-mapped triangle.
body::Lm2Document textured_body() {
  body::Lm2Document lm2;
  lm2.groups = {{0xFFFF, 0, 4, 0}};
  lm2.points = {{{0, 0, 0}, 0}, {{100, 0, 0}, 0}, {{0, 100, 0}, 0}, {{100, 100, 0}, 0}};
  lm2.textures = {{0x0000, 0xFFFF}, {0x4020, 0x0F0F}};
  // POLY_TEXTURE_SOLID_INC (12) triangle: P1-P3, HandleText 0, Couleur, Normale, U1 V1 U2 V2 U3 V3.
  lm2.sections.push_back({12, 0, {{{0, 1, 2, 0, 0x30, 0, 0x1000, 0x2000, 0x8040, 0x2000, 0x0500, 0x05FF}}}});
  // POLY_TEXTURE_FLAT (9) quad: P1-P4, Couleur, Normale, U1 V1 ... U4 V4, HandleText 1, a pad word.
  lm2.sections.push_back(
      {static_cast<std::uint16_t>(kLm2Quad | 9),
       0,
       {{{0, 1, 3, 2, 0x50, 0, 0x1300, 0x2500, 0x2000, 0x2500, 0x2000, 0x3000, 0x1300, 0x3000, 1, 0}}}});
  lm2.sections.push_back({1, 0, {{{0, 1, 2, 0, 0x11, 0}}}});  // flat
  lm2.sections.push_back(
      {static_cast<std::uint16_t>(kLm2Environment | 8), 0, {{{0, 2, 3, 0, 0x22, 0, 0, 0}}}});
  lm2.polygon_count = 4;
  return lm2;
}

TEST(Lm2Texture, PolygonsCarryTheirRecordAndCorners) {
  const auto body = body_from_lm2(textured_body());
  ASSERT_TRUE(body.ok()) << body.error().to_string();
  const auto& polygons = body->geometry->polygons;
  ASSERT_EQ(polygons.size(), 4u);
  ASSERT_TRUE(polygons[0].texture.has_value());
  EXPECT_EQ(polygons[0].texture->origin, 0);
  EXPECT_EQ(polygons[0].texture->repeat_mask, 0xFFFF);
  EXPECT_TRUE(polygons[0].texture->chroma_key);  // type 12: POLY_TEXTURE_INCRUST
  EXPECT_EQ(polygons[0].texture->uvs, (std::vector<std::array<std::uint16_t, 2>>{
                                          {0x1000, 0x2000}, {0x8040, 0x2000}, {0x0500, 0x05FF}}));
  ASSERT_TRUE(polygons[1].texture.has_value());
  EXPECT_EQ(polygons[1].texture->origin, 0x4020);  // handle 1, from word 14 of the quad
  EXPECT_FALSE(polygons[1].texture->chroma_key);   // type 9
  EXPECT_EQ(polygons[1].texture->uvs.size(), 4u);
  EXPECT_EQ(polygons[1].colour, 0x50);
  EXPECT_FALSE(polygons[2].texture.has_value());
  EXPECT_FALSE(polygons[3].texture.has_value());
  EXPECT_TRUE(polygons[3].environment_mapped);
}

TEST(Lm2Texture, KeyedTypesAreTheIncrustOnes) {
  for (int type = 0; type < 32; ++type) {
    const bool keyed = (type >= 12 && type <= 15) || (type >= 20 && type <= 23);
    EXPECT_EQ(lm2_chroma_keyed(static_cast<std::uint16_t>(type)), keyed) << type;
    EXPECT_EQ(lm2_textured(static_cast<std::uint16_t>(type)), type >= 8) << type;
  }
  EXPECT_FALSE(lm2_textured(kLm2Environment | 12));
}

TEST(Lm2Texture, AHandlePastTheTextureTableIsRefused) {
  body::Lm2Document lm2 = textured_body();
  lm2.textures.resize(1);  // the quad names record 1
  const auto body = body_from_lm2(lm2);
  ASSERT_FALSE(body.ok());
  EXPECT_NE(body.error().message.find("names texture 1, but the body has 1"), std::string::npos)
      << body.error().message;
}

// Two bodies of one run showing the same records of the same page decode each record once: the second
// drawing's two images come from the cache (the run's shared decodings), pixel for pixel and name for name
// what the first made, and what a drawing with the cache off makes.
TEST(Lm2Texture, TwoDrawingsOfOneRunShareEachDecoding) {
  const auto body = body_from_lm2(textured_body());
  ASSERT_TRUE(body.ok());
  const auto palette = read_palette(ramp_palette_bytes());
  ASSERT_TRUE(palette.ok());
  const auto page = xor_page();
  reset_image_cache(0);
  const auto uncached = body_drawing(*body, *palette, &page, Light{}, Variant::Lba2);
  reset_image_cache(std::size_t{32} << 20);
  const auto first = body_drawing(*body, *palette, &page, Light{}, Variant::Lba2);
  EXPECT_EQ(image_cache_statistics().decodings, 2u);  // two texture records
  EXPECT_EQ(image_cache_statistics().hits, 0u);
  const auto second = body_drawing(*body, *palette, &page, Light{}, Variant::Lba2);
  EXPECT_EQ(image_cache_statistics().decodings, 2u);
  EXPECT_EQ(image_cache_statistics().hits, 2u);
  ASSERT_EQ(second.images.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(second.images[i].name, uncached.images[i].name);
    EXPECT_EQ(second.images[i].rgba, uncached.images[i].rgba);
    EXPECT_EQ(first.images[i].rgba, uncached.images[i].rgba);
  }
  // Another palette is another decoding.
  auto other = *palette;
  other[48] = {1, 2, 3};
  body_drawing(*body, other, &page, Light{}, Variant::Lba2);
  EXPECT_EQ(image_cache_statistics().decodings, 4u);
  reset_image_cache(std::size_t{32} << 20);
}

TEST(Lm2Texture, MeshesMapThePageWhereTheGameReadsIt) {
  const auto body = body_from_lm2(textured_body());
  ASSERT_TRUE(body.ok());
  const auto palette = read_palette(ramp_palette_bytes());
  ASSERT_TRUE(palette.ok());
  const auto page = xor_page();
  const auto drawing = body_drawing(*body, *palette, &page, Light{}, Variant::Lba2);
  ASSERT_EQ(drawing.meshes.size(), 3u);
  ASSERT_EQ(drawing.materials.size(), 2u);
  ASSERT_EQ(drawing.images.size(), 2u);

  // The flat mesh: the flat and the environment-mapped triangles, coloured, without coordinates.
  const RigidMesh& flat = drawing.meshes[0];
  EXPECT_EQ(flat.triangles.size(), 6u);
  EXPECT_EQ(flat.colors.size(), flat.positions.size());
  EXPECT_TRUE(flat.uvs.empty());
  EXPECT_EQ(flat.material, -1);

  // The keyed triangle: U / 65536, V / 65536 per corner.
  const RigidMesh& triangle = drawing.meshes[1];
  ASSERT_EQ(triangle.material, 0);
  ASSERT_EQ(triangle.uvs.size(), 3u);
  EXPECT_FLOAT_EQ(triangle.uvs[0][0], 0.0625f);  // 0x1000
  EXPECT_FLOAT_EQ(triangle.uvs[0][1], 0.125f);   // 0x2000
  EXPECT_FLOAT_EQ(triangle.uvs[1][0], 0x8040 / 65536.0f);
  EXPECT_FLOAT_EQ(triangle.uvs[2][1], 0x05FF / 65536.0f);
  EXPECT_TRUE(triangle.colors.empty());
  const Material& keyed = drawing.materials[0];
  EXPECT_TRUE(keyed.nearest);
  EXPECT_EQ(keyed.alpha, Material::Alpha::Mask);
  const Image& whole_page = drawing.images[static_cast<std::size_t>(keyed.image)];
  ASSERT_EQ(whole_page.width, 256u);
  ASSERT_EQ(whole_page.height, 256u);
  // Corner 0 falls in texel (16, 32): index 16 ^ 32 = 48, palette (48, 207, 144).
  EXPECT_EQ(pixel(whole_page, 16, 32), (std::array<std::uint8_t, 4>{48, 207, 144, 255}));
  // Corner 1: U = 0x8040 is texel 128 (the low byte is a fraction): 128 ^ 32 = 160, (160, 95, 224).
  EXPECT_EQ(pixel(whole_page, 128, 32), (std::array<std::uint8_t, 4>{160, 95, 224, 255}));
  // Corner 2 sits in texel (5, 5): index 0, which the keyed filler does not draw.
  EXPECT_EQ(pixel(whole_page, 5, 5)[3], 0);

  // The quad on the tile: its image is what the record shows at each (u, v). Corner 0, (0x13, 0x25):
  // (0x2513 & 0x0F0F) + 0x4020 = 0x4523, column 0x23, row 0x45: index 0x23 ^ 0x45 = 0x66 = 102.
  const RigidMesh& quad = drawing.meshes[2];
  ASSERT_EQ(quad.material, 1);
  EXPECT_EQ(quad.triangles.size(), 6u);  // fanned into two triangles
  EXPECT_FLOAT_EQ(quad.uvs[0][0], 0x1300 / 65536.0f);
  const Material& tiled = drawing.materials[1];
  EXPECT_EQ(tiled.alpha, Material::Alpha::Opaque);
  const Image& tile = drawing.images[static_cast<std::size_t>(tiled.image)];
  EXPECT_EQ(pixel(tile, 0x13, 0x25), (std::array<std::uint8_t, 4>{102, 153, 50, 255}));
  // The tile repeats every 16 texels: (0x03, 0x15) shows the same texel.
  EXPECT_EQ(pixel(tile, 0x03, 0x15), pixel(tile, 0x13, 0x25));

  EXPECT_NE(drawing.notes.at(0).find("2 textured polygons show the texture page's texels"), std::string::npos)
      << drawing.notes.at(0);
  EXPECT_NE(drawing.notes.at(1).find("1 environment-mapped polygons"), std::string::npos)
      << drawing.notes.at(1);
}

TEST(Lm2Texture, WithoutAPageTexturedPolygonsAreDrawnFlatAndCounted) {
  const auto body = body_from_lm2(textured_body());
  ASSERT_TRUE(body.ok());
  const auto drawing = body_drawing(*body, placeholder_palette(), nullptr, Light{}, Variant::Lba2);
  ASSERT_EQ(drawing.meshes.size(), 1u);
  EXPECT_TRUE(drawing.materials.empty());
  EXPECT_EQ(drawing.meshes[0].triangles.size(), 3u * (1 + 2 + 1 + 1));
  ASSERT_FALSE(drawing.notes.empty());
  EXPECT_NE(drawing.notes[0].find("the body has 2 textured polygons, drawn flat"), std::string::npos)
      << drawing.notes[0];
}

TEST(Lm2Texture, ThePageMustBe65536Bytes) {
  EXPECT_TRUE(read_texture_page(xor_page()).ok());
  EXPECT_FALSE(read_texture_page(std::vector<std::uint8_t>(65535)).ok());
}

// Through the family, as `convert BODY.lm2 OUT.glb --texture-page PAGE --palette PAL` runs it.
TEST(Lm2Texture, TheFamilyMapsTheTexturePageOption) {
  const auto bytes = body::write_lm2(textured_body());
  Options options;
  options.placement.extension = ".lm2";
  options.values["texture-page"] = "page.raw";
  options.values["palette"] = "palette.pal";
  options.companions["texture-page"] = xor_page();
  options.companions["palette"] = ramp_palette_bytes();
  const auto document = family().open(bytes, options);
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  const auto core = (*document)->to_core(options);
  ASSERT_TRUE(core.ok()) << core.error().to_string();
  EXPECT_EQ(core->scene.materials.size(), 2u);
  EXPECT_EQ(core->scene.images.size(), 2u);
  EXPECT_EQ(core->scene.meshes.size(), 3u);

  options.values["texture-page"] = "short.raw";  // another file (one address is one file for the run)
  options.companions["texture-page"] = std::vector<std::uint8_t>(100);
  EXPECT_FALSE(family().open(bytes, options).ok());
}

// The three public bodies: every polygon section is type 5 (POLY_DITHER, read with Python's struct module
// at each body's polygon offset), so none is textured and a page changes nothing but the notes.
TEST(Lm2Texture, PublicBodiesHaveNoTexturedPolygons) {
  for (const char* name : {"lba/lba2-bodies/My_Twinsen_Tunic_LBA2.lm2", "lba/lba2-bodies/Human_Hand.lm2",
                           "lba/lba2-bodies/Pigsen_LBA2.lm2"}) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, name);
    const auto lm2 = body::read_lm2(testing::read_bytes(path));
    ASSERT_TRUE(lm2.ok());
    const auto body = body_from_lm2(*lm2);
    ASSERT_TRUE(body.ok());
    for (const auto& polygon : body->geometry->polygons) {
      EXPECT_FALSE(polygon.texture || polygon.environment_mapped) << name;
    }
    const auto page = xor_page();
    const auto drawing = body_drawing(*body, placeholder_palette(), &page, Light{}, Variant::Lba2);
    EXPECT_TRUE(drawing.materials.empty()) << name;
    EXPECT_EQ(drawing.notes,
              (std::vector<std::string>{"the texture page is unused: the body has no textured polygons"}))
        << name;
  }
}

}  // namespace
}  // namespace bonebridge::lba
