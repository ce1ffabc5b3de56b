// SPDX-License-Identifier: MIT
#pragma once
// Evaluates a core clip the way a glTF runtime specifies it: key search, STEP / LINEAR (slerp for
// rotations) / CUBICSPLINE (Hermite, rotations normalised), clamped before the first and after the last key.
// A compiled ClipSampler holds per-channel cursors so that forward playback does no search and no
// allocation per call.
#include <span>
#include <vector>

#include "bonebridge/core/clip.hpp"
#include "bonebridge/core/skeleton.hpp"

namespace bonebridge {

Vec3 sample_channel(const Channel<Vec3>& channel, double t);
Quat sample_channel(const Channel<Quat>& channel, double t);
// The same, the key search starting at `cursor` and leaving it at the segment found: a caller sampling
// forward, or within one segment, does not search.
Vec3 sample_channel(const Channel<Vec3>& channel, double t, std::size_t& cursor);
Quat sample_channel(const Channel<Quat>& channel, double t, std::size_t& cursor);

class ClipSampler {
 public:
  ClipSampler(const Skeleton& skeleton, const Clip& clip);

  // Local transforms of every joint at time t (rest pose where no channel drives a joint).
  void sample(double t, std::span<Transform> locals);
  std::size_t joint_count() const { return rest_.size(); }

 private:
  struct Vec3Track {
    const Channel<Vec3>* channel;
    std::size_t joint;
    std::size_t cursor = 0;
  };
  struct QuatTrack {
    const Channel<Quat>* channel;
    std::size_t joint;
    std::size_t cursor = 0;
  };

  std::vector<Transform> rest_;
  std::vector<Vec3Track> translations_, scales_;
  std::vector<QuatTrack> rotations_;
};

// Model-space matrices of every joint of a clip at time t (a ClipSampler, then local_to_model), with the
// buffers kept between calls.
class ClipPoser {
 public:
  ClipPoser(const Skeleton& skeleton, const Clip& clip);
  const std::vector<Mat4>& model_at(double t);

 private:
  const Skeleton& skeleton_;
  ClipSampler sampler_;
  std::vector<Transform> locals_;
  std::vector<Mat4> model_;
};

}  // namespace bonebridge
