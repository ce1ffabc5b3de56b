// SPDX-License-Identifier: MIT
// Issue 28 for LBA .anm: an exported clip written back unchanged gives the original file, an edited one is
// written anew.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "bonebridge/core/axes.hpp"
#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/lba/anm/bridge.hpp"
#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/anm/engine.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"
#include "bonebridge/formats/lba/family.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "lba_test_data.hpp"
#include "support/round_trip.hpp"
#include "support/samples.hpp"

namespace bonebridge::lba {
namespace {

// The .anm samples are LBA2 animations (samples/lba/SOURCES.md).
constexpr const char* kLba2Animations[] = {
    "Twinsen_Walk.anm", "Twinsen_Walk_Back.anm", "Twinsen_Run.anm", "Twinsen_Turn_Left.anm",
    "Twinsen_Fall.anm", "Twinsen_Run_Alt.anm",   "ANIM_Test.anm",   "ANIM_CUSTOM.anm"};

BridgeOptions options_for(Variant variant) {
  BridgeOptions options;
  options.variant = variant;
  return options;
}
BridgeOptions lba2_options() {
  return options_for(Variant::Lba2);
}

// Exported without a body (the placeholder's flat skeleton) to a .glb and read back.
Scene through_glb(const std::vector<std::uint8_t>& bytes, Variant variant = Variant::Lba2) {
  const auto animation = anm::read(bytes);
  EXPECT_TRUE(animation.ok());
  const auto core = anm::to_core(*animation, nullptr, options_for(variant));
  EXPECT_TRUE(core.ok());
  return testing::through_glb(core->scene);
}

using testing::has_note;

// Also read as LBA1, the default when nothing says which game a file is from: its coarser angles put
// some of these clips' groups exactly at gimbal lock, where four of them came back turned by up to 3 rad
// (frame.cpp, quat_to_euler).
TEST(LbaLeanWrite, EverySampleThroughGlbComesBackByteForByte) {
  for (const Variant variant : {Variant::Lba2, Variant::Lba1}) {
    for (const char* name : kLba2Animations) {
      SCOPED_TRACE(std::string(name) + (variant == Variant::Lba1 ? " as LBA1" : " as LBA2"));
      BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("lba/") + name);
      const auto original = bonebridge::testing::read_bytes(path);
      const auto converted = anm::from_core(through_glb(original, variant), options_for(variant));
      ASSERT_TRUE(converted.ok()) << converted.error().to_string();
      EXPECT_EQ(anm::write(converted->value), original);
      ASSERT_EQ(converted->notes.size(), 1u);
      EXPECT_TRUE(has_note(converted->notes, "unchanged:")) << converted->notes.front();
      std::printf("%s: %s\n", name, converted->notes.front().c_str());
    }
  }
}

// Every group's model matrix on a placeholder body (the groups' own turns and moves, the actor's place) at a
// tick of the ideal clock, as the writer compares them.
ModelPoseAt engine_matrices(IdealClock& clock, const body::Document& body, Variant variant = Variant::Lba2) {
  const double tick = traits(variant).tick_seconds;
  return [&clock, &body, tick, variant](double seconds) -> std::optional<std::vector<Mat4>> {
    std::vector<Mat4> models;
    for (const EngineJoint& joint :
         anm::engine_pose(body, clock.at(std::llround(seconds / tick)), seconds, variant, true).joints)
      models.push_back(joint.model);
    return models;
  };
}

// LBA1 plays frame 0's duration twice: holding frame 0 at the start, and closing the loop (lba1-anm.md 2.2;
// LBA2 only on the loop). The writer's loop choice gave its keyframe 0 the closing duration without dropping
// the hold the export baked at the start, so every later keyframe came that much late: this clip, written
// back from its own glTF, was found 0.411 rad away from its source at 0.56 s and written anew 5 ticks late.
TEST(LbaLeanWrite, AnLba1ClipLoopingToFrameZeroComesBackOnTime) {
  const auto source = test::looping_to_frame_zero();
  const auto original = anm::write(source);
  const auto described = anm::from_core(through_glb(original, Variant::Lba1), options_for(Variant::Lba1));
  ASSERT_TRUE(described.ok()) << described.error().to_string();
  EXPECT_EQ(anm::write(described->value), original);
  EXPECT_TRUE(has_note(described->notes, "unchanged:")) << described->notes.front();

  Scene scene = through_glb(original, Variant::Lba1);
  scene.clips.front().metadata.erase(kSourceMetadata);
  const auto converted = anm::from_core(scene, options_for(Variant::Lba1));
  ASSERT_TRUE(converted.ok()) << converted.error().to_string();
  const body::Document body = placeholder_body(source.group_count);
  IdealClock written(converted->value, Variant::Lba1), expected(source, Variant::Lba1);
  const double tick = traits(Variant::Lba1).tick_seconds;
  const auto instants = engine_instants(static_cast<double>(timeline(source, Variant::Lba1).end_ticks) * tick,
                                        tick, kMaxComparedInstants);
  const MotionDifference difference = compare_motion(instants, engine_matrices(written, body, Variant::Lba1),
                                                     engine_matrices(expected, body, Variant::Lba1));
  std::printf("without description: %zu keyframes (original 4), engine within %.3g units and %.3g rad\n",
              converted->value.keyframes.size(), difference.position, difference.radians);
  EXPECT_TRUE(difference.comparable);
  EXPECT_EQ(difference.position, 0.0);
  EXPECT_LE(difference.radians, 2 * kPi / 1024);  // one LBA1 angle unit
  EXPECT_EQ(converted->value.loop_frame, 0);
}

// Without the description (what a tool that drops the animation's extras gives), the writer's own keyframes:
// the engine plays them like the original at every tick within the unchanged bound (4 units, 0.02 rad: the
// export's own rounding, bridge_from_core.cpp), and the file stays near the original's size. Twinsen_Run was
// 6.58 times its size (66 keyframes for 10) while the export's 15-degree slerp cuts became keyframes.
TEST(LbaLeanWrite, WithoutTheDescriptionTheEngineNeedsFewKeyframes) {
  for (const char* name : kLba2Animations) {
    SCOPED_TRACE(name);
    BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("lba/") + name);
    const auto original = bonebridge::testing::read_bytes(path);
    Scene scene = through_glb(original);
    scene.clips.front().metadata.erase(kSourceMetadata);
    const auto converted = anm::from_core(scene, lba2_options());
    ASSERT_TRUE(converted.ok()) << converted.error().to_string();
    const auto source = anm::read(original);
    ASSERT_TRUE(source.ok());
    const body::Document body = placeholder_body(source->group_count);
    IdealClock written(converted->value, Variant::Lba2), expected(*source, Variant::Lba2);
    const double tick = traits(Variant::Lba2).tick_seconds;
    const auto instants = engine_instants(
        static_cast<double>(timeline(*source, Variant::Lba2).end_ticks) * tick, tick, kMaxComparedInstants);
    const MotionDifference difference =
        compare_motion(instants, engine_matrices(written, body), engine_matrices(expected, body));
    const std::size_t bytes = anm::write(converted->value).size();
    std::printf(
        "%s without description: %zu keyframes (original %zu), %zu bytes (original %zu, %.2fx), "
        "engine within %.3g units and %.3g rad at %zu ticks\n",
        name, converted->value.keyframes.size(), source->keyframes.size(), bytes, original.size(),
        static_cast<double>(bytes) / static_cast<double>(original.size()), difference.position,
        difference.radians, difference.instants);
    EXPECT_TRUE(difference.comparable);
    EXPECT_LE(difference.position, 4.0);
    EXPECT_LE(difference.radians, 0.02);
    // Issue 28: at most 1.1 times the original's size. Measured against the glTF's motion at its own key
    // ticks (not against every tick of the export's 20 ms keyframes replayed, which sit up to a unit under
    // the line they were sampled from), the merge finds the original's keyframes: every sample comes back
    // with the original's keyframe count (it was 14 for 10 for Twinsen_Run, 13 for 10 for Twinsen_Run_Alt, 7
    // for 6 for Twinsen_Walk_Back).
    EXPECT_EQ(converted->value.keyframes.size(), source->keyframes.size());
    EXPECT_LE(bytes * 10, original.size() * 11);
    EXPECT_TRUE(
        has_note(converted->notes, "keyframes reduced by the engine's own playback within 1 engine unit(s)"));
  }
}

TEST(LbaLeanWrite, AnEditedRotationIsWrittenAnew) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lba/Twinsen_Walk.anm");
  const auto original = bonebridge::testing::read_bytes(path);
  Scene scene = through_glb(original);
  Clip& clip = scene.clips.front();
  const auto source = anm::read(original);
  ASSERT_TRUE(source.ok());
  const auto exported = anm::to_core(*source, nullptr, lba2_options());
  ASSERT_TRUE(exported.ok());
  // A rotating group's rotation (joint 0 is the root, whose turn the writer takes from the root motion; a
  // group that moves, type 1, cannot also turn: LBA keeps one of the two per group and keyframe).
  const auto rotating = [&](int joint) {
    for (std::size_t g = 1; g < exported->core_joint_of.size(); ++g) {
      if (exported->core_joint_of[g] == joint) return source->keyframes.front().groups[g].type == 0;
    }
    return false;
  };
  const auto channel = std::find_if(clip.joints.begin(), clip.joints.end(), [&](const JointChannels& j) {
    return j.joint > 0 && j.rotation && j.rotation->times.size() > 1 && rotating(j.joint);
  });
  ASSERT_NE(channel, clip.joints.end());
  for (Quat& q : channel->rotation->values) q = axis_angle({0, 1, 0}, 10 * kPi / 180) * q;
  const auto converted = anm::from_core(scene, lba2_options());
  ASSERT_TRUE(converted.ok()) << converted.error().to_string();
  EXPECT_NE(anm::write(converted->value), original);
  EXPECT_TRUE(has_note(converted->notes, "edited:"));
  // Edited, the animation needs about the keyframes the original has (issue 28: within 1.5 times), plus the
  // closing keyframe back to the loop frame that the glTF's motion ends on.
  std::printf("edited Twinsen_Walk.anm: %zu keyframes, original %zu\n", converted->value.keyframes.size(),
              source->keyframes.size());
  EXPECT_LE(converted->value.keyframes.size(), source->keyframes.size() * 3 / 2 + 1);
  // And the engine plays the edited glTF: each group's origin and orientation at every tick, in the game's
  // units and frame, against the edited clip's joints; measured the same way, the original file against its
  // own unedited export gives the baseline (the export's rounding and the engine's integer steps), which the
  // edited write may exceed by the writer's bound (4 units, 0.02 rad, bridge_from_core.cpp).
  const auto largest_error = [&](const anm::Document& animation, const Scene& glb) {
    const AxisConversion to_game = exported->conversion.inverse();
    ClipPoser poser(glb.skeleton, glb.clips.front());
    const body::Document body = placeholder_body(animation.group_count);
    IdealClock clock(animation, Variant::Lba2);
    const ModelPoseAt played = engine_matrices(clock, body);
    const double tick = traits(Variant::Lba2).tick_seconds;
    MotionDifference worst;
    for (const double t : engine_instants(glb.clips.front().duration, tick, kMaxComparedInstants)) {
      const auto engine = played(t);
      if (!engine) return MotionDifference{false};
      const auto& model = poser.model_at(t);
      for (std::size_t j = 0; j < engine->size() && j < exported->core_joint_of.size(); ++j) {
        const int c = exported->core_joint_of[j];
        if (c < 0) continue;
        const Mat4& gltf = model[static_cast<std::size_t>(c)];
        worst.position =
            std::max(worst.position, distance((*engine)[j].translation(), to_game.point(gltf.translation())));
        worst.radians = std::max(worst.radians, angle_between(orientation_of((*engine)[j]),
                                                              to_game.rotation(orientation_of(gltf))));
      }
      ++worst.instants;
    }
    return worst;
  };
  const MotionDifference baseline = largest_error(*source, through_glb(original));
  const MotionDifference edited = largest_error(converted->value, scene);
  std::printf(
      "edited Twinsen_Walk.anm: largest group error %.3g units, %.3g rad at %zu ticks (the original "
      "against its export: %.3g units, %.3g rad)\n",
      edited.position, edited.radians, edited.instants, baseline.position, baseline.radians);
  ASSERT_TRUE(edited.comparable && baseline.comparable);
  EXPECT_LE(edited.position, baseline.position + 4.0);
  EXPECT_LE(edited.radians, baseline.radians + 0.02);
}

// --tolerance (engine units) is the family's setting for the reduction: a coarser one keeps no more
// keyframes, and the note says which tolerance was used, what it kept and the largest error it allowed. At 0
// the merge keeps every keyframe whose tick the glTF states that the engine cannot reach exactly from its
// neighbours.
TEST(LbaLeanWrite, TheToleranceSettingReachesTheReduction) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lba/Twinsen_Run.anm");
  Scene scene = through_glb(bonebridge::testing::read_bytes(path));
  scene.clips.front().metadata.erase(kSourceMetadata);
  std::size_t coarser_than = std::numeric_limits<std::size_t>::max();
  for (const char* tolerance : {"0", "1", "4"}) {
    SCOPED_TRACE(tolerance);
    Options options;
    options.values["variant"] = "lba2";
    options.values["tolerance"] = tolerance;
    const auto written = family().from_core(scene, options);
    ASSERT_TRUE(written.ok()) << written.error().to_string();
    const std::string start =
        std::string("keyframes reduced by the engine's own playback within ") + tolerance + " engine unit(s)";
    const auto reduced = std::find_if(written->notes.begin(), written->notes.end(),
                                      [&](const std::string& note) { return note.rfind(start, 0) == 0; });
    ASSERT_NE(reduced, written->notes.end());
    std::printf("--tolerance %s: %zu bytes; %s\n", tolerance, written->value.size(), reduced->c_str());
    double largest = -1;
    ASSERT_EQ(std::sscanf(reduced->c_str() + reduced->rfind(' '), "%lf", &largest), 1);
    EXPECT_LE(largest, std::strtod(tolerance, nullptr));
    EXPECT_LE(written->value.size(), coarser_than);
    coarser_than = written->value.size();
  }
}

// The edit blender/tests/test_unchanged.py makes: the bone with the most keys (group 3 of Twinsen_Walk, which
// turns about X and Y) turned 10 degrees about its own X axis at every key. The engine interpolates Euler
// angles linearly, and R·Rx(10) of a path linear in Euler angles is not: group 3's alpha leaves the line
// between the original's keyframes by 3 angle units (0.26 degrees). Within the default tolerance (1 unit) the
// writer then needs keyframes between the original's (measured: 12 for 5, 2.39 times the bytes, as Blender
// gives); issue 28's 1.5 times holds from a tolerance of 4 units (0.35 degrees), the file the original's
// size.
TEST(LbaLeanWrite, ABoneTurnedAboutItsOwnAxisNeedsATolerancePastTheCurve) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "lba/Twinsen_Walk.anm");
  const auto original = bonebridge::testing::read_bytes(path);
  const auto source = anm::read(original);
  ASSERT_TRUE(source.ok());
  Scene scene = through_glb(original);
  const auto& joints = scene.skeleton.joints;
  const auto group_3 =
      std::find_if(joints.begin(), joints.end(), [](const Joint& j) { return j.name == "group_3"; });
  ASSERT_NE(group_3, joints.end());
  Clip& clip = scene.clips.front();
  const auto channel = std::find_if(clip.joints.begin(), clip.joints.end(), [&](const JointChannels& j) {
    return j.joint == group_3 - joints.begin() && j.rotation;
  });
  ASSERT_NE(channel, clip.joints.end());
  for (Quat& q : channel->rotation->values) q = q * axis_angle({1, 0, 0}, 10 * kPi / 180);
  for (const char* tolerance : {"1", "4"}) {
    SCOPED_TRACE(tolerance);
    Options options;
    options.values["variant"] = "lba2";
    options.values["tolerance"] = tolerance;
    const auto written = family().from_core(scene, options);
    ASSERT_TRUE(written.ok()) << written.error().to_string();
    EXPECT_TRUE(has_note(written->notes, "edited:"));
    const auto animation = anm::read(written->value);
    ASSERT_TRUE(animation.ok());
    std::printf("group 3 turned, --tolerance %s: %zu keyframes (original %zu), %zu bytes (original %zu)\n",
                tolerance, animation->keyframes.size(), source->keyframes.size(), written->value.size(),
                original.size());
    if (std::string(tolerance) == "4") {
      EXPECT_LE(animation->keyframes.size() * 2, source->keyframes.size() * 3);
    }
  }
}

}  // namespace
}  // namespace bonebridge::lba
