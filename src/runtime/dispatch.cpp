// SPDX-License-Identifier: MIT
// Which arithmetic the jobs take: SSE2 on every x86-64 (its baseline), AVX2 where the CPU has it (asked
// once, at the first job), scalar elsewhere or when a test forces it. Every path gives the same floats.
#include <atomic>
#include <cstring>

#include "bonebridge/runtime/jobs.hpp"
#include "simd.hpp"

namespace bonebridge::runtime {
namespace {

std::atomic<int> forced_path{-1};  // a simd::Path, or -1: the best this CPU has

simd::Path best_path() {
#ifdef BONEBRIDGE_RUNTIME_AVX2
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) return simd::Path::Avx2;
#endif
#ifdef BONEBRIDGE_RUNTIME_SSE
  return simd::Path::Sse2;
#else
  return simd::Path::Scalar;
#endif
}

}  // namespace

simd::Path simd::path() {
  const int forced = forced_path.load(std::memory_order_relaxed);
  return forced < 0 ? best_path() : static_cast<Path>(forced);
}

const char* simd_path() {
  switch (simd::path()) {
    case simd::Path::Avx2:
      return "avx2";
    case simd::Path::Sse2:
      return "sse2";
    case simd::Path::Scalar:
      break;
  }
  return "scalar";
}

void force_scalar(bool scalar) {
  forced_path.store(scalar ? static_cast<int>(simd::Path::Scalar) : -1, std::memory_order_relaxed);
}

bool force_simd_path(const char* name) {
  forced_path.store(-1, std::memory_order_relaxed);
  if (name == nullptr || *name == '\0') return true;
  const struct {
    const char* name;
    simd::Path path;
  } paths[] = {{"scalar", simd::Path::Scalar}, {"sse2", simd::Path::Sse2}, {"avx2", simd::Path::Avx2}};
  for (const auto& candidate : paths) {
    // Every path up to the best this CPU has is there: SSE2 on every x86-64, scalar everywhere.
    if (std::strcmp(candidate.name, name) != 0 || candidate.path > best_path()) continue;
    forced_path.store(static_cast<int>(candidate.path), std::memory_order_relaxed);
    return true;
  }
  return false;
}

}  // namespace bonebridge::runtime
