// SPDX-License-Identifier: MIT
// The runtime clip and its jobs against the core sampler, and their answers to bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <iostream>

#include <fmt/format.h>

#include "bonebridge/core/sampler.hpp"
#include "bonebridge/runtime/jobs.hpp"

namespace bonebridge::runtime {
namespace {

// A chain of `joints` joints, `rate` keys per second of translation and rotation, of the given interpolation.
// STEP keys are at times a float holds exactly (rate 32): a time a float rounds onto a key's time steps
// there, where the core sampler's double may still be a hair before it.
struct Fixture {
  Skeleton skeleton;
  Clip clip;
  Fixture(int joints, Interpolation interpolation, double duration = 2.0, double rate = 30) {
    for (int j = 0; j < joints; ++j)
      skeleton.joints.push_back({fmt::format("j{}", j), j - 1, {{0, 0.5, 0}, {}, {1, 1, 1}}});
    clip.duration = duration;
    const int keys = static_cast<int>(duration * rate) + 1;
    for (int j = 0; j < joints; ++j) {
      JointChannels channels{
          j, Channel<Vec3>{interpolation, {}, {}}, Channel<Quat>{interpolation, {}, {}}, {}};
      const int per_key = interpolation == Interpolation::CubicSpline ? 3 : 1;
      for (int k = 0; k < keys; ++k) {
        const double t = k / rate;
        channels.translation->times.push_back(t);
        channels.rotation->times.push_back(t);
        for (int v = 0; v < per_key; ++v) {
          const double wobble = per_key == 3 && v != 1 ? 0.05 * (v - 1) : 0.0;
          channels.translation->values.push_back({std::sin(t + j) + wobble, 0.1 * j, std::cos(t)});
          channels.rotation->values.push_back(per_key == 3 && v != 1
                                                  ? Quat{wobble, 0, 0, 0}
                                                  : axis_angle({0, 1, 0.2 * j}, std::sin(t * 2 + j)));
        }
      }
      clip.joints.push_back(std::move(channels));
    }
  }
};

RuntimeClip build(const Fixture& f) {
  ClipBuilder builder;
  builder.skeleton = &f.skeleton;
  builder.clip = &f.clip;
  EXPECT_EQ(builder.Validate(), "");
  return builder.Build();
}

// Largest distance between the core sampler's model-space joint positions and the runtime's over `times`,
// relative to the extent of the core's positions (the diagonal of their box), as core/fidelity.hpp measures.
double largest_error(const Fixture& f, const RuntimeClip& clip, const std::vector<double>& times) {
  ClipPoser poser(f.skeleton, f.clip);
  const RuntimeSkeleton skeleton = make_runtime_skeleton(f.skeleton);
  SamplingContext context(clip);
  std::vector<SoaTransform> locals(clip.soa_count());
  std::vector<Float4x4> model(clip.joint_count());
  double worst = 0;
  Vec3 low{1e300, 1e300, 1e300}, high{-1e300, -1e300, -1e300};
  for (const double t : times) {
    SamplingJob sampling{&clip, &context, static_cast<float>(t), locals};
    EXPECT_EQ(sampling.Validate(), "");
    sampling.Run();
    LocalToModelJob ltm{&skeleton, locals, model};
    EXPECT_EQ(ltm.Validate(), "");
    ltm.Run();
    const auto& expected = poser.model_at(t);
    for (std::size_t j = 0; j < model.size(); ++j) {
      const Vec3 p{model[j].m[12], model[j].m[13], model[j].m[14]};
      const Vec3 e = expected[j].translation();
      worst = std::max(worst, distance(p, e));
      low = {std::min(low.x, e.x), std::min(low.y, e.y), std::min(low.z, e.z)};
      high = {std::max(high.x, e.x), std::max(high.y, e.y), std::max(high.z, e.z)};
    }
  }
  return worst / distance(low, high);
}

TEST(RuntimeClip, FollowsTheCoreSamplerForwardBackwardAndAtRandom) {
  for (const auto interpolation : {Interpolation::Linear, Interpolation::Step, Interpolation::CubicSpline}) {
    const Fixture f(9, interpolation, 2.0, interpolation == Interpolation::Step ? 32 : 30);
    const RuntimeClip clip = build(f);
    std::vector<double> forward, random;
    for (int i = 0; i <= 120; ++i) forward.push_back(i / 60.0);
    for (int i = 0; i < 200; ++i) random.push_back(std::fmod(i * 0.7373, 2.0));
    const double bound = 1e-5;
    EXPECT_LT(largest_error(f, clip, forward), bound) << to_string(interpolation);
    EXPECT_LT(largest_error(f, clip, random), bound) << to_string(interpolation);
    std::vector<double> backward(forward.rbegin(), forward.rend());
    EXPECT_LT(largest_error(f, clip, backward), bound) << to_string(interpolation);
  }
}

TEST(RuntimeClip, StepsAtTheKeyTimeAsTheCoreSampler) {
  const Fixture f(1, Interpolation::Step, 2.0, 32);
  const RuntimeClip clip = build(f);
  std::vector<double> at_keys;
  for (int k = 0; k <= 64; ++k) at_keys.push_back(k / 32.0);
  EXPECT_LT(largest_error(f, clip, at_keys), 1e-5);
}

TEST(RuntimeClip, QuantisesWhereTheBoundAllowsAndSaysItsSize) {
  const Fixture f(64, Interpolation::Linear, 10.0);
  const RuntimeClip clip = build(f);
  std::size_t quantized = 0;
  for (std::size_t track = 0; track < clip.track_count(); ++track)
    quantized += clip.codec(track).format == KeyFormat::Quantized;
  // All but the constant scale tracks (two equal keys each: their value in their codec, no records).
  EXPECT_GE(quantized, clip.track_count() * 2 / 3);
  std::size_t constant = 0;
  for (std::size_t track = 0; track < clip.track_count(); ++track)
    constant += clip.codec(track).format == KeyFormat::Constant;
  EXPECT_EQ(constant, std::size_t{64});
  EXPECT_EQ(clip.key_count(), std::size_t{64 * 301 * 2});
  // 192 tracks: 1-byte track numbers; 301 distinct times: 2-byte time indices.
  EXPECT_EQ(clip.track_bytes(), std::size_t{1});
  EXPECT_EQ(clip.time_bytes(), std::size_t{2});
  // 301 keys, translation and rotation, per joint: 9 bytes a translation key, 11 or 13 a rotation key, and
  // the seek points (19, every 0.5 s but at 0: 8 bytes for each of the 128 animated tracks).
  EXPECT_EQ(clip.seek_times().size(), std::size_t{19});
  EXPECT_LT(clip.size_bytes(), std::size_t{64 * 301 * 22 + 19 * 128 * 8 + 8192});
}

// Every path this machine has (scalar, SSE2, AVX2: two SoA groups at once, an odd group count ending on
// SSE2) gives the scalar path's floats, bit for bit.
TEST(RuntimeJobs, EveryPathGivesTheScalarFloats) {
  for (const int joints : {13, 9}) {
    const Fixture f(joints, Interpolation::CubicSpline);
    const RuntimeClip clip = build(f);
    const RuntimeSkeleton skeleton = make_runtime_skeleton(f.skeleton);
    const auto play = [&](std::vector<SoaTransform>& locals, std::vector<Float4x4>& model) {
      SamplingContext context(clip);
      locals.assign(clip.soa_count(), SoaTransform{});
      model.assign(static_cast<std::size_t>(joints), Float4x4{});
      for (const float t : {0.0f, 0.3f, 1.7f, 0.9f}) {
        SamplingJob{&clip, &context, t, locals}.Run();
        LocalToModelJob{&skeleton, locals, model}.Run();
      }
    };
    ASSERT_TRUE(force_simd_path("scalar"));
    std::vector<SoaTransform> scalar_locals;
    std::vector<Float4x4> scalar_model;
    play(scalar_locals, scalar_model);
    int paths = 0;
    for (const char* path : {"sse2", "avx2"}) {
      if (!force_simd_path(path)) continue;
      ++paths;
      EXPECT_STREQ(simd_path(), path);
      std::vector<SoaTransform> locals;
      std::vector<Float4x4> model;
      play(locals, model);
      EXPECT_EQ(std::memcmp(locals.data(), scalar_locals.data(), locals.size() * sizeof(SoaTransform)), 0)
          << path << ", " << joints << " joints";
      EXPECT_EQ(std::memcmp(model.data(), scalar_model.data(), model.size() * sizeof(Float4x4)), 0)
          << path << ", " << joints << " joints";
    }
    force_simd_path(nullptr);
#if defined(__x86_64__) && !defined(_WIN32) && !defined(__EMSCRIPTEN__)
    EXPECT_GE(paths, 1) << "x86-64 has SSE2 at least";
#endif
    std::cout << "paths compared with scalar: " << paths << " (this machine's best: " << simd_path() << ")\n";
  }
}

TEST(RuntimeJobs, NamesOnlyPathsThisMachineHas) {
  EXPECT_FALSE(force_simd_path("avx512"));
  EXPECT_TRUE(force_simd_path("scalar"));
  EXPECT_STREQ(simd_path(), "scalar");
  EXPECT_TRUE(force_simd_path(""));
  EXPECT_STRNE(simd_path(), "");
}

}  // namespace
}  // namespace bonebridge::runtime
