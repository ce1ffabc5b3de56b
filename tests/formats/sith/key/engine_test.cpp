// SPDX-License-Identifier: MIT
// Spot values from research/sith-key.md §2 and from the samples, computed by hand.
#include "bonebridge/formats/sith/key/engine.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "formats/sith/test_files.hpp"

namespace bonebridge::sith {
namespace {

using testing_support::load_key;
using testing_support::load_model;

constexpr double kDeg = 3.14159265358979323846 / 180.0;

// §2.1: the look vector (column Y) is (-sin y cos p, cos y cos p, sin p); roll turns about local Y.
TEST(SithEngine, RotationIsRzRxRyInDegrees) {
  const float pitch = 20, yaw = 35, roll = -50;
  const Mat4 m = build_matrix(LocalPose{{1, 2, 3}, {pitch, yaw, roll}});
  EXPECT_NEAR(m.at(0, 1), -std::sin(yaw * kDeg) * std::cos(pitch * kDeg), 1e-12);
  EXPECT_NEAR(m.at(1, 1), std::cos(yaw * kDeg) * std::cos(pitch * kDeg), 1e-12);
  EXPECT_NEAR(m.at(2, 1), std::sin(pitch * kDeg), 1e-12);
  // Roll alone: Ry(r) maps X to (cos r, 0, -sin r).
  const Mat4 r = build_matrix(LocalPose{{}, {0, 0, roll}});
  EXPECT_NEAR(r.at(0, 0), std::cos(roll * kDeg), 1e-12);
  EXPECT_NEAR(r.at(2, 0), -std::sin(roll * kDeg), 1e-12);
  EXPECT_DOUBLE_EQ(m.m[12], 1);
  EXPECT_DOUBLE_EQ(m.m[14], 3);
}

TEST(SithEngine, NormalizesAnglesIntoHalfOpenRange) {
  EXPECT_FLOAT_EQ(normalize_angle_acute(180), 180);
  EXPECT_FLOAT_EQ(normalize_angle_acute(-180), 180);
  EXPECT_FLOAT_EQ(normalize_angle_acute(438), 78);
  EXPECT_FLOAT_EQ(normalize_angle_acute(270), -90);
}

KeyContent one_node_key() {
  KeyContent key;
  key.header.frames = 10;
  key.header.fps = 10;
  key.header.joints = 1;
  KeyEntry first;
  first.frame = 0;
  first.flags = 0x2;  // rotation rates only: the position rate must be ignored
  first.position = {1, 2, 3};
  first.position_rate = {5, 5, 5};
  first.rotation = {0, 350, 0};
  first.rotation_rate = {0, 4, 0};
  KeyEntry second = first;
  second.frame = 4;
  second.flags = 0x1;  // position rates only
  second.position = {0, 0, 0};
  second.position_rate = {0.5f, 0, 0};
  second.rotation = {10, 10, 10};
  key.nodes.push_back(KeyNode{0, "n", {first, second}});
  return key;
}

// §2.3: the entry at or before the frame, rates per frame, applied only where the flags say so.
TEST(SithEngine, AppliesRatesOnlyWhereFlagsSaySo) {
  const KeyContent key = one_node_key();
  const key::Engine engine(key, flat_nodes(key), Dialect::InfernalMachine);
  const LocalPose at2 = engine.local(0, 2.5f);
  EXPECT_FLOAT_EQ(at2.position[0], 1);                    // position rate ignored: flag bit 0 clear
  EXPECT_NEAR(at2.rotation[1], 0, 1e-4);                  // 350 + 4 * 2.5 = 360: the same angle as 0
  EXPECT_NEAR(engine.local(0, 1).rotation[1], -6, 1e-4);  // 354, normalised into (-180, 180]
  EXPECT_EQ(engine.entry_index(0, 3.999f), 0);
  EXPECT_EQ(engine.entry_index(0, 4), 1);
  // Past the last entry its rates go on up to FRAMES (extrapolation).
  EXPECT_FLOAT_EQ(engine.local(0, 10).position[0], 0 + 0.5f * 6);
  EXPECT_FLOAT_EQ(engine.local(0, 10).rotation[0], 10);  // rotation rates held: bit 1 clear
}

// FRAMES 20 in test_vector_no_markers.key: node 0's last entry (frame 18, pitch 16.00868416, rate
// -4.92287254) extrapolates to 16.00868416 - 2 * 4.92287254 = 6.16293908 at FRAMES, entry 0's 6.16293907.
TEST(SithEngine, ExtrapolatesLastEntryToFrames) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/urgon-testvectors/test_vector_no_markers.key");
  const key::Document key = load_key(path);
  const key::Engine engine(key.content, flat_nodes(key.content), Dialect::JediKnight);
  EXPECT_NEAR(engine.local(0, 20).rotation[0], 6.16293908, 1e-5);
  EXPECT_NEAR(engine.local(0, 19).rotation[0], 16.00868416 - 4.92287254, 1e-5);
  EXPECT_NEAR(engine.local(0, 1).rotation[0], 6.16293907 + 2.93745327, 1e-5);
}

// Loop property: the pose at FRAMES equals the pose at frame 0 for every joint (looping clips rely on the
// extrapolation of the last entry).
TEST(SithEngine, LoopingClipEndsWhereItStarts) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/urgon-testvectors/test_vector_no_markers.key");
  const key::Document key = load_key(path);
  const key::Engine engine(key.content, flat_nodes(key.content), Dialect::JediKnight);
  const auto start = engine.joint_matrices(0);
  const auto end = engine.joint_matrices(static_cast<float>(key.content.header.frames));
  ASSERT_EQ(start.size(), 25u);
  for (std::size_t n = 0; n < start.size(); ++n) {
    for (std::size_t i = 0; i < 16; ++i) EXPECT_NEAR(start[n].m[i], end[n].m[i], 1e-4) << "node " << n;
  }
}

// The bind check of the notes: frame 0 of the door key equals node 2 `door` of the cable car.
TEST(SithEngine, DoorKeyFrameZeroEqualsModelNode) {
  BONEBRIDGE_REQUIRE_SAMPLE(key_path, "sith/ijim-sed-mod/sed_cable_car_door_close.key");
  BONEBRIDGE_REQUIRE_SAMPLE(model_path, "sith/ijim-sed-mod/sed_cable_car.3do");
  const key::Document key = load_key(key_path);
  const model::Document model = load_model(model_path);
  const key::Engine engine(key.content, model_nodes(model.content), Dialect::InfernalMachine);
  ASSERT_EQ(engine.nodes().size(), 3u);
  EXPECT_EQ(engine.nodes()[2].name, "door");
  const LocalPose pose = engine.local(2, 0);
  EXPECT_NEAR(pose.position[0], 0.071237, 1e-6);
  EXPECT_NEAR(pose.position[1], -0.000984, 1e-6);
  EXPECT_NEAR(pose.position[2], -0.113884, 1e-6);
  // Then the door slides down at -0.00281675 per frame: at frame 10, -0.11388423 - 0.0281675.
  EXPECT_NEAR(engine.local(2, 10).position[2], -0.14205173, 1e-7);
  // Nodes without a KEY block keep the model's base pose.
  EXPECT_EQ(engine.entry_index(1, 10), -1);
}

// Rate consistency (§2.3): v_i + d_i * (frame_{i+1} - frame_i) = v_{i+1}, angles modulo 360, where the bit is
// set.
TEST(SithEngine, RatesReachTheNextEntryInEverySample) {
  for (const auto& sample : testing_support::kKeyCases) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, sample.key);
    const key::Document key = load_key(path);
    for (const KeyNode& node : key.content.nodes) {
      for (std::size_t i = 0; i + 1 < node.entries.size(); ++i) {
        const KeyEntry& a = node.entries[i];
        const KeyEntry& b = node.entries[i + 1];
        const float df = b.frame - a.frame;
        for (std::size_t c = 0; c < 3; ++c) {
          if (a.flags & 1) {
            EXPECT_NEAR(a.position[c] + a.position_rate[c] * df, b.position[c], 2e-5) << path;
          }
          if (a.flags & 2) {
            const double reached = a.rotation[c] + a.rotation_rate[c] * df;
            EXPECT_NEAR(std::remainder(reached - b.rotation[c], 360.0), 0, 2e-3) << path << " entry " << i;
          }
        }
      }
    }
  }
}

// §2.7 with sed_in_zip_mount.key: FRAMES 50, one marker at 29 of type 27.
TEST(SithEngine, MarkersFireBetweenTwoFrames) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "sith/ijim-sed-mod/sed_in_zip_mount.key");
  const key::Document key = load_key(path);
  const key::Engine engine(key.content, flat_nodes(key.content), Dialect::InfernalMachine);
  using Fired = std::vector<std::int32_t>;
  EXPECT_EQ(engine.advance(0, 29, true).fired, Fired{27});    // first tick: m <= cur
  EXPECT_EQ(engine.advance(20, 5, true).fired, Fired{});      // 20 < 29 but 29 > 25
  EXPECT_EQ(engine.advance(28, 1, true).fired, Fired{27});    // 28 < 29 <= 29
  EXPECT_EQ(engine.advance(29, 1, true).fired, Fired{});      // already past
  EXPECT_EQ(engine.advance(45, 10, true).fired, Fired{});     // wraps to 5: 29 is neither > 45 nor <= 5
  EXPECT_EQ(engine.advance(25, 30, true).fired, Fired{27});   // wraps to 5: 29 > 25
  EXPECT_EQ(engine.advance(10, 120, true).fired, Fired{27});  // several loops in one tick: all fire
  const TrackAdvance end = engine.advance(45, 10, false);     // NOLOOP: clamped at FRAMES, then removed
  EXPECT_FLOAT_EQ(end.frame, 50);
  EXPECT_TRUE(end.finished);
}

// §2.4: loops subtract FRAMES·k, k floored in IJIM and rounded in JK (which can go below zero).
TEST(SithEngine, LoopCountIsFlooredInIjimAndRoundedInJk) {
  const KeyContent key = one_node_key();  // FRAMES 10
  const key::Engine ijim(key, flat_nodes(key), Dialect::InfernalMachine);
  const key::Engine jk(key, flat_nodes(key), Dialect::JediKnight);
  EXPECT_FLOAT_EQ(ijim.advance(8, 4, true).frame, 2);
  EXPECT_FLOAT_EQ(jk.advance(8, 4, true).frame, 2);
  EXPECT_FLOAT_EQ(ijim.advance(0, 17, true).frame, 7);  // k = floor(1.7) = 1
  EXPECT_FLOAT_EQ(jk.advance(0, 17, true).frame, -3);   // k = floor(1.7 + 0.5) = 2
}

// §2.2: a pivot offsets only the node's own mesh; children hang off the joint frame.
TEST(SithEngine, PivotMovesOnlyTheOwnMesh) {
  KeyContent key;
  key.header.frames = 1;
  key.header.fps = 1;
  key.header.joints = 2;
  std::vector<EngineNode> nodes = {EngineNode{"parent", -1, 0, {1, 0, 0}, {0, 90, 0}, {0.5f, 0, 0}, 0},
                                   EngineNode{"child", 0, 1, {0, 2, 0}, {}, {0, 0, 7}, 0}};
  const key::Engine engine(key, nodes, Dialect::JediKnight);
  const auto joints = engine.joint_matrices(0);
  // Parent yawed 90 degrees: its Y axis points along -X, so the child at (0, 2, 0) lands at (1 - 2, 0, 0).
  EXPECT_NEAR(joints[1].m[12], -1, 1e-12);
  EXPECT_NEAR(joints[1].m[13], 0, 1e-12);
  const Mat4 parent_mesh = engine.mesh_matrix(joints, 0);  // pivot (0.5, 0, 0) turned onto +Y
  EXPECT_NEAR(parent_mesh.m[12], 1, 1e-12);
  EXPECT_NEAR(parent_mesh.m[13], 0.5, 1e-12);
  EXPECT_NEAR(engine.mesh_matrix(joints, 1).m[14], 7, 1e-12);
}

}  // namespace
}  // namespace bonebridge::sith
