// SPDX-License-Identifier: MIT
// Materials, images and texture coordinates in an export: the glTF structure, the PNG's pixels (decoded with
// libpng, not our encoder), the Khronos validator, and reading a textured file back.
#include <gtest/gtest.h>
#include <png.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "bonebridge/gltf/gltf.hpp"
#include "support/samples.hpp"

namespace bonebridge {
namespace {

// Two quads on one joint: the first textured with a 2x2 image (nearest filtering, alpha-masked), the second
// a plain red surface; and a third, uncoloured mesh on the default matte material.
Scene textured_scene() {
  Scene scene;
  scene.skeleton.joints = {{"root", -1, {{0, 0, 0}, {}, {1, 1, 1}}}};
  scene.images.push_back(
      {"checker", 2, 2, {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 0}});
  scene.materials.push_back({"checker", {1, 1, 1, 1}, 0, true, Material::Alpha::Mask, true});
  scene.materials.push_back({"red", {1, 0, 0, 1}, -1, false, Material::Alpha::Opaque, false});
  RigidMesh quad;
  quad.name = "textured";
  quad.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  quad.triangles = {0, 1, 2, 0, 2, 3};
  quad.uvs = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
  quad.material = 0;
  scene.meshes.push_back(quad);
  RigidMesh red = quad;
  red.name = "red";
  red.uvs.clear();
  red.material = 1;
  scene.meshes.push_back(red);
  RigidMesh plain = red;
  plain.name = "plain";
  plain.material = -1;
  scene.meshes.push_back(plain);
  return scene;
}

struct Glb {
  nlohmann::json json;
  std::vector<std::uint8_t> bin;
};

// The two chunks of a .glb, as the glTF 2.0 specification lays them out (12-byte header, then chunks).
Glb split_glb(const std::vector<std::uint8_t>& bytes) {
  const auto u32 = [&](std::size_t at) {
    std::uint32_t v;
    std::memcpy(&v, bytes.data() + at, 4);
    return v;
  };
  Glb glb;
  const std::uint32_t json_length = u32(12);
  glb.json = nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + json_length);
  const std::size_t bin_at = 20 + json_length;
  glb.bin.assign(bytes.begin() + static_cast<std::ptrdiff_t>(bin_at + 8),
                 bytes.begin() + static_cast<std::ptrdiff_t>(bin_at + 8 + u32(bin_at)));
  return glb;
}

std::vector<std::uint8_t> decode_png_rgba(const std::uint8_t* data, std::size_t size, png_uint_32& width,
                                          png_uint_32& height) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  EXPECT_TRUE(png_image_begin_read_from_memory(&png, data, size)) << png.message;
  png.format = PNG_FORMAT_RGBA;
  std::vector<std::uint8_t> pixels(PNG_IMAGE_SIZE(png));
  EXPECT_TRUE(png_image_finish_read(&png, nullptr, pixels.data(), 0, nullptr)) << png.message;
  width = png.width;
  height = png.height;
  return pixels;
}

TEST(GltfTextures, MaterialsImagesAndTexcoordsAreExported) {
  const Scene scene = textured_scene();
  const auto bytes = gltf::write(scene, {});
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  const Glb glb = split_glb(*bytes);
  const auto& json = glb.json;

  // Scene materials first, in order, then the plain matte one.
  ASSERT_EQ(json["materials"].size(), 3u);
  const auto& checker = json["materials"][0];
  EXPECT_EQ(checker["name"], "checker");
  EXPECT_EQ(checker["alphaMode"], "MASK");
  EXPECT_EQ(checker["doubleSided"], true);
  EXPECT_EQ(checker["pbrMetallicRoughness"]["metallicFactor"], 0.0);
  const int texture = checker["pbrMetallicRoughness"]["baseColorTexture"]["index"];
  const auto& sampler = json["samplers"][json["textures"][texture]["sampler"].get<int>()];
  EXPECT_EQ(sampler["magFilter"], 9728);  // NEAREST
  EXPECT_EQ(json["materials"][1]["pbrMetallicRoughness"]["baseColorFactor"],
            nlohmann::json({1.0, 0.0, 0.0, 1.0}));
  EXPECT_FALSE(json["materials"][1]["pbrMetallicRoughness"].contains("baseColorTexture"));
  EXPECT_EQ(json["materials"][2]["name"], "matte");

  // One triangle primitive per material, sharing TEXCOORD_0 (the untextured vertices at 0, 0).
  const auto& primitives = json["meshes"][0]["primitives"];
  ASSERT_EQ(primitives.size(), 3u);
  std::vector<int> materials;
  for (const auto& p : primitives) {
    EXPECT_TRUE(p["attributes"].contains("TEXCOORD_0"));
    materials.push_back(p["material"]);
  }
  EXPECT_EQ(materials, (std::vector<int>{2, 0, 1}));  // by scene material index: -1, 0, 1

  // The image is a PNG in the buffer whose pixels are the scene's, texel for texel.
  const auto& image = json["images"][json["textures"][texture]["source"].get<int>()];
  EXPECT_EQ(image["mimeType"], "image/png");
  const auto& view = json["bufferViews"][image["bufferView"].get<int>()];
  png_uint_32 width = 0, height = 0;
  const auto pixels = decode_png_rgba(glb.bin.data() + view.value("byteOffset", std::size_t{0}),
                                      view["byteLength"].get<std::size_t>(), width, height);
  EXPECT_EQ(width, 2u);
  EXPECT_EQ(height, 2u);
  EXPECT_EQ(pixels, scene.images[0].rgba);
}

TEST(GltfTextures, ValidatorAcceptsTheTexturedExport) {
  const auto bytes = gltf::write(textured_scene(), {});
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  const auto path = std::filesystem::temp_directory_path() / "bonebridge-textured.glb";
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
  const auto script = testing::source_dir() / "tests/runtime/validate.mjs";
  const std::string command = "node '" + script.string() + "' '" + path.string() + "'";
  EXPECT_EQ(std::system(command.c_str()), 0) << "the Khronos validator rejected " << path;
}

TEST(GltfTextures, ATexturedFileReadsBack) {
  for (const bool binary : {true, false}) {
    const auto bytes = gltf::write(textured_scene(), {.binary = binary});
    ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
    const auto scene = gltf::read(*bytes);
    ASSERT_TRUE(scene.ok()) << scene.error().to_string();
    EXPECT_EQ(scene->skeleton.joints.size(), 1u);
  }
}

TEST(GltfTextures, BadReferencesAreErrors) {
  Scene scene = textured_scene();
  scene.meshes[0].material = 5;
  EXPECT_FALSE(gltf::write(scene, {}).ok());
  scene = textured_scene();
  scene.materials[0].image = 3;
  EXPECT_FALSE(gltf::write(scene, {}).ok());
  scene = textured_scene();
  scene.meshes[0].uvs.pop_back();
  EXPECT_FALSE(gltf::write(scene, {}).ok());
  scene = textured_scene();
  scene.images[0].rgba.pop_back();
  const auto short_image = gltf::write(scene, {});
  ASSERT_FALSE(short_image.ok());
  EXPECT_NE(short_image.error().to_string().find("image 'checker'"), std::string::npos);
}

}  // namespace
}  // namespace bonebridge
