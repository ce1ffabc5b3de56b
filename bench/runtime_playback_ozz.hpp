// SPDX-License-Identifier: MIT
#pragma once
// ozz-animation's side of bench/runtime_playback.cpp, when built with its source (OZZ_SOURCE): the same
// skeleton and the same keys (ozz's offline RawAnimation takes a clip's keys as they are: its keys must be
// strictly increasing in time, so a STEP's second key at one time is left out), sampled and converted to
// model space by ozz's own jobs.
#ifdef BONEBRIDGE_BENCH_OZZ
#include <algorithm>
#include <chrono>

#include "bonebridge/core/clip.hpp"
#include "bonebridge/core/skeleton.hpp"
#include "ozz/animation/offline/animation_builder.h"
#include "ozz/animation/offline/raw_animation.h"
#include "ozz/animation/offline/raw_skeleton.h"
#include "ozz/animation/offline/skeleton_builder.h"
#include "ozz/animation/runtime/animation.h"
#include "ozz/animation/runtime/local_to_model_job.h"
#include "ozz/animation/runtime/sampling_job.h"
#include "ozz/animation/runtime/skeleton.h"
#include "ozz/base/maths/simd_math.h"
#include "ozz/base/maths/soa_transform.h"

namespace bench_ozz {

using namespace bonebridge;
namespace offline = ozz::animation::offline;

inline ozz::math::Transform transform_of(const Transform& t) {
  const auto f = [](double v) { return static_cast<float>(v); };
  const Quat q = normalize(t.rotation);
  return {{f(t.translation.x), f(t.translation.y), f(t.translation.z)},
          {f(q.x), f(q.y), f(q.z), f(q.w)},
          {f(t.scale.x), f(t.scale.y), f(t.scale.z)}};
}

// ozz orders joints depth first, children in the order given: core joint j is ozz joint order[j].
inline offline::RawSkeleton raw_skeleton(const Skeleton& skeleton, std::vector<int>& order) {
  offline::RawSkeleton raw;
  order.assign(skeleton.joints.size(), -1);
  int next = 0;
  const std::function<void(int, offline::RawSkeleton::Joint&)> fill = [&](int j,
                                                                          offline::RawSkeleton::Joint& out) {
    order[static_cast<std::size_t>(j)] = next++;
    out.name = skeleton.joints[static_cast<std::size_t>(j)].name.c_str();
    out.transform = transform_of(skeleton.joints[static_cast<std::size_t>(j)].rest);
    for (std::size_t c = 0; c < skeleton.joints.size(); ++c)
      if (skeleton.joints[c].parent == j) fill(static_cast<int>(c), out.children.emplace_back());
  };
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j)
    if (skeleton.joints[j].parent < 0) fill(static_cast<int>(j), raw.roots.emplace_back());
  return raw;
}

template <class Key, class Value, class Convert>
void keys_of(const std::optional<Channel<Value>>& channel, float duration, Value rest, ozz::vector<Key>& out,
             Convert convert) {
  if (!channel || channel->empty()) {
    out.push_back({0.0f, convert(rest)});
    return;
  }
  const bool cubic = channel->interpolation == Interpolation::CubicSpline;
  for (std::size_t k = 0; k < channel->times.size(); ++k) {
    const float t = std::clamp(static_cast<float>(channel->times[k]), 0.0f, duration);
    if (!out.empty() && !(t > out.back().time)) continue;
    out.push_back({t, convert(channel->values[cubic ? k * 3 + 1 : k])});
  }
}

struct OzzPlayer {
  ozz::unique_ptr<ozz::animation::Skeleton> skeleton;
  ozz::unique_ptr<ozz::animation::Animation> animation;
  std::vector<std::unique_ptr<ozz::animation::SamplingJob::Context>> contexts;
  ozz::vector<ozz::math::SoaTransform> locals;
  ozz::vector<ozz::math::Float4x4> model;
  double build_ms = 0;

  template <class Case>
  OzzPlayer(const Case& c, int characters) {
    std::vector<int> order;
    skeleton = offline::SkeletonBuilder()(raw_skeleton(c.skeleton, order));
    offline::RawAnimation raw;
    raw.duration = static_cast<float>(c.clip.duration);
    raw.tracks.resize(c.skeleton.joints.size());
    const auto f = [](double v) { return static_cast<float>(v); };
    for (std::size_t j = 0; j < c.skeleton.joints.size(); ++j) {
      const JointChannels* channels = nullptr;
      for (const auto& candidate : c.clip.joints)
        if (candidate.joint == static_cast<int>(j)) channels = &candidate;
      auto& track = raw.tracks[static_cast<std::size_t>(order[j])];
      const Transform& rest = c.skeleton.joints[j].rest;
      const auto vec = [&](Vec3 v) { return ozz::math::Float3(f(v.x), f(v.y), f(v.z)); };
      const auto quat = [&](Quat q) {
        q = normalize(q);
        return ozz::math::Quaternion(f(q.x), f(q.y), f(q.z), f(q.w));
      };
      const std::optional<Channel<Vec3>> none;
      keys_of(channels ? channels->translation : none, raw.duration, rest.translation, track.translations,
              vec);
      keys_of(channels ? channels->rotation : std::optional<Channel<Quat>>{}, raw.duration, rest.rotation,
              track.rotations, quat);
      keys_of(channels ? channels->scale : none, raw.duration, rest.scale, track.scales, vec);
    }
    offline::AnimationBuilder builder;
    builder.iframe_interval = 1.0f;  // as bonebridge's seek points
    std::vector<double> ms;
    for (int run = 0; run < 5; ++run) {
      const auto start = std::chrono::steady_clock::now();
      animation = builder(raw);
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    build_ms = ms[2];
    if (!skeleton || !animation)
      throw std::runtime_error("ozz could not build the skeleton or the animation");
    for (int i = 0; i < characters; ++i)
      contexts.push_back(std::make_unique<ozz::animation::SamplingJob::Context>(animation->num_tracks()));
    locals.resize(static_cast<std::size_t>(skeleton->num_soa_joints()));
    model.resize(static_cast<std::size_t>(skeleton->num_joints()));
  }

  void play(std::size_t character, double t) {
    ozz::animation::SamplingJob sampling;
    sampling.animation = animation.get();
    sampling.context = contexts[character].get();
    sampling.ratio = static_cast<float>(t) / animation->duration();
    sampling.output = ozz::make_span(locals);
    sampling.Run();
    ozz::animation::LocalToModelJob ltm;
    ltm.skeleton = skeleton.get();
    ltm.input = ozz::make_span(locals);
    ltm.output = ozz::make_span(model);
    ltm.Run();
  }
  std::size_t bytes() const { return animation->size(); }
};

}  // namespace bench_ozz
#endif
