// SPDX-License-Identifier: MIT
#pragma once
// One arithmetic written once for every path: kernels (kernels.hpp) are templates over a lane type, Scalar
// (one float), Sse (four, SSE2) or avx2.cpp's pairs of groups (eight, AVX2), whose operations are IEEE single
// precision in the same order, so that every path gives the same floats (the runtime library is built with
// -ffp-contract=off: no fused multiply-add).
#include <cmath>
#include <cstddef>

#include "bonebridge/runtime/jobs.hpp"

#if (defined(__x86_64__) || defined(_M_X64)) && !defined(__EMSCRIPTEN__) && !defined(_WIN32)
#define BONEBRIDGE_RUNTIME_SSE 1
#include <emmintrin.h>
#endif

namespace bonebridge::runtime::simd {

struct Scalar {
  static constexpr int kWidth = 1;
  float v;
  static Scalar load(const float* p) { return {*p}; }
  static Scalar splat(float f) { return {f}; }
  void store(float* p) const { *p = v; }
  friend Scalar operator+(Scalar a, Scalar b) { return {a.v + b.v}; }
  friend Scalar operator-(Scalar a, Scalar b) { return {a.v - b.v}; }
  friend Scalar operator*(Scalar a, Scalar b) { return {a.v * b.v}; }
  friend Scalar operator/(Scalar a, Scalar b) { return {a.v / b.v}; }
  // As minps / maxps: the second operand when either is NaN.
  friend Scalar min(Scalar a, Scalar b) { return {a.v < b.v ? a.v : b.v}; }
  friend Scalar max(Scalar a, Scalar b) { return {a.v > b.v ? a.v : b.v}; }
  friend Scalar sqrt(Scalar a) { return {std::sqrt(a.v)}; }
};

#ifdef BONEBRIDGE_RUNTIME_SSE
struct Sse {
  static constexpr int kWidth = 4;
  __m128 v;
  static Sse load(const float* p) { return {_mm_load_ps(p)}; }
  static Sse splat(float f) { return {_mm_set1_ps(f)}; }
  void store(float* p) const { _mm_store_ps(p, v); }
  friend Sse operator+(Sse a, Sse b) { return {_mm_add_ps(a.v, b.v)}; }
  friend Sse operator-(Sse a, Sse b) { return {_mm_sub_ps(a.v, b.v)}; }
  friend Sse operator*(Sse a, Sse b) { return {_mm_mul_ps(a.v, b.v)}; }
  friend Sse operator/(Sse a, Sse b) { return {_mm_div_ps(a.v, b.v)}; }
  friend Sse min(Sse a, Sse b) { return {_mm_min_ps(a.v, b.v)}; }
  friend Sse max(Sse a, Sse b) { return {_mm_max_ps(a.v, b.v)}; }
  friend Sse sqrt(Sse a) { return {_mm_sqrt_ps(a.v)}; }
};
#endif

// The arithmetic the jobs take: the best this CPU has (AVX2 picked at run time), or the one forced.
enum class Path { Scalar = 0, Sse2 = 1, Avx2 = 2 };
Path path();
// Whether the jobs take the scalar path (forced by tests, or no SIMD on this target).
inline bool scalar_only() {
  return path() == Path::Scalar;
}

#ifdef BONEBRIDGE_RUNTIME_AVX2
// avx2.cpp, compiled for AVX2 and called only where the CPU has it: `pairs` pairs of SoA groups at `time`,
// and one pair's local matrices (lanes 4..7 the second group's).
void interpolate_pairs_avx2(const detail::GroupSegments* segments, float time, SoaTransform* output,
                            std::size_t pairs);
void local_matrices_pair_avx2(const SoaTransform* pair, float (&m)[16][8]);
#endif

}  // namespace bonebridge::runtime::simd
