// SPDX-License-Identifier: MIT
// The AVX2 path, compiled alone with -mavx2 (CMakeLists.txt) and called only where the CPU has AVX2
// (dispatch.cpp): kernels.hpp's arithmetic over eight lanes, two SoA groups at once, in the same operations
// and order as the SSE2 and scalar paths (IEEE single precision, no fused multiply-add: -ffp-contract=off),
// so that it gives the same floats. Everything here but the two entry points has internal linkage: no copy
// of a function compiled for AVX2 may be the one another file's call lands on.
#include "simd.hpp"

#ifdef BONEBRIDGE_RUNTIME_AVX2
#include <immintrin.h>

#include "bonebridge/runtime/jobs.hpp"

namespace bonebridge::runtime {
namespace {

// Eight lanes: four at p and four at p + Stride floats (the same field of the next SoA group), or at
// p + StoreStride on the way out.
template <int LoadStride, int StoreStride>
struct AvxPair {
  static constexpr int kWidth = 8;
  __m256 v;
  static AvxPair load(const float* p) {
    return {_mm256_insertf128_ps(_mm256_castps128_ps256(_mm_load_ps(p)), _mm_load_ps(p + LoadStride), 1)};
  }
  static AvxPair splat(float f) { return {_mm256_set1_ps(f)}; }
  void store(float* p) const {
    _mm_store_ps(p, _mm256_castps256_ps128(v));
    _mm_store_ps(p + StoreStride, _mm256_extractf128_ps(v, 1));
  }
  friend AvxPair operator+(AvxPair a, AvxPair b) { return {_mm256_add_ps(a.v, b.v)}; }
  friend AvxPair operator-(AvxPair a, AvxPair b) { return {_mm256_sub_ps(a.v, b.v)}; }
  friend AvxPair operator*(AvxPair a, AvxPair b) { return {_mm256_mul_ps(a.v, b.v)}; }
  friend AvxPair operator/(AvxPair a, AvxPair b) { return {_mm256_div_ps(a.v, b.v)}; }
  // As minps / maxps: the second operand when either is NaN.
  friend AvxPair min(AvxPair a, AvxPair b) { return {_mm256_min_ps(a.v, b.v)}; }
  friend AvxPair max(AvxPair a, AvxPair b) { return {_mm256_max_ps(a.v, b.v)}; }
  friend AvxPair sqrt(AvxPair a) { return {_mm256_sqrt_ps(a.v)}; }
};

constexpr int kSegmentFloats = sizeof(detail::GroupSegments) / sizeof(float);
constexpr int kTransformFloats = sizeof(SoaTransform) / sizeof(float);
static_assert(sizeof(detail::GroupSegments) % 16 == 0 && sizeof(SoaTransform) % 16 == 0);

#include "kernels.hpp"

}  // namespace

void simd::interpolate_pairs_avx2(const detail::GroupSegments* segments, float time, SoaTransform* output,
                                  std::size_t pairs) {
  using V = AvxPair<kSegmentFloats, kTransformFloats>;
  const V t = V::splat(time);
  for (std::size_t p = 0; p < pairs; ++p) interpolate_group<V>(segments[p * 2], t, output[p * 2]);
}

void simd::local_matrices_pair_avx2(const SoaTransform* pair, float (&m)[16][8]) {
  local_matrices<AvxPair<kTransformFloats, 4>>(pair[0], 0, m);
}

}  // namespace bonebridge::runtime
#endif
