// SPDX-License-Identifier: MIT
#include "runtime_player.hpp"

#include <algorithm>
#include <iterator>

#include "guard.hpp"

namespace bonebridge::capi {

RuntimePlayer::RuntimePlayer(const CoreConversion& core, const std::string& address) : core_(core) {
  if (core_.scene.clips.empty()) return;
  runtime::ClipBuilder builder;
  builder.skeleton = &core_.scene.skeleton;
  builder.clip = &core_.scene.clips[0];
  if (const auto problem = builder.Validate(); !problem.empty())
    throw Failed{Error{"runtime clip", "the clip cannot be compiled: " + problem, {}, {}, address}};
  clip_ = builder.Build();
  skeleton_ = runtime::make_runtime_skeleton(core_.scene.skeleton);
  context_.bind(clip_);
  locals_.resize(clip_.soa_count());
  model_.resize(clip_.joint_count());
  to_game_ = core_.conversion.inverse();
}

void RuntimePlayer::pose_at(double time, EnginePose& pose) {
  pose.time = time;
  if (core_.scene.clips.empty()) return;
  const float t = std::clamp(static_cast<float>(time), 0.0f, clip_.duration());
  runtime::SamplingJob{&clip_, &context_, t, locals_}.Run();
  runtime::LocalToModelJob{&skeleton_, locals_, model_}.Run();
  for (std::size_t j = 0; j < pose.joints.size() && j < core_.core_joint_of.size(); ++j) {
    const int core = core_.core_joint_of[j];
    if (core < 0 || static_cast<std::size_t>(core) >= clip_.joint_count()) continue;
    const auto c = static_cast<std::size_t>(core);
    const runtime::SoaTransform& g = locals_[c / 4];
    const std::size_t l = c % 4;
    const Transform local{
        {g.tx[l], g.ty[l], g.tz[l]}, {g.qx[l], g.qy[l], g.qz[l], g.qw[l]}, {g.sx[l], g.sy[l], g.sz[l]}};
    Mat4 model;
    std::copy(std::begin(model_[c].m), std::end(model_[c].m), std::begin(model.m));
    pose.joints[j].local = to_game_.transform(local);
    pose.joints[j].model = to_game_.matrix(model);
  }
}

}  // namespace bonebridge::capi
