// SPDX-License-Identifier: MIT
// Resonite clips that animate fields (issue 38): `convert` gives a glb whose light intensity, light colour
// and slot visibility are KHR_animation_pointer channels, which the Khronos validator accepts, and
// converting that glb back gives the AnimJ file byte for byte. The glb's JSON is read here with nlohmann
// (not with bonebridge's reader), the channel's key values from its binary chunk.
#include <nlohmann/json.hpp>

#include <cstring>

#include "cli/tool.hpp"

namespace bonebridge::testing {
namespace {

struct Glb {
  nlohmann::json json;
  std::vector<std::uint8_t> bin;
};

std::uint32_t u32(const std::vector<std::uint8_t>& bytes, std::size_t at) {
  std::uint32_t value = 0;
  std::memcpy(&value, bytes.data() + at, 4);
  return value;
}

Glb read_glb(const std::filesystem::path& path) {
  const auto bytes = read_bytes(path);
  EXPECT_GE(bytes.size(), 20u);
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "glTF");
  const std::size_t json_length = u32(bytes, 12);
  Glb glb;
  glb.json = nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + static_cast<long>(json_length));
  const std::size_t bin_at = 20 + json_length;
  if (bin_at + 8 <= bytes.size())
    glb.bin.assign(bytes.begin() + static_cast<long>(bin_at + 8),
                   bytes.begin() + static_cast<long>(bin_at + 8 + u32(bytes, bin_at)));
  return glb;
}

// The floats of accessor `index` (tightly packed, as the writer lays them).
std::vector<float> floats_of(const Glb& glb, int index) {
  const auto& accessor = glb.json["accessors"][static_cast<std::size_t>(index)];
  const auto& view = glb.json["bufferViews"][accessor["bufferView"].get<std::size_t>()];
  const std::size_t width = accessor["type"] == "VEC3" ? 3 : 1;
  std::vector<float> values(accessor["count"].get<std::size_t>() * width);
  std::memcpy(values.data(), glb.bin.data() + view.value("byteOffset", 0u) + accessor.value("byteOffset", 0u),
              values.size() * sizeof(float));
  return values;
}

// The channel of the first animation whose pointer is `pointer`: no node, path "pointer".
const nlohmann::json* pointer_channel(const Glb& glb, const std::string& pointer) {
  for (const auto& channel : glb.json["animations"][0]["channels"]) {
    const auto& target = channel["target"];
    if (target.value("path", "") != "pointer") continue;
    EXPECT_FALSE(target.contains("node")) << target.dump();
    if (target["extensions"]["KHR_animation_pointer"]["pointer"] == pointer) return &channel;
  }
  ADD_FAILURE() << "no channel animates " << pointer << " in " << glb.json["animations"].dump();
  return nullptr;
}

bool validator_accepts(const std::filesystem::path& glb) {
  const auto script = source_dir() / "tests/runtime/validate.mjs";
  const std::string command = "node " + shell_quote(script.string()) + " " + shell_quote(glb.string());
  return std::system(command.c_str()) == 0;
}

class PropertyChannels : public ToolTest {
 protected:
  // The example converted to glb (validated) and back to AnimJ, which must be the example's bytes.
  Glb round_trip(const std::string& example) {
    const auto source = copy_example("animx/" + example, example);
    const auto glb = scratch("clip.glb"), back = scratch("back.animj");
    const auto to_glb = run({"convert", source.string(), glb.string()});
    EXPECT_EQ(to_glb.code, 0) << to_glb.err;
    EXPECT_TRUE(validator_accepts(glb)) << "the Khronos validator rejected " << glb;
    const auto to_animj = run({"convert", glb.string(), back.string()});
    EXPECT_EQ(to_animj.code, 0) << to_animj.err;
    EXPECT_EQ(read_bytes(back), read_bytes(source)) << example << " did not come back byte for byte";
    return read_glb(glb);
  }
};

// The clip: slot Light, field Intensity, 0 to 1 over 2 s.
TEST_F(PropertyChannels, TheFadeAnimatesAPointLightsIntensity) {
  const Glb glb = round_trip("fade.animj");
  const auto& lights = glb.json["extensions"]["KHR_lights_punctual"]["lights"];
  ASSERT_EQ(lights.size(), 1u);
  EXPECT_EQ(lights[0]["type"], "point");
  EXPECT_EQ(lights[0]["intensity"], 0.0);  // the first key's
  const auto& used = glb.json["extensionsUsed"];
  EXPECT_NE(std::find(used.begin(), used.end(), "KHR_animation_pointer"), used.end()) << used.dump();
  EXPECT_NE(std::find(used.begin(), used.end(), "KHR_lights_punctual"), used.end()) << used.dump();
  const auto* channel = pointer_channel(glb, "/extensions/KHR_lights_punctual/lights/0/intensity");
  ASSERT_NE(channel, nullptr);
  const auto& sampler = glb.json["animations"][0]["samplers"][(*channel)["sampler"].get<std::size_t>()];
  EXPECT_EQ(sampler["interpolation"], "LINEAR");
  EXPECT_EQ(floats_of(glb, sampler["input"].get<int>()), (std::vector<float>{0, 2}));
  EXPECT_EQ(floats_of(glb, sampler["output"].get<int>()), (std::vector<float>{0, 1}));
  // The slot's node holds the light; no channel holds a node still any more.
  const auto& node = glb.json["nodes"][0];
  EXPECT_EQ(node["name"], "Light");
  EXPECT_EQ(node["extensions"]["KHR_lights_punctual"]["light"], 0);
  EXPECT_EQ(glb.json["animations"][0]["channels"].size(), 1u);
  const auto& extras = glb.json["animations"][0]["extras"]["bonebridge"];
  EXPECT_FALSE(extras.contains("placeholder"));
  EXPECT_EQ(extras["properties"][0]["pointer"], "/extensions/KHR_lights_punctual/lights/0/intensity");
}

// Intensity and colour of one light, a slot's visibility, and a material's field glTF cannot animate here.
TEST_F(PropertyChannels, ColourVisibilityAndAMaterialField) {
  const Glb glb = round_trip("light_show.animj");
  const auto& light = glb.json["extensions"]["KHR_lights_punctual"]["lights"][0];
  EXPECT_EQ(light["name"], "Lamp");
  EXPECT_EQ(light["color"], (std::vector<double>{1, 0.5, 0.25}));
  const auto* colour = pointer_channel(glb, "/extensions/KHR_lights_punctual/lights/0/color");
  ASSERT_NE(colour, nullptr);
  const auto& samplers = glb.json["animations"][0]["samplers"];
  EXPECT_EQ(floats_of(glb, samplers[(*colour)["sampler"].get<std::size_t>()]["output"].get<int>()),
            (std::vector<float>{1, 0.5, 0.25, 0.25, 0.5, 1, 1, 0.5, 0.25}));
  // Bulb is node 1 (slots in the order the clip names them); its visibility switches off at 1 s and back
  // on at 1.5 s, as unsigned bytes (KHR_animation_pointer's bool).
  EXPECT_EQ(glb.json["nodes"][1]["name"], "Bulb");
  EXPECT_EQ(glb.json["nodes"][1]["extensions"]["KHR_node_visibility"]["visible"], true);
  const auto* visible = pointer_channel(glb, "/nodes/1/extensions/KHR_node_visibility/visible");
  ASSERT_NE(visible, nullptr);
  const auto& sampler = samplers[(*visible)["sampler"].get<std::size_t>()];
  EXPECT_EQ(sampler["interpolation"], "STEP");
  const auto& output = glb.json["accessors"][sampler["output"].get<std::size_t>()];
  EXPECT_EQ(output["componentType"], 5121);  // UNSIGNED_BYTE
  const auto& view = glb.json["bufferViews"][output["bufferView"].get<std::size_t>()];
  const auto* bytes = glb.bin.data() + view.value("byteOffset", 0u);
  EXPECT_EQ(std::vector<std::uint8_t>(bytes, bytes + 3), (std::vector<std::uint8_t>{1, 0, 1}));
  // Three channels; the material's smoothness stays in extras, saying why.
  EXPECT_EQ(glb.json["animations"][0]["channels"].size(), 3u);
  const auto& smoothness = glb.json["animations"][0]["extras"]["bonebridge"]["properties"][3];
  EXPECT_EQ(smoothness["property"], "PBS_Metallic.Smoothness");
  EXPECT_FALSE(smoothness.contains("pointer"));
  EXPECT_NE(smoothness.value("note", "").find("not animated in glTF"), std::string::npos)
      << smoothness.dump();
}

}  // namespace
}  // namespace bonebridge::testing
