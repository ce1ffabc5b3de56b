// SPDX-License-Identifier: MIT
// Body drawing data: lighting values computed by hand from the renderer's arithmetic (P_TRIGO.ASM
// SetLightVector, P_OB_ISO.ASM ComputeAnimNormal, P_OBJET.ASM ComputeStaticNormal), palette indices, and the
// mesh placed where the engine draws the body.
#include <gtest/gtest.h>

#include <cmath>

#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lba/anm/bridge.hpp"
#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/body/bridge.hpp"
#include "bonebridge/formats/lba/body/codec.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"
#include "bonebridge/formats/lba/body/mesh.hpp"
#include "lba_test_data.hpp"

namespace bonebridge::lba {
namespace {

body::Document one_normal_body(std::uint16_t flags, std::array<std::int16_t, 3> normal, std::int16_t range) {
  body::Document body = test::tree_body(1);
  body.flags = flags;
  body.groups[0].normal_count = 1;
  body.geometry = BodyGeometry{};
  body.geometry->normals.push_back({normal, range});
  return body;
}

Vec3 as_vec(const std::array<std::int32_t, 3>& v) {
  return {double(v[0]), double(v[1]), double(v[2])};
}

int intensity(const body::Document& body, std::array<std::int32_t, 3> light) {
  const body::Document posable = posable_body(body);
  return normal_intensities(posable, pose_body(posable, {}, {}, Variant::Lba1), light).at(0);
}

TEST(LbaLighting, LightVectorIsZ59ThroughTheEulerMatrix) {
  EXPECT_EQ(light_vector(0, 0, Variant::Lba1), (std::array<std::int32_t, 3>{0, 0, 59}));
  // Rx(90°): y' = c·y − s·z = −59.
  EXPECT_EQ(light_vector(256, 0, Variant::Lba1), (std::array<std::int32_t, 3>{0, -59, 0}));
  // Ry(90°): x' = c·x + s·z = 59.
  EXPECT_EQ(light_vector(0, 256, Variant::Lba1), (std::array<std::int32_t, 3>{59, 0, 0}));
}

TEST(LbaLighting, AnimatedBodyIntensity) {
  // 59·16384·64 >> 14 = 3776; 3776 / 20 = 188.8, truncated.
  EXPECT_EQ(intensity(one_normal_body(2, {0, 0, 64}, 20), {0, 0, 59}), 188);
  // Facing away: 0.
  EXPECT_EQ(intensity(one_normal_body(2, {0, 0, -64}, 20), {0, 0, 59}), 0);
  // 59·600 = 35400 keeps only its low 16 bits before the divide: −30136 / 2 = −15068.
  EXPECT_EQ(intensity(one_normal_body(2, {0, 0, 600}, 2), {0, 0, 59}), -15068);
  // A range of 0 would fault in the game; it gives 0.
  EXPECT_EQ(intensity(one_normal_body(2, {0, 0, 64}, 0), {0, 0, 59}), 0);
}

TEST(LbaLighting, StaticBodyIntensityKeeps32Bits) {
  EXPECT_EQ(intensity(one_normal_body(0, {0, 0, 64}, 20), {0, 0, 59}), 188);
  EXPECT_EQ(intensity(one_normal_body(0, {0, 0, 600}, 2), {0, 0, 59}), 17700);
  // 35400 / 1 does not fit 16 bits: the game's divide faults; 0.
  EXPECT_EQ(intensity(one_normal_body(0, {0, 0, 600}, 1), {0, 0, 59}), 0);
}

TEST(LbaLighting, PaletteIndexIsColourPlusIntensity) {
  body::Document body = one_normal_body(2, {0, 0, 64}, 20);
  body.geometry->normals.push_back({{0, 0, 64}, 20});
  BodyPolygon unlit{0, 0x0130, 0, {{0, 0}, {6, 0}, {12, 0}}, {}, false};
  BodyPolygon flat{7, 0x0130, 1, {{0, 0}, {6, 0}, {12, 0}}, {}, false};
  BodyPolygon gouraud{9, 0x01F0, 0, {{0, 0}, {6, 1}, {12, 0}}, {}, false};
  body.geometry->polygons = {unlit, flat, gouraud};
  const auto indices = polygon_palette_indices(body, {3, 5});
  EXPECT_EQ(indices[0], (std::vector<int>{0x30, 0x30, 0x30}));
  EXPECT_EQ(indices[1], (std::vector<int>{0x35, 0x35, 0x35}));
  // 0xF0 + 5 and 0xF0 + 3 stay below 256; the low byte is what the fill uses.
  EXPECT_EQ(indices[2], (std::vector<int>{0xF3, 0xF5, 0xF3}));
}

TEST(LbaPalette, VgaLevelsAreScaledAndSizeIsChecked) {
  std::vector<std::uint8_t> bytes(768, 0);
  bytes[3] = 63;
  bytes[4] = 32;
  const auto vga = read_palette(bytes);
  ASSERT_TRUE(vga.ok());
  EXPECT_EQ((*vga)[1], (Rgb{255, 130, 0}));
  bytes[5] = 200;
  const auto full = read_palette(bytes);
  ASSERT_TRUE(full.ok());
  EXPECT_EQ((*full)[1], (Rgb{63, 32, 200}));
  bytes.pop_back();
  const auto short_palette = read_palette(bytes);
  ASSERT_FALSE(short_palette.ok());
  EXPECT_NE(short_palette.error().message.find("767"), std::string::npos);
}

// Every mesh vertex of the converted body, carried by its joint through the core skeleton, lands where the
// engine draws that point: at rest, and at each tick of an animation (within the engine's integer floors).
TEST(LbaBodyMesh, VerticesFollowTheEnginesPoints) {
  const body::Document body = test::with_geometry(test::tree_body(7));
  const anm::Document animation = test::walk_like(7);
  BridgeOptions options;
  options.unit_scale = 1;
  const auto converted = anm::to_core(animation, &body, options);
  ASSERT_TRUE(converted.ok()) << converted.error().to_string();
  const Scene& scene = converted->scene;
  ASSERT_EQ(scene.meshes.size(), 1u);
  const RigidMesh& mesh = scene.meshes[0];
  // 12 triangles (6 groups × 2 windings) of 3 own corners, 7 lines of 2, and a 6 × 8 sphere of 7 rings.
  EXPECT_EQ(mesh.positions.size(), 12u * 3 + 7 * 2 + 7 * 8);
  EXPECT_EQ(mesh.lines.size(), 14u);

  // Which engine point each mesh vertex stands for: corners and line ends in order, then the sphere centre.
  std::vector<std::size_t> point_of_vertex;
  for (const auto& polygon : body.geometry->polygons)
    for (const auto& v : polygon.vertices) point_of_vertex.push_back(v.point / 6);
  for (const auto& line : body.geometry->lines) {
    point_of_vertex.push_back(line.point_a / 6);
    point_of_vertex.push_back(line.point_b / 6);
  }

  // At rest the core skeleton places every vertex exactly where the engine draws it.
  const auto rest_scene = body::to_core(body, options)->scene;
  const std::vector<Mat4> rest_matrices = rest_model(rest_scene.skeleton);
  const PosedBody rest = pose_body(body, {}, {}, Variant::Lba1);
  const RigidMesh& rest_mesh = rest_scene.meshes.at(0);
  for (std::size_t v = 0; v < point_of_vertex.size(); ++v) {
    const Vec3 drawn = transform_point(rest_matrices[static_cast<std::size_t>(rest_mesh.joint_of(v))],
                                       rest_mesh.positions[v]);
    EXPECT_LT(length(drawn - as_vec(rest.points[point_of_vertex[v]])), 1e-9) << v;
  }

  // In motion, within the integer floors of up to four levels (yaw, two groups, the point).
  ClipPoser poser(scene.skeleton, scene.clips.at(0));
  IdealClock clock(animation, Variant::Lba1);
  for (std::int64_t tick : {0, 1, 5, 12, 20}) {
    const EngineState state = clock.at(tick);
    const PosedBody posed = pose_body(body, state.pose, state.actor, Variant::Lba1);
    const auto& model = poser.model_at(static_cast<double>(tick) * 0.02);
    for (std::size_t v = 0; v < point_of_vertex.size(); ++v) {
      const Vec3 drawn =
          transform_point(model[static_cast<std::size_t>(mesh.joint_of(v))], mesh.positions[v]);
      const Vec3 expected = as_vec(posed.points[point_of_vertex[v]]) + as_vec(state.actor.position);
      EXPECT_LT(length(drawn - expected), 4 * std::sqrt(3.0) + 0.5) << "vertex " << v << " tick " << tick;
    }
  }
}

}  // namespace
}  // namespace bonebridge::lba
