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
  return nullptr;  // Run() takes a joint whose parent is not an earlier joint as a root: Validate() says so
}

#include "kernels.hpp"

// model = parent * local, in the same order on every path. A local matrix's last row is (0, 0, 0, 1): its
// columns 0..2 take three of the parent's columns, the translation all four.
void multiply(const Float4x4& parent, const float (&local)[16][8], int lane, [[maybe_unused]] bool scalar,
              Float4x4& out) {
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

// Group g's local matrices (and group g + 1's in lanes 4..7 on the AVX2 path, while there is one) into
// `local`; returns the lanes filled.
std::size_t local_matrices_of(std::span<const SoaTransform> input, std::size_t g, std::size_t groups,
                              [[maybe_unused]] simd::Path path, float (&local)[16][8]) {
#ifdef BONEBRIDGE_RUNTIME_AVX2
  if (path == simd::Path::Avx2 && g + 1 < groups) {
    simd::local_matrices_pair_avx2(&input[g], local);
    return 8;
  }
#endif
#ifdef BONEBRIDGE_RUNTIME_SSE
  if (path != simd::Path::Scalar) {
    local_matrices<simd::Sse>(input[g], 0, local);
    return 4;
  }
#endif
  static_cast<void>(groups), static_cast<void>(path);
  for (int lane = 0; lane < 4; ++lane) local_matrices<simd::Scalar>(input[g], lane, local);
  return 4;
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
  const std::size_t joints = skeleton->joint_count(), groups = (joints + 3) / 4;
  const simd::Path path = simd::path();
  const bool scalar = path == simd::Path::Scalar;
  alignas(32) float local[16][8];
  for (std::size_t g = 0; g < groups;) {
    const std::size_t lanes = local_matrices_of(input, g, groups, path, local);
    for (std::size_t lane = 0; lane < lanes && g * 4 + lane < joints; ++lane) {
      const std::size_t j = g * 4 + lane;
      const std::int32_t parent = skeleton->parents[j];
      if (parent < 0 || static_cast<std::size_t>(parent) >= j) {  // a root, or a parent not yet computed
        for (int e = 0; e < 16; ++e) output[j].m[e] = local[e][lane];
      } else {
        multiply(output[static_cast<std::size_t>(parent)], local, static_cast<int>(lane), scalar, output[j]);
      }
    }
    g += lanes / 4;
  }
}

}  // namespace bonebridge::runtime
