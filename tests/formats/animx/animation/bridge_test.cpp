// SPDX-License-Identifier: MIT
// The bridge against the engine: golden values of sample_expected_samples.json carried into glTF's frame
// (X mirrored), a dense-grid fidelity check of the core clip (ClipSampler) against the engine, and the
// reverse direction from hand-built core scenes.
#include <gtest/gtest.h>

#include "bonebridge/core/fidelity.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/formats/animx/animation/animj.hpp"
#include "bonebridge/formats/animx/animation/bridge.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/engine.hpp"
#include "bonebridge/formats/animx/animation/skeleton.hpp"
#include "bonebridge/formats/animx/elements.hpp"
#include "bonebridge/formats/animx/family.hpp"
#include "support/samples.hpp"

namespace bonebridge::animx::animation {
namespace {

using testing::read_bytes;

Document sample_document() {
  auto document = read(read_bytes(testing::samples_dir() / "animx/sample_plain.animx"));
  EXPECT_TRUE(document.ok());
  return document.ok() ? std::move(document).value() : Document{};
}

const Track* find_track(const Document& document, const std::string& node, const std::string& property) {
  for (const auto& track : document.tracks) {
    if (track.node == node && track.property == property) return &track;
  }
  return nullptr;
}

TEST(AnimxBridge, JointsAndPropertyTracks) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "animx/sample_plain.animx");
  const auto converted = to_core(sample_document(), {});
  ASSERT_TRUE(converted.ok());
  const Scene& scene = converted->scene;
  // The transform joints first, then a joint for each slot only property tracks animate (issue 38).
  ASSERT_EQ(scene.skeleton.joints.size(), 11u);
  EXPECT_EQ(scene.skeleton.joints[0].name, "Hips");
  EXPECT_EQ(scene.skeleton.joints[1].name, "Tan");
  EXPECT_EQ(scene.skeleton.joints[2].name, "Head");
  EXPECT_EQ(scene.skeleton.joints[3].name, "Mixed");
  EXPECT_EQ(scene.skeleton.joints[10].name, "Mat");
  ASSERT_EQ(scene.clips.size(), 1u);
  const Clip& clip = scene.clips[0];
  EXPECT_EQ(clip.name, "SampleClip");
  EXPECT_DOUBLE_EQ(clip.duration, 3.0);
  EXPECT_EQ(clip.properties.size(), 8u);  // 12 tracks, 4 of them joint TRS
  // Hips.Position is Linear: exact LINEAR keys; golden (0.75, 1.75, 2.75) at t = 0.25, X mirrored.
  const auto& hips = clip.joints[0];
  ASSERT_TRUE(hips.translation);
  EXPECT_EQ(hips.translation->interpolation, bonebridge::Interpolation::Linear);
  const Vec3 p = sample_channel(*hips.translation, 0.25);
  EXPECT_NEAR(p.x, -0.75, 1e-6);
  EXPECT_NEAR(p.y, 1.75, 1e-6);
  EXPECT_NEAR(p.z, 2.75, 1e-6);
  // Tan.Scale is all Tangent: exact CUBICSPLINE; golden (1.611111, 1.33333325, 1.11111116) at t = 0.5.
  const auto& tan = clip.joints[1];
  ASSERT_TRUE(tan.scale);
  EXPECT_EQ(tan.scale->interpolation, bonebridge::Interpolation::CubicSpline);
  const Vec3 s = sample_channel(*tan.scale, 0.5);
  EXPECT_NEAR(s.x, 1.611111, 1e-5);
  EXPECT_NEAR(s.y, 1.33333325, 1e-5);
  EXPECT_NEAR(s.z, 1.11111116, 1e-5);
  // Hips.Rotation goes the long way (golden at t = 0.5: (0, -0.9238796, 0, 0.3826834)); after the mirror
  // (x, -y, -z, w) the resampled channel must reproduce it up to sign.
  ASSERT_TRUE(hips.rotation);
  const Quat q = sample_channel(*hips.rotation, 0.5);
  EXPECT_LT(angle_between(q, Quat{0, 0.9238796, 0, 0.3826834}), 0.2 * kPi / 180);
  for (std::size_t i = 1; i < hips.rotation->values.size(); ++i) {
    EXPECT_GE(dot(hips.rotation->values[i - 1], hips.rotation->values[i]), 0);
    EXPECT_LE(angle_between(hips.rotation->values[i - 1], hips.rotation->values[i]), 15.001 * kPi / 180);
  }
}

// Engine pose of every joint in glTF's frame, as points: the joint origin and the tips of its three unit
// axes, so that rotation and scale errors show as distances.
void engine_points(const Document& document, const std::vector<std::string>& joints, double t,
                   std::vector<Vec3>& points) {
  const auto mirror = AxisConversion::mirror_x();
  points.clear();
  for (const auto& name : joints) {
    Transform local;
    for (const auto& track : document.tracks) {
      if (track.node != name || !transform_part(track)) continue;
      const auto value = sample(track, static_cast<float>(t));
      ASSERT_TRUE(value.ok());
      const auto c = components(value->element, value->bytes);
      if (transform_part(track) == 'T') local.translation = {c[0], c[1], c[2]};
      if (transform_part(track) == 'S') local.scale = {c[0], c[1], c[2]};
      if (transform_part(track) == 'R') local.rotation = normalize(Quat{c[0], c[1], c[2], c[3]});
    }
    const Mat4 m = mirror.transform(local).matrix();
    for (const Vec3 v : {Vec3{0, 0, 0}, Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}}) {
      points.push_back(transform_point(m, v));
    }
  }
}

TEST(AnimxBridge, CoreClipFollowsTheEngineOnADenseGrid) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "animx/sample_plain.animx");
  const Document document = sample_document();
  const auto converted = to_core(document, {});
  ASSERT_TRUE(converted.ok());
  const Scene& scene = converted->scene;
  ClipSampler sampler(scene.skeleton, scene.clips[0]);
  std::vector<Transform> locals(sampler.joint_count());
  const auto joints = joint_names(document);
  const auto times = time_grid(3.0, 1.0 / 480);
  const auto report = measure_fidelity(
      times, [&](double t, std::vector<Vec3>& points) { engine_points(document, joints, t, points); },
      [&](double t, std::vector<Vec3>& points) {
        sampler.sample(t, locals);
        points.clear();
        for (const auto& local : locals) {
          const Mat4 m = local.matrix();
          for (const Vec3 v : {Vec3{0, 0, 0}, Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}}) {
            points.push_back(transform_point(m, v));
          }
        }
      });
  EXPECT_EQ(report.samples, times.size() * joints.size() * 4);
  // 15° LINEAR segments reproduce nlerp within about 0.1° (0.002 m on a 1 m lever).
  EXPECT_LT(report.max, 0.005) << "worst at t=" << report.worst_time << " point " << report.worst_joint;
}

TEST(AnimxBridge, PropertyTracksFollowTheEngine) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "animx/sample_plain.animx");
  const auto converted = to_core(sample_document(), {});
  ASSERT_TRUE(converted.ok());
  const auto& properties = converted->scene.clips[0].properties;
  const auto property = [&](const std::string& node) -> const PropertyTrack& {
    return *std::find_if(properties.begin(), properties.end(), [&](const auto& p) { return p.node == node; });
  };
  // Mixed.Value mixes Hold with other modes: resampled; golden 1.5 at t=0.75 and 1.828125 at t=1.25.
  const auto& mixed = property("Mixed");
  EXPECT_EQ(mixed.interpolation, bonebridge::Interpolation::Linear);
  Channel<Vec3> as_channel{bonebridge::Interpolation::Linear, mixed.times, {}};
  for (double v : mixed.values) as_channel.values.push_back({v, 0, 0});
  EXPECT_NEAR(sample_channel(as_channel, 0.75).x, 1.5, 1e-6);
  EXPECT_NEAR(sample_channel(as_channel, 1.25).x, 1.828125, 1e-3);
  EXPECT_NEAR(sample_channel(as_channel, 0.3).x, 0.0, 1e-6);  // Hold segment
  // Caption.Text: Linear string curve x -> yz at t = 0.5 and 2 switches at the midpoint 1.25 (golden: "x" at
  // 1, "yz" at 1.25).
  const auto& caption = property("Caption");
  EXPECT_EQ(caption.interpolation, bonebridge::Interpolation::Step);
  EXPECT_EQ(caption.strings, (std::vector<std::string>{"x", "yz"}));
}

TEST(AnimxBridge, RoundTripThroughTheCoreModelKeepsTheMotion) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "animx/sample_plain.animx");
  const Document original = sample_document();
  const auto core = to_core(original, {});
  ASSERT_TRUE(core.ok());
  const auto back = from_core(core->scene, {});
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  const Document& document = back->value;
  EXPECT_EQ(document.tracks.size(), original.tracks.size());
  for (const auto& track : original.tracks) {
    const Track* copy = find_track(document, track.node, track.property);
    ASSERT_NE(copy, nullptr) << track.node << "." << track.property;
    EXPECT_EQ(copy->element, track.element);
    // Off the key grid: STEP keys switch at t_k, Resonite's Discrete keys just after it (measure zero).
    for (double t = 0.003; t <= 3.0; t += 1.0 / 64) {
      const auto want = sample(track, static_cast<float>(t));
      const auto got = sample(*copy, static_cast<float>(t));
      ASSERT_TRUE(want.ok() && got.ok()) << track.node;
      if (is_string(track.element)) {
        EXPECT_EQ(want->text.value_or(""), got->text.value_or("")) << track.node << " t=" << t;  // null -> ""
        continue;
      }
      const auto a = components(want->element, want->bytes), b = components(got->element, got->bytes);
      if (is_quaternion(track.element)) {
        const Quat qa = normalize(Quat{a[0], a[1], a[2], a[3]}), qb = normalize(Quat{b[0], b[1], b[2], b[3]});
        EXPECT_LT(angle_between(qa, qb) * 180 / kPi, 0.25) << track.node << " t=" << t;
        continue;
      }
      for (std::size_t c = 0; c < a.size(); ++c) {
        EXPECT_NEAR(a[c], b[c], 2e-3) << track.node << "." << track.property << " t=" << t;
      }
    }
  }
}

Scene two_key_scene() {
  Scene scene;
  scene.skeleton.joints = {{"Root", -1, {}}, {"Arm", 0, {}}};
  Clip clip;
  clip.name = "Wave";
  clip.duration = 2;
  JointChannels arm;
  arm.joint = 1;
  arm.translation = Channel<Vec3>{bonebridge::Interpolation::Step, {1, 2}, {{1, 2, 3}, {4, 5, 6}}};
  // 170° about Y, stored in opposite hemispheres.
  arm.rotation = Channel<Quat>{
      bonebridge::Interpolation::Linear, {1, 2}, {{0, 0, 0, 1}, -axis_angle({0, 1, 0}, 170 * kPi / 180)}};
  // CUBICSPLINE: in-tangent, value, out-tangent per key, units per second.
  arm.scale = Channel<Vec3>{bonebridge::Interpolation::CubicSpline,
                            {1, 2},
                            {{0, 0, 0}, {1, 1, 1}, {2, 0, 0}, {1, 0, 0}, {3, 1, 1}, {0, 0, 0}}};
  clip.joints.push_back(arm);
  scene.clips.push_back(clip);
  return scene;
}

TEST(AnimxBridge, FromCoreWritesResonitesCurves) {
  const auto converted = from_core(two_key_scene(), {});
  ASSERT_TRUE(converted.ok());
  const Document& document = converted->value;
  ASSERT_EQ(document.tracks.size(), 3u);
  const Track& position = document.tracks[0];
  EXPECT_EQ(position.node, "Arm");
  EXPECT_EQ(position.property, "Position");
  EXPECT_EQ(position.times, (std::vector<float>{0, 1}));  // shifted to start at zero
  EXPECT_EQ(position.flags, 0);
  EXPECT_EQ(position.shared_interpolation, static_cast<std::uint8_t>(Interpolation::Hold));
  // X mirrored back: (1, 2, 3) -> (-1, 2, 3).
  EXPECT_EQ(components(ElementType::Float3, value_bytes(ElementType::Float3, position.values, 0)),
            (std::vector<double>{-1, 2, 3}));
  // The 170° rotation (glTF slerps the short way) needs keys between its two for Resonite's nlerp, fewer
  // than pieces of 15° (13): nlerp of keys of the right lengths follows slerp within the writer's 0.05° at
  // keys and twice that half-way between them (bridge_fit.hpp).
  const Track& rotation = document.tracks[1];
  EXPECT_EQ(rotation.shared_interpolation, static_cast<std::uint8_t>(Interpolation::Linear));
  EXPECT_GT(rotation.times.size(), 2u);
  EXPECT_LT(rotation.times.size(), 13u);
  for (int step = 0; step <= 100; ++step) {
    const double t = step / 100.0;
    const auto played = sample(rotation, static_cast<float>(t));
    ASSERT_TRUE(played.ok());
    const auto c = components(played->element, played->bytes);
    const Quat glTF = AxisConversion::mirror_x().rotation(axis_angle({0, 1, 0}, 170 * t * kPi / 180));
    EXPECT_LT(angle_between(normalize(Quat{c[0], c[1], c[2], c[3]}), glTF), 0.1 * kPi / 180) << t;
  }
  const auto end = sample(rotation, 1.0f);
  ASSERT_TRUE(end.ok());
  const auto q = components(end->element, end->bytes);
  const Quat want = AxisConversion::mirror_x().rotation(axis_angle({0, 1, 0}, 170 * kPi / 180));
  EXPECT_LT(angle_between(normalize(Quat{q[0], q[1], q[2], q[3]}), want), 1e-5);
  const auto middle = sample(rotation, 0.5f);
  const auto m = components(middle->element, middle->bytes);
  EXPECT_LT(angle_between(normalize(Quat{m[0], m[1], m[2], m[3]}),
                          AxisConversion::mirror_x().rotation(axis_angle({0, 1, 0}, 85 * kPi / 180))),
            0.2 * kPi / 180);
  // CUBICSPLINE -> Tangent (flags bit 1): Resonite's Hermite must give glTF's curve. On x, p0 = 1, m0 = 2,
  // p1 = 3, m1 = 1, dt = 1; at u = 0.5: (p0 + p1)/2 + dt (m0 - m1)/8 = 2.125 (a mirror leaves scale factors).
  const Track& scale = document.tracks[2];
  EXPECT_EQ(scale.flags, kCurveTangents);
  const auto s = sample(scale, 0.5f);
  ASSERT_TRUE(s.ok());
  EXPECT_NEAR(components(s->element, s->bytes)[0], 2.125, 1e-6);
  EXPECT_TRUE(std::any_of(converted->notes.begin(), converted->notes.end(), [](const std::string& note) {
    return note.find("hierarchy") != std::string::npos;
  }));
}

TEST(AnimxBridge, UnsortedKeysResampleToTimesFloat32CanHold) {
  // Found by fuzz_animx_bridge: keys at 135356 s and 0 s (unsorted) were refined into keys closer than a
  // float32 can tell apart at that magnitude.
  Document document;
  Track track;
  track.element = ElementType::Float3;
  track.node = "Hips";
  track.property = "Position";
  // A second one: denormal and tiny key times whose "just after" keys differ only in double precision.
  for (const std::vector<float>& key_times :
       {std::vector<float>{135356.0f, 0.0f},
        std::vector<float>{1.42485e-38f, 4.44089e-16f, 0.0f, 4.62428e-44f}}) {
    track.times = key_times;
    track.values.bytes.clear();
    for (std::size_t k = 0; k < key_times.size(); ++k) {
      const auto value = to_bytes(ElementType::Float3, std::vector<double>{double(k), 2, 3});
      track.values.bytes.insert(track.values.bytes.end(), value.begin(), value.end());
    }
    choose_curve_layout(track, std::vector<Interpolation>(key_times.size(), Interpolation::Linear));
    document.tracks = {track};
    const auto converted = to_core(document, {});
    ASSERT_TRUE(converted.ok());
    const auto& times = converted->scene.clips[0].joints.at(0).translation->times;
    for (std::size_t i = 1; i < times.size(); ++i) {
      EXPECT_LT(static_cast<float>(times[i - 1]), static_cast<float>(times[i])) << i;
    }
  }
}

TEST(AnimxFamily, SniffsOpensAndEncodes) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "animx/sample_plain.animx");
  BONEBRIDGE_REQUIRE_SAMPLE(animj_path, "animx/sample_equivalent_handwritten.animj");
  const FormatFamily row = family();
  const auto bytes = read_bytes(path);
  const auto animj = read_bytes(animj_path);
  EXPECT_TRUE(row.sniff(bytes));
  EXPECT_TRUE(row.sniff(animj));
  EXPECT_FALSE(row.sniff(std::vector<std::uint8_t>{'{', '}'}));
  const auto opened = row.open(bytes, {});
  ASSERT_TRUE(opened.ok());
  EXPECT_EQ(*(*opened)->encode(), bytes);
  const auto info = (*opened)->info();
  EXPECT_EQ(info["trackCount"], 12);
  EXPECT_EQ(info["joints"], nlohmann::json({"Hips", "Tan", "Head", "Mixed", "Label", "Counter", "Body", "Sub",
                                            "Flags", "Caption", "Mat"}));
  EXPECT_DOUBLE_EQ((*opened)->duration(), 3.0);
  EXPECT_EQ((*opened)->dump()["tracks"][2]["flags"], 3);
  // Engine pose at t = 0.25: Hips translation (0.75, 1.75, 2.75) in Resonite's own axes (golden).
  const auto pose = *(*opened)->sample(0.25);
  ASSERT_EQ(pose.joints.size(), 11u);
  EXPECT_NEAR(pose.joints[0].model.m[12], 0.75, 1e-6);
  EXPECT_NEAR(pose.joints[0].model.m[13], 1.75, 1e-6);
  const auto text = row.open(animj, {});
  ASSERT_TRUE(text.ok());
  EXPECT_EQ((*text)->info()["format"], "Resonite AnimJ");
  EXPECT_TRUE((*text)->check(true).empty());
  // from_core to AnimJ when the output is .animj, AnimX otherwise.
  Options to_animj;
  to_animj.placement.output = "clip.animj";
  const auto written = row.from_core(two_key_scene(), to_animj);
  ASSERT_TRUE(written.ok());
  EXPECT_TRUE(read_animj({reinterpret_cast<const char*>(written->value.data()), written->value.size()}).ok());
  const auto binary = row.from_core(two_key_scene(), {});
  ASSERT_TRUE(binary.ok());
  EXPECT_TRUE(read(binary->value).ok());
}

TEST(AnimxFamily, TranscodesAnimjAndAnimxWithoutTheCoreModel) {
  BONEBRIDGE_REQUIRE_SAMPLE(animj_path, "animx/sample_equivalent_handwritten.animj");
  BONEBRIDGE_REQUIRE_SAMPLE(plain_path, "animx/sample_plain.animx");
  const auto plain = transcode(read_bytes(animj_path), {});
  ASSERT_TRUE(plain.ok()) << plain.error().to_string();
  EXPECT_EQ(*plain, read_bytes(plain_path));
  Options to_animj;
  to_animj.placement.output = "back.ANIMJ";
  const auto text = transcode(*plain, to_animj);
  ASSERT_TRUE(text.ok());
  Options to_lzma;
  to_lzma.values["encoding"] = "lzma";
  const auto lzma = transcode(*text, to_lzma);
  ASSERT_TRUE(lzma.ok());
  EXPECT_EQ((*lzma)[26], 2);  // the encoding byte after "SampleClip"
  const auto decoded = read(*lzma);
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(write_track_stream(*decoded), write_track_stream(*read(read_bytes(plain_path))));
}

}  // namespace
}  // namespace bonebridge::animx::animation
