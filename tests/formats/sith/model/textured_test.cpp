// SPDX-License-Identifier: MIT
// sed_pd.3do exported with its 11 .mat files (found by default in its mat/ subfolder): materials and images
// in the glTF, and texels read by hand from the .mat bytes (RGB565 at 140 + 2 * (y * width + x), widened
// by repeating bits) equal to the exported PNG's pixels, decoded here by libpng itself.
#include <gtest/gtest.h>
#include <png.h>

#include <cstring>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "bonebridge/formats/sith/family.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "support/samples.hpp"

namespace bonebridge::sith {
namespace {

struct Glb {
  nlohmann::json json;
  std::vector<std::uint8_t> bin;
};

std::uint32_t le32(const std::vector<std::uint8_t>& b, std::size_t at) {
  return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (static_cast<std::uint32_t>(b[at + 3]) << 24);
}

Glb split_glb(const std::vector<std::uint8_t>& bytes) {
  Glb glb;
  const std::uint32_t json_length = le32(bytes, 12);
  glb.json = nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + json_length);
  const std::size_t bin_at = 20 + json_length;
  const std::uint32_t bin_length = le32(bytes, bin_at);
  glb.bin.assign(bytes.begin() + static_cast<std::ptrdiff_t>(bin_at + 8),
                 bytes.begin() + static_cast<std::ptrdiff_t>(bin_at + 8 + bin_length));
  return glb;
}

struct Rgba {
  std::uint32_t width = 0, height = 0;
  std::vector<std::uint8_t> pixels;
};

Rgba decode_png(const std::uint8_t* data, std::size_t size) {
  png_image image;
  std::memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  Rgba out;
  if (!png_image_begin_read_from_memory(&image, data, size)) return out;
  image.format = PNG_FORMAT_RGBA;
  out.pixels.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.pixels.data(), 0, nullptr)) return {};
  out.width = image.width;
  out.height = image.height;
  return out;
}

// The exported image of the material named `material`, decoded.
Rgba exported_image(const Glb& glb, const std::string& material) {
  for (const auto& m : glb.json["materials"]) {
    if (m["name"] != material) continue;
    const int texture = m["pbrMetallicRoughness"]["baseColorTexture"]["index"];
    const int source = glb.json["textures"][texture]["source"];
    const auto& view = glb.json["bufferViews"][glb.json["images"][source]["bufferView"].get<int>()];
    const std::size_t offset = view.value("byteOffset", 0);
    return decode_png(glb.bin.data() + offset, view["byteLength"].get<std::size_t>());
  }
  return {};
}

// By hand: texel (x, y) of a one-level RGB565 .mat whose texels start at byte 140.
std::array<std::uint8_t, 4> texel_by_hand(const std::vector<std::uint8_t>& mat, std::uint32_t width,
                                          std::uint32_t x, std::uint32_t y) {
  const std::size_t at = 140 + 2 * (static_cast<std::size_t>(y) * width + x);
  const unsigned texel = mat[at] | (mat[at + 1] << 8);
  const unsigned r = texel >> 11, g = (texel >> 5) & 63, b = texel & 31;
  return {static_cast<std::uint8_t>((r << 3) | (r >> 2)), static_cast<std::uint8_t>((g << 2) | (g >> 4)),
          static_cast<std::uint8_t>((b << 3) | (b >> 2)), 255};
}

TEST(SithTextured, SedPdExportsItsElevenMaterialsWithTheirTexels) {
  BONEBRIDGE_REQUIRE_SAMPLE(key_path, "sith/ijim-sed-mod/sed_pdgo.key");
  BONEBRIDGE_REQUIRE_SAMPLE(model_path, "sith/ijim-sed-mod/sed_pd.3do");
  BONEBRIDGE_REQUIRE_SAMPLE(top_path, "sith/ijim-sed-mod/mat/sed_pbtop.mat");
  BONEBRIDGE_REQUIRE_SAMPLE(eye_path, "sith/ijim-sed-mod/mat/sed_pbeye.mat");
  Options options;
  options.values["model"] = model_path.string();
  options.placement.extension = ".key";
  auto doc = family().open(testing::read_bytes(key_path), options);
  ASSERT_TRUE(doc.ok()) << doc.error().to_string();
  auto core = (*doc)->to_core(options);
  ASSERT_TRUE(core.ok()) << core.error().to_string();
  EXPECT_EQ(core->scene.images.size(), 11u);
  for (const auto& note : core->notes) EXPECT_EQ(note.find("not found"), std::string::npos) << note;
  auto bytes = gltf::write(core->scene, {.binary = true, .generate_mesh = false});
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  const Glb glb = split_glb(*bytes);
  EXPECT_EQ(glb.json["images"].size(), 11u);
  EXPECT_EQ(glb.json["materials"].size(), 11u);  // one per .mat
  auto back = gltf::read(*bytes);  // a textured file reads back (its animation; the pictures are left aside)
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back->clips.size(), 1u);

  const std::pair<std::filesystem::path, std::string> cases[] = {{top_path, "sed_pbtop.mat"},
                                                                 {eye_path, "sed_pbeye.mat"}};
  for (const auto& [path, name] : cases) {
    const auto mat = testing::read_bytes(path);
    const std::uint32_t width = le32(mat, 116), height = le32(mat, 120);  // the cel header (xxd)
    const Rgba png = exported_image(glb, name);
    ASSERT_EQ(png.width, width) << name;
    ASSERT_EQ(png.height, height) << name;
    for (const auto& [x, y] : {std::pair{0u, 0u},
                               {width - 1, 0u},
                               {width / 3, height / 2},
                               {width - 1, height - 1},
                               {width / 2 + 5, height / 4}}) {
      const auto expected = texel_by_hand(mat, width, x, y);
      const std::size_t at = (static_cast<std::size_t>(y) * width + x) * 4;
      const std::array<std::uint8_t, 4> got{png.pixels[at], png.pixels[at + 1], png.pixels[at + 2],
                                            png.pixels[at + 3]};
      EXPECT_EQ(got, expected) << name << " texel " << x << "," << y;
    }
  }
}

TEST(SithTextured, MissingMaterialsAreNamedAndTheRestExported) {
  BONEBRIDGE_REQUIRE_SAMPLE(model_path, "sith/ijim-sed-mod/sed_cable_car.3do");
  Options options;
  options.placement.input = model_path.string();
  options.placement.extension = ".3do";
  auto doc = family().open(testing::read_bytes(model_path), options);
  ASSERT_TRUE(doc.ok()) << doc.error().to_string();
  auto core = (*doc)->to_core(options);
  ASSERT_TRUE(core.ok()) << core.error().to_string();
  EXPECT_TRUE(core->scene.images.empty());
  EXPECT_FALSE(core->scene.meshes.empty());
  EXPECT_FALSE(core->scene.materials.empty());
  std::size_t missing = 0;
  for (const auto& note : core->notes) missing += note.find("not found") != std::string::npos;
  EXPECT_EQ(missing, 5u);  // its MATERIALS list names 5 .mat files, none among the samples
}

}  // namespace
}  // namespace bonebridge::sith
