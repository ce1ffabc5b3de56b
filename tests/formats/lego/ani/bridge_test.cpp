// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/ani/bridge.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

#include "bonebridge/core/fidelity.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lego/ani/codec.hpp"
#include "bonebridge/formats/lego/ani/engine.hpp"
#include "formats/lego/fixtures.hpp"
#include "support/samples.hpp"

namespace bonebridge::lego::ani {
namespace {

// The engine's world matrix of every node, in column-vector form and mirrored into glTF's frame.
std::vector<Mat4> engine_world(const ani::Engine& engine, std::int32_t ms) {
  const AxisConversion mirror = AxisConversion::mirror_x();
  std::vector<Mat4> out;
  for (const NodePose& pose : engine.evaluate(ms)) {
    Mat4 m;
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) m.at(r, c) = pose.world[c][r];
    }
    out.push_back(mirror.matrix(m));
  }
  return out;
}

Mat4 column_form(const RowMatrix& m) {
  Mat4 out;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) out.at(r, c) = m[c][r];
  }
  return out;
}

struct Comparison {
  FidelityReport positions;
  double max_axis_error = 0;  // largest difference of a rotation/scale matrix element
};

// Every millisecond of the clip: the engine against the core clip played by the glTF-style sampler.
Comparison compare_every_millisecond(const Document& document, const CoreConversion& core) {
  const ani::Engine engine(document);
  const Scene& scene = core.scene;
  ClipPoser poser(scene.skeleton, scene.clips.at(0));
  Comparison comparison;
  const std::size_t nodes = engine.nodes().size();
  const auto reference = [&](double t, std::vector<Vec3>& positions) {
    positions.clear();
    for (const Mat4& m : engine_world(engine, to_game_time(t))) positions.push_back(m.translation());
  };
  const auto candidate = [&](double t, std::vector<Vec3>& positions) {
    const auto& model = poser.model_at(t);
    const auto expected = engine_world(engine, to_game_time(t));
    positions.clear();
    for (std::size_t i = 0; i < nodes; ++i) {
      const Mat4& m = model[static_cast<std::size_t>(core.core_joint_of[i])];
      positions.push_back(m.translation());
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
          comparison.max_axis_error =
              std::max(comparison.max_axis_error, std::abs(m.at(r, c) - expected[i].at(r, c)));
        }
      }
    }
  };
  comparison.positions = measure_fidelity(time_grid(document.duration / 1000.0, 0.001), reference, candidate);
  return comparison;
}

void expect_runtime_friendly_rotations(const Clip& clip) {
  for (const auto& channels : clip.joints) {
    if (!channels.rotation) continue;
    const auto& times = channels.rotation->times;
    const auto& values = channels.rotation->values;
    for (std::size_t i = 1; i < values.size(); ++i) {
      ASSERT_GE(dot(values[i - 1], values[i]), 0.0) << "joint " << channels.joint << " key " << i;
      // Pieces longer than the 1 ms jumps stay within 15 degrees, so nlerp players follow slerp ones.
      if (times[i] - times[i - 1] > 0.0011) {
        EXPECT_LE(angle_between(values[i - 1], values[i]), 15.0 * kPi / 180.0 + 1e-6)
            << "joint " << channels.joint << " key " << i;
      }
    }
  }
}

// Threshold: the engine works in float on positions up to ~50 units from the origin (float spacing 3.8e-6
// there) through a 6-level hierarchy; 1e-4 units leaves ~25 ulps of headroom and is ~1e-5 of the extent.
constexpr double kFidelityThreshold = 1e-4;

TEST(LegoBridge, SampleFidelityEveryMillisecond) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lego/pns065rd.ani");
  const auto document = read(bonebridge::testing::read_bytes(path));
  ASSERT_TRUE(document.ok());
  const CoreConversion core = *ani::to_core(*document);
  ASSERT_EQ(core.scene.skeleton.joints.size(), 26u);
  const Comparison comparison = compare_every_millisecond(*document, core);
  EXPECT_EQ(comparison.positions.samples, 5201u * 26u);
  EXPECT_LT(comparison.positions.max, kFidelityThreshold)
      << "worst at t=" << comparison.positions.worst_time << " joint " << comparison.positions.worst_joint;
  EXPECT_LT(comparison.max_axis_error, 1e-5);
  std::printf("pns065rd fidelity: max %.3g, p99 %.3g, extent %.3f, axis error %.3g, %zu samples\n",
              comparison.positions.max, comparison.positions.p99, comparison.positions.extent,
              comparison.max_axis_error, comparison.positions.samples);
  expect_runtime_friendly_rotations(core.scene.clips[0]);
}

TEST(LegoBridge, LongWayRotationIsSplitOnTheGamePath) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lego/pns065rd.ani");
  const auto document = read(bonebridge::testing::read_bytes(path));
  ASSERT_TRUE(document.ok());
  const CoreConversion core = *ani::to_core(*document);
  int bikepg = -1;
  for (std::size_t i = 0; i < core.scene.skeleton.joints.size(); ++i) {
    if (core.scene.skeleton.joints[i].name == "BIKEPG") bikepg = static_cast<int>(i);
  }
  ASSERT_GE(bikepg, 0);
  const Channel<Quat>& rotation = *core.scene.clips[0].joints[static_cast<std::size_t>(bikepg)].rotation;
  std::size_t keys_in_last_segment = 0;
  for (double t : rotation.times) keys_in_last_segment += (t > 5.1 && t < 5.2) ? 1 : 0;
  // dot -0.939: the game turns 2 * acos(-0.939) = 320 degrees, hence at least 21 pieces of <= 15 degrees.
  EXPECT_GE(keys_in_last_segment, 20u);
  // Row 0 of the game's local matrix at 5150 ms is (-0.909143, 0.189094, -0.371082) (notes §5). In glTF's
  // frame the column-vector matrix is C·Mᵀ·C with C = diag(-1, 1, 1): element (row, col) is
  // sign(row)·sign(col)·M[col][row], so column 0 = (-0.909143, -0.189094, 0.371082).
  const Mat3 r = to_mat3(sample_channel(rotation, 5.15));
  EXPECT_NEAR(r.at(0, 0), -0.909143, 2e-6);
  EXPECT_NEAR(r.at(1, 0), -0.189094, 2e-6);
  EXPECT_NEAR(r.at(2, 0), 0.371082, 2e-6);
}

TEST(LegoBridge, NothingBeforeTheFirstKeyBecomesAJumpKey) {
  const Document document = fixtures::camera_flyby();
  const CoreConversion core = *ani::to_core(document);
  // "*LAMP" has one translation key at 200 ms: identity until 199 ms, then (0, 1, 0).
  const Channel<Vec3>& lamp = *core.scene.clips[0].joints[2].translation;
  EXPECT_EQ(sample_channel(lamp, 0.199).y, 0.0);
  EXPECT_EQ(sample_channel(lamp, 0.2).y, 1.0);
  const Comparison comparison = compare_every_millisecond(document, core);
  EXPECT_LT(comparison.positions.max, kFidelityThreshold) << comparison.positions.worst_time;
  EXPECT_LT(comparison.max_axis_error, 1e-5);
  expect_runtime_friendly_rotations(core.scene.clips[0]);
}

// Curves that are not a slerp in the game: the antipodal branch (w left at a.z), a non-unit quaternion, the
// 0x02 negation, keys out of time order, a translation pair with one inactive key, a scaled node.
Document quirky_rotations() {
  Document d;
  d.duration = 500;
  Node unsorted{"UNSORTED",
                {{0, 0, 1, 0, 0}, {300, 0, 0, 2, 0}, {200, 0, 0, 0, 3}},
                {fixtures::y_rotation_key(0, 0.3), fixtures::y_rotation_key(300, 2.0),
                 fixtures::y_rotation_key(200, -1.0)},
                {},
                {},
                {}};
  Node quirky{"QUIRKY",
              {{0, 0, 0, 1, 0}, {250, 0, 0, 0, 0}, {500, 0, 0, 0, 0.000001f}},
              {{0, 0, 0.0f, 1.0f, 0.0f, 0.0f},
               {100, 0, 0.0f, -1.0f, 0.0f, 0.0f},
               {200, kFlagNegate, 0.6f, 0.0f, 0.8f, 0.0f},
               {300, 0, 2.0f, 0.0f, 1.0f, 0.0f},
               {450, kFlagNegate | kFlagHold, 0.0f, 0.0f, 0.0f, 1.0f}},
              {{0, 0, 1, 1, 1}, {500, 0, 2, 0.5f, 1}},
              {},
              {unsorted}};
  d.root = Node{"-ROOT", {}, {}, {}, {}, {quirky}};
  return d;
}

TEST(LegoBridge, CurvesThatAreNotASlerpAreResampledExactly) {
  const Document document = quirky_rotations();
  const CoreConversion core = *ani::to_core(document);
  EXPECT_FALSE(core.notes.empty());  // the resampled segments are reported
  const Comparison comparison = compare_every_millisecond(document, core);
  std::printf("quirky rotations: max %.3g, axis error %.3g\n", comparison.positions.max,
              comparison.max_axis_error);
  EXPECT_LT(comparison.positions.max, kFidelityThreshold) << comparison.positions.worst_time;
  EXPECT_LT(comparison.max_axis_error, 1e-5);
  expect_runtime_friendly_rotations(core.scene.clips[0]);
}

// 200 antipodal segments of 80 s each would be 16 million points at one per millisecond: the channel's
// budget (65536 sampled points) keeps the conversion small and quick.
TEST(LegoBridge, ResamplingIsBoundedOnHostileFiles) {
  Document d;
  d.duration = 16000000;
  Node node{"SPIN", {}, {}, {}, {}, {}};
  for (std::uint32_t k = 0; k < 200; ++k) {
    node.rotation.push_back({k * 80000, 0, 0.0f, k % 2 ? -1.0f : 1.0f, 0.0f, 0.0f});
  }
  d.root = node;
  const auto start = std::chrono::steady_clock::now();
  const CoreConversion core = *ani::to_core(d);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  EXPECT_LE(core.scene.clips[0].joints[0].rotation->times.size(), 65536u + 4u * 200u);
}

struct CameraDifference {
  double axes = 0;      // largest difference of a rotation element
  double position = 0;  // largest distance between the positions
};

// The camera joint played by the core sampler (LINEAR, as a glTF player) against the engine's camera, at
// every whole millisecond up to `end_ms`.
CameraDifference camera_difference(const Document& document, const CoreConversion& core,
                                   std::int32_t end_ms) {
  const Scene& scene = core.scene;
  EXPECT_EQ(scene.skeleton.joints.back().name, kCameraJointName);
  const auto camera = scene.skeleton.joints.size() - 1;
  const ani::Engine engine(document);
  ClipPoser poser(scene.skeleton, scene.clips.at(0));
  const AxisConversion mirror = AxisConversion::mirror_x();
  CameraDifference worst;
  for (std::int32_t ms = 0; ms <= end_ms; ++ms) {
    const Mat4 expected = mirror.matrix(column_form(*engine.camera(ms)));
    const Mat4& actual = poser.model_at(ms / 1000.0)[camera];
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c)
        worst.axes = std::max(worst.axes, std::abs(actual.at(r, c) - expected.at(r, c)));
    }
    worst.position = std::max(worst.position, distance(actual.translation(), expected.translation()));
  }
  return worst;
}

TEST(LegoBridge, VisibilityAndCameraAreCarriedOver) {
  const Document document = fixtures::camera_flyby();
  const CoreConversion core = *ani::to_core(document);
  const Clip& clip = core.scene.clips[0];
  ASSERT_EQ(clip.visibility.size(), 1u);
  EXPECT_EQ(clip.visibility[0].joint, 2);
  EXPECT_EQ(clip.visibility[0].visible, (std::vector<bool>{true, false, true, false}));
  ASSERT_EQ(core.scene.skeleton.joints.back().name, kCameraJointName);
  EXPECT_EQ(core.scene.skeleton.joints.back().parent, 0);  // under the root: glTF skins need a common root
  const CameraDifference difference = camera_difference(document, core, document.duration);
  EXPECT_LT(difference.axes, 1e-5);
  EXPECT_LT(difference.position, 1e-5);
}

// Issue 12: a 17.32 s clip was sampled every ceil(17320 / 4096) = 5 ms, smearing the 138 degree roll step at
// 4321 ms over 5 ms. Every roll, target, position and root key now has an exact point (and one just before
// it), and every millisecond in between is sampled.
// Threshold: the engine's camera is float (position ~1e-6 at 10 units) and the reduction keeps translations
// within 2e-6 relative (2e-5 at 10 units); rotation elements stay within its 2e-6 rad.
TEST(LegoBridge, CameraIsExactAtEveryMillisecondOfALongClip) {
  const Document document = fixtures::long_camera_move();
  const CoreConversion core = *ani::to_core(document);
  for (const auto& note : core.notes) EXPECT_EQ(note.find("sampled every"), std::string::npos) << note;
  const CameraDifference difference = camera_difference(document, core, document.duration);
  std::printf("17.32 s camera: max axis element difference %.3g, position %.3g\n", difference.axes,
              difference.position);
  EXPECT_LT(difference.axes, 1e-5);
  EXPECT_LT(difference.position, 3e-5);
  // Across the roll step the camera's right axis (column 0) turns by the full 2.4086 rad about the view
  // direction from one millisecond to the next (plus the little the look-at moves in 1 ms).
  const auto camera = core.scene.skeleton.joints.size() - 1;
  ClipPoser poser(core.scene.skeleton, core.scene.clips[0]);
  const Mat4 before = poser.model_at(4.320)[camera];
  const Mat4 after = poser.model_at(4.321)[camera];
  double cosine = 0;
  for (int r = 0; r < 3; ++r) cosine += before.at(r, 0) * after.at(r, 0);
  EXPECT_NEAR(std::acos(cosine), 2.4086, 2e-3);
}

// Beyond 2^16 ms (65.5 s) the camera is sampled on a coarser grid between its keys, and the notes say so
// with the error measured half way between samples. The same 17.32 s move in a clip of 1.5 · 2^16 ms gets a
// 2 ms grid: the roll steps stay exact (key points), the smooth motion in between stays close.
TEST(LegoBridge, LongClipsSayHowCoarseTheCameraIs) {
  Document document = fixtures::long_camera_move();
  document.duration = (1 << 16) + (1 << 15);
  const CoreConversion core = *ani::to_core(document);
  std::string coarse;
  for (const auto& note : core.notes) {
    if (note.find("sampled every 2 ms") != std::string::npos) coarse = note;
  }
  EXPECT_NE(coarse.find("off by up to"), std::string::npos) << coarse;
  std::printf("%s\n", coarse.c_str());
  const CameraDifference difference = camera_difference(document, core, 17320);
  EXPECT_LT(difference.axes, 1e-5);
  EXPECT_LT(difference.position, 1e-4);
}

}  // namespace
}  // namespace bonebridge::lego::ani
