// SPDX-License-Identifier: MIT
// Blending, lane by lane (the loops are simple enough for the compiler to vectorise, and one code path
// gives one result everywhere).
#include <cmath>

#include "bonebridge/runtime/jobs.hpp"

namespace bonebridge::runtime {
namespace {

const char* layers_problem(std::span<const BlendingLayer> layers, std::size_t groups) {
  for (const auto& layer : layers) {
    if (layer.transform.size() < groups) return "a layer holds fewer SoA transforms than the skeleton needs";
    if (!std::isfinite(layer.weight) || layer.weight < 0) return "a layer's weight is negative or not finite";
  }
  return nullptr;
}

const char* problem(const BlendingJob& job) {
  if (!job.skeleton) return "no skeleton";
  const std::size_t groups = job.skeleton->soa_count();
  if (job.output.size() < groups) return "the output holds fewer SoA transforms than the skeleton needs";
  if (!std::isfinite(job.threshold) || !(job.threshold > 0)) return "the threshold is not a positive number";
  if (const char* text = layers_problem(job.layers, groups)) return text;
  return layers_problem(job.additive_layers, groups);
}

// Accumulates w * layer into sum (rotations flipped to the side of `reference`).
void accumulate(const SoaTransform& layer, float w, const SoaTransform& reference, SoaTransform& sum) {
  for (int l = 0; l < 4; ++l) {
    const float d = layer.qx[l] * reference.qx[l] + layer.qy[l] * reference.qy[l] +
                    layer.qz[l] * reference.qz[l] + layer.qw[l] * reference.qw[l];
    const float wq = d < 0 ? -w : w;
    sum.tx[l] += w * layer.tx[l], sum.ty[l] += w * layer.ty[l], sum.tz[l] += w * layer.tz[l];
    sum.qx[l] += wq * layer.qx[l], sum.qy[l] += wq * layer.qy[l];
    sum.qz[l] += wq * layer.qz[l], sum.qw[l] += wq * layer.qw[l];
    sum.sx[l] += w * layer.sx[l], sum.sy[l] += w * layer.sy[l], sum.sz[l] += w * layer.sz[l];
  }
}

void normalise(float total, SoaTransform& sum) {
  const float inverse = 1.0f / total;
  for (int l = 0; l < 4; ++l) {
    sum.tx[l] *= inverse, sum.ty[l] *= inverse, sum.tz[l] *= inverse;
    sum.sx[l] *= inverse, sum.sy[l] *= inverse, sum.sz[l] *= inverse;
    const float n = std::sqrt(sum.qx[l] * sum.qx[l] + sum.qy[l] * sum.qy[l] + sum.qz[l] * sum.qz[l] +
                              sum.qw[l] * sum.qw[l]);
    const float q = n > 0 ? 1.0f / n : 0.0f;
    sum.qx[l] *= q, sum.qy[l] *= q, sum.qz[l] *= q, sum.qw[l] = n > 0 ? sum.qw[l] * q : 1.0f;
  }
}

// out = out + w * additive translation, nlerp(identity, additive, w) * out, out * lerp(1, additive scale, w).
void apply_additive(const SoaTransform& add, float w, SoaTransform& out) {
  for (int l = 0; l < 4; ++l) {
    out.tx[l] += w * add.tx[l], out.ty[l] += w * add.ty[l], out.tz[l] += w * add.tz[l];
    out.sx[l] *= 1 + w * (add.sx[l] - 1), out.sy[l] *= 1 + w * (add.sy[l] - 1);
    out.sz[l] *= 1 + w * (add.sz[l] - 1);
    const float side = add.qw[l] < 0 ? -w : w;
    float ax = side * add.qx[l], ay = side * add.qy[l], az = side * add.qz[l], aw = 1 - w + side * add.qw[l];
    const float n = std::sqrt(ax * ax + ay * ay + az * az + aw * aw);
    ax /= n, ay /= n, az /= n, aw /= n;
    const float bx = out.qx[l], by = out.qy[l], bz = out.qz[l], bw = out.qw[l];
    out.qx[l] = aw * bx + ax * bw + ay * bz - az * by;
    out.qy[l] = aw * by - ax * bz + ay * bw + az * bx;
    out.qz[l] = aw * bz + ax * by - ay * bx + az * bw;
    out.qw[l] = aw * bw - ax * bx - ay * by - az * bz;
  }
}

}  // namespace

std::string BlendingJob::Validate() const {
  const char* text = problem(*this);
  return text ? text : "";
}

void BlendingJob::Run() const {
  if (problem(*this)) return;
  float total = 0;
  for (const auto& layer : layers) total += layer.weight;
  // What the layers leave under the threshold goes to the rest pose, so that weights near 0 stay defined.
  const float rest_weight = total < threshold ? threshold - total : 0.0f;
  for (std::size_t g = 0; g < skeleton->soa_count(); ++g) {
    SoaTransform sum{};
    const SoaTransform& reference = layers.empty() ? skeleton->rest[g] : layers.front().transform[g];
    for (const auto& layer : layers)
      if (layer.weight > 0) accumulate(layer.transform[g], layer.weight, reference, sum);
    if (rest_weight > 0) accumulate(skeleton->rest[g], rest_weight, reference, sum);
    normalise(total + rest_weight, sum);
    for (const auto& layer : additive_layers)
      if (layer.weight > 0) apply_additive(layer.transform[g], layer.weight, sum);
    output[g] = sum;
  }
}

}  // namespace bonebridge::runtime
