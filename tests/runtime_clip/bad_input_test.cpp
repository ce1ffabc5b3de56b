// SPDX-License-Identifier: MIT
// What the builder and the jobs say to bad input, and blending's weights.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "bonebridge/runtime/jobs.hpp"

namespace bonebridge::runtime {
namespace {

struct OneJoint {
  Skeleton skeleton{{{"root", -1, {}}}};
  Clip clip;
  OneJoint() {
    clip.duration = 1;
    clip.joints.push_back({0, Channel<Vec3>{Interpolation::Linear, {0, 1}, {{0, 0, 0}, {1, 0, 0}}}, {}, {}});
  }
  ClipBuilder builder() const {
    ClipBuilder b;
    b.skeleton = &skeleton;
    b.clip = &clip;
    return b;
  }
};

TEST(RuntimeBuilder, RefusesBadClipsWithAText) {
  OneJoint empty;
  empty.clip.joints.clear();
  EXPECT_EQ(empty.builder().Validate(), "the clip has no keys");
  OneJoint nan;
  nan.clip.joints[0].translation->values[1].y = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(nan.builder().Validate().find("not finite"), std::string::npos);
  OneJoint inf;
  inf.clip.joints[0].translation->times[1] = std::numeric_limits<double>::infinity();
  EXPECT_NE(inf.builder().Validate().find("not finite"), std::string::npos);
  OneJoint short_values;
  short_values.clip.joints[0].translation->values.pop_back();
  EXPECT_NE(short_values.builder().Validate().find("values for"), std::string::npos);
  OneJoint stranger;
  stranger.clip.joints[0].joint = 3;
  EXPECT_NE(stranger.builder().Validate().find("skeleton has 1 joints"), std::string::npos);
  EXPECT_EQ(OneJoint{}.builder().Validate(), "");
}

TEST(RuntimeSampling, RefusesBadJobsWithATextAndRunsNothing) {
  const OneJoint f;
  const RuntimeClip clip = f.builder().Build();
  const RuntimeClip other = f.builder().Build();
  SamplingContext context(clip), wrong(other);
  std::vector<SoaTransform> out(1), none;
  SoaTransform before{};
  out[0] = before;
  EXPECT_EQ((SamplingJob{&clip, &context, 0.5f, out}.Validate()), "");
  EXPECT_NE((SamplingJob{&clip, &context, 1.5f, out}.Validate().find("outside")), std::string::npos);
  EXPECT_NE((SamplingJob{&clip, &context, -0.1f, out}.Validate().find("outside")), std::string::npos);
  EXPECT_NE((SamplingJob{&clip, &context, NAN, out}.Validate().find("outside")), std::string::npos);
  EXPECT_NE((SamplingJob{&clip, &context, 0.5f, none}.Validate().find("fewer")), std::string::npos);
  EXPECT_NE((SamplingJob{&clip, &wrong, 0.5f, out}.Validate().find("another clip")), std::string::npos);
  SamplingJob{&clip, &wrong, 0.5f, out}.Run();
  EXPECT_EQ(out[0].tx[0], before.tx[0]);
  SamplingJob{&clip, &context, 0.5f, out}.Run();
  EXPECT_FLOAT_EQ(out[0].tx[0], 0.5f);
}

TEST(RuntimeLocalToModel, RefusesShortSpans) {
  const OneJoint f;
  const RuntimeSkeleton skeleton = make_runtime_skeleton(f.skeleton);
  std::vector<SoaTransform> in(1);
  std::vector<Float4x4> out(1), none;
  EXPECT_EQ((LocalToModelJob{&skeleton, in, out}.Validate()), "");
  EXPECT_NE((LocalToModelJob{&skeleton, in, none}.Validate()), "");
  EXPECT_NE((LocalToModelJob{&skeleton, {}, out}.Validate()), "");
}

SoaTransform pose(float x, Quat q) {
  SoaTransform s = make_runtime_skeleton(Skeleton{{{"a", -1, {}}}}).rest[0];
  for (int l = 0; l < 4; ++l) {
    s.tx[l] = x;
    s.qx[l] = static_cast<float>(q.x), s.qy[l] = static_cast<float>(q.y);
    s.qz[l] = static_cast<float>(q.z), s.qw[l] = static_cast<float>(q.w);
  }
  return s;
}

TEST(RuntimeBlending, WeighsLayersAndAddsAdditiveOnes) {
  const RuntimeSkeleton skeleton = make_runtime_skeleton(Skeleton{{{"a", -1, {}}}});
  const SoaTransform a = pose(0, axis_angle({0, 0, 1}, 0)), b = pose(2, axis_angle({0, 0, 1}, 1.0));
  // b given as -q: the same rotation, which blending must bring to a's side.
  SoaTransform b_flipped = b;
  for (int l = 0; l < 4; ++l)
    b_flipped.qx[l] *= -1, b_flipped.qy[l] *= -1, b_flipped.qz[l] *= -1, b_flipped.qw[l] *= -1;
  const BlendingLayer layers[] = {{{&a, 1}, 1.0f}, {{&b_flipped, 1}, 1.0f}};
  const SoaTransform add = pose(1, axis_angle({0, 0, 1}, 0.5));
  const BlendingLayer additive[] = {{{&add, 1}, 1.0f}};
  SoaTransform out;
  BlendingJob job{&skeleton, layers, additive, 0.1f, {&out, 1}};
  ASSERT_EQ(job.Validate(), "");
  job.Run();
  EXPECT_FLOAT_EQ(out.tx[0], 2.0f);  // (0 + 2) / 2, then + 1
  // Halfway between 0 and 1 rad is 0.5 rad, and the additive layer turns 0.5 rad more.
  EXPECT_NEAR(2 * std::atan2(out.qz[0], out.qw[0]), 1.0, 1e-5);
  const BlendingLayer negative[] = {{{&a, 1}, -1.0f}};
  EXPECT_NE((BlendingJob{&skeleton, negative, {}, 0.1f, {&out, 1}}.Validate()), "");
}

}  // namespace
}  // namespace bonebridge::runtime
