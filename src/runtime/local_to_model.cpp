// SPDX-License-Identifier: MIT
// Local-to-model: each SoA group's four local matrices built at once, then each joint's matrix as its
// parent's times its local one (parents come first, so the parent's is ready).
#include <cmath>

#include "bonebridge/runtime/jobs.hpp"
#include "simd.hpp"

namespace bonebridge::runtime {
namespace {

const char* problem(const LocalToModelJob& job) {
  if (!job.skeleton) return "no skeleton";
  if (job.input.size() < job.skeleton->soa_count() ||
      job.skeleton->soa_count() * 4 < job.skeleton->joint_count())
    return "the input holds fewer SoA transforms than the skeleton's joints need";
  if (job.output.size() < job.skeleton->joint_count()) return "the output holds fewer matrices than joints";
  const auto& parents = job.skeleton->parents;
  for (std::size_t j = 0; j < parents.size(); ++j)
    if (parents[j] >= static_cast<std::int32_t>(j) || parents[j] < -1)
      return "a joint's parent is not an earlier joint";
  return nullptr;
}

// The 4x4 matrices (T * R * S, column-major) of lanes lane..lane+width, as [element][lane].
template <class V>
void local_matrices(const SoaTransform& g, int lane, float (&m)[16][4]) {
  const V x = V::load(&g.qx[lane]), y = V::load(&g.qy[lane]), z = V::load(&g.qz[lane]),
          w = V::load(&g.qw[lane]);
  const V one = V::splat(1), two = V::splat(2);
  const V xx = x * x, yy = y * y, zz = z * z, xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y,
          wz = w * z;
  const V sx = V::load(&g.sx[lane]), sy = V::load(&g.sy[lane]), sz = V::load(&g.sz[lane]);
  const V element[12] = {
      (one - two * (yy + zz)) * sx, two * (xy + wz) * sx, two * (xz - wy) * sx, two * (xy - wz) * sy,
      (one - two * (xx + zz)) * sy, two * (yz + wx) * sy, two * (xz + wy) * sz, two * (yz - wx) * sz,
      (one - two * (xx + yy)) * sz, V::load(&g.tx[lane]), V::load(&g.ty[lane]), V::load(&g.tz[lane])};
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 3; ++r) element[c * 3 + r].store(&m[c * 4 + r][lane]);
    (c == 3 ? one : V::splat(0)).store(&m[c * 4 + 3][lane]);
  }
}

// model = parent * local, in the same order on every path. A local matrix's last row is (0, 0, 0, 1): its
// columns 0..2 take three of the parent's columns, the translation all four.
void multiply(const Float4x4& parent, const float (&local)[16][4], int lane, bool scalar, Float4x4& out) {
#ifdef BONEBRIDGE_RUNTIME_SSE
  if (!scalar) {
    const __m128 p[4] = {_mm_loadu_ps(parent.m), _mm_loadu_ps(parent.m + 4), _mm_loadu_ps(parent.m + 8),
                         _mm_loadu_ps(parent.m + 12)};
    for (int c = 0; c < 4; ++c) {
      __m128 sum = _mm_mul_ps(p[0], _mm_set1_ps(local[c * 4][lane]));
      sum = _mm_add_ps(sum, _mm_mul_ps(p[1], _mm_set1_ps(local[c * 4 + 1][lane])));
      sum = _mm_add_ps(sum, _mm_mul_ps(p[2], _mm_set1_ps(local[c * 4 + 2][lane])));
      if (c == 3) sum = _mm_add_ps(sum, p[3]);
      _mm_storeu_ps(out.m + c * 4, sum);
    }
    return;
  }
#endif
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      float sum = parent.m[r] * local[c * 4][lane];
      sum = sum + parent.m[4 + r] * local[c * 4 + 1][lane];
      sum = sum + parent.m[8 + r] * local[c * 4 + 2][lane];
      if (c == 3) sum = sum + parent.m[12 + r];
      out.m[c * 4 + r] = sum;
    }
  }
}

}  // namespace

std::string LocalToModelJob::Validate() const {
  if (const char* text = problem(*this)) return text;
  const auto& parents = skeleton->parents;
  for (std::size_t j = 0; j < parents.size(); ++j)
    if (parents[j] >= static_cast<std::int32_t>(j) || parents[j] < -1)
      return "a joint's parent is not an earlier joint (Run() takes it as a root)";
  return {};
}

void LocalToModelJob::Run() const {
  if (problem(*this)) return;
  const std::size_t joints = skeleton->joint_count();
  const bool scalar = simd::scalar_only();
  alignas(16) float local[16][4];
  for (std::size_t g = 0; g * 4 < joints; ++g) {
    if (scalar) {
      for (int lane = 0; lane < 4; ++lane) local_matrices<simd::Scalar>(input[g], lane, local);
    } else {
#ifdef BONEBRIDGE_RUNTIME_SSE
      local_matrices<simd::Sse>(input[g], 0, local);
#endif
    }
    for (int lane = 0; lane < 4 && g * 4 + lane < joints; ++lane) {
      const std::size_t j = g * 4 + lane;
      const std::int32_t parent = skeleton->parents[j];
      if (parent < 0 || static_cast<std::size_t>(parent) >= j) {  // a root, or a parent not yet computed
        for (int e = 0; e < 16; ++e) output[j].m[e] = local[e][lane];
      } else {
        multiply(output[static_cast<std::size_t>(parent)], local, lane, scalar, output[j]);
      }
    }
  }
}

}  // namespace bonebridge::runtime
