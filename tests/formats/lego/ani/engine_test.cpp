// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/ani/engine.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "bonebridge/formats/lego/ani/codec.hpp"
#include "formats/lego/fixtures.hpp"
#include "support/samples.hpp"

namespace bonebridge::lego::ani {
namespace {

Document load_sample() {
  const auto bytes =
      bonebridge::testing::read_bytes(bonebridge::testing::samples_dir() / "lego/pns065rd.ani");
  auto document = read(bytes);
  EXPECT_TRUE(document.ok());
  return document.ok() ? std::move(document).value() : Document{};
}

std::size_t index_of(const ani::Engine& engine, const std::string& name) {
  for (std::size_t i = 0; i < engine.nodes().size(); ++i) {
    if (engine.nodes()[i].node->name == name) return i;
  }
  ADD_FAILURE() << "no node " << name;
  return 0;
}

void expect_row(const RowMatrix& m, int row, double x, double y, double z, double tolerance) {
  EXPECT_NEAR(m[row][0], x, tolerance) << "row " << row;
  EXPECT_NEAR(m[row][1], y, tolerance) << "row " << row;
  EXPECT_NEAR(m[row][2], z, tolerance) << "row " << row;
}

// Spot values of §5, evaluated with B = I.
TEST(LegoEngine, SampleSpotValuesFromTheNotes) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lego/pns065rd.ani");
  const Document document = load_sample();
  const ani::Engine engine(document);
  ASSERT_EQ(engine.nodes().size(), 26u);
  const std::size_t rd = index_of(engine, "RD");
  expect_row(engine.evaluate(0)[rd].world, 3, -2.371769, 0, -44.077000, 2e-5);
  // At t = 350 R[0] is held because R[1] carries 0x04.
  expect_row(engine.evaluate(350)[rd].world, 3, -2.313307, 0, -45.715652, 2e-5);
  const auto at850 = engine.evaluate(850);
  expect_row(at850[rd].world, 3, -2.159027, 0, -48.014128, 2e-5);
  expect_row(at850[rd].world, 0, 0.870356, 0, 0.492423, 2e-6);

  const std::size_t mover = index_of(engine, "-mover");
  // An inactive end key still interpolates: half of T[26].
  expect_row(engine.evaluate(5150)[mover].local, 3, 0.458178, 0.831408, 1.206504, 2e-6);
  expect_row(engine.evaluate(5200)[mover].local, 3, 0, 0, 0, 0);
  expect_row(engine.evaluate(6000)[mover].local, 3, 0, 0, 0, 0);
  const auto at0 = engine.evaluate(0);
  expect_row(at0[mover].world, 0, 1, 0, 0, 1e-5);
  expect_row(at0[mover].world, 1, 0, 1, 0, 1e-5);
  expect_row(at0[mover].world, 2, 0, 0, 1, 1e-5);

  // The long way round: keys 5100 -> 5200 have dot -0.939 and no 0x02.
  const std::size_t bikepg = index_of(engine, "BIKEPG");
  expect_row(engine.evaluate(5150)[bikepg].local, 0, -0.909143, 0.189094, -0.371082, 2e-6);
}

TEST(LegoEngine, FindKeysFollowsTheGameRules) {
  const std::vector<MorphKey> keys{{100, 0, 1}, {200, 0, 1}, {200, 0, 0}, {300, 0, 1}};
  EXPECT_EQ(find_keys(50.0f, keys).n, 0);
  const KeySpan at100 = find_keys(100.0f, keys);
  EXPECT_EQ(at100.n, 1);
  EXPECT_EQ(at100.i, 0u);
  const KeySpan between = find_keys(150.0f, keys);
  EXPECT_EQ(between.n, 2);
  EXPECT_EQ(between.i, 0u);
  const KeySpan duplicate = find_keys(200.0f, keys);  // the later of two equal times wins
  EXPECT_EQ(duplicate.n, 1);
  EXPECT_EQ(duplicate.i, 2u);
  const KeySpan after = find_keys(900.0f, keys);
  EXPECT_EQ(after.n, 1);
  EXPECT_EQ(after.i, 3u);
  EXPECT_EQ(find_keys(1.0f, std::vector<MorphKey>{}).n, 0);
}

TEST(LegoEngine, NothingBeforeTheFirstKey) {
  const std::vector<VectorKey> translation{{100, 0, 1, 2, 3}};
  EXPECT_FALSE(evaluate_translation(translation, 99.0f).has_value());
  ASSERT_TRUE(evaluate_translation(translation, 100.0f).has_value());
  EXPECT_EQ((*evaluate_translation(translation, 500.0f))[2], 3.0f);
  EXPECT_FALSE(evaluate_scale(translation, 50.0f).has_value());
  EXPECT_FALSE(evaluate_rotation({fixtures::y_rotation_key(100, 1.0)}, 99.0f).has_value());
  EXPECT_TRUE(evaluate_visibility({{100, 0, 0}}, 99.0f));
  EXPECT_FALSE(evaluate_visibility({{100, 0, 0}}, 100.0f));
  EXPECT_FALSE(evaluate_visibility({{100, 0, 0}, {200, 0, 1}}, 199.0f));  // a step: key i until key i+1
}

// The game's readers OR 0x01 into a key's stored flags from its value (translation: a component beyond
// 1e-5; rotation: w != 1.0f), never clear it (isle legoanim.cpp `m_flags |= c_active`): a key is active by
// its stored flag or by its value.
TEST(LegoEngine, ActiveBitIsTheStoredFlagOrTheValue) {
  EXPECT_FALSE(translation_active({0, 0x00, 1e-5f, -1e-5f, 0}));  // 1e-5 itself is not beyond 1e-5
  EXPECT_TRUE(translation_active({0, 0x01, 1e-5f, -1e-5f, 0}));
  EXPECT_TRUE(translation_active({0, 0x01, 0, 0, 0}));
  EXPECT_TRUE(translation_active({0, 0x00, 0, 2e-5f, 0}));
  EXPECT_FALSE(translation_active({0, 0x06, 0, 0, 0}));  // only bit 0x01 counts
  EXPECT_FALSE(rotation_active({0, 0x00, 1.0f, 0.3f, 0, 0}));
  EXPECT_TRUE(rotation_active({0, 0x01, 1.0f, 0.3f, 0, 0}));
  EXPECT_TRUE(rotation_active({0, 0x00, 0.9999999f, 0, 0, 0}));
  EXPECT_FALSE(rotation_active({0, 0x04, 1.0f, 0, 0, 1.0f}));
  // A single inactive key contributes nothing; the same key stored active adds its value.
  EXPECT_FALSE(evaluate_translation({{0, 0, 1e-6f, 0, 0}}, 10.0f).has_value());
  const auto stored_active = evaluate_translation({{0, 1, 1e-6f, 0, 0}}, 10.0f);
  ASSERT_TRUE(stored_active.has_value());
  EXPECT_EQ((*stored_active)[0], 1e-6f);
  // A pair with one active key interpolates the raw values; two inactive keys give nothing.
  const auto half = evaluate_translation({{0, 0, 2, 0, 0}, {100, 0, 0, 0, 0}}, 50.0f);
  ASSERT_TRUE(half.has_value());
  EXPECT_FLOAT_EQ((*half)[0], 1.0f);
  EXPECT_FALSE(evaluate_translation({{0, 0, 0, 0, 0}, {100, 0, 0, 0, 0}}, 50.0f).has_value());
  EXPECT_TRUE(evaluate_translation({{0, 1, 0, 0, 0}, {100, 0, 0, 0, 0}}, 50.0f).has_value());
  // Rotation w = 1 stored active is used (FromQuaternion scales by 2/|q|^2), stored inactive is identity.
  EXPECT_FALSE(evaluate_rotation({{0, 0, 1.0f, 0, 0, 1.0f}}, 0.0f).has_value());
  const auto used = evaluate_rotation({{0, 1, 1.0f, 0, 0, 1.0f}}, 0.0f);
  ASSERT_TRUE(used.has_value());
  EXPECT_EQ(used->z, 1.0f);
  EXPECT_EQ(used->w, 1.0f);
}

// The hand-made file of issue 12: "ARM"'s only rotation key is (w, x, y, z) = (1, 0, 0, 1) with the stored
// flag 0x01, and its child "HAND" sits 10 units along +X from it.
// Hand computation: FromQuaternion of (x, y, z, w) = (0, 0, 1, 1): |q|^2 = 2, s = 2/|q|^2 = 1, so
// row 0 = (1-(yy+zz), xy-wz, xz+wy) = (0, -1, 0), row 1 = (xy+wz, 1-(xx+zz), yz-wx) = (1, 0, 0),
// row 2 = (0, 0, 1): 90 degrees about z. With row vectors (notes §3.6, §3.7) HAND's world row 3 is
// (10, 0, 0, 1) · ARM's world = 10 · row 0 = (0, -10, 0). Read by value alone the key would be inactive
// (w == 1.0f) and HAND would sit at (10, 0, 0).
TEST(LegoEngine, StoredActiveFlagTurnsAUnitWKey) {
  const Document document = fixtures::stored_active_rotation();
  const auto back = read(write(document));  // the raw flags survive the file
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->root.children[0].rotation[0].flags, kFlagActive);
  const ani::Engine engine(*back);
  for (const std::int32_t ms : {0, 500, 1000}) {
    const auto poses = engine.evaluate(ms);
    ASSERT_EQ(poses.size(), 3u);
    expect_row(poses[1].world, 0, 0, -1, 0, 1e-7);
    expect_row(poses[1].world, 1, 1, 0, 0, 1e-7);
    expect_row(poses[2].world, 3, 0, -10, 0, 1e-6);
  }
}

TEST(LegoEngine, RotationFlagsAreReadFromTheSecondKey) {
  const RotationKey a = fixtures::y_rotation_key(0, 0.0 + 0.5);
  RotationKey b = fixtures::y_rotation_key(100, 1.5, kFlagHold);
  auto q = evaluate_rotation({a, b}, 50.0f);
  ASSERT_TRUE(q.has_value());
  EXPECT_FLOAT_EQ(q->y, a.y);  // 0x04: the previous key is held
  q = evaluate_rotation({a, b}, 100.0f);
  EXPECT_FLOAT_EQ(q->y, b.y);  // at the key itself its own value applies
  b.flags = kFlagNegate;
  q = evaluate_rotation({a, b}, 100.0f - 1e-3f);
  EXPECT_NEAR(q->y, -b.y, 1e-3);  // 0x02: the end key is negated before interpolating
  EXPECT_NEAR(q->w, -b.w, 1e-3);
}

TEST(LegoEngine, GameSlerpBranches) {
  // Standard branch, 90 degrees about Y, half way: 45 degrees (hand computed).
  const GameQuat a{0, 0, 0, 1};
  const GameQuat quarter{0, static_cast<float>(std::sin(M_PI / 4)), 0,
                         static_cast<float>(std::cos(M_PI / 4))};
  const GameQuat mid = game_slerp(a, quarter, 0.5f);
  EXPECT_NEAR(mid.y, std::sin(M_PI / 8), 1e-7);
  EXPECT_NEAR(mid.w, std::cos(M_PI / 8), 1e-7);
  // No shortest-path flip: toward -quarter (dot -cos 45, theta = 135 degrees) the half-way point is a turn of
  // 135 degrees about -Y, (0, -sin 67.5, 0, cos 67.5), where the shortest path would give 45 degrees about
  // +Y.
  const GameQuat far = game_slerp(a, {-quarter.x, -quarter.y, -quarter.z, -quarter.w}, 0.5f);
  EXPECT_NEAR(far.y, -std::sin(3 * M_PI / 8), 1e-6);
  EXPECT_NEAR(far.w, std::cos(3 * M_PI / 8), 1e-6);
  // Lerp branch: nearly equal quaternions are blended linearly, not normalised.
  const GameQuat b{0, 0.001f, 0, 0.9999995f};
  const GameQuat lerped = game_slerp(a, b, 0.25f);
  EXPECT_FLOAT_EQ(lerped.y, 0.25f * 0.001f);
  // Antipodal branch: x, y, z blended toward (-a.y, a.x, -a.w); w left at a.z.
  const GameQuat p{0.6f, 0, 0.8f, 0};
  const GameQuat opposite = game_slerp(p, {-0.6f, 0, -0.8f, 0}, 1.0f);
  EXPECT_NEAR(opposite.x, 0, 1e-7);    // -a.y
  EXPECT_NEAR(opposite.y, 0.6, 1e-7);  // a.x
  EXPECT_NEAR(opposite.z, 0, 1e-7);    // -a.w
  EXPECT_FLOAT_EQ(opposite.w, 0.8f);   // a.z, the quirk
}

TEST(LegoEngine, RotationMatrixIsTheColumnVectorMatrixOfQ) {
  // 90 degrees about Z, q = (0, 0, s, s): FromQuaternion row 0 = (0, -1, 0), row 1 = (1, 0, 0) (notes §3.3),
  // so a row vector (1, 0, 0) goes to (0, -1, 0): conj(q) in column-vector terms.
  const float s = static_cast<float>(std::sqrt(0.5));
  const RowMatrix m = rotation_matrix({0, 0, s, s});
  expect_row(m, 0, 0, -1, 0, 1e-6);
  expect_row(m, 1, 1, 0, 0, 1e-6);
  expect_row(m, 2, 0, 0, 1, 1e-6);
  // Non-unit input is normalised by the 2/|q|^2 factor; a zero quaternion leaves identity.
  const RowMatrix doubled = rotation_matrix({0, 0, 2 * s, 2 * s});
  expect_row(doubled, 0, 0, -1, 0, 1e-6);
  expect_row(rotation_matrix({0, 0, 0, 0}), 0, 1, 0, 0, 0);
}

TEST(LegoEngine, LocalTransformScalesThenRotatesThenTranslates) {
  const float s = static_cast<float>(std::sqrt(0.5));
  Node node{"N", {{0, 0, 10, 0, 0}}, {{0, 0, s, 0, 0, s}}, {{0, 0, 2, 3, 4}}, {}, {}};
  const RowMatrix m = local_transform(node, 0.0f);
  // Row 0 = 2 · FromQuaternion row 0 = 2 · (0, -1, 0) for q = 90 degrees about Z (w first in the file).
  expect_row(m, 0, 0, -2, 0, 1e-6);
  expect_row(m, 1, 3, 0, 0, 1e-6);
  expect_row(m, 2, 0, 0, 4, 1e-6);
  expect_row(m, 3, 10, 0, 0, 0);
}

TEST(LegoEngine, ParentsTransformChildrenIncludingDashNodes) {
  Node child{"C", {{0, 0, 1, 0, 0}}, {}, {}, {}, {}};
  Document document;
  document.root = Node{"-group", {{0, 0, 0, 5, 0}}, {}, {}, {}, {child}};
  const ani::Engine engine(document);
  const auto poses = engine.evaluate(0);
  ASSERT_EQ(poses.size(), 2u);
  EXPECT_EQ(engine.nodes()[1].parent, 0);
  expect_row(poses[1].world, 3, 1, 5, 0, 0);
}

TEST(LegoEngine, CameraLooksAtTheTargetWithASteppedRoll) {
  Document document;
  document.header.parse_scene = 1;
  document.camera = CameraScene{{{0, 0, 0, 0, -5}}, {{0, 0, 3, 0, -5}}, {{0, 0, 0.0f}, {100, 0, 1.0f}}};
  const ani::Engine engine(document);
  // Looking along +X from (0, 0, -5): forward = (1, 0, 0), right = up × forward = (0, 0, -1), up = (0, 1, 0).
  auto camera = engine.camera(50);
  ASSERT_TRUE(camera.has_value());
  expect_row(*camera, 0, 0, 0, -1, 1e-6);
  expect_row(*camera, 1, 0, 1, 0, 1e-6);
  expect_row(*camera, 2, 1, 0, 0, 1e-6);
  expect_row(*camera, 3, 0, 0, -5, 0);
  // Roll holds key 0 (zero) until t = 100 even though the game computes an interpolated value.
  camera = engine.camera(99);
  expect_row(*camera, 0, 0, 0, -1, 1e-6);
  camera = engine.camera(100);
  // Rz(1) · look: row 0 = cos(1)·right + sin(1)·up.
  expect_row(*camera, 0, 0, std::sin(1.0), -std::cos(1.0), 1e-6);

  // Looking straight down: the camera keeps the base matrix.
  document.camera = CameraScene{{{0, 0, 0, 5, 0}}, {{0, 0, 0, 0.5f, 0}}, {}};
  const ani::Engine vertical(document);
  expect_row(*vertical.camera(0), 3, 0, 0, 0, 0);
  expect_row(*vertical.camera(0), 0, 1, 0, 0, 0);
  // Without target keys the game reads an uninitialised value: no camera.
  document.camera = CameraScene{{{0, 0, 0, 5, 0}}, {}, {}};
  EXPECT_FALSE(ani::Engine(document).camera(0).has_value());
}

// Between milliseconds (double time) the curves are the same formulas: hand values.
TEST(LegoEngine, CurvesBetweenMilliseconds) {
  // 0 -> 4 over 100 ms: 4 · 50.25 / 100 = 2.01.
  const auto t = evaluate_translation({{0, 1, 0, 0, 0}, {100, 1, 4, 0, 0}}, 50.25);
  ASSERT_TRUE(t.has_value());
  EXPECT_NEAR((*t)[0], 2.01, 1e-6);
  // A 0x04 hold keeps key 0 up to the very key time, where key 1 applies.
  const std::vector<RotationKey> held{fixtures::z_rotation_key(0, 0.5),
                                      fixtures::z_rotation_key(100, 1.5, kFlagHold)};
  EXPECT_EQ(evaluate_rotation(held, 99.999)->z, held[0].z);
  EXPECT_EQ(evaluate_rotation(held, 100.0)->z, held[1].z);
  // Nothing before the first key, however close.
  EXPECT_FALSE(evaluate_translation({{100, 1, 1, 0, 0}}, 99.9999).has_value());
  // Engine::evaluate_at agrees with the game's whole-millisecond evaluation there.
  Document document;
  document.root = Node{"N", {{0, 1, 0, 0, 0}, {100, 1, 4, 0, 0}}, held, {}, {}, {}};
  const ani::Engine engine(document);
  const auto game = engine.evaluate(37);
  const auto between = engine.evaluate_at(37.0);
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) EXPECT_NEAR(between[0].world[r][c], game[0].world[r][c], 1e-6);
  }
}

TEST(LegoEngine, GameTimeTruncatesToWholeMilliseconds) {
  EXPECT_EQ(to_game_time(0.35), 350);
  EXPECT_EQ(to_game_time(0.0019), 1);
  EXPECT_EQ(to_game_time(5.1999999999), 5200);  // within 1e-6 ms of 5200
  EXPECT_EQ(to_game_time(-0.0015), -1);
}

}  // namespace
}  // namespace bonebridge::lego::ani
