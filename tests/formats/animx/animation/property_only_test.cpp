// SPDX-License-Identifier: MIT
// A Resonite clip that animates only a field (a light's intensity), issue 38: its slot stays a node of the
// glTF scene, the clip a glTF animation whose extras hold the track, and reading the glTF back gives the
// clip again. The field is a light's intensity (core/property_targets.hpp), which the glTF writer animates
// through KHR_animation_pointer; tests/cli/property_channels_test.cpp has the Khronos validator
// check the same clip as a bundled example (examples/animx/fade.animj) and converts it back byte for byte.
#include <gtest/gtest.h>

#include "bonebridge/core/property_targets.hpp"
#include "bonebridge/core/reduce.hpp"
#include "bonebridge/formats/animx/animation/animj.hpp"
#include "bonebridge/formats/animx/animation/bridge.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/engine.hpp"
#include "bonebridge/gltf/gltf.hpp"

namespace bonebridge::animx::animation {
namespace {

// One Curve float track on slot Light, field Intensity, 0 to 1 over 2 s (the issue's clip).
constexpr const char* kFade =
    R"({"name":"fade","globalDuration":2,"tracks":[{"trackType":"Curve","valueType":"float","data":)"
    R"({"node":"Light","property":"Intensity","keyframes":[{"time":0,"value":0,"interpolation":"Linear"},)"
    R"({"time":2,"value":1,"interpolation":"Linear"}]}}]})";

Document fade() {
  auto document = read_animj(kFade);
  EXPECT_TRUE(document.ok()) << document.error().to_string();
  return document.ok() ? std::move(document).value() : Document{};
}

// The clip through glTF and back, with or without the source bytes the clip's metadata carries (without
// them, the writer cannot fall back on the source: the conversion itself must keep the track).
Document through_gltf(bool keep_source) {
  auto core = to_core(fade(), {});
  EXPECT_TRUE(core.ok());
  if (!keep_source) core->scene.clips.front().metadata.erase(kSourceMetadata);
  const auto glb = gltf::write(core->scene, {});
  EXPECT_TRUE(glb.ok()) << glb.error().to_string();
  if (!glb.ok()) return {};
  auto scene = gltf::read(*glb);
  EXPECT_TRUE(scene.ok()) << scene.error().to_string();
  if (!scene.ok()) return {};
  EXPECT_EQ(scene->skeleton.joints.size(), 1u);
  EXPECT_EQ(scene->skeleton.joints.at(0).name, "Light");
  EXPECT_EQ(scene->clips.size(), 1u);
  EXPECT_TRUE(scene->clips.at(0).joints.empty());  // the channel that holds Light still is no motion
  auto back = from_core(*scene, {});
  EXPECT_TRUE(back.ok());
  return back.ok() ? std::move(back->value) : Document{};
}

// The fade: a float track of Light.Intensity from 0 to 1 over 2 s. `exact`: as the file stores it, a Linear
// Curve of two keys; otherwise also as a writer without the source may lean it, a Raw track of two frames 2 s
// apart (the same linear motion in fewer bytes).
void expect_the_fade(const Document& document, bool exact = true) {
  EXPECT_EQ(document.name, "fade");
  EXPECT_FLOAT_EQ(document.global_duration, 2.0f);
  ASSERT_EQ(document.tracks.size(), 1u);
  const Track& track = document.tracks[0];
  EXPECT_EQ(track.element, ElementType::Float);
  EXPECT_EQ(track.node, "Light");
  EXPECT_EQ(track.property, "Intensity");
  if (!exact && track.type == TrackType::Raw) {
    EXPECT_FLOAT_EQ(track.interval, 2.0f);
  } else {
    EXPECT_EQ(track.type, TrackType::Curve);
    EXPECT_EQ(track.times, (std::vector<float>{0, 2}));
    EXPECT_EQ(track.shared_interpolation, static_cast<std::uint8_t>(Interpolation::Linear));
  }
  EXPECT_EQ(value_count(track), 2u);
  EXPECT_EQ(components(ElementType::Float, value_bytes(ElementType::Float, track.values, 0)),
            std::vector<double>{0});
  EXPECT_EQ(components(ElementType::Float, value_bytes(ElementType::Float, track.values, 1)),
            std::vector<double>{1});
}

TEST(AnimxPropertyOnly, TheSlotIsANodeOfTheScene) {
  const auto core = to_core(fade(), {});
  ASSERT_TRUE(core.ok());
  ASSERT_EQ(core->scene.skeleton.joints.size(), 1u);
  EXPECT_EQ(core->scene.skeleton.joints[0].name, "Light");
  ASSERT_EQ(core->scene.clips.size(), 1u);
  ASSERT_EQ(core->scene.clips[0].properties.size(), 1u);
  EXPECT_EQ(property_target(core->scene.clips[0].properties[0]), PropertyTarget::LightIntensity);
}

// research/animx.md §5: a property names a slot field or `Component.Field`. What glTF can animate of an AnimX
// track as to_core gives it (core/property_targets.hpp reads its name and Resonite's value type name): the
// Light component's Intensity (float or double) and Color (color), also written bare, and the slot's
// ActiveSelf (bool); the same names with other value types, and other fields, animate nothing in glTF.
TEST(AnimxPropertyOnly, WhatEachFieldAnimatesInGltf) {
  const auto target_of = [](const std::string& property, const std::string& type, const std::string& value) {
    const std::string text =
        R"({"name":"t","globalDuration":1,"tracks":[{"trackType":"Discrete","valueType":")" + type +
        R"(","data":{"node":"Slot","property":")" + property + R"(","keyframes":[{"time":0,"value":)" +
        value + "}]}}]}";
    auto document = read_animj(text);
    EXPECT_TRUE(document.ok()) << text;
    if (!document.ok()) return PropertyTarget::None;
    const auto core = to_core(*document, {});
    EXPECT_TRUE(core.ok());
    return core.ok() && !core->scene.clips[0].properties.empty()
               ? property_target(core->scene.clips[0].properties[0])
               : PropertyTarget::None;
  };
  const std::string colour = R"({"r":1,"g":0.5,"b":0,"a":1})";
  EXPECT_EQ(target_of("Intensity", "float", "1"), PropertyTarget::LightIntensity);
  EXPECT_EQ(target_of("Light.Intensity", "double", "1"), PropertyTarget::LightIntensity);
  EXPECT_EQ(target_of("Light.Intensity", "int", "1"), PropertyTarget::None);
  EXPECT_EQ(target_of("Light.Color", "color", colour), PropertyTarget::LightColor);
  EXPECT_EQ(target_of("Color", "color", colour), PropertyTarget::LightColor);
  EXPECT_EQ(target_of("Light.Color", "color32", R"({"r":255,"g":0,"b":0,"a":255})"), PropertyTarget::None);
  EXPECT_EQ(target_of("ActiveSelf", "bool", "false"), PropertyTarget::NodeVisible);
  EXPECT_EQ(target_of("Active", "bool", "true"), PropertyTarget::NodeVisible);
  EXPECT_EQ(target_of("Enabled", "bool", "true"), PropertyTarget::None);
  EXPECT_EQ(target_of("PBS_Metallic.AlbedoColor", "color", colour), PropertyTarget::None);
  EXPECT_EQ(target_of("Intensity", "float3", R"({"x":1,"y":1,"z":1})"), PropertyTarget::None);
}

TEST(AnimxPropertyOnly, ComesBackFromGltfAsTheSameClip) {
  expect_the_fade(through_gltf(false), false);
  const Document unchanged = through_gltf(true);
  expect_the_fade(unchanged);
  EXPECT_EQ(write_animj(unchanged), write_animj(fade()));
}

}  // namespace
}  // namespace bonebridge::animx::animation
